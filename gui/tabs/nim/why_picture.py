"""The Nim picture beside the Why page's steps: the piles as bars over their binary digits.

A step of the derivation names piles (``Ref("pile", (i,))``) and binary digits
(``Ref("digit", (i, bit))``, bit 0 the ones); pointing at the step lights them up
here in the colour the Solve page gives the best move: the pile's bar, its row of
the digit table and the digit's cell. The table holds what the XOR is taken of:
the pile sizes, or a subtraction game's Grundy values.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QHeaderView, QTableWidgetItem, QVBoxLayout, QWidget

from gui.widgets.tables import fill_rows, readonly_table
from gui.widgets.theme import ROLE
from solvers import nim
from solvers.explain import MAX_ROWS, Ref
from solvers.i18n import _
from solvers.nim.why import DIGIT_COLUMNS_UP_TO

from .views import PileChart

__all__ = ["NimWhyPicture"]

#: The size the picture asks for: the steps beside it keep the larger part of 1024 px (the
#: chart alone asked for 640 px and left the steps a column of 290).
PREFERRED = QSize(380, 420)


class NimWhyPicture(QWidget):
    """Bars of the piles above a table of their binary digits; ``highlight`` marks refs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nimWhyPicture")
        self.chart = PileChart(legend=False)
        self.chart.widget.setObjectName("whyPileChart")
        self.chart.widget.setMinimumHeight(120)
        self.digits = readonly_table([], "whyDigits")
        # As narrow as the digits: columns stretched over the page would part a row's digits.
        self.digits.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.chart.view, 1)
        layout.addWidget(self.digits, 1)
        #: The values in the table (sizes or Grundy values) and its bit columns, high first.
        self._values: tuple[int, ...] = ()
        self._width = 0
        self._columns = False

    def sizeHint(self) -> QSize:
        """Less than the chart's own hint, so the Why page's splitter favours the steps."""
        return PREFERRED

    def show_result(self, inputs: nim.NimInputs, result: nim.NimResult) -> None:
        """Draw the piles of ``inputs`` and the binary digits of what their XOR is taken of."""
        self.chart.draw(inputs.piles, None)
        self._values = result.grundy
        self._width = max(1, max(self._values).bit_length())
        self._columns = self._width <= DIGIT_COLUMNS_UP_TO
        grundy = inputs.rule is nim.Rule.SUBTRACTION
        powers = range(self._width - 1, -1, -1) if self._columns else range(0)
        header = [
            "",
            _("g") if grundy else _("size"),
            _("binary"),
            *(str(1 << k) if k < 10 else f"2^{k}" for k in powers),
        ]
        self.digits.setColumnCount(len(header))
        self.digits.setHorizontalHeaderLabels(header)
        rows = [
            self._row(_("pile {number}").format(number=i + 1), value)
            for i, value in enumerate(self._values[:MAX_ROWS])
        ]
        rows.append(self._row(_("XOR"), result.nim_sum))
        fill_rows(self.digits, rows)
        self.highlight(())

    def _row(self, name: str, value: int) -> list[QTableWidgetItem]:
        bits = format(value, f"0{self._width}b")
        cells = [name, f"{value:,}", bits, *(bits if self._columns else "")]
        items = [QTableWidgetItem(text) for text in cells]
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for column, item in enumerate(items):
            item.setTextAlignment(right if column in (1, 2) else Qt.AlignmentFlag.AlignCenter)
        items[0].setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        return items

    def highlight(self, refs: Sequence[Ref]) -> None:
        """Light up the piles and digits ``refs`` name; ``()`` clears."""
        piles = {r.at[0] for r in refs if r.kind == "pile" and r.at}
        digits = {(r.at[0], r.at[1]) for r in refs if r.kind == "digit" and len(r.at) == 2}
        self.chart.mark(piles | {pile for pile, _bit in digits})
        for row in range(min(len(self._values), MAX_ROWS)):
            for column in range(self.digits.columnCount()):
                item = self.digits.item(row, column)
                if item is not None:
                    lit = row in piles if column < 3 else (row, self._bit(column)) in digits
                    item.setBackground(ROLE.best if lit else ROLE.paper)
            binary = self.digits.item(row, 2)
            if binary is not None and not self._columns and any(p == row for p, _b in digits):
                binary.setBackground(ROLE.best)  # no digit columns: the binary cell stands in

    def _bit(self, column: int) -> int:
        """The power of two of a digit column (column 3 holds the highest)."""
        return self._width - 1 - (column - 3)

    def lit_cells(self) -> set[tuple[int, int]]:
        """(row, column) of every table cell in the highlight colour."""
        return {
            (row, column)
            for row in range(self.digits.rowCount())
            for column in range(self.digits.columnCount())
            if (item := self.digits.item(row, column)) is not None
            and item.background().color() == ROLE.best
        }
