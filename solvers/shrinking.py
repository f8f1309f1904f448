"""Shrinking a list of numbers for the local judge: every single smaller step, biggest first.

``smaller_lists(values, low, high)`` yields each list one step smaller than ``values``:
fewer items (either half, one item less, a pair of equal items less, two neighbours
merged into their sum) and then smaller numbers (all at ``low``, ranks instead of
values, everything halved, one value merged into the next smaller one wherever it
occurs, one number set to ``low``, ``low + 1``, ``low + 2``, halved or decremented).
A failing input for which none of them fails is a local minimum: no single step makes
it smaller. Each candidate has fewer items, or as many with a smaller sum, so
shrinking always ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

__all__ = ["smaller_lists"]


def smaller_lists(values: tuple[int, ...], low: int, high: int) -> Iterator[tuple[int, ...]]:
    """Every list of numbers in ``low..high`` one step smaller than ``values``, never empty."""
    seen = {values}
    for candidate in _steps(values, low, high):
        if candidate and candidate not in seen:
            seen.add(candidate)
            yield candidate


def _steps(values: tuple[int, ...], low: int, high: int) -> Iterator[tuple[int, ...]]:
    n = len(values)
    yield values[: n // 2]
    yield values[n // 2 :]
    # Lazy from here: a 2000-number list has thousands of candidates and few are needed.
    yield from (values[:i] + values[i + 1 :] for i in range(n))
    first: dict[int, int] = {}
    for i, value in enumerate(values):  # a pair of equal items less (they often cancel)
        if value in first:
            j = first.pop(value)
            yield values[:j] + values[j + 1 : i] + values[i + 1 :]
        else:
            first[value] = i
    for i in range(n - 1):
        total = values[i] + values[i + 1]
        if total <= high:
            yield (*values[:i], total, *values[i + 2 :])
    yield from _smaller_numbers(values, low)


def _smaller_numbers(values: tuple[int, ...], low: int) -> Iterator[tuple[int, ...]]:
    distinct = sorted(set(values))
    yield tuple(low for _ in values)
    ranks = {value: rank for rank, value in enumerate(distinct, start=low)}
    yield tuple(ranks[v] for v in values)
    yield tuple(max(low, v // 2) for v in values)
    for smaller, larger in pairwise(distinct):
        yield tuple(smaller if v == larger else v for v in values)
    for i, value in enumerate(values):
        for smaller in sorted({low, low + 1, low + 2, value // 2, value - 1}):
            if low <= smaller < value:
                yield (*values[:i], smaller, *values[i + 1 :])
