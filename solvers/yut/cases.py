"""Inputs for tests and the local judge: the example, judge text, random cases, shrinking.

Generated cases are judge-shaped (ten throws 1..5, four pieces, the standard
board) so that ``parse_judge(format_input(x))`` reads them back and a judge
program sees the game it was written for.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from solvers.i18n import _
from solvers.yut.known import YutInputs

if TYPE_CHECKING:  # annotations only: a judge case loads neither
    import random

    from solvers.yut.unknown import ExpectInputs

__all__ = ["JUDGE_FACES", "JUDGE_THROWS", "example", "format_input", "generate", "shrink"]

#: Throws per case in the judge format, and the judge's die.
JUDGE_THROWS = 10
JUDGE_FACES = 5
_SIZES = ("small", "judge", "max")


def example() -> YutInputs:
    """The third sample of Baekjoon 17825 (answer 214)."""
    return YutInputs((5, 1, 2, 3, 4, 5, 5, 3, 2, 4))


def format_input(inputs: YutInputs | ExpectInputs) -> str:
    """The throws on one line (unknown throws have none: the empty text)."""
    if not isinstance(inputs, YutInputs):
        return ""
    return " ".join(map(str, inputs.throws)) + "\n"


def generate(rng: random.Random, size: str) -> YutInputs:
    """Ten random throws biased to the edges: all equal, only 1s and 5s, or anything.

    ``small`` keeps to faces 1..3 (short games that end early are rare there),
    ``max`` to 4 and 5 (pieces reach the end and throws are lost).
    """
    if size not in _SIZES:
        raise ValueError(
            _("size must be one of {sizes}, got {size}").format(
                sizes=", ".join(_SIZES), size=repr(size)
            )
        )
    low, high = {"small": (1, 3), "judge": (1, JUDGE_FACES), "max": (4, JUDGE_FACES)}[size]
    shape = rng.randrange(4)
    if shape == 0:
        throws = (rng.randint(low, high),) * JUDGE_THROWS
    elif shape == 1:
        throws = tuple(rng.choice((low, high)) for _ in range(JUDGE_THROWS))
    else:
        throws = tuple(rng.randint(low, high) for _ in range(JUDGE_THROWS))
    return YutInputs(throws)


def shrink(inputs: YutInputs) -> Iterator[YutInputs]:
    """Strictly smaller throws, one at a time: first down to 1, then halved, then one less.

    The count stays ten (the judge format); a smaller throw is a simpler case.
    """
    throws = inputs.throws
    seen = {throws}
    for step in (lambda t: 1, lambda t: t // 2, lambda t: t - 1):
        for i, throw in enumerate(throws):
            candidate = (*throws[:i], max(1, step(throw)), *throws[i + 1 :])
            if candidate not in seen:
                seen.add(candidate)
                yield YutInputs(candidate, inputs.pieces, inputs.faces, inputs.board)
