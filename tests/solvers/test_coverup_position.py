"""The Why page in play: the turn's pick options against exact fractions.

``explain_position`` prints six decimals; every number is checked against
``brute_coverup`` run on ``Fraction`` values of p (exact Bayes' rule and recursion).
"""

from __future__ import annotations

import re
from fractions import Fraction

import brute_coverup as brute
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import coverup as cu
from solvers.coverup.why import explain_position

#: Six printed decimals, and the float solver's own error far below them.
TOL = Fraction(51, 100_000_000)
KIND = {"candidate": "c", "other": "o"}
PICK = {"c": cu.Pick.CANDIDATE, "o": cu.Pick.OTHER}


def close(cell: str, exact: Fraction | int) -> bool:
    return abs(Fraction(cell) - exact) <= TOL


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[brute.Triplet], cu.CoverUpGame]:
    """Small columns with exact p, and a turn reached by random picks and outcomes."""
    columns: list[brute.Triplet] = []
    for _ in range(draw(st.integers(1, 3))):
        m = draw(st.integers(2, 4))
        known = draw(st.integers(0, m - 1))
        p = (
            Fraction(0)
            if known == 0
            else draw(st.sampled_from([Fraction(n, 10) for n in (0, 3, 5, 9, 10)]))
        )
        columns.append((m, known, p))
    inputs = cu.CoverUpInputs.from_triplets([(m, k, float(p)) for m, k, p in columns])
    game = cu.new_game(inputs, cu.solve(inputs).solver)
    for _ in range(draw(st.integers(0, 3))):
        picks = draw(st.sampled_from(game.moves()))
        chances = game.play(picks).chances()
        going_on = [o for o in chances if o and not game.play(picks).play(o).over]
        if not going_on:
            break
        game = game.play(picks).play(draw(st.sampled_from(going_on)))
    return columns, game


def state_of(game: cu.CoverUpGame) -> list[tuple[int, int] | None]:
    assert game.state is not None
    return list(game.state.columns)


@given(positions(), st.data())
@settings(max_examples=examples(80), deadline=None)
def test_every_pick_option_with_its_hit_and_winning_chance(position, data) -> None:  # type: ignore[no-untyped-def]
    columns, game = position
    state = state_of(game)
    open_ = [i for i, left in enumerate(state) if left is not None]
    played = data.draw(st.sampled_from([None, *game.moves()]))
    inputs = game.inputs
    result = cu.solve(inputs)
    assert game.state is not None
    where, options, adds = explain_position(inputs, result, game.state, played)
    turn = game.turn
    assert [s.title.split(":")[0] for s in (where, options, adds)] == [f"Turn {turn} in play"] * 3

    # The digits left and each one's chance now (Bayes' rule on the priors).
    (table,) = where.tables
    assert [int(row[0].split()[1]) - 1 for row in table.rows] == open_
    for row, i in zip(table.rows, open_, strict=True):
        a, b = state[i]  # type: ignore[misc]
        assert re.findall(r"\d+", row[1]) == [str(a), str(b)]
        for cell, kind, left in ((row[2], "c", a), (row[3], "o", b)):
            assert cell == "—" if not left else close(cell, brute._hit(columns[i], (a, b), kind))

    # Every way to pick: its chance of a hit (at least one right) and its winning chance.
    exact = brute.pick_values(columns, state)
    best_value = brute.value(columns, state)
    (table,) = options.tables
    assert len(table.rows) == len(exact)
    best_picks = game.entry().picks
    played_picks = best_picks if played is None else played
    seen = set()
    for row in table.rows:
        kinds: list[str | None] = [None] * len(columns)
        for i, cell in zip(open_, row, strict=False):
            kinds[i] = KIND[cell.removesuffix(" (reserve)")]
        seen.add(tuple(kinds))
        miss = Fraction(1)
        for i in open_:
            miss *= 1 - brute._hit(columns[i], state[i], kinds[i])  # type: ignore[arg-type]
        hit_cell, win_cell, mark = row[len(open_) :]
        assert close(hit_cell, 1 - miss)
        assert close(win_cell, exact[tuple(kinds)])
        picks = tuple(None if k is None else PICK[k] for k in kinds)
        assert ("✓ best" in mark) == (picks == best_picks)
        assert ("▶ played" in mark) == (picks == played_picks)
    assert seen == set(exact)
    assert close(table.rows[0][len(open_) + 1], best_value)

    # How the picks being played add up: outcome chances times the winning chance after.
    (table,) = adds.tables
    total = Fraction(0)
    for row in table.rows[:-1]:
        right = {int(n) - 1 for n in re.findall(r"\d+", row[0])}
        chance, after = Fraction(1), list(state)
        for i in open_:
            kind = "c" if played_picks[i] is cu.Pick.CANDIDATE else "o"
            hit = brute._hit(columns[i], state[i], kind)  # type: ignore[arg-type]
            chance *= hit if i in right else 1 - hit
            a, b = state[i]  # type: ignore[misc]
            after[i] = None if i in right else ((a - 1, b) if kind == "c" else (a, b - 1))
        worth = brute.value(columns, after) if right else 0
        assert close(row[1], chance) and close(row[2], worth)
        total += chance * worth
    kinds_played = tuple(
        None if p is None else ("c" if p is cu.Pick.CANDIDATE else "o") for p in played_picks
    )
    assert close(table.rows[-1][3], total) and abs(total - exact[kinds_played]) < Fraction(1, 10**9)

    # The picture lights up this turn and the columns with the kinds being played.
    refs = {(r.kind, r.at, r.key) for r in adds.refs}
    assert ("turn", (turn - 1,), "") in refs
    for i in open_:
        assert ("column", (i,), (played_picks[i] or cu.Pick.OTHER).value) in refs


def test_a_position_over_or_a_wrong_pick_is_refused() -> None:
    inputs = cu.CoverUpInputs.from_triplets([(3, 1, 0.5), (2, 0, 0.0)])
    result = cu.solve(inputs)
    with pytest.raises(ValueError, match="won"):
        explain_position(inputs, result, cu.State((None, None)))
    start = cu.initial_state(inputs)
    with pytest.raises(ValueError, match="no known candidate left"):
        explain_position(inputs, result, start, (cu.Pick.OTHER, cu.Pick.CANDIDATE))


def test_a_known_position_in_numbers() -> None:
    # Turn 2: column 2 was right; column 1 (three digits, its one candidate holding
    # p = 1/2) missed with an "other" digit. Left there: the candidate, 1/2 ÷ 3/4 = 2/3,
    # and one other digit, 1/3. Covering the candidate hits and wins with 2/3.
    inputs = cu.CoverUpInputs.from_triplets([(3, 1, 0.5), (2, 0, 0.0)])
    result = cu.solve(inputs)
    where, options, _adds = explain_position(inputs, result, cu.State(((1, 1), None)))
    assert where.title.startswith("Turn 2 in play")
    assert where.tables[0].rows[0][2:4] == ("0.666667", "0.333333")
    rows = options.tables[0].rows
    assert rows[0] == ("candidate", "0.666667", "0.666667", "✓ best ▶ played")
    assert rows[1] == ("other (reserve)", "0.333333", "0.333333", "")
