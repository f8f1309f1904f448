"""The Xoinc form as plain data (``gui.tabs.xoinc.model``): shapes, refusals, the form agreeing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gui.form_state import STATE_ERRORS
from gui.tabs.xoinc.model import DEFAULT_STACK, check_state, default_state, state_of
from solvers import xoinc


def test_the_default_state_is_the_first_stack_with_the_user_first() -> None:
    assert default_state() == {"coins": ["1", "3", "1", "7", "2"], "user_first": True}
    assert [int(c) for c in default_state()["coins"]] == list(DEFAULT_STACK)


def test_a_session_without_a_side_is_read_with_the_user_first() -> None:
    assert check_state({"coins": ["4", "5"]}) == {"coins": ["4", "5"], "user_first": True}
    assert check_state({"coins": [4], "user_first": False}) == {"coins": ["4"], "user_first": False}


def test_coins_are_kept_as_the_coin_list_keeps_them() -> None:
    typed = [7, " 1,000 ", "2_500", "oops", "", "-3", 0, 2**64, "100001"]
    shown = ["7", "1000", "2500", "oops", "", "-3", "0", str(2**64), "100001"]
    assert check_state({"coins": typed, "user_first": True})["coins"] == shown


@pytest.mark.parametrize(
    ("state", "error", "message"),
    [
        ({"coins": "1 2 3"}, TypeError, "'coins' must be a list of numbers"),
        ({"coins": {"1": 2}}, TypeError, "'coins' must be a list of numbers"),
        ({"coins": [1, True]}, ValueError, "'coins' must be a list of numbers"),
        ({"coins": [1.5]}, ValueError, "'coins' must be a list of numbers"),
        ({"coins": [None]}, ValueError, "'coins' must be a list of numbers"),
        ({"coins": [["1"]]}, ValueError, "'coins' must be a list of numbers"),
        ({"coins": ["1"], "user_first": "yes"}, TypeError, "user_first must be true or false"),
        ({"coins": ["1"], "user_first": 1}, TypeError, "user_first must be true or false"),
        ({"coins": ["1"], "user_first": None}, TypeError, "user_first must be true or false"),
        ({"user_first": True}, KeyError, "coins"),
        ({}, KeyError, "coins"),
    ],
)
def test_each_refusal_says_why(state: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error) as caught:
        check_state(state)
    assert message in str(caught.value)


def test_a_list_longer_than_a_stack_is_refused_by_its_length_alone() -> None:
    most = ["1"] * xoinc.MAX_COINS
    assert check_state({"coins": most})["coins"] == most
    with pytest.raises(ValueError) as caught:
        check_state({"coins": ["1"] * (xoinc.MAX_COINS + 1)})
    assert str(caught.value) == "'coins' holds 5,001 coins: at most 5,000"
    # A million entries that are not even numbers: the length refuses them first.
    with pytest.raises(ValueError, match="1,000,000 coins: at most 5,000"):
        check_state({"coins": [None] * 1_000_000})


def test_state_of_keeps_the_side_it_is_given() -> None:
    inputs = xoinc.XoincInputs((3, 100_000, 1))
    assert state_of(inputs) == {"coins": ["3", "100000", "1"], "user_first": True}
    assert state_of(inputs, False) == {"coins": ["3", "100000", "1"], "user_first": False}


_STACKS = st.lists(st.integers(1, xoinc.MAX_VALUE), min_size=1, max_size=40)


@given(coins=_STACKS, user_first=st.booleans())
def test_inputs_read_back_through_their_state(coins: list[int], user_first: bool) -> None:
    inputs = xoinc.XoincInputs(tuple(coins))
    state = state_of(inputs, user_first)
    assert check_state(state) == state
    assert state["user_first"] is user_first
    assert xoinc.XoincInputs(tuple(int(c) for c in state["coins"])) == inputs


_ENTRIES = st.integers() | st.text(alphabet=" ,_-019xé", max_size=6)
_ODD = st.none() | st.booleans() | st.floats() | st.lists(st.integers(), max_size=2)


def test_the_tab_shows_exactly_what_check_state_makes(make_tab: Any) -> None:
    """The coin list itself is the independent check of the texts ``check_state`` returns."""
    tab = make_tab("xoinc")  # one tab for every example: a tab per example costs seconds

    @settings(deadline=None)
    @given(
        coins=st.lists(_ENTRIES, max_size=12) | st.lists(_ENTRIES | _ODD, max_size=4),
        user_first=st.booleans() | _ODD,
        keep_side=st.booleans(),
    )
    def shown(coins: list[Any], user_first: Any, keep_side: bool) -> None:
        state: dict[str, Any] = {"coins": coins}
        if keep_side:
            state["user_first"] = user_first
        before = tab.state()
        try:
            checked = check_state(state)
        except STATE_ERRORS:
            with pytest.raises(STATE_ERRORS), tab.history.silently():
                tab.restore(state)
            assert tab.state() == before  # refused before any widget was touched
            return
        with tab.history.silently():
            tab.restore(state)
        assert tab.state() == checked
        assert check_state(checked) == checked

    shown()


def test_new_inputs_keep_the_side_chosen_for_play(make_tab: Any) -> None:
    tab = make_tab("xoinc")
    tab.play.sideCombo.setCurrentIndex(1)
    inputs = xoinc.XoincInputs((5, 6, 7))
    tab.load_inputs(inputs)
    assert tab.state() == state_of(inputs, False)
    assert tab.read_inputs() == inputs
    tab.load_example()
    assert tab.state() == state_of(xoinc.example(), False)


def test_a_coin_out_of_range_is_shown_marked_and_not_solved(make_tab: Any) -> None:
    tab = make_tab("xoinc")
    tab.restore_session({"coins": [1, 0, xoinc.MAX_VALUE + 1], "user_first": False})
    assert tab.state() == {"coins": ["1", "0", "100001"], "user_first": False}
    with pytest.raises(ValueError, match="coin 2"):
        tab.read_inputs()
    assert not tab.solveButton.isEnabled()
