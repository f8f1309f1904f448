"""The Why page in play: ``explain_position`` against the rules' own value iteration."""

from __future__ import annotations

import pytest
from brute_greatgame import brute_hand_values, brute_match
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import greatgame as gg
from solvers.explain import Ref
from solvers.greatgame.why import explain_position

percent_rows = st.integers(0, 100).flatmap(
    lambda a: st.integers(0, 100 - a).map(lambda b: (a, b, 100 - a - b))
)


@st.composite
def positions(draw: st.DrawFn) -> tuple[tuple[tuple[int, int, int], ...], int, int, int, int, int]:
    rows = tuple(draw(st.lists(percent_rows, min_size=1, max_size=3)))
    win_by, lose_by = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    lead = draw(st.integers(-lose_by + 1, win_by - 1))
    throw = draw(st.integers(0, len(rows) - 1))
    score = draw(st.integers(-throw, throw))
    return rows, win_by, lose_by, lead, throw, score


def chance_in(text: str) -> float:
    """The number the line ``P = M(...) ... = p.`` ends with."""
    line = next(line for line in text.splitlines() if line.startswith("P = M("))
    return float(line.rsplit("=", 1)[1].strip(" ."))


@given(positions(), st.integers(0, 3), st.integers(0, 3))
@settings(max_examples=examples(60), deadline=None)
def test_the_position_now_and_its_hands_match_the_rules(
    position: tuple[tuple[tuple[int, int, int], ...], int, int, int, int, int],
    tied: int,
    extra: int,
) -> None:
    rows, win_by, lose_by, lead, throw, score = position
    inputs = gg.GreatGameInputs(rows, win_by, lose_by)
    result = gg.solve(inputs)
    won = max(lead, 0) + extra
    lost = won - lead  # the lead is the rounds won minus the rounds lost
    now, hands = explain_position(
        inputs, result, lead=lead, throw=throw, score=score, rounds=(won, tied, lost)
    )
    brute = brute_hand_values(rows, win_by, lose_by)[(lead, throw, score)]
    # With the best play from here: the best hand's value.
    assert abs(chance_in(now.text) - max(brute)) < 1e-8
    assert now.title == (
        f"The match now: round {won + tied + lost + 1}, throw {throw + 1} of {len(rows)}"
    )
    starts = [0.0, *brute_match(rows, win_by, lose_by), 1.0]
    shown = {row[0]: float(row[1]) for row in now.tables[0].rows}
    for near in (lead - 1, lead, lead + 1):
        assert abs(shown[f"{near:+d}" if near else "0"] - starts[near + lose_by]) < 1e-8
    assert set(now.refs) == {Ref("lead", (lead,)), Ref("cell", (throw, score))}
    table = hands.tables[0]
    assert table.header[5] == "P(win match) after it"
    for row, value in zip(table.rows, brute, strict=True):
        assert abs(float(row[5]) - value) < 1e-8
    marked = [value for row, value in zip(table.rows, brute, strict=True) if row[6]]
    assert marked and all(v > max(brute) - 1e-9 for v in marked)
    assert hands.refs == (Ref("cell", (throw, score)),)


def test_a_decided_round_is_said_so_and_a_finished_match_is_refused() -> None:
    rows = ((100, 0, 0), (100, 0, 0), (100, 0, 0))
    inputs = gg.GreatGameInputs(rows, 2, 2)
    result = gg.solve(inputs)
    now, _hands = explain_position(inputs, result, lead=1, throw=2, score=2, rounds=(1, 0, 0))
    assert "The round is decided" in now.text
    assert abs(chance_in(now.text) - 1.0) < 1e-12  # the round is won, and with it the match
    with pytest.raises(ValueError, match="the match is over"):
        explain_position(inputs, result, lead=2, throw=0, score=0)


def test_explain_refers_to_the_first_cell_and_to_lead_zero() -> None:
    inputs = gg.GreatGameInputs(((30, 30, 40), (50, 20, 30)), 2, 2)
    steps = gg.explain(inputs, gg.solve(inputs))
    assert steps[0].refs == (Ref("cell", (0, 0)),)
    assert steps[1].refs == (Ref("lead", (0,)),)
    assert steps[-1].refs == (Ref("lead", (0,)),)
