"""The Nim tab: piles, rule, winner, every winning move, Grundy plot, play mode."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from gui.tabs.base import GameTab
from gui.tabs.nim_play import NimPlayPanel
from gui.widgets.number_list import NumberListEditor
from gui.widgets.theme import BEST, BEST_TEXT
from solvers import nim

__all__ = ["TAB", "NimTab"]

#: The g(x) plot shows at most this many x values.
GRUNDY_PLOT_LIMIT = 400

RULES = """<p><b>Nim.</b> Players alternate removing any positive number of stones from one
pile. <i>Normal play</i>: who takes the last stone wins; the player to move wins iff the XOR
of the pile sizes (the <i>nim-sum</i>) is not 0, and a winning move makes it 0.</p>
<p><i>Misère</i>: who takes the last stone loses. Play as in normal Nim, except when your
move would leave only piles of size 0 or 1: then leave an odd number of 1-piles.</p>
<p><i>Subtraction game</i>: a move removes exactly s stones, s from a set S. Each pile has a
Grundy value g(x) = mex{g(x - s)}; the sum of piles is lost for the mover iff the XOR of the
Grundy values is 0. The values repeat with a period, shown in the plot.</p>"""


class NimTab(GameTab):
    """Solve Nim, misère Nim and subtraction games on editable piles."""

    game_id = "nim"
    rules_html = RULES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.piles = NumberListEditor(
            "Stones", 1, nim.MAX_PILE, ("Grundy", "Winning moves"), (5, 1, 100), 20
        )
        self.piles.model.set_values([3, 4, 5])
        self.piles.model.edited.connect(self.inputs_changed)

        self.ruleButtons = QButtonGroup(self)
        self.normalRadio = QRadioButton("Normal (last stone wins)")
        self.misereRadio = QRadioButton("Misère (last stone loses)")
        self.subtractionRadio = QRadioButton("Subtraction set S =")
        self.normalRadio.setChecked(True)
        self.subtractionEdit = QLineEdit("1,3,4")
        self.subtractionEdit.setObjectName("subtractionEdit")
        self.subtractionEdit.setToolTip("The numbers of stones a move may take, e.g. 1,3,4")
        rule_box = QGroupBox("Rule")
        rule_layout = QVBoxLayout(rule_box)
        sub_row = QHBoxLayout()
        sub_row.addWidget(self.subtractionRadio)
        sub_row.addWidget(self.subtractionEdit, 1)
        for number, radio in enumerate((self.normalRadio, self.misereRadio, self.subtractionRadio)):
            self.ruleButtons.addButton(radio, number)
        rule_layout.addWidget(self.normalRadio)
        rule_layout.addWidget(self.misereRadio)
        rule_layout.addLayout(sub_row)
        self.ruleButtons.idToggled.connect(lambda *_: self.inputs_changed())
        self.subtractionEdit.textChanged.connect(lambda *_: self.inputs_changed())

        piles_box = QGroupBox("Piles")
        QVBoxLayout(piles_box).addWidget(self.piles)
        form = QWidget()
        form_layout = QVBoxLayout(form)
        form_layout.setContentsMargins(0, 0, 0, 0)
        form_layout.addWidget(rule_box)
        form_layout.addWidget(piles_box, 1)

        self.pileChart = pg.PlotWidget()
        self.pileChart.setObjectName("pileChart")
        self.pileChart.setBackground("w")
        self.pileChart.setTitle("Piles: winning piles green, the stones to take red")
        self.pileChart.setLabel("bottom", "pile")
        self.pileChart.setLabel("left", "stones")
        self.pileChart.setMouseEnabled(x=False, y=False)
        self.keptBars = pg.BarGraphItem(x=[], height=[], width=0.7, brush="#90a4ae")
        self.takenBars = pg.BarGraphItem(x=[], height=[], y0=[], width=0.7, brush="#e57373")
        self.targetMarks = pg.ScatterPlotItem(symbol="t", size=12, brush="#1b5e20", pen=None)
        for item in (self.keptBars, self.takenBars, self.targetMarks):
            self.pileChart.addItem(item)

        self.grundyPlot = pg.PlotWidget()
        self.grundyPlot.setObjectName("grundyPlot")
        self.grundyPlot.setBackground("w")
        self.grundyPlot.setLabel("bottom", "x (stones in a pile)")
        self.grundyPlot.setLabel("left", "g(x)")
        self.grundyCurve = self.grundyPlot.plot(
            [],
            [],
            pen=pg.mkPen("#1f77b4", width=1.5),
            symbol="o",
            symbolSize=4,
            symbolBrush="#1f77b4",
        )
        self.periodRegion = pg.LinearRegionItem(movable=False, brush=(255, 224, 130, 90))
        self.periodRegion.hide()
        self.grundyPlot.addItem(self.periodRegion)
        self.grundyPlot.hide()

        self.play = NimPlayPanel(self.read_inputs)
        views = QWidget()
        views_layout = QVBoxLayout(views)
        views_layout.setContentsMargins(0, 0, 0, 0)
        views_layout.addWidget(self.pileChart, 3)
        views_layout.addWidget(self.grundyPlot, 2)
        views_layout.addWidget(self.play, 2)
        self.add_form_and_views(form, views, (380, 860))
        self._draw_piles([3, 4, 5], None)
        self.revalidate()

    # ----- inputs --------------------------------------------------------------------------
    def _rule(self) -> tuple[nim.Rule, tuple[int, ...]]:
        if self.subtractionRadio.isChecked():
            try:
                subtraction = nim.parse_subtraction_set(self.subtractionEdit.text())
            except ValueError:
                self.subtractionEdit.setStyleSheet("background: #f4b6b6;")
                raise
            self.subtractionEdit.setStyleSheet("")
            return nim.Rule.SUBTRACTION, subtraction
        self.subtractionEdit.setStyleSheet("")
        return (nim.Rule.MISERE if self.misereRadio.isChecked() else nim.Rule.NORMAL), ()

    def read_inputs(self) -> nim.NimInputs:
        """Piles and rule from the form."""
        rule, subtraction = self._rule()
        return nim.NimInputs(tuple(self.piles.model.values()), rule, subtraction)

    def set_inputs(self, inputs: nim.NimInputs) -> None:
        """Show piles and rule."""
        radio = {
            nim.Rule.NORMAL: self.normalRadio,
            nim.Rule.MISERE: self.misereRadio,
            nim.Rule.SUBTRACTION: self.subtractionRadio,
        }[inputs.rule]
        radio.setChecked(True)
        if inputs.subtraction:
            self.subtractionEdit.setText(",".join(map(str, inputs.subtraction)))
        self.piles.model.set_values(inputs.piles)

    def parse_judge_text(self, text: str) -> list[Any]:
        """Judge files hold only piles: keep the rule chosen in the form."""
        try:
            rule, subtraction = self._rule()
        except ValueError:
            rule, subtraction = nim.Rule.NORMAL, ()
        return list(nim.parse_judge(text, rule, subtraction))

    def inputs_changed(self) -> None:
        """Redraw the plain piles as they are typed."""
        super().inputs_changed()
        try:
            self._draw_piles(self.piles.model.values(), None)
        except ValueError:
            pass

    def state(self) -> dict[str, Any]:
        """Piles as typed and the rule."""
        rule = ("normal", "misere", "subtraction")[max(0, self.ruleButtons.checkedId())]
        return {
            "piles": self.piles.model.texts(),
            "rule": rule,
            "subtraction": self.subtractionEdit.text(),
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the form from a session."""
        piles, rule, subtraction = state["piles"], state["rule"], state["subtraction"]
        if not isinstance(piles, list) or not all(isinstance(p, (str, int)) for p in piles):
            raise ValueError("'piles' must be a list of numbers")
        if rule not in ("normal", "misere", "subtraction") or not isinstance(subtraction, str):
            raise ValueError(f"unknown rule {rule!r}")
        self.ruleButtons.button(("normal", "misere", "subtraction").index(rule)).setChecked(True)
        self.subtractionEdit.setText(subtraction)
        self.piles.model.set_texts([str(p) for p in piles])

    # ----- result --------------------------------------------------------------------------
    def result_text(self, result: nim.NimResult) -> str:
        """Winner and nim-sum."""
        moves = len(result.winning_moves)
        detail = f"{moves} winning move{'s' if moves != 1 else ''}" if moves else "every move loses"
        return f"{result.winner_text} — nim-sum {result.nim_sum}, {detail}"

    def show_result(self, result: nim.NimResult) -> None:
        """Annotate the pile table, draw the chart and the Grundy plot."""
        by_pile: dict[int, list[nim.Move]] = {}
        for move in result.winning_moves:
            by_pile.setdefault(move.pile, []).append(move)
        notes = [
            [str(g), ", ".join(f"take {m.removed:,} → {m.after:,}" for m in by_pile.get(i, []))]
            for i, g in enumerate(result.grundy)
        ]
        colours = [BEST if i in by_pile else None for i in range(len(result.grundy))]
        self.piles.model.set_annotations(notes, colours)
        self._draw_piles(list(result.inputs.piles), by_pile)
        self._draw_grundy(result)

    def clear_result(self) -> None:
        """Forget highlights and plots."""
        self.piles.model.set_annotations(None)
        self.grundyPlot.hide()
        try:
            self._draw_piles(self.piles.model.values(), None)
        except ValueError:
            self._draw_piles([], None)

    def _draw_piles(self, piles: list[int], by_pile: dict[int, list[nim.Move]] | None) -> None:
        x = np.arange(1, len(piles) + 1)
        heights = np.array(piles, dtype=float)
        kept = heights.copy()
        taken_x, taken_base, taken_height, marks = [], [], [], []
        brushes = ["#90a4ae"] * len(piles)
        for pile, moves in (by_pile or {}).items():
            brushes[pile] = BEST.name()
            first = min(moves, key=lambda m: m.after)
            kept[pile] = first.after
            taken_x.append(pile + 1)
            taken_base.append(first.after)
            taken_height.append(first.removed)
            marks.extend((pile + 1, m.after) for m in moves)
        self.keptBars.setOpts(x=x, height=kept, brushes=brushes)
        self.takenBars.setOpts(x=taken_x, y0=taken_base, height=taken_height)
        self.targetMarks.setData(
            x=[m[0] for m in marks], y=[m[1] for m in marks], brush=BEST_TEXT.name()
        )
        step = max(1, len(piles) // 20)
        ticks = [(int(i), str(int(i))) for i in x[::step]]
        self.pileChart.getAxis("bottom").setTicks([ticks])
        if len(piles):
            self.pileChart.setXRange(0.4, len(piles) + 0.6, padding=0)
            self.pileChart.setYRange(0, max(piles) * 1.05, padding=0)

    def _draw_grundy(self, result: nim.NimResult) -> None:
        sequence = result.sequence
        if sequence is None:
            self.grundyPlot.hide()
            return
        span = sequence.preperiod + 3 * sequence.period
        top = min(max(max(result.inputs.piles), 30), max(span, 60), GRUNDY_PLOT_LIMIT)
        xs = np.arange(top + 1)
        self.grundyCurve.setData(xs, [sequence(int(v)) for v in xs])
        start = sequence.preperiod
        self.periodRegion.setRegion((start - 0.5, start + sequence.period - 0.5))
        self.periodRegion.show()
        self.grundyPlot.setTitle(
            f"g(x) for S = {{{', '.join(map(str, result.inputs.subtraction))}}}: "
            f"period {sequence.period} from x = {start} (shaded)"
        )
        self.grundyPlot.show()

    # ----- screenshots ---------------------------------------------------------------------
    def screenshot_invalid(self) -> None:
        """A bad pile, for the screenshot script."""
        self.piles.model.setData(self.piles.model.index(1, 0), "12x")

    def screenshot_states(self) -> list[tuple[str, Any]]:
        """A solved subtraction game and a game in play, for the screenshot script."""

        def subtraction() -> None:
            self.subtractionRadio.setChecked(True)
            self.subtractionEdit.setText("2,5,7")
            self.piles.model.set_values([17, 23, 9, 41])
            self.solve()
            while self.busy:
                QApplication.processEvents()

        def playing() -> None:
            self.play.new_game(user_first=True)
            self.play.user_move(0, 1)

        return [("subtraction", subtraction), ("play", playing)]


TAB = NimTab
