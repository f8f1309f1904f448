"""Dense encoding of the states after t turns, and symmetric-column canonical forms.

After t turns every unsolved column has tried exactly t digits, so a column
is described by one code: 0 once solved, else ``1 + c - lo`` where c is the
number of known candidates tried and ``lo`` the least c possible after t
turns. A state is the mixed-radix number of its column codes. Identical
columns (equal m, l, p) are interchangeable: the canonical form sorts their
codes, and only canonical states are solved.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solvers.coverup.model import CoverUpInputs

__all__ = ["Level", "build_levels", "canonical_order", "column_groups"]

IntArray = npt.NDArray[np.int64]


def column_groups(inputs: CoverUpInputs) -> list[list[int]]:
    """Positions of identical columns, groups of two or more only."""
    seen: dict[tuple[int, int, float], list[int]] = {}
    for i, c in enumerate(inputs.columns):
        seen.setdefault((c.choices, c.candidates, c.p), []).append(i)
    return [g for g in seen.values() if len(g) > 1]


@dataclass(frozen=True)
class Level:
    """Encoding of the states after ``turn`` turns."""

    turn: int
    radix: IntArray
    lo: IntArray
    strides: IntArray
    size: int
    #: Dense index -> its canonical dense index.
    canon: IntArray

    def decode(self, dense: IntArray) -> IntArray:
        """Column codes, shape (len(dense), n)."""
        return (dense[:, None] // self.strides[None, :]) % self.radix[None, :]

    def encode(self, codes: IntArray) -> IntArray:
        """Dense indices of rows of column codes."""
        return codes @ self.strides

    def codes_of(self, tried_candidates: IntArray, solved: npt.NDArray[np.bool_]) -> IntArray:
        """Column codes from candidates tried per column and solved flags."""
        return np.where(solved, 0, 1 + tried_candidates - self.lo[None, :])


def build_levels(inputs: CoverUpInputs, turns: int) -> list[Level]:
    """Encodings for 0..turns turns played."""
    m = np.array([c.choices for c in inputs.columns], dtype=np.int64)
    known = np.array([c.candidates for c in inputs.columns], dtype=np.int64)
    groups = column_groups(inputs)
    levels = []
    for t in range(turns + 1):
        lo = np.maximum(0, t - (m - known))
        hi = np.minimum(t, known)
        radix = np.where(t < m, hi - lo + 2, 1)
        strides = np.ones_like(radix)
        for i in range(len(radix) - 2, -1, -1):
            strides[i] = strides[i + 1] * radix[i + 1]
        size = int(np.prod(radix))
        dense = np.arange(size, dtype=np.int64)
        if groups:
            codes = (dense[:, None] // strides[None, :]) % radix[None, :]
            for g in groups:
                codes[:, g] = np.sort(codes[:, g], axis=1)
            canon = codes @ strides
        else:
            canon = dense
        levels.append(Level(t, radix, lo, strides, size, canon))
    return levels


def canonical_order(codes: IntArray, groups: list[list[int]]) -> IntArray:
    """For rows of column codes: ``perm`` with canonical codes ``codes[r, perm[r]]``.

    Canonical position ``g[j]`` of a group holds the j-th smallest code of the
    group (stable), taken from actual column ``perm[r, g[j]]``.
    """
    rows = codes.shape[0]
    perm = np.tile(np.arange(codes.shape[1], dtype=np.int64), (rows, 1))
    for g in groups:
        positions = np.array(g, dtype=np.int64)
        order = np.argsort(codes[:, g], axis=1, kind="stable")
        perm[:, g] = positions[order]
    return perm
