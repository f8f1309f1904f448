"""Playing Xoinc against the solver: an immutable game state that judges every take.

The state carries the stack's value table, so it answers the GUI's questions
(legal takes, what each is worth, the best one) without any rule in a widget.
Every take returns a new state with the take judged: what the mover could have
got with the best take and what the chosen take leaves them, so the app can show
the value a mistake lost. Building the table (``new_game``) is the only slow part
and may run off the UI thread; playing is instant.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from solvers.i18n import _
from solvers.xoinc.table import FIRST_ALLOWANCE, ValueTable

__all__ = ["PlayedTake", "XoincGame", "start"]


@dataclass(frozen=True)
class PlayedTake:
    """One take of a game in progress, judged against optimal play.

    ``player`` is the mover's side, 0 (first player) or 1, as ``XoincGame.to_move``;
    ``value`` and ``best_value`` are the mover's final totals (what they had before the
    take included) with best play after.
    """

    player: int
    coins_left: int
    allowance: int
    taken: int
    gained: int
    value: int
    best_take: int
    best_value: int

    @property
    def lost(self) -> int:
        """What this take cost the mover compared with the best take (0 if optimal)."""
        return self.best_value - self.value


@dataclass(frozen=True)
class XoincGame:
    """A game in progress: whose turn, how many coins are left, what may be taken.

    Satisfies ``solvers.protocol.PlayState``: ``to_move`` is 0 (first player) or 1,
    a move is the number of coins taken, ``values()`` gives the mover's final total
    after each take with best play afterwards, ``score`` is the first player's total.
    """

    table: ValueTable = field(repr=False, compare=False)
    coins: tuple[int, ...]
    coins_left: int
    allowance: int
    totals: tuple[int, int] = (0, 0)
    history: tuple[PlayedTake, ...] = ()

    def __post_init__(self) -> None:
        if self.table.size != len(self.coins):
            raise ValueError(_("the value table belongs to another stack"))
        if not 0 <= self.coins_left <= len(self.coins) or self.allowance < 1:
            raise ValueError(_("not a position of this stack"))

    @property
    def to_move(self) -> int:
        """0 when the first player moves, 1 for the second."""
        return len(self.history) % 2

    @property
    def over(self) -> bool:
        """Whether the stack is empty."""
        return self.coins_left == 0

    @property
    def score(self) -> float:
        """The first player's total so far (final once ``over``)."""
        return self.totals[0]

    @property
    def top(self) -> int:
        """0-based index of the top coin still on the stack."""
        return len(self.coins) - self.coins_left

    @property
    def most(self) -> int:
        """The most coins the mover may take now (0 when the game is over)."""
        return min(self.allowance, self.coins_left)

    def moves(self) -> range:
        """How many coins the mover may take (empty when the game is over)."""
        return range(1, self.most + 1)

    def chances(self) -> Mapping[int, float]:
        """Xoinc has no chance nodes."""
        return {}

    def take_values(self) -> list[int]:
        """The mover's final total after each take ``1..most``, in order (a list, fast)."""
        already = self.totals[self.to_move]
        if self.over:
            return []
        return [already + v for v in self.table.take_values(self.coins_left, self.allowance)]

    def values(self) -> dict[int, float]:
        """Each legal take -> the mover's final total with best play afterwards."""
        return dict(enumerate(self.take_values(), start=1))

    def best_take(self) -> int:
        """The smallest take with the best final total (what the solver plays)."""
        if self.over:
            raise ValueError(_("the game is over"))
        return self.table.best_take(self.coins_left, self.allowance)

    def outlook(self) -> int:
        """The mover's final total if both play their best from here."""
        return max(self.take_values(), default=self.totals[self.to_move])

    def play(self, move: int) -> XoincGame:
        """The state after the mover takes ``move`` coins; ``ValueError`` if illegal."""
        if self.over:
            raise ValueError(_("the game is over"))
        if isinstance(move, bool) or not isinstance(move, int) or not 1 <= move <= self.most:
            player = self.to_move + 1  # people count players from 1
            raise ValueError(
                _("player {player} may take 1 to {most} coins, not {move}").format(
                    player=player, most=self.most, move=move
                )
            )
        options = self.take_values()
        best_value = max(options)
        gained = sum(self.coins[self.top : self.top + move])
        judged = PlayedTake(
            self.to_move,
            self.coins_left,
            self.allowance,
            move,
            gained,
            options[move - 1],
            options.index(best_value) + 1,
            best_value,
        )
        totals = list(self.totals)
        totals[self.to_move] += gained
        return XoincGame(
            self.table,
            self.coins,
            self.coins_left - move,
            2 * move,
            (totals[0], totals[1]),
            (*self.history, judged),
        )

    def owners(self) -> list[int | None]:
        """Who took each coin so far: side 0 or 1, None for coins still on the stack."""
        owners: list[int | None] = [None] * len(self.coins)
        top = 0
        for take in self.history:
            owners[top : top + take.taken] = [take.player] * take.taken
            top += take.taken
        return owners


def start(table: ValueTable, coins: tuple[int, ...]) -> XoincGame:
    """A new game on ``coins`` (top first): the first player to move, may take 1 or 2."""
    return XoincGame(table, tuple(coins), len(coins), FIRST_ALLOWANCE)
