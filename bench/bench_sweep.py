"""What if (issue 23): a sweep of N values against N direct solves, timed in the same run.

A sweep shares what its values have in common (the Great Game's round, Dice Yut's
backward pass over the turns), so it must never cost more than the solves it
replaces; where nothing is shared (Xoinc's stack prefixes) it costs about the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import solvers
from solvers.greatgame import GreatGameInputs
from solvers.sweep import find_sweep, sweep
from solvers.xoinc import XoincInputs
from solvers.yut import ExpectInputs


def _pair(game: str, inputs: Any, key: str, values: list[int]) -> tuple[Callable[[], object], ...]:
    found, index = find_sweep(game, key, inputs)
    module = solvers.load(game)

    def swept() -> object:
        return list(sweep(game, inputs, key, values))

    def direct() -> object:
        return [module.solve(found.apply(inputs, value, index)) for value in values]

    return swept, direct


def cases() -> Iterator[tuple[object, ...]]:
    rng = random.Random(23)
    rows = []
    for _ in range(200):
        a, b = sorted(rng.sample(range(101), 2))
        rows.append((a, b - a, 100 - b))
    great = GreatGameInputs(tuple(rows), 10, 10)
    yield (
        "Great Game G=200, W = 1..100 vs 100 solves",
        1.0,
        *_pair("greatgame", great, "W", list(range(1, 101))),
    )
    expect = ExpectInputs(8, 4)
    yield (
        "Dice Yut unknown, 4 pieces, turns 1..8 vs 8 solves",
        1.0,
        *_pair("yut", expect, "turns", list(range(1, 9))),
    )
    stack = XoincInputs(tuple(rng.randint(1, 100_000) for _ in range(400)))
    yield (
        "Xoinc, coins = 20..400 by 20 vs 20 solves (nothing shared)",
        1.1,
        *_pair("xoinc", stack, "coins", list(range(20, 401, 20))),
    )
