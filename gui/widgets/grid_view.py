"""A table view for ``ValidatedGridModel``: Cut, Copy, Paste and Delete on the selection.

Copy puts the selected cells on the clipboard as tab-separated lines (what
spreadsheets read and write); Paste writes a block of cells from the current
cell on, as one edit (one undo step), splitting lines on tabs or, without
tabs, with the one number tokenizer (commas, semicolons, spaces); Cut is Copy
then Delete; Delete empties the selected editable cells. The keys are the
platform's standard ones (Ctrl+C/X/V, Delete).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractItemDelegate, QAbstractItemView, QTableView, QWidget

from gui.widgets.grid_model import ValidatedGridModel
from solvers.protocol import split_numbers

__all__ = ["GridView", "commit_open_editors", "split_block"]


def split_block(text: str) -> list[list[str]]:
    """Rows of cells from pasted text: tab-separated lines, else numbers split as usual."""
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("\t")] if "\t" in line else split_numbers(line)
        if any(cells):
            rows.append(cells)
    return rows


class GridView(QTableView):
    """A ``QTableView`` with clipboard and Delete keys for a ``ValidatedGridModel``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        #: When set, Paste hands it the clipboard text instead (e.g. "replace the list").
        self.paste_handler: Callable[[str], object] | None = None

    def grid(self) -> ValidatedGridModel:
        """The model, which must be a ``ValidatedGridModel``."""
        model = self.model()
        assert isinstance(model, ValidatedGridModel)
        return model

    def selected_block(self) -> tuple[int, int, list[list[str]]]:
        """Top, left and the texts of the selection's bounding box."""
        indexes = self.selectionModel().selectedIndexes() if self.selectionModel() else []
        if not indexes:
            current = self.currentIndex()
            if not current.isValid():
                return 0, 0, []
            indexes = [current]
        rows = [i.row() for i in indexes]
        columns = [i.column() for i in indexes]
        top, left = min(rows), min(columns)
        model = self.grid()
        block = [
            [
                str(model.data(model.index(r, c), Qt.ItemDataRole.EditRole) or "")
                for c in range(left, max(columns) + 1)
            ]
            for r in range(top, max(rows) + 1)
        ]
        return top, left, block

    def copy_selection(self) -> None:
        """Put the selected cells on the clipboard as tab-separated lines."""
        _, _, block = self.selected_block()
        if block:
            QGuiApplication.clipboard().setText("\n".join("\t".join(r) for r in block) + "\n")

    def paste_text(self, text: str | None = None) -> int:
        """Write ``text`` (default: the clipboard) from the current cell on; cells written."""
        if text is None:
            text = QGuiApplication.clipboard().text()
        if self.paste_handler is not None:
            self.paste_handler(text)
            return len(split_block(text))
        current = self.currentIndex()
        row, column = (current.row(), current.column()) if current.isValid() else (0, 0)
        return self.grid().set_block(row, column, split_block(text))

    def delete_selection(self) -> None:
        """Empty the selected editable cells (one edit)."""
        top, left, block = self.selected_block()
        if block:
            self.grid().set_block(top, left, [[""] * len(r) for r in block])

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Clipboard and Delete keys act on cells unless a cell is being edited."""
        if self.state() != QAbstractItemView.State.EditingState:
            if event.matches(QKeySequence.StandardKey.Copy):
                self.copy_selection()
                return
            if event.matches(QKeySequence.StandardKey.Cut):
                self.copy_selection()
                self.delete_selection()
                return
            if event.matches(QKeySequence.StandardKey.Paste):
                self.paste_text()
                return
            if event.matches(QKeySequence.StandardKey.Delete):
                self.delete_selection()
                return
        super().keyPressEvent(event)


def commit_open_editors(widget: QWidget) -> None:
    """Finish every cell being edited inside ``widget``, keeping what was typed.

    A window shortcut (Ctrl+Return, Ctrl+E) fires while a cell editor still holds the
    text; without this the solve or export would use, and the editor then show, the old
    value.
    """
    for view in widget.findChildren(QAbstractItemView):
        if view.state() != QAbstractItemView.State.EditingState:
            continue
        editor = view.indexWidget(view.currentIndex())
        if editor is not None:
            view.commitData(editor)
            view.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
