"""Playing Nim against the solver: an immutable game state that judges every move.

A move is ``(pile index, new size)``. ``values()`` gives each legal move +1 when it
leaves the opponent lost under optimal play and -1 when it hands them the win, so
the GUI can show what a mistake costs. The state carries the Grundy sequence of a
subtraction game, so only ``start`` (the period search) can be slow; each move then
costs one pass over the piles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from solvers.i18n import _
from solvers.nim import Move, NimInputs, Rule, apply_move, decide, grundy_sequence
from solvers.nim.grundy import GrundySequence
from solvers.protocol import Progress, TooBig, report

__all__ = ["MAX_PLAY_MOVES", "NimGame", "PlayedMove", "start"]

#: Legal moves a position may have to be played (each is listed with its value).
MAX_PLAY_MOVES = 20_000
#: Piles times |S| at most: valuing a subtraction game's moves looks at every pair,
#: on the UI thread after each move, so it must stay a few milliseconds.
MAX_PLAY_PAIRS = 20_000

#: A move of the play state: (pile index, the pile's size after the move).
PlayMove = tuple[int, int]


@dataclass(frozen=True)
class PlayedMove:
    """One move of a game in progress, judged: ``value`` +1 kept (or took) the win, -1 not."""

    player: int
    pile: int
    before: int
    after: int
    value: float
    best_value: float

    @property
    def mistake(self) -> bool:
        """Whether a better move was available (the mover gave away a won game)."""
        return self.value < self.best_value


@dataclass(frozen=True)
class NimGame:
    """A game in progress; satisfies ``solvers.protocol.PlayState``.

    ``to_move`` is 0 (first player) or 1; ``score`` is +1 when the first player won,
    -1 when the second did (0 while the game runs).
    """

    position: NimInputs
    sequence: GrundySequence | None = field(default=None, repr=False, compare=False)
    history: tuple[PlayedMove, ...] = ()

    @property
    def to_move(self) -> int:
        """0 when the first player moves, 1 for the second."""
        return len(self.history) % 2

    @property
    def piles(self) -> tuple[int, ...]:
        """The current pile sizes."""
        return self.position.piles

    def moves(self) -> list[PlayMove]:
        """Every legal ``(pile, new size)``, pile by pile, smallest take first."""
        position = self.position
        if position.rule is Rule.SUBTRACTION:
            takes: list[range | tuple[int, ...]] = [position.subtraction] * len(position.piles)
        else:
            takes = [range(1, p + 1) for p in position.piles]
        return [
            (i, p - s)
            for i, (p, ts) in enumerate(zip(position.piles, takes, strict=True))
            for s in ts
            if s <= p
        ]

    @property
    def over(self) -> bool:
        """Whether the mover has no legal move."""
        position = self.position
        if position.rule is Rule.SUBTRACTION:
            least = position.subtraction[0]
            return all(p < least for p in position.piles)
        return not any(position.piles)

    @property
    def winner(self) -> int | None:
        """0 or 1 once the game is over, else None."""
        if not self.over:
            return None
        # Misere: the mover did not take the last stone, so the mover wins.
        return self.to_move if self.position.rule is Rule.MISERE else 1 - self.to_move

    @property
    def score(self) -> float:
        """+1 the first player won, -1 the second did, 0 while the game runs."""
        winner = self.winner
        return 0.0 if winner is None else (1.0 if winner == 0 else -1.0)

    def chances(self) -> Mapping[PlayMove, float]:
        """Nim has no chance nodes."""
        return {}

    def winning_moves(self) -> list[PlayMove]:
        """The moves that leave the opponent lost (empty: every move loses)."""
        return list(self._winning)

    @cached_property
    def _winning(self) -> tuple[PlayMove, ...]:
        # Once per state: a move asks for it several times (values, best move, the judged
        # move, the panel's table), and each ``decide`` is a pass over the piles.
        if self.over:
            return ()
        result = decide(self.position, self.sequence)
        return tuple((m.pile, m.after) for m in result.winning_moves)

    def values(self) -> dict[PlayMove, float]:
        """Each legal move -> +1 (the mover then wins with best play) or -1."""
        winning = set(self.winning_moves())
        return {move: 1.0 if move in winning else -1.0 for move in self.moves()}

    def best_move(self) -> PlayMove:
        """What the solver plays: a winning move, else the smallest take."""
        winning = self.winning_moves()
        if winning:
            return winning[0]
        moves = self.moves()
        if not moves:
            raise ValueError(_("the game is over"))
        return min(moves, key=lambda m: (self.piles[m[0]] - m[1], m[0]))

    def play(self, move: PlayMove) -> NimGame:
        """The state after ``move``; ``ValueError`` if it is not legal."""
        if self.over:
            raise ValueError(_("the game is over"))
        try:
            pile, after = move
            before = self.piles[pile]
        except (TypeError, ValueError, IndexError):
            raise ValueError(_("not a move: {move}").format(move=repr(move))) from None
        after_position = apply_move(self.position, Move(pile, before, after))
        winning = set(self.winning_moves())
        best = 1.0 if winning else -1.0
        value = 1.0 if (pile, after) in winning else -1.0
        judged = PlayedMove(self.to_move, pile, before, after, value, best)
        return NimGame(after_position, self.sequence, (*self.history, judged))


def start(inputs: NimInputs, progress: Progress | None = None) -> NimGame:
    """A new game on ``inputs``: ``TooBig`` when a position has too many moves to list."""
    report(progress, 0.0)
    sequence = None
    if inputs.rule is Rule.SUBTRACTION:
        sequence = grundy_sequence(inputs.subtraction, progress)
    game = NimGame(inputs, sequence)
    count = sum(
        sum(1 for s in inputs.subtraction if s <= p) if sequence is not None else p
        for p in inputs.piles
    )
    if len(inputs.piles) * len(inputs.subtraction) > MAX_PLAY_PAIRS:
        raise TooBig(
            _(
                "{piles:,} piles with {numbers:,} numbers in S: at most {limit:,} pairs can be"
                " played here: use fewer piles or a smaller S"
            ).format(piles=len(inputs.piles), numbers=len(inputs.subtraction), limit=MAX_PLAY_PAIRS)
        )
    if count > MAX_PLAY_MOVES:
        raise TooBig(
            _(
                "{count:,} legal moves to list, at most {limit:,} can be played here: "
                "use fewer or smaller piles"
            ).format(count=count, limit=MAX_PLAY_MOVES)
        )
    report(progress, 1.0)
    return game
