"""The Great Game: G = 1000 throws, W = L = 100, near-uniform opponents."""

from __future__ import annotations

import random

from solvers import greatgame as gg


def near_uniform(seed: int, throws: int = 1000, spread: int = 3) -> gg.GreatGameInputs:
    """Rows within ``spread`` points of 33/33/34, the hardest shape for the ratio search."""
    rng = random.Random(seed)
    rows = []
    for _ in range(throws):
        a = 33 + rng.randint(-spread, spread)
        b = 33 + rng.randint(-spread, spread)
        rows.append((a, b, 100 - a - b))
    return gg.GreatGameInputs(tuple(rows), 100, 100)


def cases():
    for seed, spread in ((1, 1), (2, 3), (3, 8)):
        inputs = near_uniform(seed, spread=spread)
        yield (
            f"G=1000 W=L=100, rows 33+-{spread} (seed {seed})",
            60.0,
            lambda inputs=inputs: gg.solve(inputs),
        )
    skewed = gg.GreatGameInputs(((60, 25, 15),) * 1000, 100, 100)
    yield "G=1000 W=L=100, rock-heavy 60/25/15", 60.0, lambda: gg.solve(skewed)
    inputs = near_uniform(2)
    yield (
        "G=1000 W=L=100, rows 33+-3, forced bisection",
        None,
        lambda: gg.solve_great_game(inputs, method="bisection"),
    )
