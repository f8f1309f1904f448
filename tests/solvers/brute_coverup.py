"""Exhaustive Cover Up recursion without memoisation: the oracle for small inputs.

Written independently of the solver: probabilities come straight from the
prior weights of the digits left, every combination of pick kinds and every
outcome is expanded recursively. With ``Fraction`` values of p it computes exact
fractions (no float literal enters the arithmetic).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

Triplet = tuple[int, int, float | Fraction]
Left = tuple[int, int] | None


def _hit(col: Triplet, left: tuple[int, int], kind: str) -> float | Fraction:
    m, known, p = col
    a, b = left
    wc = p / known if known else 0
    wo = (1 - p) / (m - known)
    total = a * wc + b * wo
    if total <= 0:
        return 0
    return (wc if kind == "c" else wo) / total


def pick_values(
    cols: list[Triplet], state: list[Left]
) -> dict[tuple[str | None, ...], float | Fraction]:
    """Winning probability of every available pick-kind combination ('c', 'o', None if solved)."""
    open_ = [i for i, s in enumerate(state) if s is not None]
    choices = []
    for s in state:
        if s is None:
            choices.append([None])
        else:
            choices.append([k for k, n in (("c", s[0]), ("o", s[1])) if n > 0])
    out = {}
    for kinds in product(*choices):
        hits = {i: _hit(cols[i], state[i], kinds[i]) for i in open_}  # type: ignore[arg-type]
        total = 0
        for outcome in product((True, False), repeat=len(open_)):
            if not any(outcome):
                continue
            prob = 1
            for i, right in zip(open_, outcome, strict=True):
                prob *= hits[i] if right else 1 - hits[i]
            if prob <= 0:
                continue
            nxt: list[Left] = list(state)
            for i, right in zip(open_, outcome, strict=True):
                a, b = state[i]  # type: ignore[misc]
                if right:
                    nxt[i] = None
                else:
                    nxt[i] = (a - 1, b) if kinds[i] == "c" else (a, b - 1)
            total += prob * value(cols, nxt)
        out[kinds] = total
    return out


def value(cols: list[Triplet], state: list[Left] | None = None) -> float | Fraction:
    """Winning probability under optimal play from ``state`` (default: the start)."""
    if state is None:
        state = [(known, m - known) for m, known, _ in cols]
    if all(s is None for s in state):
        return 1
    return max(pick_values(cols, state).values())
