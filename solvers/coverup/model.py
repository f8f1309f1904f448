"""Cover Up inputs, column states, Bayes' rule and the effect of one turn."""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from solvers.i18n import _

__all__ = [
    "MAX_COLUMNS",
    "MAX_DIGITS",
    "Column",
    "CoverUpInputs",
    "Pick",
    "State",
    "advance",
    "hit_probabilities",
    "initial_state",
    "posteriors",
    "reserve_flags",
]

MAX_COLUMNS = 5
MAX_DIGITS = 10
#: Hit probabilities closer than this count as equal (a pick is "reserve" only beyond it).
EPS = 1e-12


class Pick(enum.Enum):
    """Which kind of untried digit to cover a column with.

    Digits of one kind are interchangeable (they share the same probability),
    so a pick names the kind, not the digit.
    """

    CANDIDATE = "candidate"
    OTHER = "other"


@dataclass(frozen=True)
class Column:
    """One column: ``choices`` digits (judge m), ``candidates`` of them known (judge l).

    The known candidates together hold the right digit with probability ``p``,
    shared equally; the other ``choices - candidates`` digits share ``1 - p``.
    """

    choices: int
    candidates: int
    p: float

    def __post_init__(self) -> None:
        if not 1 <= self.choices <= MAX_DIGITS:
            raise ValueError(
                _("the number of digits m must be between 1 and {most}, got {m}").format(
                    most=MAX_DIGITS, m=self.choices
                )
            )
        if not 0 <= self.candidates < self.choices:
            raise ValueError(
                _(
                    "the known candidates l must be between 0 and m - 1 (at least one digit"
                    " must not be a candidate), got l={known}, m={m}"
                ).format(known=self.candidates, m=self.choices)
            )
        if not 0.0 <= self.p <= 1.0:
            raise ValueError(_("p must be between 0 and 1, got {p}").format(p=self.p))
        if self.candidates == 0 and self.p != 0.0:
            raise ValueError(
                _("p must be 0 when there are no known candidates, got {p}").format(p=self.p)
            )

    @property
    def others(self) -> int:
        """How many digits are not known candidates."""
        return self.choices - self.candidates

    @property
    def candidate_weight(self) -> float:
        """Prior probability of each known candidate."""
        return self.p / self.candidates if self.candidates else 0.0

    @property
    def other_weight(self) -> float:
        """Prior probability of each other digit."""
        return (1.0 - self.p) / self.others


@dataclass(frozen=True)
class CoverUpInputs:
    """The columns of one game (1 to 5)."""

    columns: tuple[Column, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.columns) <= MAX_COLUMNS:
            raise ValueError(
                _("there must be between 1 and {most} columns, got {n}").format(
                    most=MAX_COLUMNS, n=len(self.columns)
                )
            )

    @classmethod
    def from_triplets(cls, triplets: Sequence[tuple[int, int, float]]) -> CoverUpInputs:
        """Build from judge triplets ``(m, l, p)``, naming the column of any bad value."""
        columns = []
        for number, (m, l_known, p) in enumerate(triplets, start=1):
            try:
                columns.append(Column(m, l_known, p))
            except ValueError as exc:
                raise ValueError(
                    _("column {number}: {reason}").format(number=number, reason=exc)
                ) from None
        return cls(tuple(columns))

    @property
    def n(self) -> int:
        """Number of columns."""
        return len(self.columns)


#: One column's state: (known candidates left, other digits left), or None once solved.
ColumnState = tuple[int, int] | None


@dataclass(frozen=True)
class State:
    """Untried digits left in every column (``None``: the column is solved)."""

    columns: tuple[ColumnState, ...]

    @property
    def won(self) -> bool:
        """Whether every column is solved."""
        return all(c is None for c in self.columns)

    def turn(self, inputs: CoverUpInputs) -> int:
        """Turns played so far (every unsolved column lost one digit per turn)."""
        for column, left in zip(inputs.columns, self.columns, strict=True):
            if left is not None:
                return column.choices - left[0] - left[1]
        return -1


