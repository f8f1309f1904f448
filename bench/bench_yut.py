"""Dice Yut: known throws by memo vs the plain DFS, and the unknown-throws expectation."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "solvers"))

from brute_yut import brute_max
from yut_reference import expected as reference_expected

from solvers import yut


def _sequences(count: int, length: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.randint(1, 5) for _ in range(length)) for _ in range(count)]


def _per_call_ms(function, items) -> float:
    times = []
    for item in items:
        start = time.perf_counter()
        function(item)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.mean(times)


def speedup_line() -> str:
    """Mean time per input of memo and plain DFS on the same 10 random inputs."""
    board = yut.standard_board()
    inputs = _sequences(10, 10, 99)
    memo = _per_call_ms(lambda t: yut.solve(yut.YutInputs(t)), inputs)
    dfs = _per_call_ms(lambda t: brute_max(board, t), inputs)
    return (
        f"yut: 10 random inputs, mean per input: memo {memo:.2f} ms, plain DFS {dfs:.1f} ms, "
        f"speed-up {dfs / memo:.0f}x (target >= 20x)"
    )


def expectimax_line(pieces: int = 6, turns: int = 20) -> str:
    """Issue 12: the unknown-throws game at 6 x 20 beside the unoptimised solver, same run."""
    inputs = yut.ExpectInputs(turns, pieces)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        ours = yut.solve(inputs).expected
        times.append(time.perf_counter() - start)
    start = time.perf_counter()
    theirs = reference_expected(inputs)  # one run: about 17 s and 2 GB
    reference = time.perf_counter() - start
    assert abs(ours - theirs) < 1e-9, (ours, theirs)
    return (
        f"yut: unknown throws {pieces} pieces x {turns} turns = {ours:.3f}: "
        f"min {min(times):.2f} s, median {statistics.median(times):.2f} s (goal <= 10 s); "
        f"reference (pre-issue-12 algorithm) {reference:.2f} s, "
        f"speed-up {reference / statistics.median(times):.1f}x"
    )


def cases():
    print(speedup_line())
    print(expectimax_line())
    sample = yut.YutInputs((1, 2, 3, 4, 1, 2, 3, 4, 1, 2))
    yield "standard board, 10 known throws (sample 1)", 5.0, lambda: yut.solve(sample)
    many = [yut.YutInputs(t) for t in _sequences(50, 10, 1)]
    yield (
        "standard board, 50 random 10-throw inputs (5 ms each)",
        250.0,
        lambda: [yut.solve(i) for i in many],
    )
    board = yut.standard_board()
    plain = sample.throws
    yield (
        "plain DFS over piece choices, sample 1 (reference)",
        None,
        lambda: brute_max(board, plain),
    )
    big = yut.YutInputs(_sequences(1, 20, 2)[0], pieces=6)
    yield "6 pieces, 20 known throws", None, lambda: yut.solve(big)
    expect = yut.ExpectInputs()
    yield "unknown throws: standard board, 10 turns, 4 pieces", 2000.0, lambda: yut.solve(expect)
    longer = yut.ExpectInputs(turns=20, pieces=4)
    yield "unknown throws: 20 turns, 4 pieces", None, lambda: yut.solve(longer)
    medium = yut.ExpectInputs(turns=20, pieces=5)
    yield (
        "unknown throws: 20 turns, 5 pieces vs the unoptimised solver",
        1.0,
        lambda: yut.solve(medium),
        lambda: reference_expected(medium),
    )
    most = yut.ExpectInputs(turns=20, pieces=6)
    yield "unknown throws: 20 turns, 6 pieces (issue 12)", 10_000.0, lambda: yut.solve(most)
