"""One play session for every game: the user against the solver over a play state.

A ``PlaySession`` wraps the start state of a game (``solvers.protocol.PlayState``),
the user's side and what has been played, and answers every question a play
panel asks in one way for all five games: whose move it is, the legal moves,
each move's value in the mover's units, the best moves (ties listed), what a
move costs against the best, the chances at a chance node, and the result from
the user's side. The user is 0 (first player) or 1 (second); in the one-player
games (Dice Yut, Cover Up, Great Game) the user is player 0 and the rest are
chance nodes. The session is immutable like the states: ``play``, ``undo`` and
``restart`` return a new session.

``Units`` holds the words a game's values are spoken of in, so every tab says
the same thing the same way ("chance to win", "coins", "win/lose").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from solvers.i18n import N_, _, pgettext
from solvers.protocol import PlayState

__all__ = ["CHANCE", "GAME_UNITS", "PlaySession", "Step", "Units"]

#: ``to_move`` at a chance node (a throw, a draw, an outcome).
CHANCE = "chance"
#: Probabilities closer than this are one value computed along two paths.
PROBABILITY_TIE = 1e-9


def _sign_score(state: Any, user: int) -> float:
    """Nim's score (+1 the first player won) from the user's side."""
    score = float(state.score)
    return score if user == 0 else -score


def _own_total(state: Any, user: int) -> float:
    """The user's own total (Xoinc keeps both players' totals)."""
    return float(state.totals[user])


def _total_margin(state: Any, user: int) -> float:
    """The user's total minus the solver's."""
    return float(state.totals[user] - state.totals[1 - user])


def _plain_score(state: Any, user: int) -> float:
    """A one-player game's score is the user's result as it stands."""
    return float(state.score)


def _least_when_lost(state: Any, move: Any, value: float) -> float:
    """Nim: any winning move (the first listed), else the fewest stones (lasting longest)."""
    pile, after = move
    return 0.0 if value > 0 else float(state.piles[pile] - after)


@dataclass(frozen=True)
class Units:
    """How a game's values read, and how its result reads from the user's side.

    ``value`` names what a move's value is ("chance to win the match"), ``unit`` the
    unit it is counted in ("coins", "points", "win/lose", "chance to win"); both are
    English, marked with ``N_``: a view shows ``_(units.value)``.
    ``percent``: values are probabilities shown in per cent with ``decimals``;
    ``exact``: values are whole numbers compared exactly (no tolerance). ``cost`` says
    a loss's ``{amount}`` ("{amount} in value": "5 in value"; a loss of a percentage
    is always "2.030 percentage points"). ``result``
    reads a finished state's result for the user (side 0 or 1), ``margin`` the
    user's lead over the solver where the game has one. ``frugal`` is the
    solver's preference among equally valued moves, ``frugal(state, move, value)``
    smallest first, ties in the state's order (None: the state's first best move).
    """

    game: str
    value: str
    unit: str
    exact: bool
    percent: bool = False
    decimals: int = 0
    two_player: bool = False
    cost: str = "{amount}"
    result: Callable[[Any, int], float] = _plain_score
    margin: Callable[[Any, int], float] | None = None
    frugal: Callable[[Any, Any, float], float] | None = None

    @property
    def tolerance(self) -> float:
        """Values closer than this are equal: 0 for whole numbers, else a rounding error."""
        return 0.0 if self.exact else PROBABILITY_TIE

    def text(self, value: float) -> str:
        """A value as the tabs write it: ``81.250%``, ``42``, ``win``/``lose``."""
        if self.unit == "win/lose":
            return pgettext("result", "win") if value > 0 else pgettext("result", "lose")
        if self.percent:
            return f"{100 * value:.{self.decimals}f}%"
        if self.exact:
            return f"{round(value)}"
        return f"{value:.{self.decimals}f}"

    def cost_text(self, cost: float) -> str:
        """What a move loses against the best one, in the game's units (no sign)."""
        if self.unit == "win/lose":
            return _("the win")
        # Percentage points: the chances are per cent, and "2% less" would read as relative.
        if self.percent:
            points = _("{amount} percentage points")
            return points.format(amount=f"{100 * cost:.{self.decimals}f}")
        amount = f"{round(cost)}" if self.exact else f"{cost:.{self.decimals}f}"
        return _(self.cost).format(amount=amount)


