"""Cover Up: judge-size inputs (5 columns of 10 digits) and the exhaustive recursion.

Run directly (``python bench/bench_coverup.py``) to also print the speed-up over
the exhaustive recursion of tests/solvers/brute_coverup.py on a 5 x 10 case.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from solvers import coverup

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "solvers"))
import brute_coverup

TARGET_MS = 20.0

JUDGE_CASES = {
    "10 5 0.5 x5": "10 5 0.5 " * 5,
    "10 1 0.9 x5": "10 1 0.9 " * 5,
    "10 3 0.7 x5": "10 3 0.7 " * 5,
    "mix 10 5 .5 / 10 1 .9 / 10 3 .7 / 10 4 .6 / 10 2 .8": (
        "10 5 0.5 10 1 0.9 10 3 0.7 10 4 0.6 10 2 0.8"
    ),
    "mix 10 5 .5 / 10 6 .55 / 10 4 .6 / 10 3 .7 / 10 5 .45": (
        "10 5 0.5 10 6 0.55 10 4 0.6 10 3 0.7 10 5 0.45"
    ),
    "mix 10 5 .5 x2 / 10 1 .9 x2 / 10 3 .7": "10 5 0.5 10 5 0.5 10 1 0.9 10 1 0.9 10 3 0.7",
    "show layout 2 1 .9 / 3 1 .6 / 4 1 .5 / 5 1 .4 / 6 1 .4": (
        "2 1 0.9 3 1 0.6 4 1 0.5 5 1 0.4 6 1 0.4"
    ),
}
#: The exhaustive recursion finishes this 5 x 10 case in about a second.
BRUTE_CASE = "10 1 0.9 x5"


def _inputs(label: str) -> coverup.CoverUpInputs:
    (inputs,) = coverup.parse_judge(f"5\n{JUDGE_CASES[label]}\n0\n")
    return inputs


def _triplets(inputs: coverup.CoverUpInputs) -> list[tuple[int, int, float]]:
    return [(c.choices, c.candidates, c.p) for c in inputs.columns]


def cases():
    for label in JUDGE_CASES:
        inputs = _inputs(label)
        yield f"solve {label}", TARGET_MS, lambda inputs=inputs: coverup.solve(inputs)
    inputs = _inputs(BRUTE_CASE)
    triplets = _triplets(inputs)
    yield f"exhaustive recursion {BRUTE_CASE} (oracle)", None, lambda: brute_coverup.value(triplets)
    mixed = coverup.solve(_inputs("mix 10 5 .5 / 10 1 .9 / 10 3 .7 / 10 4 .6 / 10 2 .8"))
    yield (
        "simulate 100 000 games, show layout",
        500.0,
        lambda: coverup.simulate(
            coverup.solve(_inputs("show layout 2 1 .9 / 3 1 .6 / 4 1 .5 / 5 1 .4 / 6 1 .4")),
            100_000,
            seed=1,
        ),
    )
    yield "policy entries of every state (first mix)", None, lambda: mixed.entries()


def speedup() -> None:
    inputs = _inputs(BRUTE_CASE)
    coverup.solve(inputs)
    fast = []
    for _ in range(7):
        start = time.perf_counter()
        coverup.solve(inputs)
        fast.append(time.perf_counter() - start)
    start = time.perf_counter()
    brute_coverup.value(_triplets(inputs))
    slow = time.perf_counter() - start
    ms = statistics.median(fast) * 1000
    ratio = slow / ms * 1000
    print(f"{BRUTE_CASE}: exhaustive {slow:.2f} s, solver {ms:.2f} ms, {ratio:.0f}x faster")


if __name__ == "__main__":
    speedup()
