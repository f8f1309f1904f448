"""Benchmarks: ``python bench/run.py [GAME ...]`` prints a table of median times.

Each ``bench/bench_<game>.py`` defines ``cases()`` yielding
``(label, target_ms, function)``; the function is timed ``REPEATS`` times and
the median is compared with the issue's target. Never run as a test.
"""

from __future__ import annotations

import importlib
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

REPEATS = 7

Case = tuple[str, "float | None", Callable[[], object]]


def median_ms(function: Callable[[], object], repeats: int = REPEATS) -> float:
    """Median wall time of ``function`` in milliseconds (after one warm-up call)."""
    function()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    games = argv or sorted(p.stem.removeprefix("bench_") for p in HERE.glob("bench_*.py"))
    print(f"{'game':<10} {'case':<58} {'median ms':>10} {'target ms':>10}  ok")
    print("-" * 96)
    failed = 0
    for game in games:
        module = importlib.import_module(f"bench_{game}")
        cases: Iterable[Case] = module.cases()
        for label, target, function in cases:
            ms = median_ms(function)
            ok = target is None or ms <= target
            failed += not ok
            shown = "-" if target is None else f"{target:.1f}"
            print(f"{game:<10} {label:<58} {ms:>10.2f} {shown:>10}  {'yes' if ok else 'NO'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
