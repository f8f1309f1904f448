"""The Great Game tab: the throw table, W and L; the round policy, the charts, a match to play.

Left: the form (``form``). Right: the heat map of the best hand by throw and
round score on top; under it the play panel (``play``) and the charts
(``views``) share a tabbed area, so that everything fits at 1024x700. The
solve runs in a worker with the round policy recorded there (the heat map and
the CSV need it); the play panel builds its match in a worker too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gui.controller import Job
from gui.tabs.base import GameTab
from gui.tabs.live import AUTO_SOLVE_MS
from gui.widgets.dialogs import open_file
from gui.widgets.fields import NumberField
from gui.widgets.labels import caption
from gui.widgets.options import OptionFields
from gui.widgets.play_panel import GameRestarter
from solvers.greatgame import (
    MAX_THROWS,
    GreatGameInputs,
    GreatGamePlay,
    GreatGameResult,
    solve_great_game,
)
from solvers.i18n import N_, _, ngettext

from .form import ThrowTableModel, ThrowTableView
from .model import FIRST_ROWS, GAP_FIELDS, GAP_LABELS, check_state, state_of
from .play import IDLE, GreatGamePlayPanel
from .texts import FILLS, IDLE_CELL, OUTDATED, RULES
from .views import (
    CHARTS_CAPTION,
    LeadPlot,
    OutcomeBars,
    PolicyHeatmap,
    describe_cell,
    heatmap_legend,
)
from .why_picture import GreatGameWhyPicture, Position, position_job

__all__ = ["TAB", "GreatGameTab"]


class GreatGameTab(GameTab):
    """Solve The Great Game, show the round policy, play a match."""

    game_id = "greatgame"

    rules = RULES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.throws = ThrowTableModel()
        self.table = ThrowTableView(self.throws)
        self.gSpin = NumberField()
        self.gSpin.setObjectName("gSpin")
        self.gSpin.setRange(1, MAX_THROWS)
        # G resizes the table: taken a pause after the last key, as every input is (typing
        # 12 must not cut the table to one row on the way).
        self.gSpin.setKeyboardTracking(False)
        self._g_pause = QTimer(self)
        self._g_pause.setSingleShot(True)
        self._g_pause.setInterval(AUTO_SOLVE_MS)
        self._g_pause.timeout.connect(self.gSpin.interpretText)
        self.gSpin.lineEdit().textEdited.connect(lambda *_: self._g_pause.start())
        # The game has no command-line options; W and L are laid out the same way.
        self.optionFields = OptionFields(self.options())
        self.option_fields = self.optionFields
        self.gaps = OptionFields(GAP_FIELDS)
        self.wSpin = _spin(self.gaps, "W")
        self.lSpin = _spin(self.gaps, "L")
        self.gSpin.valueChanged.connect(self._g_changed)
        self.gSpin.valueChanged.connect(lambda _: self.revalidate())
        self.throws.rows_changed.connect(self._rows_changed)
        self.throws.edited.connect(self.inputs_changed)
        self.gaps.changed.connect(self.inputs_changed)

        self.playPanel = GreatGamePlayPanel()
        self.playPanel.position_changed.connect(self._follow_play)
        #: The position the Why page follows (lead, throw, score, rounds), or None.
        self._followed: Position | None = None
        # The match is drawn on the solved heat map: a change of the inputs re-solves them
        # (Solve's worker job) and show_result starts the new match.
        self.restarter = GameRestarter(
            self.checked_inputs,
            lambda: self.playPanel.inputs is not None,
            self.playPanel.clear,
            lambda _inputs: self.solve(seal=False),
            self,
        )
        self.add_form_and_views(self._build_form(), self._build_views(), (360, 660))
        self.throws.set_texts(FIRST_ROWS)
        self._name_widgets()
        self.revalidate()

    def _build_form(self) -> QWidget:
        # G heads the W and L form: one column of labels, one of fields, all three aligned.
        gap_layout = self.gaps.layout()
        assert isinstance(gap_layout, QFormLayout)
        self.gLabel = QLabel()
        gap_layout.insertRow(0, self.gLabel, self.gSpin)
        fills = QHBoxLayout()
        self.fillButtons: list[QPushButton] = []
        for _text, name, kind, _tip in FILLS:
            button = QPushButton()
            button.setObjectName(name)
            button.clicked.connect(lambda _=False, k=kind: self.throws.fill(k))
            fills.addWidget(button)
            self.fillButtons.append(button)
        files = QHBoxLayout()
        self.pasteButton = QPushButton()
        self.pasteButton.setObjectName("pasteButton")
        self.pasteButton.clicked.connect(self.table.paste_clipboard)
        self.csvButton = QPushButton()
        self.csvButton.setObjectName("importCsvButton")
        self.csvButton.clicked.connect(self.choose_csv_file)
        files.addWidget(self.pasteButton)
        files.addWidget(self.csvButton)
        self.gridBox = grid_box = QGroupBox()
        grid_layout = QVBoxLayout(grid_box)
        grid_layout.addLayout(fills)
        grid_layout.addWidget(self.table, 1)
        grid_layout.addLayout(files)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.gaps)
        left_layout.addWidget(self.optionFields)
        self.optionFields.setVisible(bool(self.options()))
        left_layout.addWidget(grid_box, 1)
        return left

    def _build_views(self) -> QWidget:
        self.heatmap = PolicyHeatmap()
        self.heatmap.hovered.connect(self._explain)
        self.heatmap.selected.connect(self._explain)
        self.cellLabel = QLabel()
        self.cellLabel.setObjectName("cellLabel")
        self.cellLabel.setWordWrap(True)
        self.legendLabel = caption("", "heatmapLegend")
        self.outcomes = OutcomeBars()
        self.leads = LeadPlot()
        charts = QSplitter(Qt.Orientation.Horizontal)
        charts.addWidget(self.outcomes)
        charts.addWidget(self.leads)
        charts.setSizes([260, 400])
        self.lowerTabs = QTabWidget()
        self.lowerTabs.setObjectName("greatgameLower")
        self.lowerTabs.addTab(self.playPanel, "")
        self.chartCaption = chart_caption = caption("")
        chart_page = QWidget()
        chart_layout = QVBoxLayout(chart_page)
        chart_layout.setContentsMargins(0, 0, 0, 0)
        chart_layout.addWidget(charts, 1)
        chart_layout.addWidget(chart_caption)
        self.lowerTabs.addTab(chart_page, "")
        heat = QWidget()
        heat_layout = QVBoxLayout(heat)
        heat_layout.setContentsMargins(0, 0, 0, 0)
        heat_layout.addWidget(self.legendLabel)
        heat_layout.addWidget(self.heatmap, 1)
        heat_layout.addWidget(self.cellLabel)
        self.heatPanel = heat
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(heat)
        right.addWidget(self.lowerTabs)
        right.setChildrenCollapsible(False)
        # The heat map is the answer: it takes the extra height of big windows, the match
        # log below (empty until a match is played) only what it needs.
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        right.setSizes([420, 260])
        for name, widget in (("greatgameViewSplitter", right), ("greatgameChartSplitter", charts)):
            widget.setObjectName(name)
            self.splitters.append(widget)
        return right

    def _name_widgets(self) -> None:
        """Every fixed text of the tab, in the language spoken now (built and on a switch)."""
        self.gLabel.setText(_("Throws per round (G)"))
        self.gSpin.setToolTip(_("Throws in a round: the table has one row per throw"))
        gap_layout = self.gaps.layout()
        assert isinstance(gap_layout, QFormLayout)
        for spin, words, option in zip(
            (self.wSpin, self.lSpin), GAP_LABELS, GAP_FIELDS, strict=True
        ):
            label = gap_layout.labelForField(spin)
            if isinstance(label, QLabel):
                label.setText(_(words))
            spin.setToolTip(_(option.help))
        for button, (text, _name, _kind, tip) in zip(self.fillButtons, FILLS, strict=True):
            button.setText(_(text))
            button.setToolTip(_(tip))
        self.pasteButton.setText(_("Paste"))
        self.pasteButton.setToolTip(_("Paste rows from a spreadsheet at the current cell (Ctrl+V)"))
        self.csvButton.setText(_("Import CSV…"))
        self.csvButton.setToolTip(_("Rows of rock, paper, scissors percentages"))
        self.gridBox.setTitle(_("Opponent's percentages at each throw"))
        self.legendLabel.setText(heatmap_legend())
        self.chartCaption.setText(_(CHARTS_CAPTION))
        self.lowerTabs.setTabText(0, _("Play a match"))
        self.lowerTabs.setTabText(1, _("Round and match charts"))
        for view in (self.heatmap, self.outcomes, self.leads):
            view.retranslate()
        if isinstance(self.why.picture, GreatGameWhyPicture):
            self.why.picture.retranslate()
        self.throws.retranslate()
        self.playPanel.retranslate()
        self._show_cell()

    def retranslate(self) -> None:
        """Re-render every text of the tab in the language spoken now (View > Language)."""
        super().retranslate()
        self._followed = None  # the Why page derives the match in play again, in these words
        self._name_widgets()

    # ----- inputs --------------------------------------------------------------------------
    def _g_changed(self, value: int) -> None:
        # An out-of-range G is marked on its field (nothing solves); the table keeps its rows.
        if self.gSpin.problem() is None and value != self.throws.rowCount():
            self.throws.resize(value)

    def _rows_changed(self, count: int) -> None:
        if self.gSpin.value() != count:
            self.gSpin.blockSignals(True)
            self.gSpin.setValue(count)
            self.gSpin.blockSignals(False)

    def inputs_changed(self) -> None:
        """Any edit fades the views and restarts the match (then a kept answer may come)."""
        if self.result is not None and not self.history.applying:
            self._dim(True)
        # A match on the old inputs would be played against an opponent no longer in the
        # form: it ends now and restarts from the new inputs (undo too: hence not above).
        self.restarter.inputs_changed()
        super().inputs_changed()

    def _dim(self, outdated: bool) -> None:
        """Fade the heat map and charts of a result that no longer matches the inputs."""
        opacity = 0.3 if outdated else 1.0
        faded = [self.heatmap.image, self.outcomes.bars, self.leads.curve, self.leads.start]
        for item in faded + self.heatmap.letters + self.outcomes.labels:
            item.setOpacity(opacity)
        if outdated:
            self.cellLabel.setText(_(OUTDATED))

    def read_inputs(self) -> GreatGameInputs:
        """G rows, W and L from the form; the first bad row is named."""
        return GreatGameInputs(self.throws.values(), self.wSpin.value(), self.lSpin.value())

    def set_inputs(self, inputs: GreatGameInputs) -> None:
        """Show ``inputs`` in the form (each percentage exactly, so it reads back the same)."""
        self.restore(state_of(inputs))

    def import_csv(self, path: str | Path) -> bool:
        """Replace the throws by the rows of a CSV file; on error keep them and say why."""
        path = Path(path)
        try:
            with self.history.group(N_("Import {name}"), name=path.name):
                self.throws.import_csv(path)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            reason = _("Cannot import {name}: {reason}").format(name=path.name, reason=exc)
            self.show_message(reason, error=True)
            return False
        count = self.throws.rowCount()
        self.show_message(
            ngettext(
                "Imported {count} throw from {name}.", "Imported {count} throws from {name}.", count
            ).format(count=count, name=path.name)
        )
        return True

    def choose_csv_file(self) -> None:
        """Ask for a CSV file of percentages and import it."""
        path = open_file(
            self,
            "throws-csv",
            _("Import throws from CSV"),
            _("CSV files (*.csv *.txt);;All files (*)"),
        )
        if path:
            self.import_csv(path)

    def state(self) -> dict[str, Any]:
        """Rows as typed, W and L."""
        return {"rows": self.throws.texts(), **self.gaps.state()}

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the form from ``state()`` data (``model.check_state`` refuses a bad one first)."""
        state = check_state(state)
        self.throws.set_texts(state["rows"])
        self.wSpin.setValue(state["W"])
        self.lSpin.setValue(state["L"])

    def solve_job(self, inputs: GreatGameInputs) -> Job[Any]:
        """Solve with the round policy recorded in the worker (the views and the CSV need it)."""
        return Job(solve_great_game, (inputs,), {"policy": True})

    # ----- result --------------------------------------------------------------------------
    def result_text(self, result: GreatGameResult) -> str:
        """The judge's answer in words (the round's chances are in the charts)."""
        return _("Chance to win the match with the best play: {answer}").format(
            answer=result.answer
        )

    def show_result(self, result: GreatGameResult) -> None:
        """Heat map, charts, and a match to play on these inputs."""
        self._dim(False)
        self.heatmap.show_result(result)
        self.outcomes.show_result(result)
        self.leads.show_result(result)
        self.heatmap.select(0, 0)
        self.playPanel.start(result.inputs, self.restarter.take_note())

    def clear_result(self) -> None:
        """Empty every view and drop the match."""
        self._dim(False)
        self.heatmap.show_result(None)
        self.outcomes.show_result(None)
        self.leads.show_result(None)
        self.cellLabel.setText(_(IDLE_CELL))
        self.playPanel.clear(self.restarter.idle_text(IDLE))

    def outdate_views(self) -> None:
        """The heat map and charts fade, as they do while the table is edited."""
        self._dim(True)

    def main_view(self) -> QWidget:
        """The heat map with its legend and explanation line."""
        return self.heatPanel

    def picture(self) -> QWidget:
        """Export picture draws the answer's own picture: the heat map of the best hands."""
        return self.heatPanel

    def why_picture(self) -> QWidget:
        """The Why page's heat map and lead chart, where a step's cells and leads light up."""
        return GreatGameWhyPicture()

    def _follow_play(self, state: GreatGamePlay | None) -> None:
        self._follow_why(state)
        # The heat map outlines the cell of the throw being played, the lead chart the lead.
        if state is None or self.result is None:
            return
        self.leads.mark(state.lead, state.match.start(state.lead))
        if not state.over and state.throw < self.result.inputs.throws:
            self.heatmap.select(state.throw, state.round_score)

    def _follow_why(self, state: GreatGamePlay | None) -> None:
        """The Why page follows the match in play: where it stands, the hands of this throw."""
        key, job = position_job(state)
        if key == self._followed:
            return  # the opponent's hand is awaited: still the same throw
        self._followed = key
        self.follow_play(job, _("The match in play") if job is not None else "")

    def _explain(self, throw: int, score: int) -> None:
        if self.result is not None and self.heatmap.image.opacity() == 1.0:
            self.cellLabel.setText(describe_cell(self.result, throw, score))

    def _show_cell(self) -> None:
        """The line under the heat map for the state now: idle, outdated, or the chosen cell."""
        if self.result is None:
            self.cellLabel.setText(_(IDLE_CELL))
        elif self.heatmap.image.opacity() < 1.0:
            self.cellLabel.setText(_(OUTDATED))
        elif self.heatmap.selection is not None:
            self._explain(*self.heatmap.selection)


def _spin(fields: OptionFields, name: str) -> QSpinBox:
    spin = fields.fields[name]
    assert isinstance(spin, QSpinBox)
    return spin


#: What ``gui.tabs.tab_class`` builds for this game.
TAB = GreatGameTab
