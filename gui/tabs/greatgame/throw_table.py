"""The opponent's per-throw percentages: an editable G x 3 grid that keeps what was typed.

A cell that is not a number in [0, 100] stays as typed, red, with the reason
as tooltip; a row whose three cells do not sum to 100 gets a red sum cell.
Rows can be pasted from a spreadsheet (tab, comma or semicolon separated),
imported from CSV, or filled uniform / random / biased toward rock.
"""

from __future__ import annotations

import csv
import math
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QKeySequence
from PySide6.QtWidgets import QApplication, QHeaderView, QTableView, QWidget

from gui.widgets.theme import BAD
from solvers.greatgame import MAX_THROWS
from solvers.greatgame.model import SUM_TOLERANCE

__all__ = ["ThrowTableModel", "ThrowTableView", "parse_rows"]

Index = QModelIndex | QPersistentModelIndex
HANDS = ("Rock %", "Paper %", "Scissors %")
#: Exact thirds to ten decimals: within the solver's sum tolerance of 100, and q = 1/2.
THIRD = "33.3333333333"


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _cell_error(text: str) -> str | None:
    value = _number(text)
    if value is None:
        return f"{text!r} is not a number" if text.strip() else "empty"
    if not 0 <= value <= 100:
        return "must be between 0 and 100"
    return None


def parse_rows(text: str) -> list[list[str]]:
    """Rows of cells from pasted text or CSV: lines split on tabs, commas, semicolons, spaces."""
    rows = []
    for line in text.splitlines():
        cells = [c for c in re.split(r"[\t,;]+|\s+", line.strip()) if c]
        if cells:
            rows.append(cells)
    return rows


