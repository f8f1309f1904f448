"""The Dice Yut tab, in the same roles as every game's tab package.

``tab`` (the page), ``form`` (mode, throws, pieces, die; with ``board_editor``),
``views`` (the optimal line, the moves of a turn, words; with ``board_view``
drawing the board), ``play`` (the play-along panel).
"""

from __future__ import annotations

from .tab import YutTab

__all__ = ["TAB", "YutTab"]

TAB = YutTab
