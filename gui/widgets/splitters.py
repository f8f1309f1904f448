"""Remembered splitter positions, put back once the splitter is laid out, only if usable."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QSplitter

__all__ = ["MIN_PANE", "restore_splitter"]

#: A saved pane smaller than this (px) is a leftover of a page never shown, not a choice.
MIN_PANE = 60


def _sizes(splitter: QSplitter, saved: object) -> list[int] | None:
    if not isinstance(saved, (list, tuple)) or len(saved) != splitter.count():
        return None
    try:
        sizes = [int(size) for size in saved]
    except (TypeError, ValueError):
        return None
    return sizes if min(sizes, default=0) >= MIN_PANE else None


class _OnFirstShow(QObject):
    """Applies the sizes after the splitter's first show, when its page has its real size.

    A page of a tab widget that is not current keeps a default geometry; sizes set
    then are squeezed into it and come out wrong.
    """

    def __init__(self, splitter: QSplitter, sizes: list[int]) -> None:
        super().__init__(splitter)
        self._sizes = sizes

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """On the first Show, apply the sizes once the layout has run, then retire."""
        if event.type() == QEvent.Type.Show and isinstance(watched, QSplitter):
            watched.removeEventFilter(self)
            QTimer.singleShot(0, watched, lambda: watched.setSizes(self._sizes))
            self.deleteLater()
        return False


def restore_splitter(splitter: QSplitter, saved: object) -> bool:
    """Apply ``saved`` sizes (as read from QSettings) if they fit; True when they will be."""
    sizes = _sizes(splitter, saved)
    if sizes is None:
        return False
    if splitter.isVisible():
        splitter.setSizes(sizes)
    else:
        splitter.installEventFilter(_OnFirstShow(splitter, sizes))
    return True