#: The words of each game's values, by game id.
GAME_UNITS: Mapping[str, Units] = {
    "nim": Units(
        "nim",
        N_("win or loss with best play"),
        "win/lose",
        exact=True,
        two_player=True,
        result=_sign_score,
        frugal=_least_when_lost,
    ),
    "xoinc": Units(
        "xoinc",
        N_("your final total"),
        N_("coins"),
        exact=True,
        two_player=True,
        # Value, not coins: taking 1 instead of 2 may cost one coin of 89.
        cost=N_("{amount} in value"),
        result=_own_total,
        margin=_total_margin,
    ),
    "yut": Units(
        "yut", N_("final total"), N_("points"), exact=False, decimals=2, cost=N_("{amount} points")
    ),
    "coverup": Units("coverup", N_("chance to win"), N_("chance to win"), False, True, 4),
    "greatgame": Units(
        "greatgame", N_("chance to win the match"), N_("chance to win"), False, True, 3
    ),
}


@dataclass(frozen=True)
class Step:
    """One move played: the state it was played in, the move, and who made it."""

    before: Any
    move: Any
    #: 0 or 1 (the player who moved), or ``"chance"``.
    mover: int | str


@dataclass(frozen=True)
class PlaySession:
    """The user (``user``: 0 first player, 1 second) playing ``start`` against the solver.

    ``steps`` are the moves played from ``start`` (each with its state before); ``state``
    is where the game stands now. Every answer comes from the play state, so no rule of
    a game lives here.
    """

    start: Any
    units: Units
    user: int = 0
    steps: tuple[Step, ...] = ()
    current: Any = None

    def __post_init__(self) -> None:
        if self.user not in (0, 1):
            raise ValueError(f"the user plays side 0 or 1, not {self.user!r}")
        if self.user == 1 and not self.units.two_player:
            raise ValueError(f"{self.units.game} has one player: the user is player 0")
        if not isinstance(self.start, PlayState):
            raise TypeError(f"not a play state: {type(self.start).__name__}")
        if self.current is None:
            object.__setattr__(self, "current", self.start)

    @classmethod
    def of(cls, game: str, start: Any, user: int = 0) -> PlaySession:
        """A new session of game ``game`` (an id such as ``"nim"``) from ``start``."""
        return cls(start, GAME_UNITS[game], user)

    # ----- where the game stands -----------------------------------------------------------
    @property
    def state(self) -> Any:
        """The play state now."""
        return self.current

    @property
    def to_move(self) -> int | str:
        """0 or 1, or ``"chance"``."""
        return self.current.to_move  # type: ignore[no-any-return]

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.current.over)

    @property
    def at_chance(self) -> bool:
        """Whether the game waits for a throw, a draw or an outcome."""
        return not self.over and self.to_move == CHANCE

    @property
    def user_to_move(self) -> bool:
        """Whether it is the user's decision now."""
        return not self.over and self.to_move == self.user

    @property
    def solver_to_move(self) -> bool:
        """Whether the solver (the other player of a two-player game) moves now."""
        return not self.over and self.to_move == 1 - self.user and self.units.two_player

    @property
    def history(self) -> tuple[Step, ...]:
        """The moves played so far, oldest first."""
        return self.steps

    # ----- the moves and their values ------------------------------------------------------
    def moves(self) -> Sequence[Any]:
        """The legal moves (the outcomes at a chance node), in the state's order."""
        return list(self.current.moves()) if not self.over else []

    def values(self) -> dict[Any, float]:
        """Each move's value from the mover's side (empty at a chance node or at the end)."""
        if self.over or self.at_chance:
            return {}
        return {move: float(value) for move, value in self.current.values().items()}

    def chances(self) -> dict[Any, float]:
        """Each outcome's probability at a chance node (else empty)."""
        return dict(self.current.chances()) if self.at_chance else {}

    def best_value(self) -> float:
        """The mover's value with best play from here (``ValueError`` at no player node)."""
        values = self.values()
        if not values:
            raise ValueError("no move to value: the game is over or waits for chance")
        return max(values.values())

    def best_moves(self, tol: float | None = None) -> list[Any]:
        """Every move within ``tol`` of the best value, in the state's order (ties listed).

        ``tol`` defaults to the units' tolerance: 0 for whole numbers (exact).
        """
        values = self.values()
        if not values:
            return []
        tol = self.units.tolerance if tol is None else tol
        top = max(values.values())
        return [move for move, value in values.items() if value >= top - tol]

    def is_best(self, move: Any, tol: float | None = None) -> bool:
        """Whether ``move`` is one of the best moves now."""
        return move in self.best_moves(tol)

    def cost(self, move: Any) -> float:
        """The best value minus ``move``'s, in the mover's units (0 for a best move)."""
        values = self.values()
        if move not in values:
            raise ValueError(f"not a legal move now: {move!r}")
        lost = max(values.values()) - values[move]
        return 0.0 if lost <= self.units.tolerance else lost

    def solver_move(self) -> Any:
        """The move the solver plays here: a best move (``frugal`` breaks ties)."""
        best = self.best_moves()
        if not best:
            raise ValueError("no move to choose: the game is over or waits for chance")
        frugal = self.units.frugal
        if frugal is None or len(best) == 1:
            return best[0]
        values = self.values()
        return min(best, key=lambda move: frugal(self.current, move, values[move]))

    # ----- playing -------------------------------------------------------------------------
    def play(self, move: Any) -> PlaySession:
        """The session after ``move``, a player's move or a chance outcome.

        ``ValueError`` when the move is not legal.
        """
        after = self.current.play(move)
        step = Step(self.current, move, self.to_move)
        return PlaySession(self.start, self.units, self.user, (*self.steps, step), after)

    def play_solver(self) -> PlaySession:
        """The session after the solver's move (only on the solver's turn)."""
        if not self.solver_to_move:
            raise ValueError("it is not the solver's move")
        return self.play(self.solver_move())

    def instead(self, move: Any) -> PlaySession:
        """The session with ``move`` played in place of the last move (a re-throw, other picks).

        ``ValueError`` when nothing was played yet or ``move`` is not legal there.
        """
        if not self.steps:
            raise ValueError("nothing was played yet")
        last = self.steps[-1]
        back = PlaySession(self.start, self.units, self.user, self.steps[:-1], last.before)
        return back.play(move)

    def undo(self) -> PlaySession:
        """Back to the user's previous decision (itself when there is none)."""
        for index in range(len(self.steps) - 1, -1, -1):
            step = self.steps[index]
            if step.mover == self.user:
                return PlaySession(
                    self.start, self.units, self.user, self.steps[:index], step.before
                )
        return self

    def restart(self) -> PlaySession:
        """The same game from its start, the user on the same side."""
        return PlaySession(self.start, self.units, self.user)

    # ----- the result ----------------------------------------------------------------------
    def score_for_user(self) -> float:
        """The result from the user's side (``ValueError`` while the game runs).

        Nim +1 won / -1 lost, Xoinc the user's total, the one-player games their score.
        """
        if not self.over:
            raise ValueError("the game is not over")
        return self.units.result(self.current, self.user)

    def margin_for_user(self) -> float | None:
        """The user's total minus the solver's where the game keeps both (Xoinc), else None."""
        margin = self.units.margin
        return None if margin is None else margin(self.current, self.user)

    def user_costs(self) -> list[float]:
        """What each of the user's decisions cost against the best one, oldest first."""
        out = []
        for step in self.steps:
            if step.mover == self.user:
                out.append(replace(self, steps=(), current=step.before).cost(step.move))
        return out
