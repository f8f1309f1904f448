"""The window's shortcuts win over text fields.

A focused ``QLineEdit`` (or a spin box, or a table's cell editor) claims keys
such as Ctrl+E (end of line on X11), Ctrl+Z (its own undo) or Ctrl+Return
through a ``ShortcutOverride`` event, so the window's action never fires and
the key edits the field instead. ``ForcedShortcuts`` watches the widget that
has the focus (one at a time, not every event of the application) and refuses
its claim for the keys of the given actions while they are enabled; other keys
(typing, arrows, Esc closing an editor when nothing runs) are left alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QLineEdit, QPlainTextEdit, QTextEdit, QWidget

__all__ = ["ForcedShortcuts", "clipboard"]


class ForcedShortcuts(QObject):
    """Let the ``actions()`` of ``window`` take their keys even from the focused field.

    Asked each time: a language change makes Undo and Redo anew (Qt words them in the
    language they are made in), and the old ones are deleted.
    """

    def __init__(self, window: QWidget, actions: Callable[[], Sequence[QAction]]) -> None:
        super().__init__(window)
        self._window = window
        self._actions = actions
        self._watched: QWidget | None = None
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus_changed)
        self._focus_changed(None, QApplication.focusWidget())

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if self._watched is not None:
            try:
                self._watched.removeEventFilter(self)
            except RuntimeError:  # the widget was deleted meanwhile
                pass
            self._watched = None
        if new is not None and new.window() is self._window:
            new.installEventFilter(self)
            self._watched = new

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Refuse a field's claim on the keys of an enabled action."""
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if self.action_for(event) is not None:
                event.ignore()
                return True
        return False

    def action_for(self, event: QKeyEvent) -> QAction | None:
        """The enabled action whose shortcut is the key of ``event``, if any."""
        pressed = QKeySequence(event.keyCombination())
        for action in self._actions():
            if not action.isEnabled():
                continue
            for shortcut in action.shortcuts():
                if shortcut.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch:
                    return action
        return None


def clipboard(kind: str) -> None:
    """Edit → Cut / Copy / Paste (``kind``): act on the table or text field with the focus.

    Text fields take these keys themselves; the menu entries reach them too, and
    reach a table's cells (tab-separated, as a spreadsheet copies them).
    """
    from gui.widgets.grid_view import GridView  # 5 ms at start-up otherwise, for a menu entry

    widget = QApplication.focusWidget()
    if isinstance(widget, GridView):
        if kind in ("cut", "copy"):
            widget.copy_selection()
        if kind == "cut":
            widget.delete_selection()
        if kind == "paste":
            widget.paste_text()
    elif isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit)):
        getattr(widget, kind)()
