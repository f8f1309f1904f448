"""Views of the Xoinc tab: the coin stack as a bar chart, the optimal line, captions.

Nothing here decides anything about the game: the tab hands over coin values,
who took each coin and which coins to shade; the legends say in plain words
what every colour means (each colour also has a word beside it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView

from gui.widgets import labels
from gui.widgets.plots import IntegerAxis, Plot, pg
from gui.widgets.theme import BEST, PLAYER, ROLE, SELECTED
from solvers.i18n import N_, _, ngettext
from solvers.xoinc import Turn

__all__ = [
    "CHART_LEGEND",
    "LINE_LEGEND",
    "PLAYER_NAMES",
    "StackChart",
    "TurnTableModel",
    "best_colour",
    "caption",
    "fit_line_columns",
    "line_table",
    "player_tint",
]

Index = QModelIndex | QPersistentModelIndex
#: Marked only: shown through ``_`` (the language may change after import).
PLAYER_NAMES = (N_("first"), N_("second"))
#: The bars' names (pyqtgraph shows them if a legend is ever added).
BAR_NAMES = (N_("first player"), N_("second player"))
#: The chart's mark for a coin nobody took yet (sides are 0 and 1).
UNTAKEN = -1
#: The value axis reaches a little above the tallest coin (the colours are named in the caption).
HEADROOM = 1.05
#: Stacks longer than this are shown, while playing, around the top coin only (``focus``).
FOCUS_FROM = 120
FOCUS_CONTEXT = 80
#: Turns measured at each end of the line to size its columns (``fit_line_columns``).
SAMPLED_TURNS = 30
CELL_PADDING = 14
#: Values listed in one cell of the line table before "…" (the column elides the rest of
#: what it has no room for; the tooltip lists them all).
VALUES_SHOWN = 30
CHART_LEGEND = N_(
    "Each bar is a coin, the top of the stack on the left. Blue bars: the first player takes"
    " them, orange: the second, grey: nobody yet. Yellow band: the turn selected in the line;"
    " green band while playing: the best take now."
)
LINE_LEGEND = N_(
    "Both players take their best every turn. “May take”: the most this turn allows (twice"
    " the opponent's last take). Click a turn: it turns yellow here and in the chart."
)


def caption(text: str) -> QLabel:
    """A caption under a view, two lines reserved."""
    return labels.caption(text, lines=2)


def player_tint(player: int) -> QColor:
    """A light version of side ``player``'s colour (0 or 1), readable as a cell background."""
    colour = QColor(PLAYER[player])
    colour.setAlpha(70)
    return colour


