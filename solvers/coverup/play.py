"""Playing along: the game as a play state (``solvers.protocol.PlayState``).

A turn is two nodes. At the player node (``to_move == 0``) the moves are the
pick combinations: one kind of digit per unsolved column (a likely digit, i.e.
a known candidate, or another digit; ``None`` for a solved column), valued by
the winning probability under optimal play afterwards. At the chance node
(``to_move == "chance"``) the outcomes are the columns whose pick came up right
(a sorted tuple of 0-based columns; ``()`` loses), with their probabilities
under Bayes' rule.

Digits of one kind are interchangeable, so a move names kinds; the state keeps
which actual digits were tried, as slots: slots ``0 .. l-1`` of a column are
its known candidates, ``l .. m-1`` its other digits. A pick covers the first
untried slot of its kind (``slots``), so a view can show real digits.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations

from solvers.coverup.exact import ExactSolver, encode
from solvers.coverup.model import CoverUpInputs, Pick, State, advance, check_picks, initial_state
from solvers.coverup.result import PolicyEntry, policy_entry
from solvers.i18n import _

__all__ = ["CoverUpGame", "Outcome", "Picks", "new_game"]

Picks = tuple[Pick | None, ...]
#: The 0-based columns whose pick was right this turn, sorted.
Outcome = tuple[int, ...]


@dataclass(frozen=True)
class CoverUpGame:
    """One game in progress; immutable, ``play`` returns the next one.

    ``state`` is None once lost; ``picks`` are this turn's picks while waiting for the
    outcome; ``tried`` holds each column's tried slots in order, ``right`` each solved
    column's right slot; ``turn`` counts turns from 1.
    """

    solver: ExactSolver = field(repr=False, compare=False)
    state: State | None
    picks: Picks | None = None
    tried: tuple[tuple[int, ...], ...] = ()
    right: tuple[int | None, ...] = ()
    turn: int = 1

    @property
    def inputs(self) -> CoverUpInputs:
        """The columns being played."""
        return self.solver.inputs

    @property
    def to_move(self) -> int | str:
        """``0`` to pick, ``"chance"`` waiting for which picks were right."""
        return "chance" if self.picks is not None else 0

    @property
    def over(self) -> bool:
        """Whether the game is won or lost."""
        return self.state is None or self.state.won

    @property
    def won(self) -> bool:
        """Whether every column is solved."""
        return self.state is not None and self.state.won

    @property
    def score(self) -> float:
        """1 for a win, 0 for a loss."""
        return 1.0 if self.won else 0.0

    @property
    def value(self) -> float:
        """Winning probability from here with optimal play (with this turn's picks if made)."""
        if self.over:
            return self.score
        entry = self.entry()
        if self.picks is None:
            return entry.value
        return next(a.value for a in entry.alternatives if a.picks == self.picks)

    def entry(self) -> PolicyEntry:
        """The optimal picks of this turn, their chances and every alternative."""
        if self.over or self.state is None:
            raise ValueError(_("the game is over"))
        return policy_entry(self.solver, self.state)

    def moves(self) -> list[Picks] | list[Outcome]:
        """Pick combinations (optimal first), or the possible outcomes at a chance node."""
        if self.over:
            return []
        if self.picks is not None:
            return list(self.chances())
        return [a.picks for a in self.entry().alternatives]

    def values(self) -> dict[Picks, float]:
        """Winning probability of every pick combination (player node)."""
        if self.over or self.picks is not None:
            return {}
        return {a.picks: a.value for a in self.entry().alternatives}

    def hits(self, picks: Picks | None = None) -> tuple[float | None, ...]:
        """Chance that each pick (default: this turn's) is right; None for solved columns."""
        picks = self.picks if picks is None else picks
        if self.state is None or picks is None:
            return ()
        hits = self.solver.hits(encode(self.state))
        return tuple(
            None if pick is None else hits[i][0 if pick is Pick.CANDIDATE else 1]
            for i, pick in enumerate(picks)
        )

    def posteriors(self) -> tuple[tuple[float, float] | None, ...]:
        """Per column: the chance of each untried known candidate and of each other digit."""
        if self.state is None:
            return ()
        hits = self.solver.hits(encode(self.state))
        return tuple(None if left is None else hits[i] for i, left in enumerate(self.state.columns))

    def chances(self) -> dict[Outcome, float]:
        """Probability of each possible outcome of this turn's picks (chance node)."""
        if self.over or self.picks is None:
            return {}
        hits = self.hits()
        open_ = [i for i, h in enumerate(hits) if h is not None]
        out: dict[Outcome, float] = {}
        for size in range(len(open_) + 1):
            for right in combinations(open_, size):
                prob = 1.0
                for i in open_:
                    h = hits[i]
                    assert h is not None
                    prob *= h if i in right else 1.0 - h
                if prob > 0.0:
                    out[right] = prob
        return out

    def slots(self, picks: Picks | None = None) -> tuple[int | None, ...]:
        """The slot each pick covers: the first untried known candidate or other digit."""
        picks = self.picks if picks is None else picks
        if picks is None or self.state is None:
            return ()
        out: list[int | None] = []
        for column, tried, pick in zip(self.inputs.columns, self.tried, picks, strict=True):
            if pick is None:
                out.append(None)
                continue
            kind = (
                range(column.candidates)
                if pick is Pick.CANDIDATE
                else range(column.candidates, column.choices)
            )
            out.append(next(s for s in kind if s not in tried))
        return tuple(out)

    def play(self, move: Picks | Outcome) -> CoverUpGame:
        """Make this turn's picks, or report which picks were right (``ValueError`` if illegal)."""
        if self.over or self.state is None:
            raise ValueError(_("the game is over"))
        try:
            items = tuple(move)
        except TypeError:
            raise ValueError(
                _("a move is a tuple of picks or of columns, got {move}").format(move=repr(move))
            ) from None
        if self.picks is None:
            picks = tuple(p for p in items if p is None or isinstance(p, Pick))
            if len(picks) != len(items):
                raise ValueError(_("a pick is a kind of digit (Pick) or None for a solved column"))
            check_picks(self.state, picks)
            return replace(self, picks=picks)
        columns = [i for i in items if isinstance(i, int) and not isinstance(i, bool)]
        if len(columns) != len(items):
            raise ValueError(_("an outcome lists the 0-based columns whose pick was right"))
        right = tuple(sorted(columns))
        # advance names the reason when a column's pick cannot be wrong.
        after = advance(self.inputs, self.state, self.picks, set(right))
        if right not in self.chances():
            raise ValueError(_("that outcome cannot happen: a pick has no chance of being right"))
        slots = self.slots()
        tried = tuple(
            t if s is None or i in right else (*t, s)
            for i, (t, s) in enumerate(zip(self.tried, slots, strict=True))
        )
        solved = tuple(
            s if i in right else r for i, (r, s) in enumerate(zip(self.right, slots, strict=True))
        )
        goes_on = after is not None and not after.won
        return replace(
            self, state=after, picks=None, tried=tried, right=solved, turn=self.turn + goes_on
        )


def new_game(inputs: CoverUpInputs, solver: ExactSolver | None = None) -> CoverUpGame:
    """The first turn of a game on ``inputs`` (values computed on demand, then remembered)."""
    solver = ExactSolver(inputs) if solver is None else solver
    n = inputs.n
    return CoverUpGame(solver, initial_state(inputs), None, ((),) * n, (None,) * n, 1)
