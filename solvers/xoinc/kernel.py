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
from solvers.xoinc.table import table_width

__all__ = ["numpy_rows"]

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
