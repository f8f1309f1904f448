"""The optimal Cover Up policy: a DP over turns, vectorised over states.

Every turn at least one new column must come up right, so after t turns at
least t columns are solved and the game lasts at most n turns. The states
after t turns that can occur with positive probability are found by a forward
pass; a backward pass then values every one of them. For a state, the value
of a pick combination is the sum over outcomes (which columns were right) of
P(outcome) times the value of the next state, with no right pick worth 0 and
every column solved worth 1. Columns are independent given the picks, so the
3^n outcome values (per column: right, wrong after a candidate, wrong after
another digit) are contracted one column at a time into all 2^n pick values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from solvers.coverup.levels import IntArray, Level, build_levels
from solvers.coverup.model import EPS, CoverUpInputs
from solvers.protocol import Progress, report

__all__ = ["PolicyTable", "Transitions", "solve_policy"]

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
#: Pick combinations within this of the best count as equally good.
TIE = 1e-12


@dataclass(frozen=True)
class PolicyTable:
    """Every state reachable with positive probability, one row each (canonical form).

    ``candidates_left``/``others_left`` are -1 for solved columns. A pick
    combination is a bit mask: bit ``n - 1 - i`` set means column i takes an
    "other" digit, clear means a known candidate (solved columns: clear).
    ``alternatives[r, mask]`` is the winning probability of that combination,
    NaN when it is not available.
    """

    turn: IntArray
    candidates_left: IntArray
    others_left: IntArray
    value: FloatArray
    best: IntArray
    alternatives: FloatArray

    def __len__(self) -> int:
        return int(self.turn.shape[0])


@dataclass(frozen=True)
class Transitions:
    """One turn's data for the states of a level (rows in canonical dense form)."""

    rows: IntArray
    next_index: IntArray
    lost: BoolArray
    prob: FloatArray
    valid: BoolArray
    hit: FloatArray


def _outer(parts: npt.NDArray[Any], op: Callable[..., Any]) -> npt.NDArray[Any]:
    """Combine per-column arrays (S, n, K) into (S, K**n), column 0 most significant."""
    s, n, _ = parts.shape
    out = parts[:, 0, :]
    for i in range(1, n):
        out = op(out[:, :, None], parts[:, i, None, :]).reshape(s, -1)
    return out


def _turn(
    inputs: CoverUpInputs, level: Level, nxt: Level, rows: IntArray
) -> tuple[Transitions, IntArray]:
    """Transitions of the states ``rows`` after ``level.turn`` turns, and the states they reach."""
    t = level.turn
    m = np.array([c.choices for c in inputs.columns], dtype=np.int64)
    known = np.array([c.candidates for c in inputs.columns], dtype=np.int64)
    wc = np.array([c.candidate_weight for c in inputs.columns])
    wo = np.array([c.other_weight for c in inputs.columns])
    codes = level.decode(rows)
    unsolved = codes > 0
    c = level.lo[None, :] + codes - 1
    a = np.where(unsolved, known - c, 0)
    b = np.where(unsolved, (m - known) - (t - c), 0)
    total = a * wc + b * wo
    safe = np.where(total > 0, total, 1.0)
    hc = np.where(unsolved, np.where((a > 0) & (total > 0), wc / safe, 0.0), 1.0)
    ho = np.where(unsolved, np.where((b > 0) & (total > 0), wo / safe, 0.0), 1.0)
    valid = np.stack([~unsolved | (a > 0), unsolved & (b > 0)], axis=2)
    goes_on = (t + 1 < m)[None, :]
    miss_c = np.where(unsolved & (a > 0) & goes_on, c + 2 - nxt.lo[None, :], 0)
    miss_o = np.where(unsolved & (b > 0) & goes_on, c + 1 - nxt.lo[None, :], 0)
    next_code = np.stack([np.zeros_like(miss_c), miss_c, miss_o], axis=2)
    prob = np.zeros((*codes.shape, 2, 3))
    prob[:, :, 0, 0] = hc
    prob[:, :, 0, 1] = np.where(unsolved, 1.0 - hc, 0.0)
    prob[:, :, 1, 0] = ho
    prob[:, :, 1, 2] = np.where(unsolved, 1.0 - ho, 0.0)
    possible = np.asarray((valid[:, :, :, None] & (prob > 0)).any(axis=2))
    new_hit = np.zeros(possible.shape, dtype=bool)
    new_hit[:, :, 0] = unsolved
    index = _outer(next_code * nxt.strides[None, :, None], np.add)
    index = nxt.canon[index]
    any_hit = _outer(new_hit, np.logical_or)
    ok = _outer(possible, np.logical_and) & any_hit
    reached = np.unique(index[ok])
    reached = reached[reached != 0]
    hit = np.stack([hc, ho], axis=2)
    return Transitions(rows, index, ~any_hit, prob, valid, hit), reached


