"""The solve result: winning probability, the policy table and per-state lookups."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from solvers.coverup.dp import PolicyTable, solve_policy
from solvers.coverup.levels import canonical_order, column_groups
from solvers.coverup.model import (
    CoverUpInputs,
    Pick,
    State,
    hit_probabilities,
    initial_state,
    reserve_flags,
)
from solvers.protocol import Progress, report

__all__ = ["Alternative", "CoverUpResult", "PolicyEntry", "solve"]

Picks = tuple[Pick | None, ...]


@dataclass(frozen=True)
class Alternative:
    """One available pick combination of a state and its winning probability."""

    picks: Picks
    value: float
    reserve: tuple[bool, ...]


@dataclass(frozen=True)
class PolicyEntry:
    """What to do in one state.

    ``hits`` is the probability that each pick is right (None for solved
    columns); ``reserve`` marks picks of the less likely kind of digit, taken
    on purpose to keep the column for a later turn. ``alternatives`` lists
    every available combination, best first.
    """

    state: State
    turn: int
    value: float
    picks: Picks
    hits: tuple[float | None, ...]
    reserve: tuple[bool, ...]
    alternatives: tuple[Alternative, ...]


@dataclass(frozen=True, eq=False)
class CoverUpResult:
    """Winning probability under optimal play, the first turn's picks and the whole policy."""

    inputs: CoverUpInputs
    value: float
    first: PolicyEntry
    policy: PolicyTable

    @functools.cached_property
    def _rows(self) -> dict[tuple[int, tuple[int, ...]], int]:
        known = np.array([c.candidates for c in self.inputs.columns], dtype=np.int64)
        cand = self.policy.candidates_left
        tried = np.where(cand < 0, -1, known[None, :] - cand)
        return {
            (int(t), tuple(int(x) for x in row)): r
            for r, (t, row) in enumerate(zip(self.policy.turn, tried, strict=True))
        }

    def entry(self, state: State) -> PolicyEntry:
        """The optimal picks, winning probability and alternatives in ``state``.

        Raises ``ValueError`` when the state is over or cannot occur.
        """
        inputs = self.inputs
        if len(state.columns) != inputs.n:
            raise ValueError(f"expected {inputs.n} columns, got {len(state.columns)}")
        if state.won:
            raise ValueError("every column is solved: the game is won")
        turn = state.turn(inputs)
        tried = []
        for column, left in zip(inputs.columns, state.columns, strict=True):
            if left is None:
                tried.append(-1)
                continue
            a, b = left
            if not (0 <= a <= column.candidates and 0 <= b <= column.others):
                raise ValueError(f"no column of {column.choices} digits can have {a}+{b} left")
            if column.choices - a - b != turn:
                raise ValueError("unsolved columns must all have tried the same number of digits")
            tried.append(column.candidates - a)
        codes = np.array([tried], dtype=np.int64)
        perm = canonical_order(codes, column_groups(inputs))[0]
        key = (turn, tuple(tried[int(j)] for j in perm))
        row = self._rows.get(key)
        if row is None:
            raise ValueError("that state cannot occur in a game")
        return self._entry(state, turn, row, [int(j) for j in perm])

    def _entry(self, state: State, turn: int, row: int, perm: list[int]) -> PolicyEntry:
        n = self.inputs.n

        def picks_of(mask: int) -> Picks:
            picks: list[Pick | None] = [None] * n
            for q, actual in enumerate(perm):
                if state.columns[actual] is not None:
                    other = (mask >> (n - 1 - q)) & 1
                    picks[actual] = Pick.OTHER if other else Pick.CANDIDATE
            return tuple(picks)

        values = self.policy.alternatives[row]
        options = [
            Alternative(p, float(values[mask]), reserve_flags(self.inputs, state, p))
            for mask in np.argsort(-np.nan_to_num(values, nan=-1.0), kind="stable")
            if not math.isnan(values[mask])
            for p in (picks_of(int(mask)),)
        ]
        best = picks_of(int(self.policy.best[row]))
        hits: list[float | None] = []
        for column, left, pick in zip(self.inputs.columns, state.columns, best, strict=True):
            if left is None:
                hits.append(None)
            else:
                pc, po = hit_probabilities(column, left)
                hits.append(pc if pick is Pick.CANDIDATE else po)
        best_first = sorted(options, key=lambda o: o.picks != best)
        return PolicyEntry(
            state,
            turn,
            float(self.policy.value[row]),
            best,
            tuple(hits),
            reserve_flags(self.inputs, state, best),
            tuple(best_first),
        )

    def entries(self) -> list[PolicyEntry]:
        """One entry per row of the policy table (states in canonical column order)."""
        table = self.policy
        out = []
        for row in range(len(table)):
            state = State(
                tuple(
                    None if a < 0 else (int(a), int(b))
                    for a, b in zip(table.candidates_left[row], table.others_left[row], strict=True)
                )
            )
            out.append(self._entry(state, int(table.turn[row]), row, list(range(self.inputs.n))))
        return out


def solve(inputs: CoverUpInputs, progress: Progress | None = None) -> CoverUpResult:
    """The winning probability under optimal play and the optimal policy of every state."""
    report(progress, 0.0)
    table, _ = solve_policy(inputs, progress)
    start = initial_state(inputs)
    placeholder = PolicyEntry(start, 0, float(table.value[0]), (), (), (), ())
    result = CoverUpResult(inputs, float(table.value[0]), placeholder, table)
    # The first entry needs the result's lookup, so it is filled in afterwards.
    object.__setattr__(result, "first", result._entry(start, 0, 0, list(range(inputs.n))))
    report(progress, 1.0)
    return result
