"""Plain brute forces for The Great Game, with no ratio trick (tests only).

``brute_match`` runs value iteration over the whole match state (lead,
throw, round score): every round's policy may depend on the lead, and ties
send the match back to the same lead, so the values are iterated until they
stop moving.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

Row = tuple[float, float, float]


def moves(row: Row) -> list[tuple[float, float, float]]:
    """(down, stay, up) chances of the score for rock, paper, scissors."""
    total = sum(row)
    rock, paper, scissors = (v / total for v in row)
    return [(paper, rock, scissors), (scissors, paper, rock), (rock, scissors, paper)]


def brute_match(
    rows: Sequence[Row], win_by: int, lose_by: int, tol: float = 1e-15, limit: int = 200_000
) -> list[float]:
    """P(win match) for leads -L+1 .. W-1 by value iteration."""
    g = len(rows)
    table = [moves(r) for r in rows]
    value = dict.fromkeys(range(-lose_by + 1, win_by), 0.0)

    def at(s: int) -> float:
        if s >= win_by:
            return 1.0
        if s <= -lose_by:
            return 0.0
        return value[s]

    for _ in range(limit):
        new = {}
        for s in value:
            layer = {
                d: (at(s + 1) if d > 0 else at(s - 1) if d < 0 else at(s)) for d in range(-g, g + 1)
            }
            for i in range(g - 1, -1, -1):
                layer = {
                    d: max(
                        p * layer[d - 1] + t * layer[d] + w * layer[d + 1] for p, t, w in table[i]
                    )
                    for d in range(-i, i + 1)
                }
            new[s] = layer[0]
        change = max(abs(new[s] - value[s]) for s in value)
        value = new
        if change < tol:
            break
    return [value[s] for s in sorted(value)]


def evaluate_policy(
    rows: Sequence[Row], choose: Callable[[int, int], int]
) -> tuple[float, float, float]:
    """(win, tie, lose) of the round when ``choose(i, d)`` picks the hand index."""
    table = [moves(r) for r in rows]
    dist = {0: 1.0}
    for i, options in enumerate(table):
        nxt: dict[int, float] = {}
        for d, p in dist.items():
            down, stay, up = options[choose(i, d)]
            for step, chance in ((-1, down), (0, stay), (1, up)):
                nxt[d + step] = nxt.get(d + step, 0.0) + p * chance
        dist = nxt
    win = sum(p for d, p in dist.items() if d > 0)
    lose = sum(p for d, p in dist.items() if d < 0)
    return win, dist.get(0, 0.0), lose


def brute_best_ratio(rows: Sequence[Row]) -> float:
    """Max over every deterministic policy of P(win)/(P(win)+P(lose)); G <= 3 only."""
    g = len(rows)
    cells = [(i, d) for i in range(g) for d in range(-i, i + 1)]
    best = 0.0
    for picks in itertools.product(range(3), repeat=len(cells)):
        plan = dict(zip(cells, picks, strict=True))
        win, _, lose = evaluate_policy(rows, lambda i, d, plan=plan: plan[(i, d)])
        if win + lose > 0:
            best = max(best, win / (win + lose))
    return best


def brute_hand_values(
    rows: Sequence[Row], win_by: int, lose_by: int
) -> dict[tuple[int, int, int], list[float]]:
    """(lead, throw, score) -> match-win probability after each hand, straight from the rules.

    The round is solved backwards with the match values at its end (from
    ``brute_match``), taking the max over hands at every cell: no ratio, no lambda.
    """
    g = len(rows)
    table = [moves(r) for r in rows]
    starts = [0.0, *brute_match(rows, win_by, lose_by), 1.0]

    def start(lead: int) -> float:
        return starts[lead + lose_by]

    out: dict[tuple[int, int, int], list[float]] = {}
    for lead in range(-lose_by + 1, win_by):
        layer = {d: start(lead + (d > 0) - (d < 0)) for d in range(-g, g + 1)}
        for i in range(g - 1, -1, -1):
            new = {}
            for d in range(-i, i + 1):
                hands = [
                    down * layer[d - 1] + stay * layer[d] + up * layer[d + 1]
                    for down, stay, up in table[i]
                ]
                out[(lead, i, d)] = hands
                new[d] = max(hands)
            layer = new
    return out
