"""The Great Game tab: throws grid, W and L, the match probability and the round policy."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gui.tabs.base import GameTab
from gui.tabs.greatgame.throw_table import ThrowTableModel, ThrowTableView
from gui.tabs.greatgame.views import (
    DECIDED,
    HAND_COLOURS,
    LeadPlot,
    OutcomeBars,
    PolicyHeatmap,
    describe_cell,
)
from solvers.greatgame import (
    MAX_GAP,
    MAX_THROWS,
    GreatGameInputs,
    GreatGameResult,
    Hand,
    solve_great_game,
)

__all__ = ["GreatGameTab"]

RULES = """<p><b>The Great Game.</b> Rock-paper-scissors in rounds of G throws; each throw
won scores 1. The round goes to whoever scored more (equal: nobody). You win the match when
you have won W rounds more than the opponent, and lose it L rounds behind. The opponent plays
rock, paper, scissors with fixed percentages at each throw; you see the throw number and the
score so far.</p>
<p>Tied rounds change nothing, so only q = P(win round) / (P(win) + P(lose)) matters, and the
match is a gambler's ruin:
P = (1 &minus; k<sup>L</sup>) / (1 &minus; k<sup>W+L</sup>), k = (1 &minus; q)/q
(L/(W+L) when q = 1/2). The best q is found by Dinkelbach's method over a DP on
(throw, score).</p>
<p>Heat map: each cell is the hand to play at that throw and score; pale cells are ties (the
tooltip line names every best hand), grey cells are rounds already decided.</p>"""


class GreatGameTab(GameTab):
    """Solve The Great Game and show the round policy."""

    game_id = "greatgame"
    rules_html = RULES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.throws = ThrowTableModel()
        self.table = ThrowTableView(self.throws)
        self.gSpin = self._spin("gSpin", 1, MAX_THROWS, 1, "throws per round")
        self.wSpin = self._spin("wSpin", 1, MAX_GAP, 1, "win when this many rounds ahead")
        self.lSpin = self._spin("lSpin", 1, MAX_GAP, 1, "lose when this many rounds behind")
        self.gSpin.valueChanged.connect(self._g_changed)
        self.throws.rows_changed.connect(self._rows_changed)
        self.throws.edited.connect(self.inputs_changed)
        for spin in (self.wSpin, self.lSpin):
            spin.valueChanged.connect(lambda *_: self.inputs_changed())

        form = QFormLayout()
        form.addRow("G (throws per round)", self.gSpin)
        form.addRow("W (rounds ahead to win)", self.wSpin)
        form.addRow("L (rounds behind to lose)", self.lSpin)
        fills = QHBoxLayout()
        for text, name, kind in (
            ("Uniform", "fillUniformButton", "uniform"),
            ("Random", "fillRandomButton", "random"),
            ("Toward rock", "fillRockButton", "rock"),
        ):
            button = QPushButton(text)
            button.setObjectName(name)
            button.setToolTip(f"Fill every throw: {text.lower()}")
            button.clicked.connect(lambda _=False, k=kind: self.throws.fill(k))
            fills.addWidget(button)
        files = QHBoxLayout()
        self.pasteButton = QPushButton("Paste")
        self.pasteButton.setObjectName("pasteButton")
        self.pasteButton.setToolTip("Paste rows from a spreadsheet at the current cell (Ctrl+V)")
        self.pasteButton.clicked.connect(self.table.paste_clipboard)
        self.csvButton = QPushButton("Import CSV…")
        self.csvButton.setObjectName("importCsvButton")
        self.csvButton.setToolTip("Rows of rock, paper, scissors percentages")
        self.csvButton.clicked.connect(self.choose_csv_file)
        files.addWidget(self.pasteButton)
        files.addWidget(self.csvButton)
        grid_box = QGroupBox("Opponent's percentages per throw")
        grid_layout = QVBoxLayout(grid_box)
        grid_layout.addLayout(fills)
        grid_layout.addWidget(self.table, 1)
        grid_layout.addLayout(files)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(form)
        left_layout.addWidget(grid_box, 1)

        self.heatmap = PolicyHeatmap()
        self.heatmap.hovered.connect(self._explain)
        self.heatmap.selected.connect(self._explain)
        self.cellLabel = QLabel("Solve, then point at a cell of the heat map.")
        self.cellLabel.setObjectName("cellLabel")
        self.cellLabel.setWordWrap(True)
        legend = " ".join(
            f'<span style="background:{HAND_COLOURS[h]}; color:white">&nbsp;{h.name.lower()}'
            "&nbsp;</span>"
            for h in Hand
        )
        self.legendLabel = QLabel(
            f"{legend} &nbsp; pale: tie between hands &nbsp; "
            f'<span style="background:{DECIDED}">&nbsp;decided&nbsp;</span>'
        )
        self.outcomes = OutcomeBars()
        self.leads = LeadPlot()
        plots = QSplitter(Qt.Orientation.Horizontal)
        plots.addWidget(self.outcomes)
        plots.addWidget(self.leads)
        plots.setSizes([300, 520])
        right = QSplitter(Qt.Orientation.Vertical)
        heat = QWidget()
        heat_layout = QVBoxLayout(heat)
        heat_layout.setContentsMargins(0, 0, 0, 0)
        heat_layout.addWidget(self.legendLabel)
        heat_layout.addWidget(self.heatmap, 1)
        heat_layout.addWidget(self.cellLabel)
        right.addWidget(heat)
        right.addWidget(plots)
        right.setSizes([480, 260])
        self.add_form_and_views(left, right, (380, 900))
        self.throws.set_texts([["30", "30", "40"], ["50", "20", "30"]])
        self.wSpin.setValue(2)
        self.lSpin.setValue(2)
        self.revalidate()

    def _spin(self, name: str, lo: int, hi: int, value: int, tip: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(lo, hi)
        spin.setValue(value)
        spin.setToolTip(tip)
        spin.setKeyboardTracking(False)
        return spin

    # ----- inputs --------------------------------------------------------------------------
    def _g_changed(self, value: int) -> None:
        if value != self.throws.rowCount():
            self.throws.resize(value)

    def _rows_changed(self, count: int) -> None:
        if self.gSpin.value() != count:
            self.gSpin.blockSignals(True)
            self.gSpin.setValue(count)
            self.gSpin.blockSignals(False)

    def read_inputs(self) -> GreatGameInputs:
        """G rows, W and L from the form; the first bad row is named."""
        return GreatGameInputs(self.throws.values(), self.wSpin.value(), self.lSpin.value())

    def set_inputs(self, inputs: GreatGameInputs) -> None:
        """Show ``inputs`` in the form."""
        self.throws.set_texts([[f"{v:g}" for v in row] for row in inputs.percentages])
        self.wSpin.setValue(inputs.win_by)
        self.lSpin.setValue(inputs.lose_by)

    def import_csv(self, path: str | Path) -> bool:
        """Replace the throws by the rows of a CSV file; on error keep them and say why."""
        path = Path(path)
        try:
            self.throws.import_csv(path)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            self.show_message(f"Cannot import {path.name}: {exc}", error=True)
            return False
        self.show_message(f"Imported {self.throws.rowCount()} throws from {path.name}.")
        return True

    def choose_csv_file(self) -> None:
        """Ask for a CSV file of percentages and import it."""
        path, _ = QFileDialog.getOpenFileName(
            self, "Import throws from CSV", "", "CSV files (*.csv *.txt);;All files (*)"
        )
        if path:
            self.import_csv(path)

    def state(self) -> dict[str, Any]:
        """Rows as typed, W and L."""
        return {"rows": self.throws.texts(), "W": self.wSpin.value(), "L": self.lSpin.value()}

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the form from a session."""
        rows, w, lose = state["rows"], state["W"], state["L"]
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise ValueError("'rows' must be a list of [rock, paper, scissors] rows")
        for name, value in (("W", w), ("L", lose)):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_GAP:
                raise ValueError(f"'{name}' must be a whole number from 1 to {MAX_GAP}")
        self.throws.set_texts([[str(c) for c in r] for r in rows])
        self.wSpin.setValue(w)
        self.lSpin.setValue(lose)

    def parse_judge_text(self, text: str) -> list[Any]:
        """Cases of a judge file; a file with none (empty, blank, ``0 0 0``) is refused."""
        cases = super().parse_judge_text(text)
        if not cases:
            raise ValueError("no case in the file (expected a line G W L, then G rows a b c)")
        return cases

    def run_solver(self, inputs: GreatGameInputs, progress: Callable[[float], None]) -> Any:
        """Solve with the round policy recorded in the worker (the views need it)."""
        return solve_great_game(inputs, progress, policy=True)

    # ----- result --------------------------------------------------------------------------
    def result_text(self, result: GreatGameResult) -> str:
        """Match probability (the judge's answer), q and the round outcomes."""
        return (
            f"P(win match) = {result.answer} — round ratio q = {result.ratio:.6f} "
            f"(win {100 * result.round_win:.2f}%, tie {100 * result.round_tie:.2f}%, "
            f"lose {100 * result.round_lose:.2f}%)"
        )

    def show_result(self, result: GreatGameResult) -> None:
        """Heat map, outcome bars and lead curve."""
        self.heatmap.show_result(result)
        self.outcomes.show_result(result)
        self.leads.show_result(result)
        self.heatmap.select(0, 0)

    def clear_result(self) -> None:
        """Empty every view."""
        self.heatmap.show_result(None)
        self.outcomes.show_result(None)
        self.leads.show_result(None)
        self.cellLabel.setText("Solve, then point at a cell of the heat map.")

    def _explain(self, throw: int, score: int) -> None:
        if self.result is not None:
            self.cellLabel.setText(describe_cell(self.result, throw, score))

    def screenshot_invalid(self) -> None:
        """A row that sums to 99, for the screenshot of invalid input."""
        self.throws.setData(self.throws.index(1, 2), "29")

    def screenshot_states(self) -> list[tuple[str, Any]]:
        """A selected cell with a tie, and a bigger random case."""

        def tie() -> None:
            if self.result is not None:
                self.heatmap.select(4, 2)

        def big() -> None:
            self.gSpin.setValue(60)
            self.throws.fill("rock", seed=3)
            self.wSpin.setValue(5)
            self.lSpin.setValue(5)
            self.solve()
            while self.busy:
                from PySide6.QtWidgets import QApplication

                QApplication.processEvents()

        return [("tie-selected", tie), ("big", big)]
