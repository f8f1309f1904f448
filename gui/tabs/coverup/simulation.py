"""The simulation panel: many games played with the optimal policy, beside the exact value."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.controller import Job, JobFailure, SolveController
from gui.widgets.fields import NumberField
from gui.widgets.labels import caption
from gui.widgets.progress import job_progress_bar
from solvers import coverup as cu
from solvers.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from solvers.coverup.simulation import Simulation

__all__ = ["SimulationPanel"]

#: What the panel says before a solve, and once solved.
IDLE = N_("Solve first, then simulate games played with the best picks.")
READY = N_("Simulate plays these games with the best picks.")
CAPTION = N_(
    "Right digits drawn from your chances. The 95% interval, from the games alone, misses"
    " the exact value in about 1 run in 20 by chance."
)
#: Room for the games and seed boxes and the words under them; the play-along gets the rest.
MIN_WIDTH = 330
#: What a run whose interval misses the exact value means (it is no sign of a wrong solver).
BY_CHANCE = N_("outside, as about 1 run in 20 is by chance")


class SimulationPanel(QGroupBox):
    """Run N games with the optimal policy in a worker and compare with the exact value."""

    def __init__(
        self, current: Callable[[], cu.CoverUpResult | None], parent: QWidget | None = None
    ) -> None:
        super().__init__(_("Simulate many games"), parent)
        self._current = current
        self.controller = SolveController(self)
        self.controller.finished.connect(self.show_simulation)
        self.controller.failed.connect(self._failed)
        self.controller.cancelled.connect(self._cancelled)
        self.simulation: Simulation | None = None
        self.gamesSpin = NumberField(solve_input=False)
        self.gamesSpin.setObjectName("gamesSpin")
        self.gamesSpin.setRange(100, 5_000_000)
        self.gamesSpin.setSingleStep(10_000)
        self.gamesSpin.setGroupSeparatorShown(True)
        self.gamesSpin.setValue(100_000)
        self.seedSpin = NumberField(solve_input=False)
        self.seedSpin.setRange(0, 1_000_000)
        self.simulateButton = QPushButton(_("Simulate"))
        self.simulateButton.setObjectName("simulateButton")
        self.simulateButton.clicked.connect(lambda: self.start())
        self.progressBar = job_progress_bar(self.controller, "simulationProgress")
        self.resultLabel = QLabel()
        self.resultLabel.setObjectName("simulationLabel")
        self.resultLabel.setWordWrap(True)
        #: What the result label says, in the language spoken when it is called.
        self._words: Callable[[], str] = lambda: _(IDLE)
        self._spin_words()
        self.set_ready(False)
        self._say(self._words)
        # Two short rows, not one long one: the panel then leaves the play-along beside it
        # room for its table of five pick columns at 1024 px.
        controls = QGridLayout()
        controls.addWidget(self.gamesSpin, 0, 0)
        controls.addWidget(self.simulateButton, 0, 1)
        controls.addWidget(self.seedSpin, 1, 0)
        controls.addWidget(self.progressBar, 1, 1)  # beside the seed: the words never move
        controls.setColumnStretch(2, 1)
        self.setMinimumWidth(MIN_WIDTH)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.resultLabel)
        layout.addWidget(caption(_(CAPTION), "simulationCaption"))
        layout.addStretch(1)

    def _say(self, words: Callable[[], str]) -> None:
        """Show ``words()`` under the buttons; ``retranslate`` says it again."""
        self._words = words
        self.resultLabel.setText(words())

    def _spin_words(self) -> None:
        self.gamesSpin.setSuffix(_(" games"))
        self.seedSpin.setPrefix(_("seed "))
        self.seedSpin.setSpecialValueText(_("random seed"))

    def retranslate(self) -> None:
        """Say the result, the tooltip and the boxes' words again in the language spoken now."""
        self._spin_words()
        self.set_ready(self.simulateButton.isEnabled())
        self._say(self._words)

    @property
    def busy(self) -> bool:
        """Whether a simulation runs."""
        return self.controller.busy

    def start(self) -> bool:
        """Simulate in a worker process (a new start replaces a running simulation)."""
        result = self._current()
        if result is None:
            self._say(lambda: _("Solve first: the simulation plays the solved policy."))
            return False
        games = self.gamesSpin.value()
        seed = self.seedSpin.value() or None
        self.simulation = None
        self._say(
            lambda: ngettext(
                "Simulating {games} game… (Cancel or Esc stops it)",
                "Simulating {games} games… (Cancel or Esc stops it)",
                games,
            ).format(games=f"{games:,}")
        )
        self.controller.start(Job(cu.simulate, (result, games, seed)))
        return True

    def set_ready(self, ready: bool) -> None:
        """Simulate only a solved, current game; the tooltip says why the button is off."""
        self.simulateButton.setEnabled(ready)
        if ready and self.simulation is None and not self.busy:
            self._say(lambda: _(READY))
        self.simulateButton.setToolTip(
            _("Play many games with the best picks")
            if ready
            else _("Solve valid inputs first: the simulation plays the solved picks")
        )

    def cancel(self) -> None:
        """Stop a running simulation (within one batch of games); its late result is dropped."""
        self.controller.cancel()

    def clear(self) -> None:
        """Forget the last simulation (the inputs changed)."""
        self.cancel()
        self.simulation = None
        self.set_ready(False)
        self._say(lambda: _(IDLE))

    def show_simulation(self, sim: Simulation) -> None:
        """Show a finished simulation beside the exact value."""
        self.simulation = sim
        self._say(lambda: _simulation_words(sim))

    def _failed(self, failure: JobFailure) -> None:
        self._say(lambda: _("The simulation failed: {reason}").format(reason=failure))

    def _cancelled(self) -> None:
        self._say(lambda: _("Simulation cancelled."))


def _simulation_words(sim: Simulation) -> str:
    verdict = _("inside") if sim.covers_exact else _(BY_CHANCE)
    return ngettext(
        "{games} game, {wins} won: {rate}, 95% interval {low} to {high}. Exact value {exact}:"
        " {verdict}.",
        "{games} games, {wins} won: {rate}, 95% interval {low} to {high}. Exact value {exact}:"
        " {verdict}.",
        sim.games,
    ).format(
        games=f"{sim.games:,}",
        wins=f"{sim.wins:,}",
        rate=f"{sim.rate:.4f}",
        low=f"{sim.low:.4f}",
        high=f"{sim.high:.4f}",
        exact=f"{sim.exact:.4f}",
        verdict=verdict,
    )
