"""Cases for the local judge: the shipped example, random stacks biased to the edges, shrinking.

``generate`` favours what wrong solutions get wrong: one or two coins, equal
coins (ties between takes), the largest values and the judge's largest N. ``shrink``
proposes strictly smaller stacks: fewer coins first, then smaller values.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from solvers.i18n import _
from solvers.shrinking import smaller_lists

if TYPE_CHECKING:
    from solvers.xoinc import XoincInputs

__all__ = ["JUDGE_MAX_COINS", "example", "generate", "shrink"]

#: The judge's largest stack (USACO's bound; the solver itself accepts more).
JUDGE_MAX_COINS = 2000
_SIZES = ("small", "judge", "max")


def example() -> XoincInputs:
    """The example shipped in ``resources/examples/xoinc.txt`` (16 coins)."""
    from importlib.resources import files

    from solvers.xoinc import parse_judge

    text = files("resources").joinpath("examples", "xoinc.txt").read_text(encoding="utf-8")
    return parse_judge(text)[0]


def _values(rng: random.Random, n: int, top: int) -> list[int]:
    from solvers.xoinc import MAX_VALUE

    kind = rng.randrange(5)
    if kind == 0:  # all equal: every take ties with another
        return [rng.randint(1, top)] * n
    if kind == 1:  # the largest values
        return [MAX_VALUE] * n
    if kind == 2:  # few distinct values: many ties
        return [rng.randint(1, 3) for _ in range(n)]
    if kind == 3:  # a mix of tiny and huge coins
        return [rng.choice((1, MAX_VALUE, rng.randint(1, MAX_VALUE))) for _ in range(n)]
    return [rng.randint(1, top) for _ in range(n)]


def generate(rng: random.Random, size: str) -> XoincInputs:
    """A random valid stack: ``size`` is "small" (up to 12 coins), "judge" or "max" (2000)."""
    from solvers.xoinc import MAX_VALUE, XoincInputs

    if size not in _SIZES:
        raise ValueError(
            _("size must be one of {sizes}, got {size!r}").format(
                sizes=", ".join(_SIZES), size=size
            )
        )
    if size == "small":
        n = rng.choice((1, 2, 3, rng.randint(1, 12), rng.randint(4, 12)))
        top = rng.choice((9, 100))
    elif size == "judge":
        n = rng.choice((1, 2, 3, JUDGE_MAX_COINS, rng.randint(1, 60), rng.randint(1, 2000)))
        top = MAX_VALUE
    else:
        n, top = JUDGE_MAX_COINS, MAX_VALUE
    return XoincInputs(tuple(_values(rng, n, top)))


def shrink(inputs: XoincInputs) -> Iterator[XoincInputs]:
    """Every valid stack one step smaller (``solvers.shrinking``), biggest steps first."""
    from solvers.xoinc import MAX_VALUE, XoincInputs

    for coins in smaller_lists(inputs.coins, 1, MAX_VALUE):
        yield XoincInputs(coins)
