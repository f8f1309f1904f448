"""The Great Game form as plain data (``gui/tabs/greatgame/model.py``): refusals, round trips.

The shared checks (a new form shows ``default_state``, the form shows what ``check_state``
accepts) are in ``test_form_state.py``; here are the game's own cases and messages.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gui.form_state import STATE_ERRORS
from gui.tabs.greatgame.model import (
    GAP_LABELS,
    check_state,
    default_state,
    percent_text,
    state_of,
)
from gui.widgets.fields import out_of_range
from solvers.greatgame import MAX_GAP, MAX_THROWS, GreatGameInputs
from solvers.i18n import _

ROWS = "'rows' must be a list of [rock, paper, scissors] rows"
THREE = "every row needs three percentages (rock, paper, scissors)"


def refusal(state: Any) -> str:
    with pytest.raises(STATE_ERRORS) as caught:
        check_state(state)
    return str(caught.value)


def test_the_default_state_is_the_first_throws() -> None:
    state = default_state()
    assert state == {"rows": [["30", "30", "40"], ["50", "20", "30"]], "W": 2, "L": 2}
    assert check_state(state) == state
    state["rows"][0][0] = "99"  # each call a fresh copy: a tab cannot change the next one's
    assert default_state()["rows"][0][0] == "30"


def test_cells_are_kept_as_typed_and_numbers_become_text() -> None:
    given_state = {"rows": [[50, 25.5, "24.5"], ["x", "", " 7 "], [1e-07, 0, 100]], "W": 17, "L": 1}
    assert check_state(given_state) == {
        "rows": [["50", "25.5", "24.5"], ["x", "", " 7 "], ["1e-07", "0", "100"]],
        "W": 17,
        "L": 1,
    }
    assert check_state({**given_state, "extra": None})["W"] == 17  # unknown entries are ignored


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (None, ROWS),
        ("30,30,40", ROWS),
        ({"0": ["30", "30", "40"]}, ROWS),
        ([["30", "30", "40"], "50,20,30"], ROWS),
        ([], "a round has between 1 and 1000 throws, got 0"),
        ([["30", "30", "40"], ["50", "50"]], f"throw 2: {THREE}"),
        ([["30", "30", "40", "0"]], f"throw 1: {THREE}"),
        ([["30", None, "40"]], f"throw 1: {THREE}"),
        ([["30", True, "40"]], f"throw 1: {THREE}"),
        ([["30", "30", "40"], ["30", ["30"], "40"]], f"throw 2: {THREE}"),
        ([["30", {"a": 1}, "40"]], f"throw 1: {THREE}"),
    ],
)
def test_malformed_rows_are_refused_with_the_reason(rows: Any, message: str) -> None:
    assert refusal({"rows": rows, "W": 2, "L": 2}) == message


def test_more_throws_than_a_round_has_are_refused_at_once() -> None:
    assert check_state({"rows": [["100", "0", "0"]] * MAX_THROWS, "W": 1, "L": 1})["W"] == 1
    too_many = {"rows": [["100", "0", "0"]] * (MAX_THROWS + 1), "W": 1, "L": 1}
    assert refusal(too_many) == "'rows' holds 1,001 throws: at most 1,000"
    # No row is looked at: a million malformed rows are refused for their number alone.
    assert refusal({"rows": [None] * 10**6, "W": 1, "L": 1}) == (
        "'rows' holds 1,000,000 throws: at most 1,000"
    )


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("W", 0, f"'Rounds ahead to win (W)' must be from 1 to {MAX_GAP}, not 0"),
        (
            "W",
            MAX_GAP + 1,
            f"'Rounds ahead to win (W)' must be from 1 to {MAX_GAP}, not {MAX_GAP + 1}",
        ),
        ("W", 2**31, f"'Rounds ahead to win (W)' must be from 1 to {MAX_GAP}, not 2147483648"),
        ("W", "3", "'Rounds ahead to win (W)' must be a whole number, not '3'"),
        ("W", 2.0, "'Rounds ahead to win (W)' must be a whole number, not 2.0"),
        ("W", True, "'Rounds ahead to win (W)' must be a whole number, not True"),
        ("L", -1, f"'Rounds behind to lose (L)' must be from 1 to {MAX_GAP}, not -1"),
        ("L", None, "'Rounds behind to lose (L)' must be a whole number, not None"),
    ],
)
def test_gaps_out_of_range_are_refused_with_the_field_and_its_range(
    key: str, value: Any, message: str
) -> None:
    assert refusal({**default_state(), key: value}) == message


@pytest.mark.parametrize("key", ["rows", "W", "L"])
def test_a_missing_entry_is_refused(key: str) -> None:
    state = default_state()
    del state[key]
    with pytest.raises(KeyError):
        check_state(state)


def test_the_gaps_are_named_by_the_form_s_labels(make_tab) -> None:  # type: ignore[no-untyped-def]
    """The model says what the session loader's check of the spin box itself would say."""
    tab = make_tab("greatgame")
    for spin, key in ((tab.wSpin, "W"), (tab.lSpin, "L")):
        too_far = MAX_GAP + 1
        assert refusal({**default_state(), key: too_far}) == str(out_of_range(spin, too_far))


