"""The Xoinc value table: the best total of every position, in O(N^2) time.

A position is ``(i, a)``: ``i`` coins left (the bottom ``i`` of the stack)
and at most ``a`` may be taken. With ``S(i)`` the sum of those coins, the
mover's best total is

    f(i, a) = S(i) - min over t in 1..min(a, i) of f(i - t, min(2t, i - t)),

and ``f(i, a) = S(i)`` once ``a >= i`` (take everything). For fixed ``i`` the
inner minimum is a running minimum as ``a`` grows, so a row costs O(N) and the
table O(N^2).

Only even allowances occur after the first move (``a = 2t``), and the table is
only ever read at ``f(r, 2s)`` with ``2s <= r`` and ``r + s <= N``, so row ``r``
keeps ``s`` up to ``min(r // 2, N - r)`` (at most about ``N / 3`` entries).

Two kernels fill it: plain Python for small stacks, where importing NumPy would
cost more than the whole solve (``python -m solvers xoinc`` on the sample must
start as fast as a plain script), and NumPy (``kernel.py``) for larger ones.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from itertools import accumulate
from typing import Any, Protocol

from solvers.i18n import _
from solvers.protocol import Progress, TooBig, report

__all__ = [
    "FIRST_ALLOWANCE",
    "MAX_COINS",
    "NUMPY_FROM",
    "NUMPY_LOADED_FROM",
    "Rows",
    "ValueTable",
    "build_table",
    "check_size",
    "python_rows",
    "suffix_sums",
    "table_bytes",
    "table_width",
]

#: The first player may take up to this many coins.
FIRST_ALLOWANCE = 2
#: Largest stack solved: its NumPy table takes ``table_bytes(MAX_COINS)`` (about 33 MB).
MAX_COINS = 5000
#: From this many coins on, the NumPy kernel beats plain Python even when NumPy must
#: first be imported (0.1 s; the plain table takes about 0.05 s at 1000 coins, 0.15 s at
#: 1500), and from ``NUMPY_LOADED_FROM`` on once NumPy is loaded (the GUI). Measured on
#: this project's 2-core machine with bench/bench_xoinc.py.
NUMPY_FROM = 1200
NUMPY_LOADED_FROM = 100
#: Rows of the pure-Python kernel between two progress calls (under 5 ms of work).
_PY_ROWS_PER_REPORT = 64


def table_width(n: int) -> int:
    """Entries kept per row for ``n`` coins: ``s = 0..min(r // 2, n - r)`` and that is <= n / 3."""
    return n // 3 + 1


def table_bytes(n: int) -> int:
    """Memory of the NumPy table for ``n`` coins (int32 entries)."""
    return (n + 1) * table_width(n) * 4


def check_size(n: int) -> None:
    """Raise ``TooBig`` when a stack of ``n`` coins is past the work bound."""
    if n > MAX_COINS:
        raise TooBig(
            _(
                "at most {most} coins, got {count} (the table of positions would take "
                "about {size} MB): use fewer coins"
            ).format(most=MAX_COINS, count=n, size=table_bytes(n) // 2**20)
        )


class Rows(Protocol):
    """Rows of the table: a list of lists or a 2-D NumPy array (``rows[r][s]``)."""

    def __getitem__(self, row: int, /) -> Any: ...


class ValueTable:
    """Best totals of every position ``(coins left, allowance)`` of one stack.

    Parameters
    ----------
    coins
        The stack, top coin first.
    suffix
        ``suffix[i]`` is the sum of the bottom ``i`` coins.
    rows
        ``rows[r][s] = f(r, 2s)`` for ``1 <= s <= min(r // 2, N - r)``: lists of lists
        or a 2-D NumPy array.
    """

    __slots__ = ("_coins", "_rows", "_suffix")

    def __init__(self, coins: tuple[int, ...], suffix: list[int], rows: Rows) -> None:
        self._coins = coins
        self._suffix = suffix
        self._rows = rows

    def __reduce__(self) -> tuple[type[ValueTable], tuple[tuple[int, ...], list[int], Rows]]:
        """Pickled with a NumPy table's rows packed (``kernel.pack_rows``): half the bytes."""
        rows = self._rows
        if type(rows).__name__ == "ndarray":  # NumPy is loaded whenever a table is an array
            from solvers.xoinc.kernel import pack_rows

            rows = pack_rows(rows)
        return (ValueTable, (self._coins, self._suffix, rows))

    @property
    def size(self) -> int:
        """Number of coins N."""
        return len(self._coins)

    def suffix(self, coins_left: int) -> int:
        """Sum of the bottom ``coins_left`` coins."""
        return self._suffix[coins_left]

    def _check(self, coins_left: int, allowance: int) -> None:
        if not 0 <= coins_left <= self.size:
            raise ValueError(
                _("coins left must be between 0 and {most}, got {left}").format(
                    most=self.size, left=coins_left
                )
            )
        if allowance < 1:
            raise ValueError(
                _("the allowance must be at least 1, got {allowance}").format(allowance=allowance)
            )

    def opponent_best(self, coins_left: int, take: int) -> int:
        """What the opponent gets after the mover takes ``take`` of ``coins_left`` coins."""
        rest = coins_left - take
        if 3 * take <= coins_left:
            return int(self._rows[rest][take])
        # The opponent may take all that is left.
        return self._suffix[rest]

    def take_values(self, coins_left: int, allowance: int) -> list[int]:
        """Mover's total for each legal take ``1..min(allowance, coins_left)``, in order."""
        self._check(coins_left, allowance)
        total = self._suffix[coins_left]
        limit = min(allowance, coins_left)
        return [total - self.opponent_best(coins_left, t) for t in range(1, limit + 1)]

    def best_take(self, coins_left: int, allowance: int) -> int:
        """The smallest take reaching the best total (0 when no coins are left)."""
        values = self.take_values(coins_left, allowance)
        return values.index(max(values)) + 1 if values else 0

    def best_total(self, coins_left: int, allowance: int) -> int:
        """The most the mover can get from the position."""
        return max(self.take_values(coins_left, allowance), default=0)


def suffix_sums(coins: Sequence[int]) -> list[int]:
    """``[0, last coin, last two coins, ...]``: the sums of the bottom ``i`` coins."""
    return [0, *accumulate(reversed(coins))]


def python_rows(suffix: list[int], progress: Progress | None = None) -> list[list[int]]:
    """The table rows for the suffix sums ``suffix``, in plain Python (see the module doc)."""
    n = len(suffix) - 1
    rows: list[list[int]] = [[0] for _ in range(n + 1)]
    for r in range(2, n):
        if r % _PY_ROWS_PER_REPORT == 0:
            report(progress, r / n)
        span = 2 * min(r // 2, n - r)
        k = min(r // 3, span)
        # Opponent's best after taking t = 1..k; for t > r / 3 they take the rest, S(r - t),
        # which only falls as t grows, so the running minimum there is a plain min.
        run = list(accumulate([rows[r - t][t] for t in range(1, k + 1)], min))
        low = run[-1] if run else suffix[r]
        run += [low if low < s else s for s in reversed(suffix[r - span : r - k])]
        total = suffix[r]
        rows[r] = [0, *[total - v for v in run[1:span:2]]]
    return rows


def build_table(coins: tuple[int, ...], progress: Progress | None = None) -> ValueTable:
    """Fill the value table of ``coins`` (top first), refusing stacks past the bound."""
    check_size(len(coins))
    suffix = suffix_sums(coins)
    rows: Rows
    if len(coins) >= (NUMPY_LOADED_FROM if "numpy" in sys.modules else NUMPY_FROM):
        from solvers.xoinc.kernel import numpy_rows

        rows = numpy_rows(suffix, progress)
    else:
        rows = python_rows(suffix, progress)
    report(progress, 1.0)
    return ValueTable(coins, suffix, rows)