def _values(tr: Transitions, after: FloatArray, n: int) -> tuple[FloatArray, FloatArray, IntArray]:
    """Pick values (S, 2^n), best value and best pick mask of each state."""
    s = tr.rows.shape[0]
    w = after[tr.next_index]
    w[tr.lost] = 0.0
    for i in range(n):
        w = np.einsum(
            "sko,saob->sakb", tr.prob[:, i], w.reshape(s, 2**i, 3, 3 ** (n - 1 - i))
        ).reshape(s, -1)
    usable = _outer(tr.valid, np.logical_and)
    q = np.where(usable, w, -np.inf)
    best_value = q.max(axis=1)
    hc, ho = tr.hit[:, :, 0], tr.hit[:, :, 1]
    # Among equally good combinations prefer the likeliest digits, so that a
    # pick labelled "reserve" is one the optimum really needs.
    straight = np.stack(
        [~(tr.valid[:, :, 1] & (ho > hc + EPS)), ~(tr.valid[:, :, 0] & (hc > ho + EPS))], axis=2
    ).astype(np.int64)
    score = _outer(straight, np.add)
    tied = usable & (q >= best_value[:, None] - TIE)
    best = np.argmax(np.where(tied, score, -1), axis=1).astype(np.int64)
    return np.where(usable, w, np.nan), best_value, best


def solve_policy(
    inputs: CoverUpInputs, progress: Progress | None = None
) -> tuple[PolicyTable, list[Level]]:
    """Value every reachable state; return the policy table and the encodings used."""
    n = inputs.n
    levels = build_levels(inputs, n)
    start = np.array([int(levels[0].strides.sum())], dtype=np.int64)
    rows = [start]
    turns: list[Transitions] = []
    while len(turns) < n and rows[-1].size:
        t = len(turns)
        tr, reached = _turn(inputs, levels[t], levels[t + 1], rows[-1])
        turns.append(tr)
        rows.append(reached)
        report(progress, 0.4 * len(turns) / n)
    after = np.zeros(levels[len(turns)].size)
    after[0] = 1.0
    parts: list[tuple[int, Transitions, FloatArray, FloatArray, IntArray]] = []
    for t in range(len(turns) - 1, -1, -1):
        tr = turns[t]
        alternatives, value, best = _values(tr, after, n)
        parts.append((t, tr, alternatives, value, best))
        after = np.zeros(levels[t].size)
        after[0] = 1.0
        after[tr.rows] = value
        report(progress, 0.4 + 0.6 * (len(turns) - t) / len(turns))
    parts.reverse()
    return _table(inputs, levels, parts), levels


def _table(
    inputs: CoverUpInputs,
    levels: list[Level],
    parts: list[tuple[int, Transitions, FloatArray, FloatArray, IntArray]],
) -> PolicyTable:
    m = np.array([c.choices for c in inputs.columns], dtype=np.int64)
    known = np.array([c.candidates for c in inputs.columns], dtype=np.int64)
    turn, cand, other = [], [], []
    for t, tr, _, _, _ in parts:
        codes = levels[t].decode(tr.rows)
        c = levels[t].lo[None, :] + codes - 1
        solved = codes == 0
        turn.append(np.full(tr.rows.shape[0], t, dtype=np.int64))
        cand.append(np.where(solved, -1, known - c))
        other.append(np.where(solved, -1, (m - known) - (t - c)))
    return PolicyTable(
        np.concatenate(turn),
        np.concatenate(cand),
        np.concatenate(other),
        np.concatenate([p[3] for p in parts]),
        np.concatenate([p[4] for p in parts]),
        np.concatenate([p[2] for p in parts]),
    )
