"""Inputs of The Great Game: the opponent's percentages per throw, W and L; the hands."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solvers.i18n import N_, _

__all__ = [
    "ALL_HANDS",
    "HAND_NAMES",
    "MAX_GAP",
    "MAX_THROWS",
    "SUM_TOLERANCE",
    "GreatGameInputs",
    "Hand",
    "check_percentages",
    "hand_name",
    "hands_of_mask",
]

MAX_THROWS = 1000
MAX_GAP = 100
#: Rows may hold decimals (the tab allows them); their sum must be 100 up to this.
SUM_TOLERANCE = 1e-6
#: Why a percentage is refused, one sentence per hand (the hand's name is part of it).
_RANGE_MESSAGES = (
    N_("row {index}: rock must be between 0 and 100, got {value}"),
    N_("row {index}: paper must be between 0 and 100, got {value}"),
    N_("row {index}: scissors must be between 0 and 100, got {value}"),
)


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


#: Each hand's name as a person reads it (translate with ``_`` where it is shown).
HAND_NAMES = {Hand.ROCK: N_("rock"), Hand.PAPER: N_("paper"), Hand.SCISSORS: N_("scissors")}


def hand_name(hand: Hand) -> str:
    """``hand``'s name in the language spoken now (``rock``, 石头, 바위)."""
    return _(HAND_NAMES[hand])


#: Mask of a cell where every hand is as good (e.g. the round is already decided).
ALL_HANDS = 7


def hands_of_mask(mask: int) -> tuple[Hand, ...]:
    """The hands whose bits are set in ``mask``, rock first."""
    return tuple(h for h in Hand if mask & h.bit)


def check_percentages(index: int, row: tuple[float, float, float]) -> None:
    """Raise ``ValueError`` naming row ``index`` (1-based) unless ``row`` is a valid throw."""
    if len(row) != 3:
        raise ValueError(
            _("row {index}: expected 3 percentages (rock, paper, scissors)").format(index=index)
        )
    for message, value in zip(_RANGE_MESSAGES, row, strict=True):
        if not math.isfinite(value) or not 0 <= value <= 100:
            raise ValueError(_(message).format(index=index, value=f"{value:g}"))
    total = math.fsum(row)
    if abs(total - 100) > SUM_TOLERANCE:
        raise ValueError(
            _("row {index}: percentages sum to {total}, expected 100").format(
                index=index, total=f"{total:g}"
            )
        )


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
                _("a round has between 1 and {most} throws, got {count}").format(
                    most=MAX_THROWS, count=len(self.percentages)
                )
            )
        if not 1 <= self.win_by <= MAX_GAP:
            raise ValueError(
                _("W must be between 1 and {most}, got {value}").format(
                    most=MAX_GAP, value=self.win_by
                )
            )
        if not 1 <= self.lose_by <= MAX_GAP:
            raise ValueError(
                _("L must be between 1 and {most}, got {value}").format(
                    most=MAX_GAP, value=self.lose_by
                )
            )

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
