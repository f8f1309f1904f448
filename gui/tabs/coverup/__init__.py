"""The Cover Up tab, in the same roles as every game's tab package.

``tab`` (the page), ``model`` (the form as plain data, without Qt), ``form`` (the digit
table), ``views`` (drawing a play state), ``play`` (the play-along panel), ``simulation``
(the Monte Carlo panel).
"""
