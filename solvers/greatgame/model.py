"""Inputs of The Great Game: the opponent's percentages per throw, W and L; the hands."""

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
        self._check_sizes()
        rows = tuple(tuple(row) for row in self.percentages)
        for index, row in enumerate(rows, start=1):
            check_percentages(index, row)  # type: ignore[arg-type]
        object.__setattr__(self, "percentages", rows)

    @classmethod
    def from_checked_rows(
        cls, rows: tuple[tuple[float, float, float], ...], win_by: int, lose_by: int
    ) -> GreatGameInputs:
        """Inputs whose rows are already known valid (each passed ``check_percentages``).

        Shrinking builds thousands of cases from the rows of a valid case; checking
        every row again made that the slow part. G, W and L are still checked.
        """
        inputs = object.__new__(cls)
        for name, value in (("percentages", rows), ("win_by", win_by), ("lose_by", lose_by)):
            object.__setattr__(inputs, name, value)
        inputs._check_sizes()
        return inputs

    def _check_sizes(self) -> None:
        if not 1 <= len(self.percentages) <= MAX_THROWS:
            raise ValueError(
                f"a round has between 1 and {MAX_THROWS} throws, got {len(self.percentages)}"
            )
        if not 1 <= self.win_by <= MAX_GAP:
            raise ValueError(f"W must be between 1 and {MAX_GAP}, got {self.win_by}")
        if not 1 <= self.lose_by <= MAX_GAP:
            raise ValueError(f"L must be between 1 and {MAX_GAP}, got {self.lose_by}")

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
