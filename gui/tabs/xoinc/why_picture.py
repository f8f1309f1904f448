"""The Xoinc picture beside the Why page's steps: the stack and the optimal line, lit by a step.

A step's references (``solvers.xoinc.why``) name coins, turns of the line and cells
``(coins left, allowance)`` of the value table. Coins light up as green bands on the
stack chart; turns as green rows of the line (and their coins on the chart); a cell as
the turn of the line that reads it or, for a position off the line (a game in play),
as the coins that may be taken there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QSplitter, QVBoxLayout, QWidget

from gui.widgets.plots import pg
from solvers.explain import Ref
from solvers.xoinc import Turn, XoincInputs, XoincResult

from .views import StackChart, TurnTableModel, best_colour, fit_line_columns, line_table

__all__ = ["MAX_BANDS", "XoincWhyPicture", "runs"]

#: More separate runs of lit coins than this are drawn as one band from the first to the last.
MAX_BANDS = 60
#: The line's columns the picture leaves out (it sits in half the page's width).
HIDDEN_COLUMNS = (TurnTableModel.VALUES_COL, 6)
#: The width the picture asks for: the steps beside it keep the larger part of 1024 px
#: (the chart alone asked for 640 px and left the steps a narrow column).
PREFERRED = QSize(400, 420)


def runs(indexes: Iterable[int]) -> list[tuple[int, int]]:
    """Consecutive ``indexes`` joined: ``(first, last)`` of each run, in order."""
    found: list[tuple[int, int]] = []
    for index in sorted(set(indexes)):
        if found and index == found[-1][1] + 1:
            found[-1] = (found[-1][0], index)
        else:
            found.append((index, index))
    return found


class XoincWhyPicture(QWidget):
    """The stack chart above the optimal line; ``highlight(refs)`` lights what a step names."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("xoincWhyPicture")
        self.chart = StackChart()
        self.chart.setObjectName("whyStackChart")
        self.model = TurnTableModel()
        self.lineTable = line_table(self.model)
        self.lineTable.setObjectName("whyTurnTable")
        # Rows light up from the steps; a click would only leave a yellow row behind.
        self.lineTable.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        for column in HIDDEN_COLUMNS:
            self.lineTable.setColumnHidden(column, True)
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        split.addWidget(self.chart)
        split.addWidget(self.lineTable)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)
        self.coins: tuple[int, ...] = ()
        self.line: tuple[Turn, ...] = ()
        #: The coins lit now (0-based, top first).
        self.lit: frozenset[int] = frozenset()
        self._bands: list[pg.LinearRegionItem] = []

    def sizeHint(self) -> QSize:
        """Less than the chart's own hint, so the Why page's splitter favours the steps."""
        return PREFERRED

    def show_result(self, inputs: XoincInputs, result: XoincResult) -> None:
        """The solved stack coloured by taker, and its optimal line; nothing lit."""
        self.coins, self.line = tuple(inputs.coins), tuple(result.line)
        self.chart.draw(self.coins, result.takers())
        self.model.set_turns(self.line)
        fit_line_columns(self.lineTable, self.model)
        self.highlight(())

    def show_game(self, coins: Sequence[int], owners: Sequence[int | None]) -> None:
        """A game in play: its stack coloured by who took each coin so far (the line stays)."""
        self.coins = tuple(coins)
        self.chart.draw(self.coins, owners)
        self._draw_bands()

    def highlight(self, refs: Sequence[Ref]) -> None:
        """Light the coins, turns and cells ``refs`` name; ``()`` puts every light out."""
        coins: set[int] = set()
        rows: set[int] = set()
        n = len(self.coins)
        cells = {(t.coins_left, t.allowance): row for row, t in enumerate(self.line)}
        for ref in refs:
            if ref.kind == "coin" and ref.at and 0 <= ref.at[0] < n:
                coins.add(ref.at[0])
            elif ref.kind == "turn" and ref.at and 0 <= ref.at[0] < len(self.line):
                turn = self.line[ref.at[0]]
                rows.add(ref.at[0])
                coins.update(range(turn.first_coin - 1, turn.first_coin - 1 + turn.taken))
            elif ref.kind == "cell" and len(ref.at) == 2:
                left, allowance = ref.at
                if (left, allowance) in cells and len(self.line) and self.line[0].coins_left == n:
                    rows.add(cells[(left, allowance)])
                elif 0 < left <= n:
                    coins.update(range(n - left, n - left + min(allowance, left)))
        self.lit = frozenset(coins)
        self.model.mark(rows)
        if rows:
            self.lineTable.scrollTo(self.model.index(min(rows), 0))
        self._draw_bands()

    def retranslate(self) -> None:
        """The chart's axes, the line's headers and player names in the language spoken now."""
        self.chart.retranslate()
        self.model.retranslate()
        fit_line_columns(self.lineTable, self.model)

    def _draw_bands(self) -> None:
        for band in self._bands:
            self.chart.removeItem(band)
        self._bands = []
        spans = runs(self.lit)
        if len(spans) > MAX_BANDS:
            spans = [(spans[0][0], spans[-1][1])]
        fill = QColor(best_colour())
        fill.setAlpha(150)
        for first, last in spans:
            # Coin k (0-based) is the bar at x = k + 1.
            band = pg.LinearRegionItem((first + 0.5, last + 1.5), movable=False)
            band.setBrush(pg.mkBrush(fill))
            band.setZValue(-10)
            self.chart.addItem(band)
            self._bands.append(band)
        if spans:
            self.chart.focus(spans[0][0] + 1, spans[-1][1] + 1)
        elif self.coins:
            self.chart.setXRange(0.4, len(self.coins) + 0.6, padding=0)

    def bands(self) -> list[tuple[int, int]]:
        """The lit bands as (first, last) coins, 1-based as the chart counts them."""
        spans = []
        for band in self._bands:
            low, high = band.getRegion()
            spans.append((round(low + 0.5), round(high - 0.5)))
        return spans
