"""The Great Game's inputs: the opponent's per-throw percentages (G x 3), W and L.

The throw table sits on the shared ``ValidatedGridModel``: every cell keeps
what was typed, a cell that is not a number in [0, 100] is marked with its
reason, and a row whose three cells do not sum to 100 gets a marked sum cell
(the read-only fourth column). Rows can be pasted from a spreadsheet (adding
rows as needed), imported from CSV, or filled uniform / random / toward rock.
W and L are fields built by ``OptionFields`` from ``model.GAP_FIELDS``.
"""

from __future__ import annotations

import csv
import io
import math
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHeaderView, QWidget

from gui.files import read_text_limited
from gui.widgets.grid_model import Index, ValidatedGridModel
from gui.widgets.grid_view import GridView, split_block
from gui.widgets.theme import ROLE
from solvers.greatgame import MAX_THROWS
from solvers.greatgame.model import SUM_TOLERANCE, Hand, hand_name
from solvers.i18n import N_, _

__all__ = [
    "MAX_CELL_CHARS",
    "MAX_CSV_BYTES",
    "ThrowTableModel",
    "ThrowTableView",
]

#: Short: with "throw 1000" beside the rows, "Scissors %" was cut to "cissors %" (the group
#: title says these are percentages). Shown translated (``headerData``).
HEADERS = [N_("Rock"), N_("Paper"), N_("Scissors"), N_("Sum")]
SUM_COL = 3
DEFAULT_ROW = ("34", "33", "33")
#: Exact thirds to ten decimals: within the solver's sum tolerance of 100, and q = 1/2.
THIRD = "33.3333333333"
#: A CSV of 1000 rows of three numbers is about 20 kB; anything far larger is not one.
MAX_CSV_BYTES = 1024 * 1024
#: Longest percentage a CSV cell may hold (``33.3333333333`` is 13 characters).
MAX_CELL_CHARS = 32


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


