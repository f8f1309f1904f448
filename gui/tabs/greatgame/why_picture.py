"""The Great Game's picture on the Why page: the policy heat map over the lead chart.

A step names policy cells (throw, round score) and leads (``solvers.explain.Ref``);
pointing at it outlines those cells and rings those leads in the theme's colour of the
best move, the colour the Solve page marks the best hand with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from gui.widgets.plots import pg
from gui.widgets.theme import ROLE
from gui.worker import Job
from solvers.explain import Ref
from solvers.greatgame import GreatGameInputs, GreatGamePlay, GreatGameResult

from .views import LeadPlot, PolicyHeatmap

__all__ = ["GreatGameWhyPicture", "Position", "position_job"]

#: A position of a match as the Why page follows it: lead, throw, round score, rounds.
Position = tuple[int, int, int, tuple[int, int, int]]


def position_job(state: GreatGamePlay | None) -> tuple[Position | None, Job[Any] | None]:
    """The position ``state`` stands at and the job deriving it.

    (None, None) when no match is being played: none set up, the match over, or still at
    its first throw (the result's own derivation says all there is to say there).
    """
    if state is None or state.over:
        return None, None
    rounds = (state.rounds_won, state.rounds_tied, state.rounds_lost)
    if (state.lead, state.throw, state.round_score, rounds) == (0, 0, 0, (0, 0, 0)):
        return None, None
    from solvers.greatgame.why import explain_position  # loaded when a match is played

    where = {"lead": state.lead, "throw": state.throw, "score": state.round_score}
    job = Job(
        explain_position,
        (state.match.inputs, state.result),
        {**where, "rounds": rounds},
        progress=False,
    )
    return (state.lead, state.throw, state.round_score, rounds), job


def _see_through(colour: QColor, alpha: int) -> QColor:
    """``colour`` with ``alpha``: the hand's colour under a marked cell stays readable."""
    shade = QColor(colour)
    shade.setAlpha(alpha)
    return shade


class GreatGameWhyPicture(QWidget):
    """Heat map and lead chart of one solve; ``highlight`` marks a step's cells and leads."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("greatgameWhyPicture")
        self.heatmap = PolicyHeatmap()
        self.heatmap.setObjectName("whyHeatmap")
        self.leads = LeadPlot()
        self.leads.setObjectName("whyLeadPlot")
        # The lead chart's big dot says where a match stands: here only a step's leads show.
        self.leads.start.setVisible(False)
        self.cellMarks = pg.ScatterPlotItem(
            symbol="s",
            size=1.0,
            pxMode=False,
            brush=_see_through(ROLE.best, 110),
            pen=pg.mkPen(ROLE.best_text, width=4),
        )
        self.heatmap.addItem(self.cellMarks)
        self.leadMarks = pg.ScatterPlotItem(
            size=16, brush=ROLE.best, pen=pg.mkPen(ROLE.best_text, width=3)
        )
        self.leads.addItem(self.leadMarks)
        self.result: GreatGameResult | None = None
        #: The cells (throw 0-based, round score) and the leads marked now.
        self.cells: tuple[tuple[int, int], ...] = ()
        self.marked_leads: tuple[int, ...] = ()
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        split.addWidget(self.heatmap)
        split.addWidget(self.leads)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)

    def sizeHint(self) -> QSize:
        """Narrower than the steps beside it: the derivation is what is read first."""
        return QSize(320, 360)

    def show_result(self, inputs: GreatGameInputs, result: GreatGameResult) -> None:
        """Draw the policy and the lead chart of ``result``; nothing marked."""
        self.result = result
        self.heatmap.show_result(result)
        self.leads.show_result(result)
        self.highlight(())

    def highlight(self, refs: Sequence[Ref]) -> None:
        """Mark the ``cell`` and ``lead`` refs of a step (``()``: nothing)."""
        result = self.result
        if result is None:
            refs = ()
        g = 0 if result is None else result.inputs.throws
        self.cells = tuple(
            (r.at[0], r.at[1])
            for r in refs
            if r.kind == "cell" and 0 <= r.at[0] < g and abs(r.at[1]) <= r.at[0]
        )
        self.marked_leads = tuple(r.at[0] for r in refs if r.kind == "lead")
        self.cellMarks.setData([s for _t, s in self.cells], [t + 1 for t, _s in self.cells])
        if result is None:
            self.leadMarks.setData([], [])
            return
        starts = (0.0, *result.lead_probabilities, 1.0)
        lose_by = result.inputs.lose_by
        leads = [lead for lead in self.marked_leads if 0 <= lead + lose_by < len(starts)]
        self.leadMarks.setData(leads, [starts[lead + lose_by] for lead in leads])

    def retranslate(self) -> None:
        """Axes, titles and the cells' letters in the language spoken now."""
        for view in (self.heatmap, self.leads):
            view.retranslate()
