"""The exact Cover Up values: a memoised recursion over reachable states, in plain Python.

Plain Python on purpose: the command line answers a case faster than NumPy imports.
A state is a tuple of column codes, ``0`` for a solved column and
``1 + 16 * a + b`` for one with ``a`` known candidates and ``b`` other digits
left. Identical columns (equal m, l, p) are interchangeable, so a state is
memoised under its canonical form (codes sorted within each group of identical
columns). For one state the values of all ``2^u`` pick combinations come from
the ``3^u`` values of the next states (per column: right, missed after a
candidate, missed after another digit), contracted one column at a time.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import product

from solvers.coverup.model import EPS, CoverUpInputs, Pick, State
from solvers.protocol import Progress, report

__all__ = ["Combos", "ExactSolver", "decode", "encode"]

Key = tuple[int, ...]
#: Per unsolved column the kinds it can take, and the value of every combination of them
#: (column order, candidates before others, the first column most significant).
Combos = tuple[tuple[tuple[int, tuple[Pick, ...]], ...], list[float]]
#: A solve reports progress at least this often (seconds of work), so a cancel lands quickly.
PROGRESS_EVERY = 0.02
#: Pick combinations within this of the best count as equally good.
TIE = 1e-12
_KINDS = (Pick.CANDIDATE, Pick.OTHER)


def encode(state: State) -> Key:
    """The column codes of ``state``."""
    return tuple(0 if left is None else 1 + 16 * left[0] + left[1] for left in state.columns)


def decode(key: Key) -> State:
    """The ``State`` of column codes ``key``."""
    return State(tuple(None if c == 0 else ((c - 1) >> 4, (c - 1) & 15) for c in key))


class ExactSolver:
    """Values of Cover Up states, computed on demand and remembered.

    ``progress`` (may raise ``Cancelled``) is called every ``PROGRESS_EVERY`` seconds of
    work with the share of the (at most a few thousand) reachable states valued so far.
    """

    def __init__(self, inputs: CoverUpInputs, progress: Progress | None = None) -> None:
        self.inputs = inputs
        self._weights = [(c.candidate_weight, c.other_weight) for c in inputs.columns]
        seen: dict[tuple[int, int, float], list[int]] = {}
        for i, c in enumerate(inputs.columns):
            seen.setdefault((c.choices, c.candidates, c.p), []).append(i)
        self._groups = [g for g in seen.values() if len(g) > 1]
        self.memo: dict[Key, float] = {(0,) * inputs.n: 1.0}
        self.combos: dict[Key, Combos] = {}
        self._progress = progress
        self._bound = _state_bound(inputs)
        self._next_report = time.monotonic() + PROGRESS_EVERY

    def __getstate__(self) -> dict[str, object]:
        # Results travel between processes (the GUI solves in workers); a progress
        # callback is a closure of the solving process and stays behind.
        state = dict(self.__dict__)
        state["_progress"] = None
        return state

    def finish(self) -> None:
        """Stop reporting progress (the solve is over; later lookups are quick)."""
        self._progress = None

    def canonical(self, key: Key) -> Key:
        """``key`` with the codes of identical columns sorted."""
        if not self._groups:
            return key
        codes = list(key)
        for group in self._groups:
            for position, code in zip(group, sorted(codes[i] for i in group), strict=True):
                codes[position] = code
        return tuple(codes)

    def value(self, key: Key) -> float:
        """Winning probability with optimal play from the state ``key``."""
        canon = self.canonical(key)
        found = self.memo.get(canon)
        if found is not None:
            return found
        combos = self.pick_values(canon)
        best = max(combos[1])
        self.memo[canon] = best
        self.combos[canon] = combos
        if self._progress is not None and time.monotonic() >= self._next_report:
            report(self._progress, len(self.memo) / self._bound)
            self._next_report = time.monotonic() + PROGRESS_EVERY
        return best

    def hits(self, key: Key) -> list[tuple[float, float]]:
        """Per column: the chance that a candidate, or another digit, is right (0 if solved)."""
        out = []
        for code, (wc, wo) in zip(key, self._weights, strict=True):
            if code == 0:
                out.append((0.0, 0.0))
                continue
            a, b = (code - 1) >> 4, (code - 1) & 15
            total = a * wc + b * wo
            if total <= 0.0:
                out.append((0.0, 0.0))
            else:
                out.append((wc / total if a else 0.0, wo / total if b else 0.0))
        return out

    def pick_values(self, key: Key) -> Combos:
        """The kinds each unsolved column can take and every combination's value (``key`` as is)."""
        columns: list[tuple[int, tuple[Pick, ...]]] = []
        # Per column the next codes (right, then missed after each kind it can take) and
        # per kind its (hit chance, position of its miss among the next codes).
        nexts: list[tuple[int, ...]] = []
        branches: list[list[tuple[float, int]]] = []
        for i, (code, (hc, ho)) in enumerate(zip(key, self.hits(key), strict=True)):
            if code == 0:
                nexts.append((0,))
                continue
            a, b = (code - 1) >> 4, (code - 1) & 15
            kinds: list[Pick] = []
            after = [0]
            arms = []
            for kind, left, hit, miss in (
                (_KINDS[0], a, hc, code - 16),
                (_KINDS[1], b, ho, code - 1),
            ):
                if left:
                    kinds.append(kind)
                    # A miss that cannot happen is not valued (its state may be impossible).
                    after.append(miss if hit < 1.0 else -1)
                    arms.append((hit, len(after) - 1))
            columns.append((i, tuple(kinds)))
            nexts.append(tuple(after))
            branches.append(arms)
        tables = [self._next_values(key, nexts)]
        # Contract the most significant column left: each table splits into one per kind.
        for arms in branches:
            width = len(tables[0]) // (len(arms) + 1)
            split = []
            for table in tables:
                right = table[:width]
                for hit, miss in arms:
                    missed = table[miss * width : (miss + 1) * width]
                    stay = 1.0 - hit
                    split.append([hit * r + stay * w for r, w in zip(right, missed, strict=True)])
            tables = split
        return tuple(columns), [table[0] for table in tables]

    def _next_values(self, key: Key, nexts: list[tuple[int, ...]]) -> list[float]:
        """Values of the next states, one per combination of next codes (all missed: 0)."""
        solved = key.count(0)
        get = self.memo.get
        canonical = self.canonical
        values = []
        for combo in product(*nexts):
            if -1 in combo or combo.count(0) == solved:
                values.append(0.0)
                continue
            found = get(canonical(combo))
            values.append(self.value(combo) if found is None else found)
        return values

    def solve(self) -> float:
        """Winning probability from the start."""
        start = tuple(1 + 16 * c.candidates + c.others for c in self.inputs.columns)
        return self.value(start)

    def best(self, key: Key) -> tuple[Pick | None, ...]:
        """The optimal picks in state ``key`` (ties go to the fewest reserve picks)."""
        return self.ranked(key)[0][0]

    def ranked(self, key: Key) -> list[tuple[tuple[Pick | None, ...], float, tuple[bool, ...]]]:
        """Every available pick combination, its value and which picks are reserve picks.

        The optimal combination comes first (ties go to the fewest reserve picks), then the
        others by value.
        """
        columns, values = self.combos.get(key) or self.pick_values(key)
        hits = self.hits(key)
        n = len(key)
        flags = {
            (i, kind): _reserve(kind, hits[i], key[i]) for i, kinds in columns for kind in kinds
        }
        combos = []
        for kinds, worth in zip(product(*(k for _, k in columns)), values, strict=True):
            picks: list[Pick | None] = [None] * n
            reserve = [False] * n
            for (i, _), kind in zip(columns, kinds, strict=True):
                picks[i] = kind
                reserve[i] = flags[i, kind]
            combos.append((tuple(picks), worth, tuple(reserve)))
        top = max(values)
        tied = [c for c in combos if c[1] >= top - TIE]
        best = max(tied, key=lambda c: -sum(c[2]))
        rest = sorted((c for c in combos if c is not best), key=lambda c: -c[1])
        return [best, *rest]

    def states(self) -> Iterator[Key]:
        """Every canonical state valued so far."""
        return iter(self.memo)


def _reserve(kind: Pick, hit: tuple[float, float], code: int) -> bool:
    a, b = (code - 1) >> 4, (code - 1) & 15
    if kind is Pick.CANDIDATE:
        return b > 0 and hit[1] > hit[0] + EPS
    return a > 0 and hit[0] > hit[1] + EPS


def _state_bound(inputs: CoverUpInputs) -> int:
    """An upper bound on the states valued (for the progress fraction)."""
    total = 0
    for t in range(inputs.n):
        count = 1
        for c in inputs.columns:
            count *= 1 + min(t, c.candidates) - max(0, t - c.others) + 1 if t < c.choices else 1
        total += count
    return max(total, 1)
