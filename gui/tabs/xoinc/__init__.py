"""The Xoinc tab, in the same roles as every game's tab package.

``tab`` (the page), ``model`` (the form as plain data, without Qt), ``form`` (the coin list
and option fields), ``views`` (the stack chart, the optimal line, legends), ``play`` (play
against the solver).
"""
