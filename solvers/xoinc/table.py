"""The Xoinc value table: the best total of every position, in O(N^2) time.

A position is ``(i, a)``: ``i`` coins left (the bottom ``i`` of the stack)
and at most ``a`` may be taken. With ``S(i)`` the sum of those coins, the
mover's best total is

    f(i, a) = S(i) - min over t in 1..min(a, i) of f(i - t, min(2t, i - t)),

and ``f(i, a) = S(i)`` once ``a >= i`` (take everything). For fixed ``i`` the
inner minimum is a running minimum as ``a`` grows, so each row costs one
``np.minimum.accumulate``: O(N^2) in all, with O(N) NumPy work per row.

Only even allowances occur after the first move (``a = 2t``), and the table is
only ever read at ``f(r, 2s)`` with ``2s <= r`` and ``r + s <= N``, so it keeps
``s`` up to about ``N / 3`` per row (33 MB of int32 for N = 5000; sums stay
below 5 * 10^8 so int32 is exact). In that layout the entries a row needs,
``f(i - t, 2t)`` for ``t = 1, 2, ...``, lie at a constant stride in memory, so
gathering them is a slice, not a copy.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from solvers.protocol import Progress, report

__all__ = ["ValueTable", "build_table"]

#: Rows solved between two progress calls (a few milliseconds at N = 5000).
_ROWS_PER_REPORT = 128

IntArray = npt.NDArray[np.int32]


class ValueTable:
    """Best totals of every position ``(coins left, allowance)`` of one stack.

    Parameters
    ----------
    coins
        The stack, top coin first.
    suffix
        ``suffix[i]`` is the sum of the bottom ``i`` coins.
    table
        ``table[r, s] = f(r, 2s)`` for ``1 <= s <= min(r // 2, N - r)``.
    """

    __slots__ = ("_coins", "_suffix", "_table")

    def __init__(self, coins: tuple[int, ...], suffix: IntArray, table: IntArray) -> None:
        self._coins = coins
        self._suffix = suffix
        self._table = table

    @property
    def size(self) -> int:
        """Number of coins N."""
        return len(self._coins)

    def suffix(self, coins_left: int) -> int:
        """Sum of the bottom ``coins_left`` coins."""
        return int(self._suffix[coins_left])

    def _check(self, coins_left: int, allowance: int) -> None:
        if not 0 <= coins_left <= self.size:
            raise ValueError(f"coins left must be between 0 and {self.size}, got {coins_left}")
        if allowance < 1:
            raise ValueError(f"the allowance must be at least 1, got {allowance}")

    def opponent_best(self, coins_left: int, take: int) -> int:
        """What the opponent gets after the mover takes ``take`` of ``coins_left`` coins."""
        rest = coins_left - take
        if 3 * take <= coins_left:
            return int(self._table[rest, take])
        # The opponent may take all that is left.
        return int(self._suffix[rest])

    def take_values(self, coins_left: int, allowance: int) -> list[int]:
        """Mover's total for each legal take ``1..min(allowance, coins_left)``, in order."""
        self._check(coins_left, allowance)
        limit = min(allowance, coins_left)
        if limit == 0:
            return []
        total = int(self._suffix[coins_left])
        k = min(limit, coins_left // 3)
        rows = np.arange(coins_left - 1, coins_left - k - 1, -1)
        stored = self._table[rows, np.arange(1, k + 1)].astype(np.int64)
        rest = self._suffix[coins_left - limit : coins_left - k][::-1].astype(np.int64)
        return (total - np.concatenate([stored, rest])).tolist()  # type: ignore[no-any-return]

    def best_take(self, coins_left: int, allowance: int) -> int:
        """The smallest take reaching the best total (0 when no coins are left)."""
        self._check(coins_left, allowance)
        best, best_take = -1, 0
        total = int(self._suffix[coins_left])
        for take in range(1, min(allowance, coins_left) + 1):
            value = total - self.opponent_best(coins_left, take)
            if value > best:
                best, best_take = value, take
        return best_take

    def best_total(self, coins_left: int, allowance: int) -> int:
        """The most the mover can get from the position."""
        self._check(coins_left, allowance)
        if coins_left == 0:
            return 0
        take = self.best_take(coins_left, allowance)
        return int(self._suffix[coins_left]) - self.opponent_best(coins_left, take)


def _suffix_sums(coins: tuple[int, ...]) -> IntArray:
    suffix = np.zeros(len(coins) + 1, dtype=np.int32)
    np.cumsum(np.array(coins[::-1], dtype=np.int32), out=suffix[1:])
    return suffix


def build_table(coins: tuple[int, ...], progress: Progress | None = None) -> ValueTable:
    """Fill the value table of ``coins`` (top first) row by row."""
    n = len(coins)
    suffix = _suffix_sums(coins)
    # Rows r keep s <= min(r // 2, n - r); the widest is near r = 2n / 3.
    width = max(min(r // 2, n - r) for r in range(n + 1)) + 1
    table = np.zeros((n + 1, width), dtype=np.int32)
    flat = table.reshape(-1)
    step = width - 1
    run = np.empty(n + 1, dtype=np.int32)
    # suffix reversed, so that S(r - t) for growing t is a forward slice.
    back = suffix[::-1].copy()
    big = np.iinfo(np.int32).max
    for r in range(2, n):
        if r % _ROWS_PER_REPORT == 0:
            report(progress, r / n)
        m = min(r // 2, n - r)
        span = 2 * m
        k = min(r // 3, span)
        base = r * width
        if k:
            # f(r - t, 2t) for t = 1..k sits at base - t * (width - 1).
            np.minimum.accumulate(flat[base - step : base - step * (k + 1) : -step], out=run[:k])
            low = int(run[k - 1])
        else:
            low = big
        if span > k:
            # For t > r / 3 the opponent takes the rest: S(r - t), which falls with t.
            start = n - r + k + 1
            np.minimum(back[start : start + span - k], low, out=run[k:span])
        np.subtract(suffix[r], run[1:span:2], out=table[r, 1 : m + 1])
    report(progress, 1.0)
    return ValueTable(coins, suffix, table)
