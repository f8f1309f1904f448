"""The NumPy kernel of the Xoinc table: one vectorised running minimum per row.

Imported only for stacks large enough to pay for importing NumPy (see ``table.py``).
The table is ``table[r, s] = f(r, 2s)``; the entries row ``r`` needs,
``f(r - t, 2t)`` for ``t = 1, 2, ...``, lie at a constant stride of ``width - 1``
in memory, so gathering them is a slice, not a copy. Sums stay below
``5000 * 100000 < 2^31``, so int32 is exact.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from solvers.protocol import Progress, report
from solvers.xoinc.table import Rows, table_width

__all__ = ["PackedRows", "numpy_rows", "pack_rows"]

#: Rows solved between two progress calls (a few milliseconds at N = 5000).
_ROWS_PER_REPORT = 128


def numpy_rows(suffix_list: list[int], progress: Progress | None = None) -> npt.NDArray[np.int32]:
    """The table rows for the suffix sums ``suffix_list`` (see ``table.py``)."""
    n = len(suffix_list) - 1
    suffix = np.array(suffix_list, dtype=np.int32)
    width = table_width(n)
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
    return table


class PackedRows:
    """The table's rows cut to the entries ever read, end to end in one array.

    Row ``r`` is only read at ``s <= min(r // 2, N - r)``: about N²/6 entries of the
    N²/3 the rectangular table holds. A value table travelling from the worker
    process to the GUI is pickled this way: half the bytes, so half the time the
    window waits for them, and no unpacking (``rows[r]`` is a view).
    """

    __slots__ = ("flat", "starts")

    def __init__(self, flat: npt.NDArray[np.int32], starts: npt.NDArray[np.int64]) -> None:
        self.flat = flat
        self.starts = starts

    def __getitem__(self, row: int, /) -> npt.NDArray[np.int32]:
        """Entries ``s = 0..min(row // 2, N - row)`` of row ``row``."""
        return self.flat[self.starts[row] : self.starts[row + 1]]

    def __len__(self) -> int:
        return len(self.starts) - 1

    def __reduce__(
        self,
    ) -> tuple[type[PackedRows], tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]]:
        return (PackedRows, (self.flat, self.starts))


def pack_rows(rows: Rows) -> PackedRows:
    """The entries of a table from ``numpy_rows`` that are ever read, packed."""
    table: npt.NDArray[np.int32] = np.asarray(rows)
    n = len(table) - 1
    width = table.shape[1]
    counts = np.array([min(max(0, min(r // 2, n - r)) + 1, width) for r in range(n + 1)])
    starts = np.zeros(n + 2, dtype=np.int64)
    np.cumsum(counts, out=starts[1:])
    # Row r's kept entries are the first counts[r] of the row: select them with one mask.
    keep = np.arange(width)[None, :] < counts[:, None]
    return PackedRows(np.ascontiguousarray(table[keep]), starts)
