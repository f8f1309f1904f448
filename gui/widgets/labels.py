"""Wrapped labels that keep their lines: captions under views, and reserving lines.

A word-wrapped ``QLabel`` reports the height of one line to the layouts of
splitters and tab pages (Qt asks a wrapped label its height for a width only
inside one layout), so a tight window squeezes its lines until they are cut.
``reserve_lines`` gives it a minimum height of whole lines instead.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from gui.widgets.theme import CAPTION_CSS

__all__ = ["caption", "reserve_lines"]


def reserve_lines(label: QLabel, lines: int) -> QLabel:
    """Make room for ``lines`` lines of ``label``'s text however tight the window; returns it."""
    label.setMinimumHeight(lines * label.fontMetrics().lineSpacing() + 4)
    return label


def caption(text: str, name: str = "", lines: int = 0) -> QLabel:
    """A small wrapped caption of plain words under a view; ``lines`` > 0 reserves them."""
    label = QLabel(text)
    if name:
        label.setObjectName(name)
    label.setWordWrap(True)
    label.setStyleSheet(CAPTION_CSS)
    return reserve_lines(label, lines) if lines else label
