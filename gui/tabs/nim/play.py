"""Play Nim against the solver: the panel draws a ``solvers.nim`` play state and sends moves.

No rule lives here: the panel is a view of a ``PlaySession`` over the state
(``NimGame``), which says whose turn it is, which moves are legal, what each is
worth (+1 keeps a won game, -1 hands it over) and what a move costs. Building
it (a subtraction game searches its Grundy period) runs as a ``SolveController``
job in a worker process; moves are then instant.

Every line the panel writes is kept as a function that renders it, so that
``retranslate`` rewrites the position line and the log in a newly chosen language.
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
from gui.widgets.play_panel import NEW_GAME, RESTARTED, SIDES, PlayPanelFrame, costs_you
from gui.widgets.tables import fill_rows, mark_best, readonly_table, table_height
from solvers import nim
from solvers.i18n import N_, _
from solvers.nim.play import NimGame, PlayMove
from solvers.play_session import PlaySession

from .views import takes_text

__all__ = ["NimPlayPanel"]

IDLE = N_("Press “New game” to play the piles against the solver.")
CANCELLED = N_("Cancelled. Press “New game” to play the piles against the solver.")
MOVES_TIP = N_(
    "What each move is worth: a winning take leaves the solver lost (✓, green); a losing take"
    " hands it a won game (✗). Double-click a pile to put its best take in the boxes."
)
#: A line of the panel, rendered in the language spoken when it is called.
Render = Callable[[], str]


def later(text: str, **fields: object) -> Render:
    """A line saying ``_(text).format(**fields)`` in the language spoken when it is shown.

    ``text`` is marked with ``N_`` where it is written.
    """
    return lambda: _(text).format(**fields)


def _piles_text(piles: tuple[int, ...]) -> str:
    return ", ".join(f"{p:,}" for p in piles)


class NimPlayPanel(PlayPanelFrame):
    """A game on the form's piles: you against the solver, every move valued and judged."""

    #: The game changed (new, a move, reset): the tab redraws the pile chart.
    changed = Signal()
    #: New game was pressed (or called): the tab's ``GameRestarter`` then restarts on edits.
    game_requested = Signal()

    def __init__(
        self, read_inputs: Callable[[], nim.NimInputs], parent: QWidget | None = None
    ) -> None:
        super().__init__([_(side) for side in SIDES], _(NEW_GAME), _(IDLE), parent)
        self._read_inputs = read_inputs
        self.mistakes = 0
        #: The first log line of the game being built (why it started), or "".
        self._note = ""
        #: What the position line says (None: a text from outside, kept as it is).
        self._position: Render | None = later(IDLE)
        #: Every line of the log, in order.
        self._lines: list[Render] = []
        self.controller = SolveController(self)
        self.controller.finished.connect(self._begin)
        self.controller.failed.connect(self._failed)
        self.controller.progressed.connect(self._progressed)
        self.controller.cancelled.connect(lambda: self._say(later(CANCELLED)))
        self.newButton.clicked.connect(lambda: self.new_game())
        self.pileSpin = QSpinBox()
        self.pileSpin.setObjectName("pileSpin")
        self.pileSpin.setPrefix(_("pile "))
        self.pileSpin.setRange(1, 1)  # piles count from 1; the game sets the top
        self.takeSpin = QSpinBox()
        self.takeSpin.setObjectName("takeSpin")
        self.takeSpin.setPrefix(_("take "))
        self.takeSpin.setRange(1, nim.MAX_PILE)
        self.takeButton.clicked.connect(
            lambda: self.user_move(self.pileSpin.value() - 1, self.takeSpin.value())
        )
        self.hintButton.clicked.connect(lambda: self.show_hint())
        self.movesTable = readonly_table(self._headers(), "moveValues")
        self.movesTable.setToolTip(_(MOVES_TIP))
        self.movesTable.cellDoubleClicked.connect(lambda row, _column: self._pick_pile(row))
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
            self._say(later(N_("Fix the inputs first: {reason}"), reason=str(exc)))
            return False
        self.reset(None)
        self._say(later(N_("Preparing the game…")))
        self._note = note
        self.controller.start(Job(nim.new_game, (inputs,)))
        return True

    def reset(self, reason: str | None = None) -> None:
        """End the game (e.g. the inputs changed) and say why (None: press New game)."""
        self.controller.cancel()
        self.session = None
        self.mistakes = 0
        self._clear_log()
        if reason is None:
            self._say(later(IDLE))
        else:
            self._position = None
            self.positionLabel.setText(reason)
        self._after_move()

    def _progressed(self, fraction: float) -> None:
        # Only a subtraction game's period search takes long enough to be seen.
        preparing = N_("Preparing the game… {percent} (Esc cancels)")
        self._say(later(preparing, percent=f"{fraction:.0%}"))

    def _failed(self, failure: JobFailure) -> None:
        self._say(later(N_("Cannot play on these piles: {reason}"), reason=str(failure)))

    def _begin(self, state: NimGame) -> None:
        self.session = PlaySession.of("nim", state, self.sideCombo.currentIndex())
        self.mistakes = 0
        self._clear_log()
        note = self._note
        if note == _(RESTARTED):  # the restarter's words: said again after a change of language
            self._add_line(later(RESTARTED))
        elif note:
            self._add_line(lambda: note)
        piles = _piles_text(state.piles)
        if self.user == 0:
            self._add_line(later(N_("Game started on piles {piles}; you move first."), piles=piles))
        else:
            self._add_line(
                later(N_("Game started on piles {piles}; you move second."), piles=piles)
            )
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
            self._say(later(N_("Not a legal move: {reason}"), reason=str(exc)))
            return False
        fields: dict[str, object] = {
            "number": pile + 1,
            "before": f"{before:,}",
            "after": f"{before - take:,}",
        }
        render: Render
        cost = session.cost(move)
        if cost > 0:
            self.mistakes += 1
            best_pile, best_after = session.solver_move()
            fields.update(
                cost=costs_you(session.units, cost),
                best=best_pile + 1,
                best_before=f"{state.piles[best_pile]:,}",
                best_after=f"{best_after:,}",
            )
            render = later(
                N_(
                    "You: pile {number}, {before} → {after}   ✗ a losing move (costs you {cost})"
                    " — pile {best}, {best_before} → {best_after} would have won"
                ),
                **fields,
            )
        elif session.values()[move] > 0:
            render = later(
                N_("You: pile {number}, {before} → {after}   ✓ a winning move"), **fields
            )
        else:
            render = later(N_("You: pile {number}, {before} → {after}"), **fields)
        self._lines.append(render)
        return self.record_user_move(after, render())

    def solver_words(self, before: PlaySession, move: Any) -> str:
        """``Solver: pile 1, 3 → 1``."""
        pile, after = move
        render = later(
            N_("Solver: pile {number}, {before} → {after}"),
            number=pile + 1,
            before=f"{before.state.piles[pile]:,}",
            after=f"{after:,}",
        )
        self._lines.append(render)
        return render()

    def _after_move(self) -> None:
        session = self.session
        self.log.scrollToBottom()
        if session is not None:
            piles = _piles_text(session.state.piles)
            if session.over:
                if session.score_for_user() > 0:
                    text = N_("Piles: {piles}. Game over: you win!")
                else:
                    text = N_("Piles: {piles}. Game over: the solver wins.")
                self._say(later(text, piles=piles))
            else:
                if session.best_value() > 0:
                    text = N_("Piles: {piles}. Your move — you can force a win.")
                else:
                    text = N_("Piles: {piles}. Your move — the solver can force a win.")
                self._say(later(text, piles=piles))
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
        hint = N_("Hint: take {count} from pile {number}")
        self._add_line(later(hint, count=f"{take:,}", number=pile + 1))
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
                _("✓ take {takes}").format(takes=takes_text(won)) if won else "—",
                _("✗ take {takes}").format(takes=takes_text(lost)) if lost else "—",
            ]
            rows.append([QTableWidgetItem(text) for text in cells])
            if won:
                mark_best(rows[-1])
        fill_rows(self.movesTable, rows)

    # ----- language --------------------------------------------------------------------------
    @staticmethod
    def _headers() -> list[str]:
        return [_("Pile"), _("Stones"), _("✓ Winning takes"), _("✗ Losing takes")]

    def _say(self, render: Render) -> None:
        """Show ``render()`` on the position line and keep it for a change of language."""
        self._position = render
        self.positionLabel.setText(render())

    def _add_line(self, render: Render) -> None:
        self._lines.append(render)
        self.log.addItem(render())

    def _clear_log(self) -> None:
        self._lines = []
        self.log.clear()

    def retranslate(self) -> None:
        """The panel's own texts in the language spoken now (the game goes on).

        The frame's constant texts (title, Take, Hint) are the app's, switched with it; the
        frame's own retranslate (drawing the position again) is replaced by the kept lines.
        The tab's ``retranslate`` reaches this through the base's, as every play panel.
        """
        for index, side in enumerate(SIDES):
            self.sideCombo.setItemText(index, _(side))
        self.newButton.setText(_(NEW_GAME))
        self.pileSpin.setPrefix(_("pile "))
        self.takeSpin.setPrefix(_("take "))
        self.movesTable.setHorizontalHeaderLabels(self._headers())
        self.movesTable.setToolTip(_(MOVES_TIP))
        if self._position is not None:
            self.positionLabel.setText(self._position())
        # The log's lines are all this panel's own (the base adds the ones it is handed).
        if len(self._lines) == self.log.count():
            for row, render in enumerate(self._lines):
                item = self.log.item(row)
                if item is not None:
                    item.setText(render())
        self._fill_moves()
