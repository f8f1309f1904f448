"""The base of every validated editable table: typed text per cell, per-cell errors.

``ValidatedGridModel`` keeps exactly what the user typed: a bad entry stays in
its cell, shown on the theme's invalid colour with the reason as tooltip, and
``setData`` answers False for it, so nothing typed is lost and the tab can
disable Solve until it is fixed. Editable columns hold the inputs; the other
columns hold notes the tab sets after a solve (``set_notes``) or texts a
subclass derives (override ``display_text``). Rows can be inserted, removed,
moved and dragged. Every change of the inputs emits ``edited`` once.

A subclass says what a valid cell is (``check_cell``), may normalise what is
typed (``normalize``), show it differently (``display_text``) and add a check
across a row (``row_error``, e.g. percentages summing to 100).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor

from gui.widgets.theme import ROLE
from solvers.i18n import _, pgettext

__all__ = ["Index", "ValidatedGridModel"]

Index = QModelIndex | QPersistentModelIndex
_MIME = "application/x-strategy-workbench-rows"


#: A column title: an English text marked ``N_``, or a function of the language.
Header = str | Callable[[], str]


class ValidatedGridModel(QAbstractTableModel):
    """Rows of texts; ``editable`` columns are inputs checked cell by cell."""

    #: The inputs changed (typing, rows added, removed, moved, replaced).
    edited = Signal()

    def __init__(self, headers: Sequence[Header], editable: Iterable[int] = (0,)) -> None:
        super().__init__()
        #: English texts marked with ``N_`` (said with ``_()`` when drawn), or functions making
        #: the text in the language spoken (a game's own words, a word with a context).
        self._headers = list(headers)
        self.editable = tuple(sorted(set(editable)))
        self._cells: list[list[str]] = []
        self._errors: list[list[str | None]] = []
        self._colours: list[QColor | None] = []
        #: What a row is to the user ("pile", "coin"): errors name it so, as the table does.
        #: English, marked with ``N_`` (shown with ``_()``).
        self.row_name = "row"

    # ----- hooks -------------------------------------------------------------------------------
    def row_word(self) -> str:
        """What a row is called in errors ("row 3: ..."), in the language spoken now."""
        return pgettext("table row", "row") if self.row_name == "row" else _(self.row_name)

    def check_cell(self, row: int, column: int, text: str) -> str | None:
        """Why ``text`` is not valid in this cell, or None."""
        return None

    def normalize(self, column: int, text: str) -> str:
        """What is stored for ``text`` typed into ``column``."""
        return text.strip()

    def display_text(self, row: int, column: int, text: str) -> str:
        """How a stored text is shown (only valid cells and note cells are asked)."""
        return text

    def row_error(self, row: int) -> str | None:
        """A reason spanning the row (e.g. a sum), checked once every cell is valid."""
        return None

    # ----- inputs ------------------------------------------------------------------------------
    def rows(self) -> list[list[str]]:
        """The editable cells of every row, as typed."""
        return [[cells[c] for c in self.editable] for cells in self._cells]

    def set_rows(self, rows: Sequence[Sequence[str]]) -> None:
        """Replace every row (texts of the editable columns; bad texts are kept and marked)."""
        self.beginResetModel()
        self._cells = [self._blank() for _ in rows]
        self._colours = [None] * len(rows)
        for r, texts in enumerate(rows):
            self._fill(r, texts)
        self._errors = [self._check_row(r) for r in range(len(rows))]
        self.endResetModel()
        self.edited.emit()

    def cell_error(self, row: int, column: int) -> str | None:
        """Why one cell is invalid, or None."""
        return self._errors[row][column]

    def first_error(self) -> tuple[int, str] | None:
        """``(row, "row N: reason")`` of the first invalid row (0-based row), or None."""
        for row in range(len(self._cells)):
            reason = next((e for e in self._errors[row] if e), None)
            if reason is None:
                reason = self.row_error(row)
            if reason is not None:
                text = _("{row} {number}: {reason}")
                return row, text.format(row=self.row_word(), number=row + 1, reason=reason)
        return None

    def set_block(self, row: int, column: int, block: Sequence[Sequence[str]]) -> int:
        """Write ``block`` into the editable cells from (row, column) on, as one edit.

        Cells past the last row or the last editable column are left out; returns
        how many cells were written.
        """
        columns = [c for c in self.editable if c >= column]
        written = 0
        for r, texts in enumerate(block):
            if row + r >= len(self._cells):
                break
            for c, text in zip(columns, texts, strict=False):
                self._cells[row + r][c] = self.normalize(c, str(text))
                written += 1
            self._errors[row + r] = self._check_row(row + r)
            self._colours[row + r] = None
        if written:
            last_row = min(len(self._cells), row + len(block)) - 1
            self.dataChanged.emit(self.index(row, 0), self.index(last_row, len(self._headers) - 1))
            self.edited.emit()
        return written

    def insert_rows(self, row: int, rows: Sequence[Sequence[str]]) -> None:
        """Insert ``rows`` before ``row``."""
        if not rows:
            return
        row = max(0, min(row, len(self._cells)))
        self.beginInsertRows(QModelIndex(), row, row + len(rows) - 1)
        for offset, texts in enumerate(rows):
            self._cells.insert(row + offset, self._blank())
            self._colours.insert(row + offset, None)
            self._errors.insert(row + offset, [])
            self._fill(row + offset, texts)
            self._errors[row + offset] = self._check_row(row + offset)
        self.endInsertRows()
        self.edited.emit()

    def remove_rows(self, rows: Iterable[int]) -> None:
        """Delete the given rows (0-based)."""
        removed = False
        for row in sorted(set(rows), reverse=True):
            if 0 <= row < len(self._cells):
                self.beginRemoveRows(QModelIndex(), row, row)
                for column in (self._cells, self._errors, self._colours):
                    del column[row]
                self.endRemoveRows()
                removed = True
        if removed:
            self.edited.emit()

    def move_row(self, row: int, target: int) -> bool:
        """Move ``row`` so that it ends up before the row now at ``target``."""
        n = len(self._cells)
        if not (0 <= row < n and 0 <= target <= n) or target in (row, row + 1):
            return False
        self.beginMoveRows(QModelIndex(), row, row, QModelIndex(), target)
        place = target if target < row else target - 1
        self._cells.insert(place, self._cells.pop(row))
        self._errors.insert(place, self._errors.pop(row))
        self._colours.insert(place, self._colours.pop(row))
        self.endMoveRows()
        self.edited.emit()
        return True

    # ----- notes (results shown beside the inputs) ------------------------------------------
    def set_notes(
        self,
        notes: Sequence[Sequence[str]] | None,
        colours: Sequence[QColor | None] | None = None,
    ) -> None:
        """Fill the note columns row by row and colour whole rows (None clears them)."""
        note_columns = [c for c in range(len(self._headers)) if c not in self.editable]
        for r, cells in enumerate(self._cells):
            texts = list(notes[r]) if notes is not None and r < len(notes) else []
            for i, c in enumerate(note_columns):
                cells[c] = texts[i] if i < len(texts) else ""
        self._colours = [
            colours[r] if colours is not None and r < len(colours) else None
            for r in range(len(self._cells))
        ]
        if self._cells:
            last = self.index(len(self._cells) - 1, len(self._headers) - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    # ----- Qt model interface ----------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Number of rows."""
        return 0 if parent.isValid() else len(self._cells)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Number of columns."""
        return 0 if parent.isValid() else len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        """Column titles; rows numbered from 1."""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self._headers):
                return None
            header = self._headers[section]
            return header() if callable(header) else _(header)
        return str(section + 1)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, invalid colour and reason, row colours."""
        row, column = index.row(), index.column()
        if not index.isValid() or row >= len(self._cells):
            return None
        text = self._cells[row][column]
        error = self._errors[row][column]
        if role == Qt.ItemDataRole.EditRole:
            return text
        if role == Qt.ItemDataRole.DisplayRole:
            return text if error else self.display_text(row, column, text)
        if role == Qt.ItemDataRole.BackgroundRole:
            return ROLE.invalid if error else self._colours[row]
        if role == Qt.ItemDataRole.ForegroundRole:
            return ROLE.ink if error or self._colours[row] is not None else None
        if role == Qt.ItemDataRole.ToolTipRole:
            if error:
                return error
            return None if column in self.editable else (text or None)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Store what was typed in an editable cell; False when it is not valid."""
        column = index.column()
        if not index.isValid() or column not in self.editable or role != Qt.ItemDataRole.EditRole:
            return False
        row = index.row()
        self._cells[row][column] = self.normalize(column, str(value))
        self._errors[row] = self._check_row(row)
        self._colours[row] = None
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self._headers) - 1))
        self.edited.emit()
        return self._errors[row][column] is None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Editable columns are editable; rows can be dragged."""
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if not index.isValid():
            return base | Qt.ItemFlag.ItemIsDropEnabled
        base |= Qt.ItemFlag.ItemIsDragEnabled
        return base | Qt.ItemFlag.ItemIsEditable if index.column() in self.editable else base

    def supportedDropActions(self) -> Qt.DropAction:
        """Rows are moved, never copied."""
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        """The private type of dragged rows."""
        return [_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        """Encode the dragged row."""
        mime = QMimeData()
        rows = sorted({i.row() for i in indexes})
        mime.setData(_MIME, QByteArray(str(rows[0] if rows else -1).encode()))
        return mime

    def dropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        """Move the dragged row to where it was dropped."""
        if not data.hasFormat(_MIME):
            return False
        source = int(bytes(data.data(_MIME).data()).decode())
        target = row if row >= 0 else (parent.row() if parent.isValid() else len(self._cells))
        self.move_row(source, target)
        # The move is already done; answering False stops the view from also
        # deleting the dragged row, which it does after a successful MoveAction.
        return False

    # ----- helpers ---------------------------------------------------------------------------
    def _blank(self) -> list[str]:
        return [""] * len(self._headers)

    def _fill(self, row: int, texts: Sequence[str]) -> None:
        for column, text in zip(self.editable, texts, strict=False):
            self._cells[row][column] = self.normalize(column, str(text))

    def retranslate(self) -> None:
        """Say the headers and every cell's reason again in the language spoken now."""
        self._errors = [self._check_row(r) for r in range(len(self._cells))]
        if self._headers:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._headers) - 1)
        if self._cells:
            last = self.index(len(self._cells) - 1, len(self._headers) - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def _check_row(self, row: int) -> list[str | None]:
        cells = self._cells[row]
        return [
            self.check_cell(row, c, cells[c]) if c in self.editable else None
            for c in range(len(self._headers))
        ]
