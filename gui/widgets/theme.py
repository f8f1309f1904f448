"""Colours shared by every tab, so highlights mean the same thing everywhere."""

from __future__ import annotations

from PySide6.QtGui import QColor

__all__ = ["BAD", "BEST", "BEST_TEXT", "PLAYER", "SELECTED", "bold_label_css"]

#: Background of a cell whose text is not a valid value.
BAD = QColor("#f4b6b6")
#: Background of the optimal move / winning choice.
BEST = QColor("#a5d6a7")
#: Text colour that reads on ``BEST`` and on plain backgrounds.
BEST_TEXT = QColor("#1b5e20")
#: The step or row the user is looking at.
SELECTED = QColor("#ffe082")
#: First and second player (or you and the solver), colour-blind safe pair.
PLAYER = (QColor("#1f77b4"), QColor("#ff7f0e"))


def bold_label_css(size_pt: int = 15) -> str:
    """Stylesheet of the big answer label of each tab."""
    return f"font-size: {size_pt}pt; font-weight: 600;"
