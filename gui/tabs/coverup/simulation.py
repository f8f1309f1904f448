"""The simulation panel: many games played with the optimal policy, beside the exact value."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.controller import Job, JobFailure, SolveController
from gui.widgets.labels import caption
from gui.widgets.progress import job_progress_bar
from solvers import coverup as cu

if TYPE_CHECKING:
    from solvers.coverup.simulation import Simulation

__all__ = ["SimulationPanel"]

#: What the panel says before a solve, and once solved.
IDLE = "Solve first, then simulate games played with the best picks."
READY = "Press Simulate to play these games with the best picks."
CAPTION = (
    "Plays many games with the best picks, the right digits drawn at random from the chances"
    " you typed. The 95% interval is worked out from the games alone; it holds the exact value"
    " in about 19 runs in 20, so about 1 run in 20 misses it by chance."
)
#: What a run whose interval misses the exact value means (it is no sign of a wrong solver).
BY_CHANCE = "That happens by chance in about 1 run in 20: simulate again with another seed."


class SimulationPanel(QGroupBox):
    """Run N games with the optimal policy in a worker and compare with the exact value."""

    def __init__(
        self, current: Callable[[], cu.CoverUpResult | None], parent: QWidget | None = None
    ) -> None:
        super().__init__("Simulate many games", parent)
        self._current = current
        self.controller = SolveController(self)
        self.controller.finished.connect(self.show_simulation)
        self.controller.failed.connect(self._failed)
        self.controller.cancelled.connect(self._cancelled)
        self.simulation: Simulation | None = None
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
        self.set_ready(False)
        self.progressBar = job_progress_bar(self.controller, "simulationProgress")
        self.resultLabel = QLabel(IDLE)
        self.resultLabel.setObjectName("simulationLabel")
        self.resultLabel.setWordWrap(True)
        row = QHBoxLayout()
        for widget in (self.gamesSpin, self.seedSpin, self.simulateButton):
            row.addWidget(widget)
        row.addWidget(self.progressBar, 1)  # in the row: the words below never move
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.resultLabel)
        layout.addWidget(caption(CAPTION))
        layout.addStretch(1)

    @property
    def busy(self) -> bool:
        """Whether a simulation runs."""
        return self.controller.busy

    def start(self) -> bool:
        """Simulate in a worker process (a new start replaces a running simulation)."""
        result = self._current()
        if result is None:
            self.resultLabel.setText("Solve first: the simulation plays the solved policy.")
            return False
        games = self.gamesSpin.value()
        seed = self.seedSpin.value() or None
        self.simulation = None
        self.resultLabel.setText(f"Simulating {games:,} games… (Cancel or Esc stops it)")
        self.controller.start(Job(cu.__name__, "simulate", (result, games, seed)))
        return True

    def set_ready(self, ready: bool) -> None:
        """Simulate only a solved, current game; the tooltip says why the button is off."""
        self.simulateButton.setEnabled(ready)
        if ready and self.simulation is None and not self.busy:
            self.resultLabel.setText(READY)
        self.simulateButton.setToolTip(
            "Play many games with the best picks"
            if ready
            else "Solve valid inputs first: the simulation plays the solved picks"
        )

    def cancel(self) -> None:
        """Stop a running simulation (within one batch of games); its late result is dropped."""
        self.controller.cancel()

    def clear(self) -> None:
        """Forget the last simulation (the inputs changed)."""
        self.cancel()
        self.simulation = None
        self.set_ready(False)
        self.resultLabel.setText(IDLE)

    def show_simulation(self, sim: Simulation) -> None:
        """Show a finished simulation beside the exact value."""
        self.simulation = sim
        verdict = "inside" if sim.covers_exact else "outside"
        text = (
            f"{sim.games:,} games: {sim.wins:,} won, win rate {sim.rate:.4f}, 95% interval"
            f" {sim.low:.4f} to {sim.high:.4f}. The exact value {sim.exact:.4f} is {verdict} it."
        )
        self.resultLabel.setText(text if sim.covers_exact else f"{text} {BY_CHANCE}")

    def _failed(self, failure: JobFailure) -> None:
        self.resultLabel.setText(f"The simulation failed: {failure}")

    def _cancelled(self) -> None:
        self.resultLabel.setText("Simulation cancelled.")
