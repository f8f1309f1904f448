"""Nim: Grundy values of subtraction games over piles up to 10^6."""

from __future__ import annotations

import random

from solvers import nim
from solvers.protocol import TooBig


def _subtraction_case(subtraction: tuple[int, ...]) -> object:
    rng = random.Random(1)
    piles = tuple(rng.randint(1, 10**6) for _ in range(100))
    inputs = nim.NimInputs(piles, nim.Rule.SUBTRACTION, subtraction)

    def run() -> object:
        nim.grundy_sequence.cache_clear()
        return nim.solve(inputs)

    return run


def _fifty_numbers_case(seed: int) -> object:
    """Issue 10: fifty numbers in S up to 1000 once took 80 s; now it answers or refuses."""
    subtraction = tuple(sorted(random.Random(seed).sample(range(1, 1001), 50)))
    inputs = nim.NimInputs((10**9, 12345), nim.Rule.SUBTRACTION, subtraction)

    def run() -> object:
        nim.grundy_sequence.cache_clear()
        try:
            return nim.solve(inputs)
        except TooBig as exc:
            return exc

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
    for seed in (5, 6, 11):
        yield (
            f"S: 50 numbers up to 1000 (seed {seed}), answer or refuse",
            3000.0,
            _fifty_numbers_case(seed),
        )