class ThrowTableModel(QAbstractTableModel):
    """Columns rock, paper, scissors (editable) and their sum (read only)."""

    edited = Signal()
    #: Emitted when the number of rows changes (the tab keeps G in step).
    rows_changed = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[list[str]] = [["34", "33", "33"]]

    # ----- content -------------------------------------------------------------------------
    def texts(self) -> list[list[str]]:
        """Every row as typed."""
        return [list(r) for r in self._rows]

    def set_texts(self, rows: Sequence[Sequence[str]]) -> None:
        """Replace every row (1..1000 rows of 3 texts; bad texts are kept and marked)."""
        if not 1 <= len(rows) <= MAX_THROWS:
            raise ValueError(f"a round has between 1 and {MAX_THROWS} throws, got {len(rows)}")
        if any(len(r) != 3 or not all(isinstance(c, str) for c in r) for r in rows):
            raise ValueError("every row needs three percentages (rock, paper, scissors)")
        old = len(self._rows)
        self.beginResetModel()
        self._rows = [list(r) for r in rows]
        self.endResetModel()
        if len(self._rows) != old:
            self.rows_changed.emit(len(self._rows))
        self.edited.emit()

    def resize(self, count: int, filler: Sequence[str] = ("34", "33", "33")) -> None:
        """Keep the first ``count`` rows, adding ``filler`` rows at the end."""
        rows = self._rows[:count] + [list(filler) for _ in range(count - len(self._rows))]
        self.set_texts(rows)

    def row_sum(self, row: int) -> float | None:
        """Sum of a row, or None while one of its cells is not a number."""
        values = [_number(t) for t in self._rows[row]]
        return (
            None
            if any(v is None for v in values)
            else math.fsum(v for v in values if v is not None)
        )

    def row_error(self, row: int) -> str | None:
        """Why row ``row`` (0-based) is not a valid throw, or None."""
        for name, text in zip(("rock", "paper", "scissors"), self._rows[row], strict=True):
            error = _cell_error(text)
            if error is not None:
                return f"row {row + 1}: {name} {error}"
        total = self.row_sum(row)
        if total is not None and abs(total - 100) > SUM_TOLERANCE:
            return f"row {row + 1}: percentages sum to {total:g}, expected 100"
        return None

    def values(self) -> tuple[tuple[float, float, float], ...]:
        """The rows as numbers; ValueError naming the first bad row."""
        for row in range(len(self._rows)):
            error = self.row_error(row)
            if error is not None:
                raise ValueError(error)
        return tuple((float(a), float(b), float(c)) for a, b, c in self._rows)

    # ----- Qt model ------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Number of throws."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Rock, paper, scissors and their sum."""
        return 0 if parent.isValid() else 4

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        """Hand names across, throw numbers down."""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return (*HANDS, "Sum")[section]
        return f"throw {section + 1}"

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, red marks and tooltips."""
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        if col < 3:
            text = self._rows[row][col]
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
                return text
            error = _cell_error(text)
            if role == Qt.ItemDataRole.BackgroundRole and error:
                return BAD
            if role == Qt.ItemDataRole.ToolTipRole and error:
                return error
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        total = self.row_sum(row)
        bad = total is None or abs(total - 100) > SUM_TOLERANCE
        if role == Qt.ItemDataRole.DisplayRole:
            return "?" if total is None else f"{total:g}"
        if role == Qt.ItemDataRole.BackgroundRole and bad:
            return BAD
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.row_error(row) or "sums to 100"
        if role == Qt.ItemDataRole.ForegroundRole and not bad:
            return QColor("#607d8b")
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Store the text as typed; False when it is not a valid percentage."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() > 2:
            return False
        text = str(value).strip()
        self._rows[index.row()][index.column()] = text
        self.dataChanged.emit(index, self.index(index.row(), 3))
        self.edited.emit()
        return _cell_error(text) is None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Percentages are editable, the sum is not."""
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return base | Qt.ItemFlag.ItemIsEditable if index.column() < 3 else base

    # ----- bulk edits ----------------------------------------------------------------------
    def paste(self, text: str, row: int = 0, column: int = 0) -> int:
        """Write pasted cells from (row, column), adding rows as needed; returns rows touched."""
        block = parse_rows(text)
        if not block:
            return 0
        column = min(column, 2)
        rows = self.texts()
        end = min(MAX_THROWS, row + len(block))
        rows.extend([["34", "33", "33"] for _ in range(end - len(rows))])
        for offset, cells in enumerate(block[: end - row]):
            for k, cell in enumerate(cells[: 3 - column]):
                rows[row + offset][column + k] = cell
        self.set_texts(rows)
        return end - row

    def import_csv(self, path: str | Path) -> None:
        """Replace the rows by a CSV file's rows of three numbers (other lines are skipped)."""
        with open(path, newline="", encoding="utf-8") as handle:
            rows = [
                [c.strip() for c in r[:3]]
                for r in csv.reader(handle)
                if len(r) >= 3 and all(_number(c) is not None for c in r[:3])
            ]
        if not rows:
            raise ValueError("no rows of three numbers (rock, paper, scissors) found")
        self.set_texts(rows[:MAX_THROWS])

    def fill(self, kind: str, seed: int | None = None) -> None:
        """Fill every row: ``uniform`` (exact thirds), ``random`` or ``rock`` (rock-heavy)."""
        rng = random.Random(seed)
        rows: list[list[str]] = []
        for _ in self._rows:
            if kind == "uniform":
                rows.append([THIRD, THIRD, THIRD])
                continue
            if kind == "rock":
                rock = rng.randint(45, 75)
            elif kind == "random":
                rock = rng.randint(0, 100)
            else:
                raise ValueError(f"unknown fill {kind!r}")
            paper = rng.randint(0, 100 - rock)
            if kind == "rock":
                paper = rng.randint(0, min(100 - rock, rock - 1))
            rows.append([str(rock), str(paper), str(100 - rock - paper)])
        self.set_texts(rows)


class ThrowTableView(QTableView):
    """The grid, with Ctrl+V pasting a spreadsheet block at the current cell."""

    def __init__(self, model: ThrowTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setObjectName("throwTable")
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setDefaultSectionSize(22)

    def keyPressEvent(self, event: Any) -> None:
        """Ctrl+V pastes a block."""
        if event.matches(QKeySequence.StandardKey.Paste):
            self.paste_clipboard()
            return
        super().keyPressEvent(event)

    def paste_clipboard(self) -> int:
        """Paste the clipboard's text at the current cell (top-left when none)."""
        current = self.currentIndex()
        row, col = (current.row(), current.column()) if current.isValid() else (0, 0)
        model = self.model()
        assert isinstance(model, ThrowTableModel)
        return model.paste(QApplication.clipboard().text(), row, col)