class StackChart(Plot):
    """Coin values top to bottom, each bar coloured by the player who takes it.

    A shaded band marks a range of coins: the selected turn (yellow) or, in
    play, the best take from the current position (green).
    """

    def __init__(self) -> None:
        # Coin numbers and values are whole: never a tick at 1.5.
        super().__init__({side: IntegerAxis(side) for side in ("bottom", "left")})
        self.setObjectName("stackChart")
        self.retranslate()
        # No legend inside the plot: it covered bars on wide windows; the caption names colours.
        self.band = pg.LinearRegionItem(movable=False)
        self.band.setZValue(-10)
        self.band.hide()
        self.addItem(self.band)
        self.untakenBars = pg.BarGraphItem(
            x=[], height=[], width=0.8, brush=ROLE.neutral, pen=None, name=_("not taken")
        )
        self.playerBars = [
            pg.BarGraphItem(x=[], height=[], width=0.8, brush=PLAYER[p], pen=None, name=_(name))
            for p, name in enumerate(BAR_NAMES)
        ]
        for item in (self.untakenBars, *self.playerBars):
            self.addItem(item)
        self.owners: list[int | None] = []

    def retranslate(self) -> None:
        """The axis titles in the language spoken now."""
        self.setLabel("bottom", _("coin (1 = top of the stack)"))
        self.setLabel("left", _("value"))

    def draw(
        self,
        coins: Sequence[int],
        owners: Sequence[int | None] | None = None,
        band: tuple[int, int] | None = None,
        band_colour: QColor = SELECTED,
    ) -> None:
        """Draw ``coins``; ``owners[i]`` side 0 or 1 (None: not taken); ``band`` = (first, last)."""
        values = np.asarray(coins, dtype=float)
        self.owners = [None] * len(values) if owners is None else list(owners)
        who = np.array([UNTAKEN if o is None else o for o in self.owners], dtype=int)
        x = np.arange(1, len(values) + 1)
        # Thin bars must not vanish behind their outline when thousands are drawn.
        width = 0.8 if len(values) <= 400 else 1.0
        for player, item in ((UNTAKEN, self.untakenBars), *enumerate(self.playerBars)):
            mask = who == player
            item.setOpts(x=x[mask], height=values[mask], width=width)
        self.set_band(band, band_colour)
        if len(values):
            self.setXRange(0.4, len(values) + 0.6, padding=0)
            self.setYRange(0, float(values.max()) * HEADROOM, padding=0)

    def focus(self, first: int, last: int, context: int = FOCUS_CONTEXT) -> None:
        """Show coins ``first..last`` (1-based) with ``context`` coins around, on long stacks."""
        count = len(self.owners)
        if count <= FOCUS_FROM:
            return
        low = max(1, first - context // 4)
        high = min(count, max(last, first) + context)
        self.setXRange(low - 0.6, high + 0.6, padding=0)

    def set_band(self, band: tuple[int, int] | None, colour: QColor = SELECTED) -> None:
        """Shade coins ``band[0]..band[1]`` (1-based), or hide the band."""
        if band is None:
            self.band.hide()
            return
        fill = QColor(colour)
        fill.setAlpha(150)
        self.band.setBrush(pg.mkBrush(fill))
        self.band.setRegion((band[0] - 0.5, band[1] + 0.5))
        self.band.show()

    def band_range(self) -> tuple[int, int] | None:
        """The shaded coins (first, last), or None."""
        if not self.band.isVisible():
            return None
        low, high = self.band.getRegion()
        return round(low + 0.5), round(high - 0.5)


class TurnTableModel(QAbstractTableModel):
    """The optimal line, one turn per row; the selected turn is shaded yellow.

    ``mark`` shades other turns in the best-move green (the Why page's picture lights the
    turns a step speaks of).
    """

    #: Marked only: ``headerData`` translates them when asked.
    HEADERS = (
        N_("Turn"),
        N_("Player"),
        N_("May take"),
        N_("Takes"),
        N_("Coins"),
        N_("Values"),
        N_("Gained"),
        N_("1st total"),
        N_("2nd total"),
    )
    PLAYER_COL, COINS_COL, VALUES_COL = 1, 4, 5

    def __init__(self) -> None:
        super().__init__()
        self.turns: tuple[Turn, ...] = ()
        self.selected: int | None = None
        self.marked: frozenset[int] = frozenset()

    def set_turns(self, turns: Sequence[Turn]) -> None:
        """Show a new line (no turn selected)."""
        self.beginResetModel()
        self.turns = tuple(turns)
        self.selected = None
        self.marked = frozenset()
        self.endResetModel()

    def select(self, row: int | None) -> None:
        """Shade turn ``row`` (0-based) and unshade the previous one."""
        changed = [r for r in (self.selected, row) if r is not None]
        self.selected = row
        for r in changed:
            self.dataChanged.emit(self.index(r, 0), self.index(r, len(self.HEADERS) - 1))

    def mark(self, rows: Iterable[int]) -> None:
        """Shade turns ``rows`` (0-based) green; the others lose the shade."""
        old, self.marked = self.marked, frozenset(r for r in rows if 0 <= r < len(self.turns))
        changed = old ^ self.marked
        if changed:
            last = len(self.HEADERS) - 1
            self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), last))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One row per turn."""
        return 0 if parent.isValid() else len(self.turns)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """The columns of ``HEADERS``."""
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        """Column titles."""
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return _(self.HEADERS[section])
        return None

    def retranslate(self) -> None:
        """Ask the views again for every text (the language changed)."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.HEADERS) - 1)
        if self.turns:
            last = self.index(len(self.turns) - 1, len(self.HEADERS) - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def cell_text(self, turn: Turn, column: int) -> str:
        """What column ``column`` shows for ``turn``."""
        last = turn.first_coin + turn.taken - 1
        values = ", ".join(f"{v}" for v in turn.values[:VALUES_SHOWN])
        if turn.taken > VALUES_SHOWN:
            values += ", …"
        return [
            str(turn.turn),
            _(PLAYER_NAMES[turn.player]),
            f"1\u2013{turn.allowance}",
            f"{turn.taken}",
            f"#{turn.first_coin}" if turn.taken == 1 else f"#{turn.first_coin}\u2013{last}",
            values,
            f"{turn.gained}",
            f"{turn.first_total}",
            f"{turn.second_total}",
        ][column]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Texts, the selected turn's shade, player tints, full value lists as tooltips."""
        if not index.isValid() or index.row() >= len(self.turns):
            return None
        turn = self.turns[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell_text(turn, column)
        if role == Qt.ItemDataRole.BackgroundRole:
            if index.row() == self.selected:
                return SELECTED
            if index.row() in self.marked:
                return QColor(BEST)
            return player_tint(turn.player) if column == self.PLAYER_COL else None
        if role == Qt.ItemDataRole.ToolTipRole and column == self.VALUES_COL:
            return ", ".join(f"{v}" for v in turn.values)
        if role == Qt.ItemDataRole.ToolTipRole and column == self.COINS_COL:
            return ngettext(
                "{count} coin was left before this turn",
                "{count} coins were left before this turn",
                turn.coins_left,
            ).format(count=turn.coins_left)
        if role == Qt.ItemDataRole.TextAlignmentRole and column not in (
            self.PLAYER_COL,
            self.COINS_COL,
            self.VALUES_COL,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def line_table(model: TurnTableModel) -> QTableView:
    """The view of the optimal line: whole turns selected one at a time, in the theme's yellow."""
    table = QTableView()
    table.setObjectName("turnTable")
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setStyleSheet(
        f"QTableView::item:selected {{ background: {SELECTED.name()}; color: {ROLE.ink.name()}; }}"
    )
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(22)
    header = table.horizontalHeader()
    # Not ResizeToContents: that measures every row on each change, 0.4 s for the
    # 4600 turns of a 5000-coin stack; ``fit_line_columns`` measures a sample instead.
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    # The values take the spare width (the last column took it: "2nd total" was 400 px
    # wide at 1600 px while the values were cut to "8, 55, 8, …").
    header.setStretchLastSection(False)
    header.setSectionResizeMode(model.VALUES_COL, QHeaderView.ResizeMode.Stretch)
    fit_line_columns(table, model)
    return table


def fit_line_columns(table: QTableView, model: TurnTableModel) -> None:
    """Width of each column from its title and the first and last turns (totals grow).

    The values column takes the width the others leave (its cells end in "…" where it is
    too narrow, the tooltip lists them all), so the whole line stays in sight at 1024 px.
    """
    count = len(model.turns)
    rows = sorted(
        set(range(min(SAMPLED_TURNS, count))) | set(range(max(0, count - SAMPLED_TURNS), count))
    )
    header = table.horizontalHeader()
    title_metrics = header.fontMetrics()
    metrics = table.fontMetrics()
    for column, title in enumerate(model.HEADERS):
        if column == model.VALUES_COL:
            continue
        width = title_metrics.horizontalAdvance(_(title)) + CELL_PADDING
        for row in rows:
            text = model.cell_text(model.turns[row], column)
            width = max(width, metrics.horizontalAdvance(text) + CELL_PADDING)
        table.setColumnWidth(column, width)


def best_colour() -> QColor:
    """Colour of the best take's band in play mode."""
    return QColor(BEST)