def initial_state(inputs: CoverUpInputs) -> State:
    """Nothing tried yet."""
    return State(tuple((c.candidates, c.others) for c in inputs.columns))


def hit_probabilities(column: Column, left: tuple[int, int]) -> tuple[float, float]:
    """Posterior probability of each remaining candidate and of each remaining other digit.

    Bayes' rule after wrong picks: the remaining digits keep their prior
    weights, renormalised. A state of total weight 0 cannot happen; it gets (0, 0).
    """
    a, b = left
    total = a * column.candidate_weight + b * column.other_weight
    if total <= 0.0:
        return 0.0, 0.0
    pc = column.candidate_weight / total if a else 0.0
    po = column.other_weight / total if b else 0.0
    return pc, po


def posteriors(inputs: CoverUpInputs, state: State) -> tuple[tuple[float, float] | None, ...]:
    """Per column: (each remaining candidate, each remaining other), None when solved."""
    return tuple(
        None if left is None else hit_probabilities(column, left)
        for column, left in zip(inputs.columns, state.columns, strict=True)
    )


def reserve_flags(
    inputs: CoverUpInputs, state: State, picks: Sequence[Pick | None]
) -> tuple[bool, ...]:
    """Whether each pick deliberately takes the less likely kind (keeping the column in reserve)."""
    flags = []
    for column, left, pick in zip(inputs.columns, state.columns, picks, strict=True):
        if left is None or pick is None:
            flags.append(False)
            continue
        pc, po = hit_probabilities(column, left)
        if pick is Pick.CANDIDATE:
            flags.append(left[1] > 0 and po > pc + EPS)
        else:
            flags.append(left[0] > 0 and pc > po + EPS)
    return tuple(flags)


def check_picks(state: State, picks: Sequence[Pick | None]) -> None:
    """Raise ``ValueError`` unless ``picks`` names an available kind in every unsolved column."""
    if len(picks) != len(state.columns):
        raise ValueError(
            _("expected {n} picks, got {count}").format(n=len(state.columns), count=len(picks))
        )
    for number, (left, pick) in enumerate(zip(state.columns, picks, strict=True), start=1):
        if left is None:
            if pick is not None:
                raise ValueError(
                    _("column {number} is solved; it takes no pick").format(number=number)
                )
        elif pick is None:
            raise ValueError(
                _("column {number} is unsolved; it needs a pick").format(number=number)
            )
        elif pick is Pick.CANDIDATE and left[0] == 0:
            raise ValueError(_("column {number} has no known candidate left").format(number=number))
        elif pick is Pick.OTHER and left[1] == 0:
            raise ValueError(_("column {number} has no other digit left").format(number=number))


def advance(
    inputs: CoverUpInputs, state: State, picks: Sequence[Pick | None], right: Collection[int]
) -> State | None:
    """The state after a turn whose picks in columns ``right`` (0-based) were right.

    Returns None when no pick was right (the game is lost). Raises
    ``ValueError`` for an outcome of probability 0 (a column whose remaining
    digits could not hold the right one).
    """
    check_picks(state, picks)
    unsolved = {i for i, left in enumerate(state.columns) if left is not None}
    bad = set(right) - unsolved
    if bad:
        raise ValueError(
            _("column {number} is not being played this turn").format(number=min(bad) + 1)
        )
    if not right:
        return None
    columns: list[ColumnState] = []
    for i, (left, pick) in enumerate(zip(state.columns, picks, strict=True)):
        if left is None or i in right:
            columns.append(None)
        elif pick is Pick.CANDIDATE:
            columns.append((left[0] - 1, left[1]))
        else:
            columns.append((left[0], left[1] - 1))
        after = columns[-1]
        if after is not None and hit_probabilities(inputs.columns[i], after) == (0.0, 0.0):
            raise ValueError(
                _(
                    "column {number}: that pick cannot be wrong (no other digit can be right)"
                ).format(number=i + 1)
            )
    return State(tuple(columns))
