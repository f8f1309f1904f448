"""Grundy values of a subtraction game and their period, in bounded time and memory.

g(x) = mex{g(x - s) : s in S, s <= x} depends only on the ``k = max(S)`` values
before x, so the sequence of windows of k values is a deterministic walk through a
finite set: it becomes periodic, and the period of the windows is the period of g.
The walk is watched with Brent's cycle detection (one saved window, moved to the
current position at every power of two), so memory is the values themselves, kept
in a compact ``array`` (2 bytes each), never one tuple per position (issue 10).
The work is bounded (``MAX_WORK``: values times |S| plus a constant), so any S answers or refuses
with ``TooBig`` within a few seconds.
"""

from __future__ import annotations

from array import array
from collections import OrderedDict
from dataclasses import dataclass
from operator import itemgetter

from solvers.i18n import ngettext
from solvers.protocol import Progress, TooBig, report

__all__ = ["MAX_SCAN", "MAX_WORK", "GrundySequence", "grundy_sequence"]

#: Grundy values computed at most, whatever S is.
MAX_SCAN = 2_000_000
#: Values computed times (|S| + 40) at most: under 2 s on the reference 2-core machine
#: for any S (one value costs a fixed ~0.7 us plus ~0.02 us per element of S).
MAX_WORK = 80_000_000
#: Progress is reported (and Cancel noticed) every this many units of work: about 5 ms.
_REPORT_WORK = 200_000


@dataclass(frozen=True, eq=False)
class GrundySequence:
    """g(0..) of a subtraction game: ``values`` then repeating with ``period``.

    For x >= preperiod, g(x) = g(preperiod + (x - preperiod) % period).
    ``values`` holds g(0 .. preperiod + period - 1).
    """

    values: array[int]
    preperiod: int
    period: int

    def __call__(self, x: int) -> int:
        """Return g(x) for any x >= 0."""
        if x >= self.preperiod:
            x = self.preperiod + (x - self.preperiod) % self.period
        return self.values[x]

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GrundySequence)
            and (self.preperiod, self.period) == (other.preperiod, other.period)
            and self.values == other.values
        )

    def __hash__(self) -> int:
        return hash((self.preperiod, self.period, len(self.values)))


def scan_limit(subtraction: tuple[int, ...]) -> int:
    """How many values the search may compute for S (the work bound)."""
    return min(MAX_SCAN, MAX_WORK // (len(subtraction) + 40))


def _search(subtraction: tuple[int, ...], progress: Progress | None) -> GrundySequence:
    k = max(subtraction)
    limit = scan_limit(subtraction)
    values = array("H")
    # The first k values: not every s fits yet.
    for x in range(min(k, limit)):
        reachable = {values[x - s] for s in subtraction if s <= x}
        g = 0
        while g in reachable:
            g += 1
        values.append(g)
    # From x = k on, g(x) reads the window values[x-k:x] at fixed offsets: one C call.
    offsets = tuple(k - s for s in subtraction)
    pick = itemgetter(*offsets)
    single = offsets[0] if len(offsets) == 1 else -1  # itemgetter of one index: no tuple
    saved, saved_at, power = values[0:0], -1, 1
    every = max(64, _REPORT_WORK // (len(subtraction) + 40))
    for x in range(k, limit + 1):
        window = values[x - k : x]
        if window == saved:
            period = x - saved_at
            start = _preperiod(values, period)
            return GrundySequence(values[: start + period], start, period)
        if x - saved_at >= power:  # Brent: move the saved window, double the stride
            saved, saved_at, power = window, x, 2 * power
        if x % every == 0:
            report(progress, x / limit)
        reachable = {window[single]} if single >= 0 else set(pick(window))
        g = 0
        while g in reachable:
            g += 1
        values.append(g)
    raise TooBig(
        ngettext(
            "no period found in the first {limit:,} Grundy values of this set S "
            "({count} number up to {largest}): use fewer or smaller numbers in S",
            "no period found in the first {limit:,} Grundy values of this set S "
            "({count} numbers up to {largest}): use fewer or smaller numbers in S",
            len(subtraction),
        ).format(limit=limit, count=len(subtraction), largest=k)
    )


def _preperiod(values: array[int], period: int) -> int:
    """Smallest n0 with values[n + period] == values[n] for all n0 <= n < len - period."""
    n0 = len(values) - period
    while n0 > 0 and values[n0 - 1] == values[n0 - 1 + period]:
        n0 -= 1
    return n0


class _Cache:
    """The last few sequences by S: a tab re-solving the same S pays once."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[tuple[int, ...], GrundySequence] = OrderedDict()

    def __call__(
        self, subtraction: tuple[int, ...], progress: Progress | None = None
    ) -> GrundySequence:
        """The Grundy sequence of S (sorted, distinct); ``TooBig`` past the work bound."""
        found = self._items.get(subtraction)
        if found is None:
            found = _search(subtraction, progress)
            self._items[subtraction] = found
            if len(self._items) > self._size:
                self._items.popitem(last=False)
        self._items.move_to_end(subtraction)
        return found

    def cache_clear(self) -> None:
        """Forget every sequence (benchmarks time a cold search)."""
        self._items.clear()


grundy_sequence = _Cache(32)
