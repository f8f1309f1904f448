"""Undo for a whole form by snapshots: every input change is one command on a QUndoStack.

A form that can save and restore its inputs as JSON-ready data (``state()`` /
``restore()``) gets undo for free: ``InputHistory.record()`` after each edit
compares the form with the last snapshot and pushes the difference. Typing in
one field merges into one command (the field is the widget with the focus);
``group()`` turns a burst of changes (an import, an example, a paste) into one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QPlainTextEdit, QWidget

from solvers.i18n import N_, _

__all__ = ["InputHistory", "SnapshotCommand"]

#: Every snapshot command shares this id so that Qt asks it to merge.
_MERGE_ID = 0x5157


class SnapshotCommand(QUndoCommand):
    """Go from one form snapshot to another and back.

    ``text`` is the English name of the step (marked with ``N_``), with ``{fields}``
    filled from ``fields``: the Edit menu shows it in the language spoken now.
    """

    def __init__(
        self,
        history: InputHistory,
        old: Any,
        new: Any,
        text: str,
        field: QWidget | None,
        fields: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.source = (text, dict(fields or {}))
        self.retranslate()
        self.history = history
        self.old, self.new = old, new
        #: The field being typed in: later edits of the same field merge into this command.
        self.field = field
        self._first = True

    def retranslate(self) -> None:
        """Name the step in the language spoken now."""
        text, fields = self.source
        self.setText(_(text).format(**fields) if fields else _(text))

    def id(self) -> int:
        """Mergeable only while typing in one field."""
        return _MERGE_ID if self.field is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Absorb a later edit of the same field."""
        if not isinstance(other, SnapshotCommand) or other.field is not self.field:
            return False
        self.new = other.new
        self.setObsolete(self.new == self.old)
        return True

    def redo(self) -> None:
        """Apply the new snapshot (the first time the form already shows it)."""
        if self._first:
            self._first = False
            return
        self.history.apply(self.new)

    def undo(self) -> None:
        """Put the old snapshot back."""
        self.history.apply(self.old)


class InputHistory:
    """Feeds ``stack`` with snapshots taken by ``state`` and put back by ``restore``."""

    def __init__(
        self, stack: QUndoStack, state: Callable[[], Any], restore: Callable[[Any], None]
    ) -> None:
        self.stack = stack
        self._state = state
        self._restore = restore
        self.snapshot: Any = None
        self._group_depth = 0
        self._applying = False

    @property
    def applying(self) -> bool:
        """True while undo/redo puts a snapshot back (edits then are not recorded)."""
        return self._applying

    def reset(self) -> None:
        """Take the current form as the baseline (no command)."""
        self.snapshot = self._state()

    def record(self, text: str = N_("Edit"), merge: bool = True, **fields: str) -> bool:
        """Push a command if the form differs from the last snapshot; True if it did.

        ``text`` names the step in English (marked with ``N_``); ``fields`` fill its braces.
        """
        if self._applying or self._group_depth:
            return False
        new = self._state()
        if self.snapshot is None:
            self.snapshot = new
            return False
        if new == self.snapshot:
            return False
        old, self.snapshot = self.snapshot, new
        field = _typing_field() if merge else None
        self.stack.push(SnapshotCommand(self, old, new, text, field, fields))
        return True

    def retranslate(self) -> None:
        """Name every step in the language spoken now (the Edit menu's Undo and Redo too)."""
        for index in range(self.stack.count()):
            command = self.stack.command(index)
            if isinstance(command, SnapshotCommand):
                command.retranslate()
        # The undo and redo actions follow these signals only.
        self.stack.undoTextChanged.emit(self.stack.undoText())
        self.stack.redoTextChanged.emit(self.stack.redoText())

    def seal(self) -> None:
        """The next edit starts a new undo step, even in the same field.

        A solve calls it: what was solved is a point worth coming back to, so typing on in
        the same field after it must not melt into the typing before it.
        """
        top = self.stack.command(self.stack.index() - 1)
        if isinstance(top, SnapshotCommand):
            top.field = None

    @contextmanager
    def group(self, text: str, **fields: str) -> Iterator[None]:
        """Record everything changed inside the ``with`` block as one command (see ``record``)."""
        self._group_depth += 1
        try:
            yield
        finally:
            self._group_depth -= 1
        self.record(text, merge=False, **fields)

    @contextmanager
    def silently(self) -> Iterator[None]:
        """Change the form inside the ``with`` block without recording anything."""
        applying, self._applying = self._applying, True
        try:
            yield
        finally:
            self._applying = applying

    def apply(self, snapshot: Any) -> None:
        """Show ``snapshot`` in the form (used by undo and redo)."""
        self._applying = True
        try:
            self._restore(snapshot)
        finally:
            self._applying = False
        self.snapshot = snapshot


def _typing_field() -> QWidget | None:
    """The text or number field with the focus, if the change comes from typing there."""
    widget = QApplication.focusWidget()
    if isinstance(widget, (QLineEdit, QAbstractSpinBox, QPlainTextEdit)):
        return widget
    return None
