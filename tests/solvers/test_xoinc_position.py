"""The Why page during play: ``explain_position`` against the brute-force minimax.

Every position is reached by playing random legal takes from the start; each step's
numbers are compared with ``brute_xoinc`` (a plain memoised minimax from the rules).
"""

from __future__ import annotations

import random

from brute_xoinc import play, take_values
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import xoinc
from solvers.xoinc.why import explain_position

stacks = st.lists(st.integers(1, 40), min_size=1, max_size=14).map(tuple)


def positions(coins: tuple[int, ...], rng: random.Random):  # type: ignore[no-untyped-def]
    """(coins left, allowance, totals, mover) of a game played with random takes."""
    left, allowance, totals, mover = len(coins), 2, [0, 0], 0
    while left:
        yield left, allowance, (totals[0], totals[1]), mover
        take = rng.randint(1, min(allowance, left))
        top = len(coins) - left
        totals[mover] += sum(coins[top : top + take])
        left, allowance, mover = left - take, 2 * take, 1 - mover
    yield 0, allowance, (totals[0], totals[1]), mover


@settings(max_examples=examples(120), deadline=None)
@given(stacks, st.randoms(use_true_random=False))
def test_every_allowed_take_leads_to_the_brute_force_total(
    coins: tuple[int, ...], rng: random.Random
) -> None:
    inputs = xoinc.XoincInputs(coins)
    n, everything = len(coins), sum(coins)
    for left, allowance, totals, mover in positions(coins, rng):
        steps = explain_position(inputs, left, allowance, totals, mover)
        if left == 0:
            assert len(steps) == 1 and str(totals[0]) in steps[0].text
            continue
        top = n - left
        state, takes = steps
        assert state.title == f"The position now: ({left}, {allowance})"
        assert f"S({left}) = {sum(coins[top:])}" in state.text
        assert f"first player has {totals[0]} and the second {totals[1]}" in state.text
        most = min(allowance, left)
        assert {r.at[0] for r in state.refs if r.kind == "coin"} == set(range(top, top + most))
        rows = takes.tables[0].rows
        brute = take_values(coins, top, allowance)
        assert [int(row[0]) for row in rows] == list(range(1, most + 1))
        # What the take is worth, what the opponent then gets, where it leads.
        assert [int(row[2]) for row in rows] == [sum(coins[top : top + t]) for t in rows_t(rows)]
        assert [int(row[3]) for row in rows] == [
            play(coins, top + t, 2 * t)[0] for t in rows_t(rows)
        ]
        finals = [totals[mover] + v for v in brute]
        assert [int(row[4]) for row in rows] == finals
        own, other = (5, 6) if mover == 0 else (6, 5)
        assert [int(row[own]) for row in rows] == finals
        assert [int(row[other]) for row in rows] == [everything - f for f in finals]
        best = brute.index(max(brute)) + 1  # the smallest best take
        assert [row[0] for row in rows if row[7]] == [str(best)]
        final = totals[mover] + max(brute)
        assert takes.text.endswith(f"ends with {final} at best, taking {best}.")
        assert f"= {play(coins, top, allowance)[0]}." in takes.text
        assert {r.at[0] for r in takes.refs if r.kind == "coin"} == set(range(top, top + best))
        assert [r.at for r in takes.refs if r.kind == "cell"] == [(left, allowance)]


def rows_t(rows: tuple[tuple[str, ...], ...]) -> list[int]:
    return [int(row[0]) for row in rows]


def test_a_wide_allowance_lists_the_first_takes_and_those_around_the_best() -> None:
    coins = tuple((k * 7919) % 97 + 1 for k in range(80))
    inputs = xoinc.XoincInputs(coins)
    steps = explain_position(inputs, 60, 40, (sum(coins[:20]), 0), 1)
    rows = steps[1].tables[0].rows
    brute = take_values(coins, 20, 40)
    best = brute.index(max(brute)) + 1
    shown = [int(r[0]) for r in rows if r[0] != "…"]
    assert shown[:8] == list(range(1, 9)) and shown[-1] == 40 and best in shown
    assert any(r[0] == "…" for r in rows)
    for row in rows:
        if row[0] != "…":
            assert int(row[4]) == brute[int(row[0]) - 1]
