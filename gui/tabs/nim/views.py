"""Views of the Nim tab: the piles as bars (winning moves marked), g(x) with its period.

Both draw plain data (pile sizes, winning moves, a Grundy sequence), so the same
chart shows the form's piles after a solve and the position of a game in play.
Colour never speaks alone: the stones a winning move takes are hatched and the
pile sizes it leaves are marked with a triangle, as the legend says.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QVBoxLayout, QWidget

from gui.widgets.labels import caption
from gui.widgets.plots import make_plot, pg
from gui.widgets.theme import ROLE
from solvers.i18n import N_, _
from solvers.nim import GrundySequence

__all__ = [
    "CHART_LEGEND",
    "GRUNDY_LINE_LIMIT",
    "GRUNDY_PLOT_LIMIT",
    "GrundyPlot",
    "PileChart",
    "grundy_window",
    "takes_text",
]

CHART_LEGEND = N_(
    "Grey bar: the stones of a pile. Green bar: a pile with a winning move; its hatched"
    " (vermillion) part is what the move takes, ▼ the size it leaves."
)
#: The g(x) plot shows at most this many x values one by one (a dot each).
GRUNDY_PLOT_LIMIT = 400
#: Past that it draws the pre-period and a few periods as a line, at most this many values
#: (a period of 27,384 from x = 355,304 was once a smear at 0 in a 400-value window).
GRUNDY_LINE_LIMIT = 500_000
#: Periods shown after the pre-period.
PERIODS_SHOWN = 3


def takes_text(takes: Iterable[int]) -> str:
    """``[1, 2, 3, 5]`` as ``1\u20133, 5``: runs of consecutive takes shortened (en dash)."""
    runs: list[list[int]] = []
    for take in sorted(takes):
        if runs and take == runs[-1][1] + 1:
            runs[-1][1] = take
        else:
            runs.append([take, take])
    return ", ".join(f"{a:,}" if a == b else f"{a:,}\u2013{b:,}" for a, b in runs)


class PileChart:
    """Stones per pile; a pile with a winning move is green, the stones it takes hatched.

    ``legend``: the words under the chart that say what green and hatched mean (the
    Why page's copy marks only what a step points at, and says so itself).
    """

    def __init__(self, legend: bool = True) -> None:
        self.widget = make_plot(
            _("Piles"),
            _("pile"),
            _("stones"),
            count_axes=("bottom", "left"),
            name="pileChart",
        )
        self.keptBars = pg.BarGraphItem(x=[], height=[], width=0.7, brush=ROLE.neutral)
        taken = QBrush(ROLE.lose, Qt.BrushStyle.BDiagPattern)
        self.takenBars = pg.BarGraphItem(
            x=[], height=[], y0=[], width=0.7, brush=taken, pen=ROLE.lose
        )
        self.targetMarks = pg.ScatterPlotItem(symbol="t", size=12, brush=ROLE.best_text, pen=None)
        for item in (self.keptBars, self.takenBars, self.targetMarks):
            self.widget.addItem(item)
        # The legend under the plot, in words: inside it would hide the tallest bars.
        self.legend = caption(_(CHART_LEGEND), lines=2)
        self.view = QWidget()
        self.view.setObjectName("pileView")
        layout = QVBoxLayout(self.view)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.widget, 1)
        layout.addWidget(self.legend)
        self.legend.setVisible(legend)
        self._piles: tuple[int, ...] = ()

    def retranslate(self) -> None:
        """Title, axes and legend in the language spoken now."""
        self.widget.setTitle(_("Piles"))
        self.widget.setLabel("bottom", _("pile"))
        self.widget.setLabel("left", _("stones"))
        self.legend.setText(_(CHART_LEGEND))

    def draw(self, piles: Sequence[int], winning: Mapping[int, Sequence[int]] | None) -> None:
        """Bars for ``piles``; ``winning``: pile index -> the sizes its winning moves leave."""
        kept = [float(p) for p in piles]
        brushes = [ROLE.neutral] * len(piles)
        taken_x: list[int] = []
        taken_base: list[float] = []
        taken_height: list[float] = []
        marks: list[tuple[float, int]] = []
        for pile, afters in (winning or {}).items():
            if not afters or not 0 <= pile < len(piles):
                continue
            brushes[pile] = ROLE.best
            lowest = min(afters)
            kept[pile] = lowest
            taken_x.append(pile + 1)
            taken_base.append(lowest)
            taken_height.append(piles[pile] - lowest)
            # Side by side across the bar: two sizes a stone apart would overlap in one column.
            spread = 0.5 / max(len(afters), 1)
            left = pile + 1 - spread * (len(afters) - 1) / 2
            marks.extend((left + k * spread, after) for k, after in enumerate(sorted(afters)))
        xs = list(range(1, len(piles) + 1))
        self._piles = tuple(piles)
        self.keptBars.setOpts(x=xs, height=kept, brushes=brushes)
        self.takenBars.setOpts(x=taken_x, y0=taken_base, height=taken_height)
        self.targetMarks.setData(x=[m[0] for m in marks], y=[m[1] for m in marks])
        if piles:
            self.widget.setXRange(0.4, len(piles) + 0.6, padding=0)
            self.widget.setYRange(0, max(max(piles), 1) * 1.05, padding=0)

    def mark(self, marked: Iterable[int]) -> None:
        """Bars of the drawn piles, those of index in ``marked`` in the highlight colour."""
        chosen = set(marked)
        brushes = [ROLE.best if i in chosen else ROLE.neutral for i in range(len(self._piles))]
        xs = list(range(1, len(self._piles) + 1))
        heights = [float(p) for p in self._piles]
        self.keptBars.setOpts(x=xs, height=heights, brushes=brushes)
        self.takenBars.setOpts(x=[], y0=[], height=[])
        self.targetMarks.setData(x=[], y=[])

    def marked(self) -> list[int]:
        """The indices of the piles drawn in the highlight colour (what ``mark`` chose)."""
        brushes = self.keptBars.opts.get("brushes") or []
        return [i for i, brush in enumerate(brushes) if brush == ROLE.best]


class GrundyPlot:
    """g(x) of a subtraction game over the first values, its first period shaded."""

    def __init__(self) -> None:
        self.widget = make_plot(
            "",
            _("x (stones in a pile)"),
            "g(x)",
            count_axes=("bottom", "left"),
            zoom=True,  # only a long sequence turns the mouse on: see draw
            name="grundyPlot",
        )
        self.curve = self.widget.plot(
            [],
            [],
            pen=pg.mkPen(ROLE.player0, width=1.5),
            symbol="o",
            symbolSize=4,
            symbolBrush=ROLE.player0,
        )
        # A long sequence has more values than pixels: draw each pixel's lowest and highest.
        self.curve.setDownsampling(auto=True, method="peak")
        self.curve.setClipToView(True)
        self.periodRegion = pg.LinearRegionItem(movable=False, brush=pg.mkBrush(ROLE.selected))
        self.periodRegion.setZValue(-10)
        self.periodRegion.hide()
        self.widget.addItem(self.periodRegion)
        self.widget.hide()

    def retranslate(self) -> None:
        """The axis in the language spoken now (``draw`` writes the title and tooltip)."""
        self.widget.setLabel("bottom", _("x (stones in a pile)"))

    def clear(self) -> None:
        """Hide the plot (no subtraction game solved)."""
        self.widget.hide()

    def draw(self, sequence: GrundySequence, subtraction: Sequence[int], largest: int) -> None:
        """g(0..): the pre-period and a few periods (up to the largest pile when short).

        A short sequence gets a dot per value; a long one a line the mouse can zoom.
        """
        top, dots = grundy_window(sequence, largest)
        xs, ys = _values(sequence, top)
        # Symbols and pen first: a dot for each of half a million values, or a line of them
        # wider than a pixel (antialiased), would take seconds to draw; a thin one takes 26 ms.
        self.curve.setSymbol("o" if dots else None)
        self.curve.setPen(pg.mkPen(ROLE.player0, width=1.5 if dots else 1))
        self.curve.setData(xs, ys)
        start, period = sequence.preperiod, sequence.period
        self.periodRegion.setRegion((start - 0.5, start + period - 0.5))
        self.periodRegion.show()
        # Fixed ranges: auto-range would take in the whole shaded period, even far outside.
        self.widget.setXRange(0, top, padding=0.02)
        self.widget.setYRange(0, max(1, int(ys.max())), padding=0.08)
        self.widget.setMouseEnabled(x=not dots, y=False)
        self.widget.setToolTip(
            ""
            if dots
            else _(
                "Too many values to show one by one: scroll or drag to zoom along x;"
                " right click → Reset view shows them all again."
            )
        )
        shown = ", ".join(map(str, subtraction[:3])) + (", …" if len(subtraction) > 3 else "")
        # Short enough for the plot at 1024x700 (the form shows S in full); thousands
        # separated as elsewhere in the tab.
        title = _("g(x), S = {{{shown}}}: period {period} from x = {start}")
        text = title.format(shown=shown, period=f"{period:,}", start=f"{start:,}")
        self.widget.setTitle(text, size="10pt")
        self.widget.show()


def grundy_window(sequence: GrundySequence, largest: int) -> tuple[int, bool]:
    """The last x the plot shows, and whether it draws a dot per value.

    A short sequence shows at least 30 values, the largest pile or the pre-period and
    three periods (at most ``GRUNDY_PLOT_LIMIT``); a longer one the pre-period and three
    periods as a line (at most ``GRUNDY_LINE_LIMIT`` values).
    """
    span = sequence.preperiod + PERIODS_SHOWN * sequence.period
    if span <= GRUNDY_PLOT_LIMIT:
        return min(max(largest, 30), max(span, 60), GRUNDY_PLOT_LIMIT), True
    return min(span, GRUNDY_LINE_LIMIT), False


def _values(sequence: GrundySequence, top: int) -> tuple[np.ndarray, np.ndarray]:
    """X = 0..top and g(x), by indexing the stored values (a million in a few ms)."""
    xs = np.arange(top + 1)
    start, period = sequence.preperiod, sequence.period
    stored = np.frombuffer(sequence.values, dtype=np.uint16)
    index = np.where(xs < start, xs, start + (xs - start) % period)
    return xs, stored[index].astype(np.int64)
