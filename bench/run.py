"""Benchmarks: ``python bench/run.py [GAME ...]`` prints a table of times against the goals.

Each ``bench/bench_<name>.py`` defines ``cases()`` yielding either

- ``(label, target_ms, function)``: ``function`` is timed and its median compared with an
  absolute target (``None``: shown for information), or
- ``(label, goal_ratio, function, reference)``: both are timed in the same run, interleaved so
  that a busy machine slows both alike, and the ratio of medians is compared with the goal
  (for example 1.5 for "at most 1.5x the reference script").

Minimum and median are printed for both. A function that returns a ``Measure`` reports that
figure (in ms) instead of its wall time: the UI bench returns the longest stall it saw. Never run
as a test.
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

from measure import Measure  # noqa: E402  (after the path: bench/ is not a package)

REPEATS = 7


def times_ms(function: Callable[[], object], repeats: int = REPEATS) -> list[float]:
    """Times of ``function`` in milliseconds (after one warm-up call)."""
    function()
    times: list[float] = []
    for _ in range(repeats):
        times += times_ms_once(function)
    return times


def median_ms(function: Callable[[], object], repeats: int = REPEATS) -> float:
    """Median wall time of ``function`` in milliseconds (after one warm-up call)."""
    return statistics.median(times_ms(function, repeats))


def side_by_side(
    function: Callable[[], object], reference: Callable[[], object], repeats: int = REPEATS
) -> tuple[list[float], list[float]]:
    """Times of ``function`` and ``reference``, alternating runs."""
    function()
    reference()
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(repeats):
        ours += times_ms_once(function)
        theirs += times_ms_once(reference)
    return ours, theirs


def times_ms_once(function: Callable[[], object]) -> list[float]:
    """One timed call, no warm-up."""
    start = time.perf_counter()
    figure = function()
    if isinstance(figure, Measure):
        return [float(figure)]
    return [(time.perf_counter() - start) * 1000]


def row(game: str, label: str, times: list[float], extra: str, ok: bool | None) -> str:
    """One line of the table."""
    verdict = "" if ok is None else ("yes" if ok else "NO")
    return (
        f"{game:<9} {label:<56} {min(times):>9.2f} {statistics.median(times):>9.2f}"
        f" {extra:>24}  {verdict}"
    )


def main(argv: list[str]) -> int:
    """Run the named benches (all by default); exit 1 when a goal is missed."""
    games = argv or sorted(p.stem.removeprefix("bench_") for p in HERE.glob("bench_*.py"))
    print(f"{'bench':<9} {'case':<56} {'min ms':>9} {'median':>9} {'goal (reference)':>24}  ok")
    print("-" * 116)
    failed = 0
    for game in games:
        module = importlib.import_module(f"bench_{game}")
        cases: Iterable[tuple[object, ...]] = module.cases()
        for case in cases:
            if len(case) == 4:
                label, goal, function, reference = case
                ours, theirs = side_by_side(function, reference)  # type: ignore[arg-type]
                ratio = statistics.median(ours) / statistics.median(theirs)
                ok = ratio <= goal  # type: ignore[operator]
                extra = f"{ratio:.2f}x <= {goal}x (ref {statistics.median(theirs):.1f})"
                print(row(game, str(label), ours, extra, ok))
            else:
                label, target, function = case
                times = times_ms(function)  # type: ignore[arg-type]
                ok = None if target is None else statistics.median(times) <= target  # type: ignore[operator]
                extra = "-" if target is None else f"<= {target:.1f} ms"
                print(row(game, str(label), times, extra, ok))
            failed += ok is False
            sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
