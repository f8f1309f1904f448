"""The Why page's picture of a Cover Up game: its columns of digits and its turns.

One row per column, one cell per digit (the likely ones first, as the solver counts
them) with its chance before any pick; under it a strip of the turns a game can take
(each turn solves at least one column, so at most one per column). A step of the
derivation names columns with the kind of digit picked, and a turn
(``solvers.explain.Ref``): those cells are marked as the Solve page marks the
best move.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QTableWidgetItem, QVBoxLayout, QWidget

from gui.widgets.tables import mark_best, readonly_table, table_height
from solvers import coverup as cu
from solvers.explain import Ref
from solvers.i18n import _

__all__ = ["ColumnsPicture"]


class ColumnsPicture(QWidget):
    """The columns' digits and the turns, with what a step refers to highlighted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("coverupWhyPicture")
        self.digits = readonly_table([], "whyDigits")
        self.digits.verticalHeader().show()
        self.turns = readonly_table([], "whyTurns")
        self.turns.setFixedHeight(table_height(self.turns, 1) + 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.digits)
        layout.addWidget(self.turns)
        layout.addStretch(1)
        self._inputs: cu.CoverUpInputs | None = None
        #: The cells marked now: ("digit", column, slot) and ("turn", turn).
        self.marked: set[tuple[int | str, ...]] = set()

    def show_result(self, inputs: cu.CoverUpInputs, result: object) -> None:
        """Draw the columns of ``inputs`` (the picture is the same for every result of them)."""
        self._inputs = inputs
        width = max(c.choices for c in inputs.columns)
        self.digits.clear()
        self.digits.setRowCount(inputs.n)
        self.digits.setColumnCount(width)
        self.digits.setHorizontalHeaderLabels([f"#{k}" for k in range(1, width + 1)])
        self.digits.setVerticalHeaderLabels(
            [_("Column {number}").format(number=i + 1) for i in range(inputs.n)]
        )
        for i, column in enumerate(inputs.columns):
            for slot in range(column.choices):
                likely = slot < column.candidates
                chance = column.candidate_weight if likely else column.other_weight
                kind = _("likely") if likely else _("other")
                self.digits.setItem(i, slot, QTableWidgetItem(f"{kind} {chance:.0%}"))
        self.turns.clear()
        self.turns.setRowCount(1)
        self.turns.setColumnCount(inputs.n)
        self.turns.setHorizontalHeaderLabels([""] * inputs.n)
        for t in range(inputs.n):
            self.turns.setItem(0, t, QTableWidgetItem(_("Turn {turn}").format(turn=t + 1)))
        for table in (self.digits, self.turns):
            table.resizeColumnsToContents()
        # As high as its rows (and a scroll bar for ten digits): the turns right under it.
        scroll = self.digits.horizontalScrollBar().sizeHint().height()
        self.digits.setFixedHeight(table_height(self.digits, inputs.n) + scroll)
        self.turns.horizontalHeader().hide()
        self.marked = set()

    def highlight(self, refs: Sequence[Ref]) -> None:
        """Mark the columns' digits of the kind a step names, and its turn; ``()`` clears."""
        inputs = self._inputs
        if inputs is None:
            return
        self.show_result(inputs, None)  # every cell plain again
        for ref in refs:
            if ref.kind == "turn" and ref.at and 0 <= ref.at[0] < inputs.n:
                self._mark(self.turns.item(0, ref.at[0]), ("turn", ref.at[0]))
            elif ref.kind == "column" and ref.at and 0 <= ref.at[0] < inputs.n:
                i = ref.at[0]
                column = inputs.columns[i]
                for slot in range(column.choices):
                    likely = slot < column.candidates
                    if ref.key in ("", cu.Pick.CANDIDATE.value if likely else cu.Pick.OTHER.value):
                        self._mark(self.digits.item(i, slot), ("digit", i, slot))
                first = self.digits.item(i, 0)
                if first is not None:
                    self.digits.scrollToItem(first)

    def _mark(self, item: QTableWidgetItem | None, name: tuple[int | str, ...]) -> None:
        if item is not None:
            mark_best((item,))
            self.marked.add(name)
