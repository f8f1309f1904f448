"""What a person would see cut off: a helper for the layout tests of every tab."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget

from gui.widgets.message_area import ElidedLabel

#: A tab's size inside a 1024x700 window (menu, tab bar and status bar take the rest).
WINDOW_1024X700 = (1024, 630)


def clipped(tab: QWidget) -> list[str]:
    """Visible texts that do not fit their widget (the answer line elides by design)."""
    QApplication.processEvents()
    found = []
    for widget in tab.findChildren(QWidget):
        if not widget.isVisibleTo(tab) or isinstance(widget, ElidedLabel):
            continue
        if isinstance(widget, QAbstractButton) and widget.text():
            # The text plus a little margin; a style's minimum button width is not needed.
            if widget.fontMetrics().horizontalAdvance(widget.text()) + 8 > widget.width():
                found.append(f"button {widget.text()!r}")
        elif isinstance(widget, QLabel) and widget.text():
            if widget.wordWrap():
                need = widget.heightForWidth(widget.contentsRect().width())
                if need > widget.contentsRect().height() + 2:
                    found.append(f"label {widget.text()[:40]!r} needs {need} px")
            elif widget.sizeHint().width() > widget.width() + 1:
                found.append(f"label {widget.text()!r}")
    return found
