"""Playing Xoinc against the solver: the game state, legal takes, replies, mistakes.

The state is immutable; every take returns a new state with the move judged
against the value table: what the mover could have got with the best take
and what the chosen take leaves them, so the app can show the value lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.xoinc.table import ValueTable

__all__ = ["PlayState", "PlayedTake", "solver_take", "start"]

#: The first player may take up to this many coins.
FIRST_ALLOWANCE = 2


@dataclass(frozen=True)
class PlayedTake:
    """One take of a game in progress, judged against optimal play."""

    player: int
    coins_left: int
    allowance: int
    taken: int
    gained: int
    #: Mover's final total if both play optimally after this take.
    value: int
    best_take: int
    best_value: int

    @property
    def lost(self) -> int:
        """What this take cost the mover compared with the best take (0 if optimal)."""
        return self.best_value - self.value


@dataclass(frozen=True)
class PlayState:
    """A game in progress: whose turn, how many coins are left, what may be taken."""

    coins: tuple[int, ...]
    coins_left: int
    allowance: int
    player: int
    totals: tuple[int, int]
    history: tuple[PlayedTake, ...] = ()

    @property
    def over(self) -> bool:
        """Whether the stack is empty."""
        return self.coins_left == 0

    @property
    def top(self) -> int:
        """0-based index of the top coin still on the stack."""
        return len(self.coins) - self.coins_left

    def legal_takes(self) -> range:
        """How many coins the mover may take (empty when the game is over)."""
        return range(1, min(self.allowance, self.coins_left) + 1)

    def take(self, values: ValueTable, count: int) -> PlayState:
        """The state after the mover takes ``count`` coins; ``ValueError`` if illegal."""
        if self.over:
            raise ValueError("the game is over")
        if count not in self.legal_takes():
            raise ValueError(
                f"player {self.player} may take 1 to {self.legal_takes()[-1]} coins, not {count}"
            )
        if values.size != len(self.coins):
            raise ValueError("the value table belongs to another stack")
        options = values.take_values(self.coins_left, self.allowance)
        best_value = max(options)
        gained = sum(self.coins[self.top : self.top + count])
        judged = PlayedTake(
            self.player,
            self.coins_left,
            self.allowance,
            count,
            gained,
            options[count - 1],
            options.index(best_value) + 1,
            best_value,
        )
        totals = list(self.totals)
        totals[self.player - 1] += gained
        return PlayState(
            self.coins,
            self.coins_left - count,
            2 * count,
            3 - self.player,
            (totals[0], totals[1]),
            (*self.history, judged),
        )


def start(coins: tuple[int, ...]) -> PlayState:
    """A new game on ``coins`` (top first): player 1 to move, may take 1 or 2."""
    return PlayState(tuple(coins), len(coins), FIRST_ALLOWANCE, 1, (0, 0))


def solver_take(values: ValueTable, state: PlayState) -> int:
    """The solver's choice from ``state``: the smallest take with the best total."""
    if state.over:
        raise ValueError("the game is over")
    return values.best_take(state.coins_left, state.allowance)
