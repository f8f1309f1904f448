"""An editable list of whole numbers (Nim piles, Xoinc coins) with validation.

``NumberListModel`` keeps what the user typed: a bad entry stays in its cell,
marked red with the reason as tooltip, and ``setData`` returns False for it,
so nothing typed is lost and Solve can be disabled until it is fixed.
Read-only annotation columns (Grundy value, who takes the coin, ...) and row
highlights are set by the tab after a solve.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
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
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.widgets.theme import BAD

__all__ = ["NumberListEditor", "NumberListModel", "split_numbers"]

_MIME = "application/x-strategy-workbench-rows"
Index = QModelIndex | QPersistentModelIndex


def split_numbers(text: str) -> list[str]:
    """Split pasted text (spaces, commas, tabs, semicolons, new lines) into entries."""
    return [word for word in re.split(r"[\s,;]+", text) if word]


class NumberListModel(QAbstractTableModel):
    """Column 0: the editable number; further columns: read-only annotations."""

    edited = Signal()

    def __init__(
        self, header: str, lo: int, hi: int, annotation_headers: Sequence[str] = ()
    ) -> None:
        super().__init__()
        self.header = header
        self.lo, self.hi = lo, hi
        self._headers = [header, *annotation_headers]
        self._texts: list[str] = []
        self._errors: list[str | None] = []
        self._notes: list[list[str]] = []
        self._colours: list[QColor | None] = []

    # ----- content -----------------------------------------------------------------------
    def _check(self, text: str) -> str | None:
        try:
            value = int(text)
        except ValueError:
            return f"{text!r} is not a whole number"
        if not self.lo <= value <= self.hi:
            return f"must be between {self.lo} and {self.hi:,}"
        return None

    def set_texts(self, texts: Sequence[str]) -> None:
        """Replace every entry (bad ones are kept and marked)."""
        self.beginResetModel()
        self._texts = [t.strip() for t in texts]
        self._errors = [self._check(t) for t in self._texts]
        self._clear_annotations()
        self.endResetModel()
        self.edited.emit()

    def set_values(self, values: Sequence[int]) -> None:
        """Replace every entry with ``values``."""
        self.set_texts([str(v) for v in values])

    def texts(self) -> list[str]:
        """What the user typed, row by row."""
        return list(self._texts)

    def values(self) -> list[int]:
        """The numbers; ValueError naming the first bad row (1-based)."""
        if not self._texts:
            raise ValueError(f"add at least one {self.header.lower()}")
        for row, error in enumerate(self._errors, start=1):
            if error:
                raise ValueError(f"row {row}: {error}")
        return [int(t) for t in self._texts]

    def first_error_row(self) -> int | None:
        """0-based row of the first bad entry."""
        return next((row for row, error in enumerate(self._errors) if error), None)

    def _clear_annotations(self) -> None:
        self._notes = [[""] * (len(self._headers) - 1) for _ in self._texts]
        self._colours = [None] * len(self._texts)

    def set_annotations(
        self, notes: Sequence[Sequence[str]] | None, colours: Sequence[QColor | None] | None = None
    ) -> None:
        """Fill the annotation columns and row colours (None clears them)."""
        self._clear_annotations()
        if notes is not None:
            self._notes = [list(n) for n in notes][: len(self._texts)]
            self._notes += [[""] * (len(self._headers) - 1)] * (len(self._texts) - len(self._notes))
        if colours is not None:
            self._colours = list(colours)[: len(self._texts)]
            self._colours += [None] * (len(self._texts) - len(self._colours))
        if self._texts:
            last = self.index(len(self._texts) - 1, len(self._headers) - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def insert(self, row: int, text: str) -> None:
        """Insert an entry before ``row``."""
        row = max(0, min(row, len(self._texts)))
        self.beginInsertRows(QModelIndex(), row, row)
        self._texts.insert(row, text)
        self._errors.insert(row, self._check(text))
        self._notes.insert(row, [""] * (len(self._headers) - 1))
        self._colours.insert(row, None)
        self.endInsertRows()
        self.edited.emit()

    def remove(self, rows: Sequence[int]) -> None:
        """Delete the given rows."""
        for row in sorted(set(rows), reverse=True):
            if 0 <= row < len(self._texts):
                self.beginRemoveRows(QModelIndex(), row, row)
                for column in (self._texts, self._errors, self._notes, self._colours):
                    del column[row]
                self.endRemoveRows()
        self.edited.emit()

    def move(self, row: int, target: int) -> bool:
        """Move ``row`` so that it ends up before the row now at ``target``."""
        n = len(self._texts)
        if not (0 <= row < n and 0 <= target <= n) or target in (row, row + 1):
            return False
        self.beginMoveRows(QModelIndex(), row, row, QModelIndex(), target)
        for column in (self._texts, self._errors, self._notes, self._colours):
            column.insert(target if target < row else target - 1, column.pop(row))
        self.endMoveRows()
        self.edited.emit()
        return True

    # ----- Qt model interface --------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Number of entries."""
        return 0 if parent.isValid() else len(self._texts)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """The number column and the annotation columns."""
        return 0 if parent.isValid() else len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        """Number of entries."""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self._headers[section]
        return str(section + 1)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, red background and reason for bad entries, highlights."""
        row, column = index.row(), index.column()
        if not index.isValid() or row >= len(self._texts):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == 0:
                text = self._texts[row]
                return (
                    text
                    if role == Qt.ItemDataRole.EditRole or self._errors[row]
                    else (f"{int(text):,}")
                )
            return self._notes[row][column - 1]
        if role == Qt.ItemDataRole.BackgroundRole:
            if column == 0 and self._errors[row]:
                return BAD
            return self._colours[row]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._errors[row] if column == 0 else (self._notes[row][column - 1] or None)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Store what was typed; False when it is not a valid number."""
        if not index.isValid() or index.column() != 0 or role != Qt.ItemDataRole.EditRole:
            return False
        row = index.row()
        text = str(value).strip().replace(",", "").replace("_", "")
        self._texts[row] = text
        self._errors[row] = self._check(text)
        self._notes[row] = [""] * (len(self._headers) - 1)
        self._colours[row] = None
        self.dataChanged.emit(index, self.index(row, len(self._headers) - 1))
        self.edited.emit()
        return self._errors[row] is None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """The number column is editable; rows can be dragged."""
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if not index.isValid():
            return base | Qt.ItemFlag.ItemIsDropEnabled
        base |= Qt.ItemFlag.ItemIsDragEnabled
        return base | Qt.ItemFlag.ItemIsEditable if index.column() == 0 else base

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
        target = row if row >= 0 else (parent.row() if parent.isValid() else len(self._texts))
        self.move(source, target)
        # The move is already done; answering False stops the view from also
        # deleting the dragged row, which it does after a successful MoveAction.
        return False


