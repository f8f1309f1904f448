"""The unoptimised Dice Yut expectimax, kept only as the benchmark's reference.

This is the solver before issue 12: positions are numbered by sorting their
base-N keys (``np.unique`` per wave, a binary search per move) and moves are
found with reductions over the short piece axis. It returns the expectation
only and has no position bound. ``bench_yut`` times it beside
``solvers.yut.solve`` on the same input in the same run.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from solvers.yut import ExpectInputs

IntArray = npt.NDArray[np.int64]


def _keys(states: IntArray, base: int) -> IntArray:
    keys = np.zeros(len(states), dtype=np.int64)
    for column in range(states.shape[1]):
        keys = keys * base + states[:, column]
    return keys


def _decode(keys: IntArray, base: int, pieces: int) -> IntArray:
    states = np.empty((len(keys), pieces), dtype=np.int64)
    rest = keys.copy()
    for column in range(pieces - 1, -1, -1):
        states[:, column] = rest % base
        rest //= base
    return states


def _wave_moves(
    wave: IntArray, faces: list[int], dest: IntArray, score: IntArray, end: int, base: int
) -> tuple[IntArray, IntArray]:
    count, pieces = wave.shape
    next_keys = np.full((count, len(faces), pieces), -1, dtype=np.int64)
    gains = np.zeros((count, len(faces), pieces), dtype=np.int64)
    for j, face in enumerate(faces):
        for i in range(pieces):
            here = wave[:, i]
            target = dest[here, face]
            occupied = (wave == target[:, None]).any(axis=1)
            legal = (here != end) & ((target == end) | (target == here) | ~occupied)
            after = wave.copy()
            after[:, i] = target
            after.sort(axis=1)
            next_keys[:, j, i] = np.where(legal, _keys(after, base), -1)
            gains[:, j, i] = np.where(legal, score[np.maximum(target, 0)], 0)
    return next_keys, gains


def expected(inputs: ExpectInputs) -> float:
    """The expected total with best play (the old wave-and-unique algorithm)."""
    board = inputs.board
    faces = [f for f, p in enumerate(inputs.probabilities, start=1) if p > 0]
    probs = np.array([inputs.probabilities[f - 1] for f in faces])
    dest, score = board.destinations(inputs.faces), board.scores()
    base, end = len(board.squares), board.end_index
    waves = [np.full((1, inputs.pieces), board.start_index, dtype=np.int64)]
    known = _keys(waves[0], base)
    wave_next, wave_gain = [], []
    for _ in range(inputs.turns):
        keys, gain = _wave_moves(waves[-1], faces, dest, score, end, base)
        wave_gain.append(gain.astype(np.float32))
        found = np.unique(keys[keys >= 0])
        new_keys = found[~np.isin(found, known, assume_unique=True)]
        wave_next.append(keys)
        waves.append(_decode(new_keys, base, inputs.pieces))
        known = np.union1d(known, new_keys)
    states = np.concatenate(waves)
    keys = _keys(states, base)
    order = np.argsort(keys)
    limits = np.cumsum([len(w) for w in waves])
    all_keys = np.concatenate(wave_next)
    rows = order[np.searchsorted(keys[order], np.maximum(all_keys, 0))]
    all_next = np.where(all_keys >= 0, rows, -1)
    all_gain = np.concatenate(wave_gain)
    values = np.zeros((inputs.turns + 1, len(states)))
    for played in range(inputs.turns - 1, -1, -1):
        span = int(limits[played])
        later = values[played + 1]
        legal = all_next[:span] >= 0
        gain = all_gain[:span] + later[np.maximum(all_next[:span], 0)]
        candidate = np.where(legal, gain, -np.inf)
        best = np.where(legal.any(axis=2), candidate.max(axis=2), later[:span, None])
        values[played, :span] = best @ probs
    return float(values[0, 0])
