"""The solve result: winning probability, the first turn's picks and every state's policy."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from solvers.coverup.exact import ExactSolver, decode, encode
from solvers.coverup.model import CoverUpInputs, Pick, State, initial_state
from solvers.i18n import _
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

    ``hits`` is the probability that each optimal pick is right (None for solved
    columns); ``reserve`` marks picks of the less likely kind of digit, taken on
    purpose to keep the column for a later turn. ``alternatives`` lists every
    available combination, the optimal one first, then by value.
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
    """Winning probability under optimal play, the first turn's picks, the states valued.

    The values of all states stay with the result (``entry``, ``policy``); they are
    not a dataclass field, so ``--json`` prints the answer and the first turn only.
    """

    inputs: CoverUpInputs
    value: float
    first: PolicyEntry
    states: int

    @property
    def solver(self) -> ExactSolver:
        """The memoised values behind this result."""
        solver: ExactSolver = self.__dict__["_solver"]
        return solver

    def entry(self, state: State) -> PolicyEntry:
        """The optimal picks, winning probability and alternatives in ``state``.

        Raises ``ValueError`` when the state is over or cannot occur.
        """
        return policy_entry(self.solver, state)

    @functools.cached_property
    def policy(self) -> tuple[PolicyEntry, ...]:
        """One entry per state reachable with optimal or other play, by turn."""
        keys = [k for k in self.solver.states() if any(k)]
        states = [decode(k) for k in keys]
        order = sorted(range(len(keys)), key=lambda r: (states[r].turn(self.inputs), keys[r]))
        return tuple(policy_entry(self.solver, states[r]) for r in order)

    def entries(self) -> list[PolicyEntry]:
        """The policy as a list (identical columns in their canonical order)."""
        return list(self.policy)


def check_state(inputs: CoverUpInputs, state: State) -> int:
    """The turn of ``state``; ``ValueError`` when it is won or cannot occur in a game."""
    if len(state.columns) != inputs.n:
        raise ValueError(
            _("expected {n} columns, got {count}").format(n=inputs.n, count=len(state.columns))
        )
    if state.won:
        raise ValueError(_("every column is solved: the game is won"))
    turn = state.turn(inputs)
    for column, left in zip(inputs.columns, state.columns, strict=True):
        if left is None:
            continue
        a, b = left
        if not (0 <= a <= column.candidates and 0 <= b <= column.others):
            raise ValueError(
                _("no column of {m} digits can have {a}+{b} left").format(
                    m=column.choices, a=a, b=b
                )
            )
        if column.choices - a - b != turn:
            raise ValueError(_("unsolved columns must all have tried the same number of digits"))
    if inputs.n - sum(left is not None for left in state.columns) < turn:
        raise ValueError(_("that state cannot occur in a game (each turn solves a column)"))
    return turn


def policy_entry(solver: ExactSolver, state: State) -> PolicyEntry:
    """The optimal picks, their chances, and every alternative in ``state``."""
    inputs = solver.inputs
    turn = check_state(inputs, state)
    key = encode(state)
    ranked = solver.ranked(key)
    hits = solver.hits(key)
    alternatives = tuple(Alternative(*item) for item in ranked)
    best = alternatives[0]
    chances = tuple(
        None if pick is None else hits[i][0 if pick is Pick.CANDIDATE else 1]
        for i, pick in enumerate(best.picks)
    )
    return PolicyEntry(state, turn, best.value, best.picks, chances, best.reserve, alternatives)


def solve(
    inputs: CoverUpInputs, progress: Progress | None = None, *, policy: bool = False
) -> CoverUpResult:
    """The winning probability under optimal play; the other states are valued on demand.

    ``policy=True`` also builds every state's entry (``result.policy``) now: the GUI
    asks for it in its worker, so that a CSV export later costs no time on screen.
    """
    report(progress, 0.0)
    solver = ExactSolver(inputs, progress)
    value = solver.solve()
    solver.finish()
    start = initial_state(inputs)
    result = CoverUpResult(inputs, value, policy_entry(solver, start), len(solver.memo) - 1)
    result.__dict__["_solver"] = solver
    if policy:
        _ = result.policy
    report(progress, 1.0)
    return result
