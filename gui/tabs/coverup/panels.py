"""The play-along panel (turn status, alternatives, log) and the simulation panel."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.controller import Job, JobFailure, SolveController
from gui.widgets.theme import BEST, SELECTED
from solvers import coverup as cu

from .play import PlayAlong, describe

__all__ = ["PlayPanel", "SimulationPanel"]


class PlayPanel(QGroupBox):
    """Turn status, Next turn / Restart, every alternative pick combination and a log."""

    #: The user picked another combination in the alternatives table.
    picks_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Play along", parent)
        self.statusLabel = QLabel("Solve first; then tick the picks that came up right.")
        self.statusLabel.setObjectName("playStatus")
        self.statusLabel.setWordWrap(True)
        self.statusLabel.setStyleSheet("font-weight: 600;")
        self.nextButton = QPushButton("Next turn")
        self.nextButton.setObjectName("nextTurnButton")
        self.nextButton.setToolTip("Apply the ticks of the “Pick this turn” column")
        self.restartButton = QPushButton("Restart")
        self.restartButton.setObjectName("restartButton")
        self.alternatives = QTableWidget(0, 2)
        self.alternatives.setObjectName("alternativesTable")
        self.alternatives.setHorizontalHeaderLabels(
            ["Picks, column 1 · 2 · … (* = reserve)", "Win prob."]
        )
        self.alternatives.verticalHeader().hide()
        self.alternatives.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.alternatives.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.alternatives.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.alternatives.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.alternatives.setToolTip("Every pick combination of this turn; click one to play it")
        self.alternatives.cellClicked.connect(self._clicked)
        self.log = QListWidget()
        self.log.setObjectName("playLog")
        self.log.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.nextButton)
        buttons.addWidget(self.restartButton)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.statusLabel)
        layout.addLayout(buttons)
        layout.addWidget(self.alternatives, 3)
        layout.addWidget(self.log, 1)
        self._options: list[tuple[cu.Pick | None, ...]] = []
        self.show_game(None)

    def _clicked(self, row: int, _column: int) -> None:
        if 0 <= row < len(self._options):
            self.picks_chosen.emit(self._options[row])

    def show_game(self, game: PlayAlong | None) -> None:
        """Status, alternatives and log of ``game`` (None: no game yet)."""
        self.nextButton.setEnabled(game is not None and not game.over)
        self.restartButton.setEnabled(game is not None)
        self.alternatives.setRowCount(0)
        self._options = []
        self.log.clear()
        if game is None:
            self.statusLabel.setText("Solve first; then tick the picks that came up right.")
            return
        self.log.addItems(game.log)
        self.log.scrollToBottom()
        if game.over:
            verdict = "won 🎉" if game.outcome == "won" else "lost"
            self.statusLabel.setText(f"Game {verdict}. Press Restart to play again.")
            return
        entry = game.entry
        assert entry is not None
        chosen = game.picks_value()
        text = (
            f"Turn {game.turn}: winning probability {cu.format_probability(entry.value)}"
            f" ({entry.value:.4f}) with optimal play."
        )
        if game.picks != entry.picks:
            text += f" Your chosen picks: {chosen:.4f}."
        if any(game.reserve()):
            text += " Amber picks are reserve picks."
        self.statusLabel.setText(text + " Tick the right picks, then Next turn.")
        self.alternatives.setRowCount(len(entry.alternatives))
        for row, alt in enumerate(entry.alternatives):
            self._options.append(alt.picks)
            picks_item = QTableWidgetItem(describe(alt.picks, alt.reserve))
            value_item = QTableWidgetItem(f"{alt.value:.4f}")
            value_item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            for item in (picks_item, value_item):
                if alt.picks == entry.picks:
                    item.setBackground(BEST)
                elif alt.picks == game.picks:
                    item.setBackground(SELECTED)
                self.alternatives.setItem(row, 0 if item is picks_item else 1, item)


class SimulationPanel(QGroupBox):
    """Run N games with the optimal policy in a worker and compare with the exact value."""

    def __init__(
        self, current: Callable[[], cu.CoverUpResult | None], parent: QWidget | None = None
    ) -> None:
        super().__init__("Simulation of the optimal policy", parent)
        self._current = current
        self.controller = SolveController(self)
        self.controller.finished.connect(self.show_simulation)
        self.controller.failed.connect(self._failed)
        self.controller.cancelled.connect(self._cancelled)
        self.simulation: cu.Simulation | None = None
        self.gamesSpin = QSpinBox()
        self.gamesSpin.setObjectName("gamesSpin")
        self.gamesSpin.setRange(100, 5_000_000)
        self.gamesSpin.setSingleStep(10_000)
        self.gamesSpin.setGroupSeparatorShown(True)
        self.gamesSpin.setValue(100_000)
        self.gamesSpin.setSuffix(" games")
        self.seedSpin = QSpinBox()
        self.seedSpin.setRange(0, 1_000_000)
        self.seedSpin.setPrefix("seed ")
        self.seedSpin.setSpecialValueText("random seed")
        self.simulateButton = QPushButton("Simulate")
        self.simulateButton.setObjectName("simulateButton")
        self.simulateButton.clicked.connect(lambda: self.start())
        self.resultLabel = QLabel("Solve, then simulate games played with the optimal policy.")
        self.resultLabel.setObjectName("simulationLabel")
        self.resultLabel.setWordWrap(True)
        row = QHBoxLayout()
        for widget in (self.gamesSpin, self.seedSpin, self.simulateButton):
            row.addWidget(widget)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.resultLabel)

    @property
    def busy(self) -> bool:
        """Whether a simulation runs."""
        return self.controller.busy

    def start(self) -> bool:
        """Simulate in a worker thread (cancelling a running one)."""
        result = self._current()
        if result is None:
            self.resultLabel.setText("Solve first: the simulation plays the solved policy.")
            return False
        games = self.gamesSpin.value()
        seed = self.seedSpin.value() or None
        self.resultLabel.setText(f"Simulating {games:,} games…")
        self.controller.start(Job(cu.__name__, "simulate", (result, games, seed)))
        return True

    def cancel(self) -> None:
        """Stop a running simulation; its late result is dropped."""
        self.controller.cancel()

    def clear(self) -> None:
        """Forget the last simulation (the inputs changed)."""
        self.cancel()
        self.simulation = None
        self.resultLabel.setText("Solve, then simulate games played with the optimal policy.")

    def show_simulation(self, sim: cu.Simulation) -> None:
        """Show a finished simulation beside the exact value."""
        self.simulation = sim
        verdict = "inside" if sim.covers_exact else "OUTSIDE"
        self.resultLabel.setText(
            f"{sim.games:,} games: {sim.wins:,} won, win rate {sim.rate:.4f}"
            f" (95% interval {sim.low:.4f} to {sim.high:.4f}); exact {sim.exact:.4f},"
            f" {verdict} the interval."
        )

    def _failed(self, failure: JobFailure) -> None:
        self.resultLabel.setText(f"The simulation failed: {failure}")

    def _cancelled(self) -> None:
        self.resultLabel.setText("Simulation cancelled.")
