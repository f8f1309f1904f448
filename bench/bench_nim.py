"""Nim: Grundy values of subtraction games over piles up to 10^6."""

from __future__ import annotations

import random

from solvers import nim


def _subtraction_case(subtraction: tuple[int, ...]) -> object:
    rng = random.Random(1)
    piles = tuple(rng.randint(1, 10**6) for _ in range(100))
    inputs = nim.NimInputs(piles, nim.Rule.SUBTRACTION, subtraction)

    def run() -> object:
        nim.grundy_sequence.cache_clear()
        return nim.solve(inputs)

    return run


def cases():
    rng = random.Random(0)
    normal = nim.NimInputs(tuple(rng.randint(1, 10**9) for _ in range(100)))
    yield "normal, 100 piles up to 1e9", 5.0, lambda: nim.solve(normal)
    yield "subtraction {1,3,4}, 100 piles up to 1e6 (cold)", 500.0, _subtraction_case((1, 3, 4))
    yield (
        "subtraction {2,5,7,11,13}, 100 piles up to 1e6 (cold)",
        500.0,
        _subtraction_case((2, 5, 7, 11, 13)),
    )
    yield (
        "subtraction {1..40 odd, 97}, 100 piles up to 1e6 (cold)",
        500.0,
        _subtraction_case((*range(1, 41, 2), 97)),
    )