def test_the_gaps_are_named_in_the_language_spoken(korean: None) -> None:
    label = _(GAP_LABELS[0])
    assert label != GAP_LABELS[0]
    assert label.rstrip(":\uff1a").strip() in refusal({**default_state(), "W": 0})


def test_a_refused_session_leaves_the_form_and_says_why(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("greatgame")
    before = tab.state()
    bad = {"rows": [["30", "30", "40"]], "W": 2, "L": MAX_GAP + 1}
    with pytest.raises(
        ValueError, match=rf"Rounds behind to lose \(L\)' must be from 1 to {MAX_GAP},"
    ):
        tab.restore_session(bad)
    assert tab.state() == before
    tab.restore_session({"rows": [[50, 25.5, "x"]], "W": 5, "L": 3})
    assert tab.state() == {"rows": [["50", "25.5", "x"]], "W": 5, "L": 3}
    assert tab.gSpin.value() == 1 and not tab.solveButton.isEnabled()


def test_imported_percentages_are_shown_exactly(make_tab) -> None:  # type: ignore[no-untyped-def]
    """A third to ten decimals is not rounded to six digits on its way into the table."""
    tab = make_tab("greatgame")
    third = 33.3333333333
    inputs = GreatGameInputs(((third, third, 100 - 2 * third), (36, 30.5, 33.5)), 4, 9)
    tab.set_inputs(inputs)
    assert tab.throws.texts()[0][0] == "33.3333333333"
    assert tab.throws.texts()[1] == ["36", "30.5", "33.5"]
    assert tab.read_inputs() == inputs


PERCENTS = st.floats(min_value=0, max_value=100, allow_nan=False)


@given(PERCENTS)
def test_a_percentage_s_text_reads_back_exactly(value: float) -> None:
    text = percent_text(value)
    assert float(text) == value
    if value.is_integer():  # whole numbers are written bare, as typed
        assert text == str(int(value))


@st.composite
def throws(draw: st.DrawFn) -> tuple[float, float, float]:
    """A valid throw: rock and paper drawn, scissors the rest (a row the solver accepts)."""
    rock = draw(PERCENTS)
    paper = draw(st.floats(min_value=0, max_value=100 - rock, allow_nan=False))
    return (rock, paper, 100 - rock - paper)


GAPS = st.integers(1, MAX_GAP)
INPUTS = st.builds(
    GreatGameInputs, st.lists(throws(), min_size=1, max_size=6).map(tuple), GAPS, GAPS
)


@given(INPUTS)
def test_the_state_of_inputs_is_checked_as_it_is_and_reads_back(inputs: GreatGameInputs) -> None:
    state = state_of(inputs)
    assert check_state(state) == state
    rows = tuple(tuple(float(cell) for cell in row) for row in state["rows"])
    assert GreatGameInputs(rows, state["W"], state["L"]) == inputs


def test_the_tab_shows_the_state_of_inputs(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("greatgame")  # one tab for every example: building one is the slow part

    @settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(INPUTS)
    def check(inputs: GreatGameInputs) -> None:
        tab.set_inputs(inputs)
        assert tab.state() == state_of(inputs)
        assert tab.read_inputs() == inputs

    check()


CELLS = st.one_of(
    st.text(max_size=8),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
)
STATES = st.fixed_dictionaries(
    {
        "rows": st.lists(st.lists(CELLS, min_size=3, max_size=3), min_size=1, max_size=5),
        "W": GAPS,
        "L": GAPS,
    }
)


@given(STATES)
def test_any_table_of_texts_and_numbers_is_kept_as_its_texts(state: dict[str, Any]) -> None:
    checked = check_state(state)
    assert checked["rows"] == [
        [cell if isinstance(cell, str) else str(cell) for cell in row] for row in state["rows"]
    ]
    assert (checked["W"], checked["L"]) == (state["W"], state["L"])
    assert check_state(checked) == checked
    # A number's text is that number (the table marks an infinite one or nan as not one).
    for row_given, row_shown in zip(state["rows"], checked["rows"], strict=True):
        for cell, text in zip(row_given, row_shown, strict=True):
            if isinstance(cell, float) and math.isfinite(cell):
                assert float(text) == cell
