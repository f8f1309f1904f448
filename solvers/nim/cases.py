"""Cases for the local judge: the shipped example, random piles biased to the edges, shrinking.

``generate`` favours what wrong solutions get wrong: one pile, equal piles (nim-sum
0), piles of 1 (misere's special case), the largest sizes and counts. The rule is
not generated: the judge's options (``--misere``) apply it when the case is read.
``shrink`` proposes fewer piles first, then smaller ones.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import chain

from solvers.nim import MAX_PILE, NimInputs, parse_judge

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
    """Strictly smaller valid inputs: halves, one pile less, then smaller piles."""
    piles = inputs.piles
    n = len(piles)
    seen = {piles}

    def fresh(candidate: tuple[int, ...]) -> bool:
        if not candidate or candidate in seen:
            return False
        seen.add(candidate)
        return True

    def made(candidate: tuple[int, ...]) -> NimInputs:
        return NimInputs(candidate, inputs.rule, inputs.subtraction)

    cuts = chain(
        (piles[: n // 2], piles[n // 2 :], piles[1:], piles[:-1]),
        (piles[:i] + piles[i + 1 :] for i in range(1, n - 1)),
    )
    for candidate in cuts:
        if fresh(candidate):
            yield made(candidate)
    # Smaller numbers: ranks instead of sizes, all halved, then one pile at a time.
    ranks = {size: rank for rank, size in enumerate(sorted(set(piles)), start=1)}
    for candidate in (tuple(ranks[p] for p in piles), tuple(max(1, p // 2) for p in piles)):
        if fresh(candidate):
            yield made(candidate)
    for i, size in enumerate(piles):
        for smaller in (1, size // 2, size - 1):
            if smaller >= 1:
                candidate = (*piles[:i], smaller, *piles[i + 1 :])
                if fresh(candidate):
                    yield made(candidate)
