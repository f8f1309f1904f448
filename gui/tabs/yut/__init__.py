"""The Dice Yut tab, in the same roles as every game's tab package.

``tab`` (the page), ``model`` (the form as plain data, without Qt), ``form`` (mode, throws,
pieces, die; with ``board_editor``), ``views`` (the optimal line, the moves of a turn,
words; with ``board_view`` drawing the board), ``play`` (the play-along panel).
"""