class ThrowTableModel(ValidatedGridModel):
    """Columns rock, paper, scissors (typed) and their sum (derived, read only)."""

    #: The number of rows changed (the tab keeps G in step).
    rows_changed = Signal(int)

    def __init__(self) -> None:
        super().__init__(HEADERS, editable=(0, 1, 2))
        self.set_texts([list(DEFAULT_ROW)])

    # ----- validation hooks ------------------------------------------------------------------
    def check_cell(self, row: int, column: int, text: str) -> str | None:
        """A percentage: a number from 0 to 100."""
        value = _number(text)
        if value is None:
            return _("{text} is not a number").format(text=repr(text)) if text else _("empty")
        if not 0 <= value <= 100:
            return _("must be between 0 and 100")
        return None

    def row_sum(self, row: int) -> float | None:
        """Sum of a row, or None while one of its cells is not a number."""
        # Straight from the stored cells: rows() copies the whole table.
        values = [_number(self._cells[row][c]) for c in self.editable]
        if any(v is None for v in values):
            return None
        return math.fsum(v for v in values if v is not None)

    def row_error(self, row: int) -> str | None:
        """Percentages summing to 100."""
        total = self.row_sum(row)
        if total is not None and abs(total - 100) > SUM_TOLERANCE:
            return _("percentages sum to {total}, expected 100").format(total=f"{total:g}")
        return None

    def display_text(self, row: int, column: int, text: str) -> str:
        """The sum column shows the row's sum (``?`` while a cell is not a number)."""
        if column != SUM_COL:
            return text
        total = self.row_sum(row)
        return "?" if total is None else f"{total:g}"

    def _bad_sum(self, row: int) -> bool:
        total = self.row_sum(row)
        return total is None or abs(total - 100) > SUM_TOLERANCE

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The base's cells; the sum cell marked (with its reason) when it is not 100."""
        if not index.isValid() or index.column() != SUM_COL:
            return super().data(index, role)
        row = index.row()
        if role == Qt.ItemDataRole.BackgroundRole and self._bad_sum(row):
            return ROLE.invalid
        if role == Qt.ItemDataRole.ForegroundRole:
            return ROLE.ink if self._bad_sum(row) else ROLE.neutral
        if role == Qt.ItemDataRole.ToolTipRole:
            first = self.first_error_of(row)
            return first or _("sums to 100")
        return super().data(index, role)

    def first_error_of(self, row: int) -> str | None:
        """Why row ``row`` (0-based) is not a valid throw (naming the hand), or None."""
        for hand in Hand:
            error = self.cell_error(row, hand.value)
            if error is not None:
                return _("{hand} {reason}").format(hand=hand_name(hand), reason=error)
        return self.row_error(row)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        """Hand names across, throw numbers down, in the language spoken now."""
        if role != Qt.ItemDataRole.DisplayRole:
            return super().headerData(section, orientation, role)
        if orientation == Qt.Orientation.Vertical:
            return _("throw {number}").format(number=section + 1)
        return _(HEADERS[section]) if 0 <= section < len(HEADERS) else None

    def retranslate(self) -> None:
        """Say every reason and header again in the language spoken now."""
        # The reasons are kept per cell when typed: check every row again.
        self._errors = [self._check_row(row) for row in range(self.rowCount())]
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, SUM_COL)
        if self.rowCount():
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, self.rowCount() - 1)
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, SUM_COL))

    # ----- content -------------------------------------------------------------------------
    def texts(self) -> list[list[str]]:
        """Every row as typed."""
        return self.rows()

    def set_texts(self, rows: Sequence[Sequence[str]]) -> None:
        """Replace every row (1..1000 rows of 3 texts; bad texts are kept and marked)."""
        if not 1 <= len(rows) <= MAX_THROWS:
            raise ValueError(
                _("a round has between 1 and {most} throws, got {count}").format(
                    most=MAX_THROWS, count=len(rows)
                )
            )
        if any(len(r) != 3 or not all(isinstance(c, str) for c in r) for r in rows):
            raise ValueError(_("every row needs three percentages (rock, paper, scissors)"))
        old = self.rowCount()
        self.set_rows(rows)
        if self.rowCount() != old:
            self.rows_changed.emit(self.rowCount())

    def resize(self, count: int) -> None:
        """Keep the first ``count`` rows, adding default rows at the end."""
        rows = self.texts()[:count]
        self.set_texts(rows + [list(DEFAULT_ROW) for _ in range(count - len(rows))])

    def values(self) -> tuple[tuple[float, float, float], ...]:
        """The rows as numbers; ValueError naming the first bad row and hand."""
        for row in range(self.rowCount()):
            error = self.first_error_of(row)
            if error is not None:
                raise ValueError(_("throw {number}: {reason}").format(number=row + 1, reason=error))
        return tuple((float(a), float(b), float(c)) for a, b, c in self.texts())

    # ----- bulk edits ----------------------------------------------------------------------
    def paste(self, text: str, row: int = 0, column: int = 0) -> int:
        """Write pasted cells from (row, column), adding rows as needed; returns rows touched."""
        block = split_block(text)
        if not block:
            return 0
        column = min(column, 2)
        rows = self.texts()
        end = min(MAX_THROWS, row + len(block))
        rows.extend([list(DEFAULT_ROW) for _ in range(end - len(rows))])
        for offset, cells in enumerate(block[: end - row]):
            for k, cell in enumerate(cells[: 3 - column]):
                rows[row + offset][column + k] = cell
        self.set_texts(rows)
        return end - row

    def import_csv(self, path: str | Path) -> None:
        """Replace the rows by a CSV file's rows of three numbers (other lines are skipped).

        Refused (ValueError, nothing changed) when the file is too large, a field
        is longer than any percentage, there are more than 1000 rows, or none.
        """
        text = read_text_limited(path, MAX_CSV_BYTES)
        rows: list[list[str]] = []
        try:
            for number, record in enumerate(csv.reader(io.StringIO(text)), start=1):
                if any(len(cell) > MAX_CELL_CHARS for cell in record):
                    raise ValueError(
                        _("line {line}: a field longer than {most} characters").format(
                            line=number, most=MAX_CELL_CHARS
                        )
                    )
                cells = [c.strip() for c in record[:3]]
                if len(cells) == 3 and all(_number(c) is not None for c in cells):
                    rows.append(cells)
        except csv.Error as exc:
            raise ValueError(_("not a CSV file ({reason})").format(reason=exc)) from None
        if not rows:
            raise ValueError(_("no rows of three numbers (rock, paper, scissors) found"))
        if len(rows) > MAX_THROWS:
            raise ValueError(
                _("{count} rows; a round has at most {most} throws").format(
                    count=len(rows), most=MAX_THROWS
                )
            )
        self.set_texts(rows)

    def fill(self, kind: str, seed: int | None = None) -> None:
        """Fill every row: ``uniform`` (exact thirds), ``random`` or ``rock`` (rock-heavy)."""
        rng = random.Random(seed)
        rows: list[list[str]] = []
        for _row in range(self.rowCount()):
            if kind == "uniform":
                rows.append([THIRD, THIRD, THIRD])
                continue
            if kind == "rock":
                # Rock strictly the likeliest: paper and scissors both below it.
                rock = rng.randint(45, 75)
                paper = rng.randint(max(0, 101 - 2 * rock), min(100 - rock, rock - 1))
            elif kind == "random":
                rock = rng.randint(0, 100)
                paper = rng.randint(0, 100 - rock)
            else:
                raise ValueError(f"unknown fill {kind!r}")
            rows.append([str(rock), str(paper), str(100 - rock - paper)])
        self.set_texts(rows)


class ThrowTableView(GridView):
    """The grid; Paste writes a spreadsheet block at the current cell and adds rows."""

    def __init__(self, model: ThrowTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setObjectName("throwTable")
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # The sum only needs "100": the hands keep the width, and "Scissors" stays whole.
        # A fixed width: fitting it to the contents would read all 1000 rows on every change.
        header.setSectionResizeMode(SUM_COL, QHeaderView.ResizeMode.Fixed)
        self.fit_sum_column()
        self.verticalHeader().setDefaultSectionSize(22)

    def fit_sum_column(self) -> None:
        """Make the sum column as wide as its title beside a sum such as 100.5."""
        title = _(HEADERS[SUM_COL])
        self.setColumnWidth(SUM_COL, self.fontMetrics().horizontalAdvance(title + " 100.5") + 12)

    def throws(self) -> ThrowTableModel:
        """The model."""
        model = self.model()
        assert isinstance(model, ThrowTableModel)
        return model

    def paste_text(self, text: str | None = None) -> int:
        """Paste ``text`` (default: the clipboard) at the current cell; rows touched."""
        if text is None:
            text = QGuiApplication.clipboard().text()
        current = self.currentIndex()
        row, col = (current.row(), current.column()) if current.isValid() else (0, 0)
        return self.throws().paste(text, row, col)

    def paste_clipboard(self) -> int:
        """Paste the clipboard's text at the current cell (top-left when none)."""
        return self.paste_text()
