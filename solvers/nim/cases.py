"""Cases for the local judge: the shipped example, random piles biased to the edges, shrinking.

``generate`` favours what wrong solutions get wrong: one pile, equal piles (nim-sum
0), piles of 1 (misere's special case), the largest sizes and counts. The rule is
not generated: the judge's options (``--misere``) apply it when the case is read.
``shrink`` proposes fewer piles first, then smaller ones.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from solvers.nim import MAX_PILE, NimInputs, parse_judge
from solvers.shrinking import smaller_lists

__all__ = ["JUDGE_MAX_PILES", "example", "generate", "shrink"]

#: Baekjoon 11868's largest N (the solver itself accepts more).
JUDGE_MAX_PILES = 100
_SIZES = ("small", "judge", "max")


def example() -> NimInputs:
    """The example shipped in ``resources/examples/nim.txt``."""
    from importlib.resources import files

    text = files("resources").joinpath("examples", "nim.txt").read_text(encoding="utf-8")
    return parse_judge(text)[0]


def _piles(rng: random.Random, n: int, top: int) -> list[int]:
    kind = rng.randrange(5)
    if kind == 0:  # all ones: misere's special case
        return [1] * n
    if kind == 1:  # pairs of equal piles: nim-sum 0, the first player loses
        half = [rng.randint(1, top) for _ in range((n + 1) // 2)]
        return (half + half)[:n] if n % 2 == 0 else [*half, *half[:-1]]
    if kind == 2:  # ones and one big pile: misere's other special case
        return [1] * (n - 1) + [rng.randint(2, max(2, top))]
    if kind == 3:  # the largest sizes
        return [rng.choice((top, MAX_PILE if top > 100 else top)) for _ in range(n)]
    return [rng.randint(1, top) for _ in range(n)]


def generate(rng: random.Random, size: str) -> NimInputs:
    """Random valid piles: ``size`` "small" (up to 5 piles of 7), "judge" or "max"."""
    if size not in _SIZES:
        raise ValueError(f"size must be one of {', '.join(_SIZES)}, got {size!r}")
    if size == "small":
        n, top = rng.choice((1, 2, rng.randint(1, 5))), rng.choice((3, 7))
    elif size == "judge":
        n = rng.choice((1, 2, JUDGE_MAX_PILES, rng.randint(1, 10), rng.randint(1, JUDGE_MAX_PILES)))
        top = rng.choice((7, 1000, MAX_PILE))
    else:
        n, top = JUDGE_MAX_PILES, MAX_PILE
    return NimInputs(tuple(_piles(rng, n, top)))


def shrink(inputs: NimInputs) -> Iterator[NimInputs]:
    """Every valid input one step smaller (``solvers.shrinking``), biggest steps first."""
    for piles in smaller_lists(inputs.piles, 1, MAX_PILE):
        yield NimInputs(piles, inputs.rule, inputs.subtraction)