class NumberListEditor(QWidget):
    """A table of numbers with add/remove/reorder/paste/random controls."""

    def __init__(
        self,
        header: str,
        lo: int,
        hi: int,
        annotation_headers: Sequence[str] = (),
        random_count: tuple[int, int, int] = (5, 1, 100),
        random_max: int = 20,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = NumberListModel(header, lo, hi, annotation_headers)
        self.view = QTableView()
        self.view.setObjectName("numberTable")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.view.setDragEnabled(True)
        self.view.setAcceptDrops(True)
        self.view.setDropIndicatorShown(True)
        self.view.verticalHeader().setDefaultSectionSize(22)
        header_view = self.view.horizontalHeader()
        header_view.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header_view.setStretchLastSection(True)
        for column in range(len(annotation_headers)):
            self.view.setColumnWidth(column, 90)

        buttons = QHBoxLayout()
        self.addButton = self._button("Add", self.add_row, "Add an entry below the selection")
        self.removeButton = self._button("Remove", self.remove_selected, "Remove selected rows")
        self.upButton = self._button("▲", lambda: self.move_selected(-1), "Move up")
        self.downButton = self._button("▼", lambda: self.move_selected(1), "Move down")
        self.pasteButton = self._button(
            "Paste", self.paste, "Replace the list with numbers from the clipboard"
        )
        for b in (
            self.addButton,
            self.removeButton,
            self.upButton,
            self.downButton,
            self.pasteButton,
        ):
            buttons.addWidget(b)
        buttons.addStretch(1)
        randoms = QHBoxLayout()
        self.randomCount = QSpinBox()
        self.randomCount.setRange(random_count[1], random_count[2])
        self.randomCount.setValue(random_count[0])
        self.randomMax = QSpinBox()
        self.randomMax.setRange(max(lo, 1), min(hi, 2**31 - 1))
        self.randomMax.setValue(random_max)
        self.randomMax.setGroupSeparatorShown(True)
        self.randomButton = self._button("Random", self.randomize, "Replace with random numbers")
        randoms.addWidget(self.randomButton)
        randoms.addWidget(self.randomCount)
        randoms.addWidget(QLabel("up to"))
        randoms.addWidget(self.randomMax)
        randoms.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addLayout(randoms)
        layout.addWidget(self.view, 1)

    def _button(self, text: str, slot: Any, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(lambda: slot())
        return button

    def selected_rows(self) -> list[int]:
        """Rows the user selected (0-based)."""
        return sorted({i.row() for i in self.view.selectionModel().selectedRows()})

    def add_row(self) -> None:
        """Insert a copy of the selected (or last) entry below it and start editing it."""
        rows = self.selected_rows()
        texts = self.model.texts()
        row = rows[-1] + 1 if rows else len(texts)
        text = (
            texts[row - 1]
            if texts and row > 0 and self.model._check(texts[row - 1]) is None
            else str(max(self.model.lo, 1))
        )
        self.model.insert(row, text)
        index = self.model.index(row, 0)
        self.view.setCurrentIndex(index)
        self.view.edit(index)

    def remove_selected(self) -> None:
        """Remove the selected rows."""
        self.model.remove(self.selected_rows())

    def move_selected(self, step: int) -> None:
        """Move the selected row up (-1) or down (+1)."""
        rows = self.selected_rows()
        if len(rows) != 1:
            return
        row = rows[0]
        if self.model.move(row, row + 2 if step > 0 else row - 1):
            self.view.selectRow(row + step)

    def paste(self, text: str | None = None) -> None:
        """Replace the list with the numbers in ``text`` (default: the clipboard)."""
        if text is None:
            text = QGuiApplication.clipboard().text()
        words = split_numbers(text)
        if words:
            self.model.set_texts(words)

    def randomize(self, seed: int | None = None) -> None:
        """Replace the list with random numbers."""
        rng = random.Random(seed)
        top = self.randomMax.value()
        self.model.set_values(
            [rng.randint(max(self.model.lo, 1), top) for _ in range(self.randomCount.value())]
        )
