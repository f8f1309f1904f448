"""Play Nim against the solver: the panel draws a ``solvers.nim`` play state and sends moves.

No rule lives here: the panel is a view of a ``PlaySession`` over the state
(``NimGame``), which says whose turn it is, which moves are legal, what each is
worth (+1 keeps a won game, -1 hands it over) and what a move costs. Building
it (a subtraction game searches its Grundy period) runs as a ``SolveController``
job in a worker process; moves are then instant.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QSpinBox,
    QTableWidgetItem,
    QWidget,
)

from gui.controller import Job, JobFailure, SolveController
from gui.widgets.play_panel import PlayPanelFrame, costs_you
from gui.widgets.tables import fill_rows, mark_best, readonly_table, table_height
from solvers import nim
from solvers.nim.play import NimGame, PlayMove
from solvers.play_session import PlaySession

from .views import takes_text

__all__ = ["NimPlayPanel"]

IDLE = "Press “New game from the piles” to play them against the solver."
MOVES_TIP = (
    "What each move is worth: a winning take leaves the solver lost (✓, green); a losing take"
    " hands it a won game (✗). Double-click a pile to put its best take in the boxes."
)


class NimPlayPanel(PlayPanelFrame):
    """A game on the form's piles: you against the solver, every move valued and judged."""

    #: The game changed (new, a move, reset): the tab redraws the pile chart.
    changed = Signal()
    #: New game was pressed (or called): the tab's ``GameRestarter`` then restarts on edits.
    game_requested = Signal()

    def __init__(
        self, read_inputs: Callable[[], nim.NimInputs], parent: QWidget | None = None
    ) -> None:
        super().__init__(["I move first", "I move second"], "New game from the piles", IDLE, parent)
        self._read_inputs = read_inputs
        self.mistakes = 0
        #: The first log line of the game being built (why it started), or "".
        self._note = ""
        self.controller = SolveController(self)
        self.controller.finished.connect(self._begin)
        self.controller.failed.connect(self._failed)
        self.controller.progressed.connect(self._progressed)
        self.controller.cancelled.connect(lambda: self.positionLabel.setText("Cancelled. " + IDLE))
        self.newButton.clicked.connect(lambda: self.new_game())
        self.pileSpin = QSpinBox()
        self.pileSpin.setObjectName("pileSpin")
        self.pileSpin.setPrefix("pile ")
        self.pileSpin.setRange(1, 1)  # piles count from 1; the game sets the top
        self.takeSpin = QSpinBox()
        self.takeSpin.setObjectName("takeSpin")
        self.takeSpin.setPrefix("take ")
        self.takeSpin.setRange(1, nim.MAX_PILE)
        self.takeButton.clicked.connect(
            lambda: self.user_move(self.pileSpin.value() - 1, self.takeSpin.value())
        )
        self.hintButton.clicked.connect(lambda: self.show_hint())
        headers = ["Pile", "Stones", "✓ Winning takes", "✗ Losing takes"]
        self.movesTable = readonly_table(headers, "moveValues")
        self.movesTable.setToolTip(MOVES_TIP)
        self.movesTable.cellDoubleClicked.connect(lambda row, _: self._pick_pile(row))
        # Four piles in sight at 1024x700 (it showed three): the chart above gives up height.
        self.movesTable.setMinimumHeight(table_height(self.movesTable, 4))
        self.arrange([self.pileSpin, self.takeSpin], middle=self.movesTable)
        # The table of move values matters more than the log: the log keeps a few lines.
        self.log.setMaximumHeight(6 * self.log.fontMetrics().lineSpacing())
        self.log.setMinimumHeight(3 * self.log.fontMetrics().lineSpacing())

    @property
    def busy(self) -> bool:
        """Whether the game is being built in the worker."""
        return self.controller.busy

    @property
    def state(self) -> NimGame | None:
        """The play state of the game in play (None: no game)."""
        state = super().state
        return state if isinstance(state, NimGame) else None

    @property
    def position(self) -> nim.NimInputs | None:
        """The piles and rule of the game in play."""
        return None if self.state is None else self.state.position

    @property
    def user(self) -> int:
        """The user's side: 0 moves first, 1 second (the chosen side while no game runs)."""
        return self.sideCombo.currentIndex() if self.session is None else self.session.user

    # ----- game flow ---------------------------------------------------------------------
    def new_game(self, user_first: bool | None = None, note: str = "") -> bool:
        """Build a game on the form's piles in the worker; it starts when ready.

        ``note`` opens the game's log (e.g. it restarted because the inputs changed).
        """
        self.game_requested.emit()
        if user_first is not None:
            self.sideCombo.setCurrentIndex(0 if user_first else 1)
        try:
            inputs = self._read_inputs()
        except ValueError as exc:
            self.positionLabel.setText(f"Fix the inputs first: {exc}")
            return False
        self.reset("Preparing the game…")
        self._note = note
        self.controller.start(Job(nim.new_game, (inputs,)))
        return True

    def reset(self, reason: str = IDLE) -> None:
        """End the game (e.g. the inputs changed) and say why."""
        self.controller.cancel()
        self.session = None
        self.mistakes = 0
        self.log.clear()
        self.positionLabel.setText(reason)
        self._after_move()

    def _progressed(self, fraction: float) -> None:
        # Only a subtraction game's period search takes long enough to be seen.
        self.positionLabel.setText(f"Preparing the game… {fraction:.0%} (Esc cancels)")

    def _failed(self, failure: JobFailure) -> None:
        self.positionLabel.setText(f"Cannot play on these piles: {failure}")

    def _begin(self, state: NimGame) -> None:
        self.session = PlaySession.of("nim", state, self.sideCombo.currentIndex())
        self.mistakes = 0
        self.log.clear()
        if self._note:
            self.log.addItem(self._note)
        piles = ", ".join(f"{p:,}" for p in state.piles)
        order = "first" if self.user == 0 else "second"
        self.log.addItem(f"Game started on piles {piles}; you move {order}.")
        # Start the take box on a legal amount (1 is illegal when S lacks it).
        rule = state.position
        self.takeSpin.setValue(rule.subtraction[0] if rule.subtraction else 1)
        if self.session.solver_to_move:
            self._solver_move()
        self._after_move()

    def user_move(self, pile: int, take: int) -> bool:
        """Play the user's move; log whether it threw a won game away."""
        session = self.session
        if session is None or not session.user_to_move:
            return False
        state = session.state
        before = state.piles[pile] if 0 <= pile < len(state.piles) else 0
        move = (pile, before - take)
        try:
            after = session.play(move)
        except ValueError as exc:
            self.positionLabel.setText(f"Not a legal move: {exc}")
            return False
        text = f"You: pile {pile + 1}, {before:,} → {before - take:,}"
        cost = session.cost(move)
        if cost > 0:
            self.mistakes += 1
            best_pile, best_after = session.solver_move()
            text += (
                f"   ✗ a losing move (costs you {costs_you(session.units, cost)}) —"
                f" pile {best_pile + 1},"
                f" {state.piles[best_pile]:,} → {best_after:,} would have won"
            )
        elif session.values()[move] > 0:
            text += "   ✓ a winning move"
        return self.record_user_move(after, text)

    def solver_words(self, before: PlaySession, move: Any) -> str:
        """``Solver: pile 1, 3 → 1``."""
        pile, after = move
        return f"Solver: pile {pile + 1}, {before.state.piles[pile]:,} → {after:,}"

    def _after_move(self) -> None:
        session = self.session
        self.log.scrollToBottom()
        if session is not None:
            piles = ", ".join(f"{p:,}" for p in session.state.piles)
            if session.over:
                won = session.score_for_user() > 0
                verdict = "you win!" if won else "the solver wins."
                self.positionLabel.setText(f"Piles: {piles}. Game over: {verdict}")
            else:
                winning = session.best_value() > 0
                outlook = "you can force a win" if winning else "the solver can force a win"
                self.positionLabel.setText(f"Piles: {piles}. Your move — {outlook}.")
                self.pileSpin.setRange(1, len(session.state.piles))
        self.set_move_controls(session is not None and session.user_to_move)
        self._fill_moves()
        self.changed.emit()

    def show_hint(self) -> None:
        """Put the best move in the boxes and log it."""
        session = self.session
        if session is None or not session.user_to_move:
            return
        state = session.state
        pile, after = session.solver_move()
        take = state.piles[pile] - after
        self.log.addItem(f"Hint: take {take:,} from pile {pile + 1}")
        self.log.scrollToBottom()
        self.pileSpin.setValue(pile + 1)
        self.takeSpin.setValue(take)

    def _pick_pile(self, row: int) -> None:
        session, state = self.session, self.state
        if session is None or state is None or session.over or not 0 <= row < len(state.piles):
            return
        values = session.values()
        takes = [(v, state.piles[p] - a) for (p, a), v in values.items() if p == row]
        if takes:
            self.pileSpin.setValue(row + 1)
            self.takeSpin.setValue(max(takes, key=lambda vt: (vt[0], -vt[1]))[1])

    # ----- the value of every move ---------------------------------------------------------
    def winning_by_pile(self) -> dict[int, list[int]]:
        """Pile index -> the sizes the mover's winning moves leave (the chart marks them)."""
        by_pile: dict[int, list[int]] = {}
        for pile, after in self._user_moves(winning=True):
            by_pile.setdefault(pile, []).append(after)
        return by_pile

    def _user_moves(self, winning: bool) -> list[PlayMove]:
        """The user's winning (or losing) moves now; none while the user does not move."""
        session = self.session
        if session is None or not session.user_to_move:
            return []
        return [move for move, value in session.values().items() if (value > 0) == winning]

    def _fill_moves(self) -> None:
        session = self.session
        if session is None or not session.user_to_move:
            self.movesTable.setRowCount(0)
            return
        state = session.state
        wins: dict[int, list[int]] = {}
        losses: dict[int, list[int]] = {}
        for (pile, after), value in session.values().items():
            target = wins if value > 0 else losses
            target.setdefault(pile, []).append(state.piles[pile] - after)
        rows = []
        for row, size in enumerate(state.piles):
            won = wins.get(row, [])
            lost = losses.get(row, [])
            cells = [
                f"{row + 1}",
                f"{size:,}",
                ("✓ take " + takes_text(won)) if won else "—",
                ("✗ take " + takes_text(lost)) if lost else "—",
            ]
            rows.append([QTableWidgetItem(text) for text in cells])
            if won:
                mark_best(rows[-1])
        fill_rows(self.movesTable, rows)
