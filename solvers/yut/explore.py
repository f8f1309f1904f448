"""The positions of an unknown-throws game, found breadth first with NumPy.

A position is the sorted tuple of the pieces' squares (pieces are identical,
so 6 pieces have one position where labelled pieces would have up to 720).
Positions are numbered in the order they are first reached, one wave per
turn, so those reachable within ``t`` moves are a prefix of the numbering.

Each position gets a code: on boards small enough (the standard board) its
rank among all multisets of squares, so "seen before?" and "which row?" are
plain array lookups; on large boards a base-``N`` number looked up by binary
search in a sorted array. Exploration stops with ``TooBig`` as soon as the
positions would need more memory than the bound allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

from solvers.i18n import _
from solvers.protocol import Progress, TooBig, report
from solvers.yut.board import Board

__all__ = ["DENSE_LIMIT", "Explored", "explore", "sparse_keys"]

#: Largest number of possible positions numbered densely (one byte and one int32 each).
DENSE_LIMIT = 8_000_000
#: Move entries (position x face x piece) handled per NumPy batch: bounds the
#: temporaries and spaces progress reports a few milliseconds apart.
BATCH_MOVES = 150_000

IntArray = npt.NDArray[np.int64]
RowArray = npt.NDArray[np.int32]


def sparse_keys(states: npt.NDArray[np.integer], base: int) -> IntArray:
    """Each sorted position as one base-``base`` number (fits int64 up to 6 pieces)."""
    keys = np.zeros(len(states), dtype=np.int64)
    for column in range(states.shape[1]):
        keys = keys * base + states[:, column]
    return keys


class _DenseIndex:
    """Rows by rank among all multisets of ``P`` squares out of ``N``.

    For a sorted position ``x_0 <= x_1 <= ...`` the numbers ``x_i + i`` are
    strictly increasing, so ``sum C(x_i + i, i + 1)`` ranks it densely in
    ``0 .. C(N + P - 1, P) - 1``; the sum is one table lookup per column.
    """

    def __init__(self, board: Board, pieces: int) -> None:
        n = len(board.squares)
        self.weight = np.array(
            [[comb(x + i, i + 1) for x in range(n)] for i in range(pieces)], dtype=np.int64
        )
        total = self.size(board, pieces)
        self.seen = np.zeros(total, dtype=bool)
        self.row_of = np.full(total, -1, dtype=np.int32)
        self.count = 0

    @staticmethod
    def size(board: Board, pieces: int) -> int:
        """How many positions there are at most (what the arrays would hold)."""
        return comb(len(board.squares) + pieces - 1, pieces)

    def codes(self, states: npt.NDArray[np.integer]) -> IntArray:
        codes = self.weight[0][states[:, 0]]
        for i in range(1, states.shape[1]):
            codes = codes + self.weight[i][states[:, i]]
        return np.asarray(codes)

    def fresh(self, codes: IntArray) -> npt.NDArray[np.bool_]:
        return np.asarray(~self.seen[codes])

    def add(self, codes: IntArray) -> None:
        self.seen[codes] = True
        self.row_of[codes] = np.arange(self.count, self.count + len(codes), dtype=np.int32)
        self.count += len(codes)

    def rows(self, codes: IntArray) -> RowArray:
        return np.asarray(self.row_of[codes])


class _SparseIndex:
    """Rows by binary search over the sorted codes seen so far (large boards)."""

    def __init__(self, board: Board) -> None:
        self.base = len(board.squares)
        self.keys = np.zeros(0, dtype=np.int64)
        self.row_at = np.zeros(0, dtype=np.int32)
        self.count = 0

    def codes(self, states: npt.NDArray[np.integer]) -> IntArray:
        return sparse_keys(states, self.base)

    def _find(self, codes: IntArray) -> tuple[IntArray, npt.NDArray[np.bool_]]:
        at = np.minimum(np.searchsorted(self.keys, codes), max(0, len(self.keys) - 1))
        found = (self.keys[at] == codes) if len(self.keys) else np.zeros(len(codes), dtype=bool)
        return at, found

    def fresh(self, codes: IntArray) -> npt.NDArray[np.bool_]:
        return ~self._find(codes)[1]

    def add(self, codes: IntArray) -> None:
        rows = np.arange(self.count, self.count + len(codes), dtype=np.int32)
        keys = np.concatenate([self.keys, codes])
        order = np.argsort(keys, kind="stable")
        self.keys, self.row_at = keys[order], np.concatenate([self.row_at, rows])[order]
        self.count += len(codes)

    def rows(self, codes: IntArray) -> RowArray:
        return np.asarray(self.row_at[self._find(codes)[0]])


@dataclass(frozen=True)
class Explored:
    """Every position reachable in the game, and its moves.

    ``states[r]`` is row ``r``'s position (sorted square indices); the rows
    reachable within ``t`` moves are those below ``limits[t]``. ``moves`` holds
    consecutive batches of rows from row 0: ``(first, next_rows)``, where
    ``next_rows[i, f, p]`` is the row reached from row ``first + i`` by moving
    the ``p``-th piece with the ``f``-th face that can come up, -1 when illegal
    (rows below ``limits[turns - 1]`` only: later ones are never moved).
    Batches are kept apart, not joined: one array would need twice the memory
    while being built.
    """

    states: npt.NDArray[np.int16]
    moves: tuple[tuple[int, RowArray], ...]
    limits: IntArray


def moves(
    batch: npt.NDArray[np.integer], faces: IntArray, dest: IntArray, end: int
) -> tuple[IntArray, IntArray, npt.NDArray[np.bool_]]:
    """Targets, sorted positions after, and legality: shapes (n,F,P), (n,F,P,P), (n,F,P)."""
    n, pieces = batch.shape
    targets = dest[batch][:, :, faces].transpose(0, 2, 1)
    here = batch[:, None, :]
    # Column by column: much faster than a reduction over a short last axis.
    occupied = np.zeros(targets.shape, dtype=bool)
    for column in range(pieces):
        occupied |= batch[:, None, column, None] == targets
    legal = (here != end) & ((targets == end) | (targets == here) | ~occupied)
    after = np.broadcast_to(batch[:, None, None, :], (n, len(faces), pieces, pieces)).copy()
    diagonal = np.arange(pieces)
    after[:, :, diagonal, diagonal] = targets  # copy p moves piece p
    after.sort(axis=3)
    return targets, after, legal


def explore(
    board: Board,
    pieces: int,
    turns: int,
    faces: IntArray,
    limit: int,
    progress: Progress | None = None,
    share: float = 1.0,
) -> Explored:
    """Number every position reachable within ``turns`` moves; ``TooBig`` past ``limit``.

    Progress goes from 0 to ``share``.
    """
    dense = _DenseIndex.size(board, pieces) <= DENSE_LIMIT
    index: _DenseIndex | _SparseIndex = _DenseIndex(board, pieces) if dense else _SparseIndex(board)
    dest = board.destinations(int(faces.max()))
    end = board.end_index
    start = np.full((1, pieces), board.start_index, dtype=np.int16)
    index.add(index.codes(start))
    waves = [start]
    parts: list[tuple[int, RowArray]] = []
    done = 0  # rows whose moves are in parts
    batch_size = max(1, BATCH_MOVES // (len(faces) * pieces))
    for played in range(turns):
        wave = waves[-1]
        found: list[npt.NDArray[np.int16]] = []  # squares fit int16: at most 200
        for first in range(0, len(wave), batch_size):
            report(progress, share * (played + first / len(wave)) / turns)
            batch = wave[first : first + batch_size]
            _moved, after, legal = moves(batch, faces, dest, end)
            reached = after[legal]
            codes = index.codes(reached)
            fresh = index.fresh(codes)
            if fresh.any():
                new_codes, where = np.unique(codes[fresh], return_index=True)
                if index.count + len(new_codes) > limit:
                    raise TooBig(
                        _(
                            "more than {limit} positions to explore; "
                            "use fewer pieces, turns or faces for the expectation"
                        ).format(limit=f"{limit:,}")
                    )
                index.add(new_codes)
                found.append(reached[fresh][where].astype(np.int16))
            rows = np.full(legal.shape, -1, dtype=np.int32)
            rows[legal] = index.rows(codes)
            parts.append((done, rows))
            done += len(batch)
        waves.append(np.concatenate(found) if found else np.zeros((0, pieces), dtype=np.int16))
    report(progress, share)
    sizes = [len(w) for w in waves]
    return Explored(
        np.concatenate(waves),
        tuple(parts),
        np.cumsum(sizes),
    )
