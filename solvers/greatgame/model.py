"""Inputs and results of The Great Game, independent of how they are computed."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = [
    "ALL_HANDS",
    "MAX_GAP",
    "MAX_THROWS",
    "SUM_TOLERANCE",
    "GreatGameInputs",
    "GreatGameResult",
    "Hand",
    "check_percentages",
    "hands_of_mask",
]

MAX_THROWS = 1000
MAX_GAP = 100
#: Rows may hold decimals (the tab allows them); their sum must be 100 up to this.
SUM_TOLERANCE = 1e-6


class Hand(enum.IntEnum):
    """Your hand; its bit in a policy mask is ``1 << value``."""

    ROCK = 0
    PAPER = 1
    SCISSORS = 2

    @property
    def letter(self) -> str:
        """``R``, ``P`` or ``S``."""
        return self.name[0]

    @property
    def bit(self) -> int:
        """The bit of this hand in a policy mask."""
        return 1 << self.value


#: Mask of a cell where every hand is as good (e.g. the round is already decided).
ALL_HANDS = 7


def hands_of_mask(mask: int) -> tuple[Hand, ...]:
    """The hands whose bits are set in ``mask``, rock first."""
    return tuple(h for h in Hand if mask & h.bit)


def check_percentages(index: int, row: tuple[float, float, float]) -> None:
    """Raise ``ValueError`` naming row ``index`` (1-based) unless ``row`` is a valid throw."""
    if len(row) != 3:
        raise ValueError(f"row {index}: expected 3 percentages (rock, paper, scissors)")
    for name, value in zip(("rock", "paper", "scissors"), row, strict=True):
        if not math.isfinite(value) or not 0 <= value <= 100:
            raise ValueError(f"row {index}: {name} must be between 0 and 100, got {value:g}")
    total = math.fsum(row)
    if abs(total - 100) > SUM_TOLERANCE:
        raise ValueError(f"row {index}: percentages sum to {total:g}, expected 100")


@dataclass(frozen=True)
class GreatGameInputs:
    """One match: the opponent's per-throw percentages and the two target gaps.

    ``percentages[i]`` is (rock, paper, scissors) of the opponent's throw ``i``
    (0-based), summing to 100. You win the match ``win_by`` rounds ahead and
    lose it ``lose_by`` rounds behind.
    """

    percentages: tuple[tuple[float, float, float], ...]
    win_by: int
    lose_by: int

    def __post_init__(self) -> None:
        if not 1 <= len(self.percentages) <= MAX_THROWS:
            raise ValueError(
                f"a round has between 1 and {MAX_THROWS} throws, got {len(self.percentages)}"
            )
        if not 1 <= self.win_by <= MAX_GAP:
            raise ValueError(f"W must be between 1 and {MAX_GAP}, got {self.win_by}")
        if not 1 <= self.lose_by <= MAX_GAP:
            raise ValueError(f"L must be between 1 and {MAX_GAP}, got {self.lose_by}")
        rows = tuple(tuple(row) for row in self.percentages)
        for index, row in enumerate(rows, start=1):
            check_percentages(index, row)  # type: ignore[arg-type]
        object.__setattr__(self, "percentages", rows)

    @property
    def throws(self) -> int:
        """G, the number of throws in a round."""
        return len(self.percentages)

    @property
    def integral(self) -> bool:
        """Whether every percentage is a whole number (as in the judge format)."""
        return all(float(v).is_integer() for row in self.percentages for v in row)

    def probabilities(self) -> npt.NDArray[np.float64]:
        """G x 3 array of the opponent's rock/paper/scissors probabilities (rows sum to 1)."""
        table = np.array(self.percentages, dtype=np.float64).reshape(-1, 3)
        normalised: npt.NDArray[np.float64] = table / table.sum(axis=1, keepdims=True)
        return normalised


@dataclass(frozen=True)
class GreatGameResult:
    """The best match-win probability and the round policy that achieves it.

    ``policy[i]`` covers throw ``i`` (0-based, i throws already made) and the
    round score ``d`` so far from ``-i`` to ``i``: character ``d + i`` is a
    digit whose bits (1 rock, 2 paper, 4 scissors) are the best hands there;
    several bits mean the hands tie (within 1e-11), 7 also marks scores where
    the round is already decided. ``played`` has the same shape with the
    letter (R, P, S) of the hand played. The round probabilities are those of the
    policy that plays, among the best hands, the one most likely to decide the
    round (rock, then paper, then scissors on equal terms); a hand after which
    the round is surely tied is listed only when no best hand keeps it open.
    """

    inputs: GreatGameInputs
    probability: float
    answer: str
    ratio: float
    round_win: float
    round_tie: float
    round_lose: float
    lead_probabilities: tuple[float, ...]
    policy: tuple[str, ...]
    played: tuple[str, ...]
    method: str
    dp_passes: int
    exact: bool

    @property
    def leads(self) -> range:
        """The current leads ``lead_probabilities`` refers to: -L+1 .. W-1."""
        return range(-self.inputs.lose_by + 1, self.inputs.win_by)

    def mask_at(self, throw: int, score: int) -> int:
        """Policy mask at throw ``throw`` (0-based) with round score ``score``."""
        if not 0 <= throw < self.inputs.throws or abs(score) > throw:
            raise ValueError(f"score {score} cannot happen before throw {throw + 1}")
        return int(self.policy[throw][score + throw])

    def hands_at(self, throw: int, score: int) -> tuple[Hand, ...]:
        """Every best hand at throw ``throw`` (0-based) with round score ``score``."""
        return hands_of_mask(self.mask_at(throw, score))

    def best_hand(self, throw: int, score: int) -> Hand:
        """The hand the reported policy plays there (``played``)."""
        self.mask_at(throw, score)
        return Hand("RPS".index(self.played[throw][score + throw]))

    def decided(self, throw: int, score: int) -> bool:
        """Whether the round's winner is already known (the remaining throws cannot matter)."""
        return abs(score) > self.inputs.throws - throw

    def policy_grid(self) -> npt.NDArray[np.int8]:
        """G x (2G+1) masks, column ``d + G``; 0 where the score cannot happen."""
        g = self.inputs.throws
        grid = np.zeros((g, 2 * g + 1), dtype=np.int8)
        for i, row in enumerate(self.policy):
            grid[i, g - i : g + i + 1] = np.frombuffer(row.encode(), dtype=np.uint8) - 48
        return grid
