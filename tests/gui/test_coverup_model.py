"""Cover Up's form as plain data (``gui.tabs.coverup.model``): what it refuses, how it reads.

The shared contract is in ``test_form_state.py``; here the game's own cases: each
refusal and its words, numbers given for texts, and the table agreeing with the model
on generated states (valid and hostile).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gui.form_state import STATE_ERRORS
from gui.tabs.coverup.form import P_COL
from gui.tabs.coverup.model import PRESETS, check_state, default_state, state_of
from solvers import coverup as cu
from solvers import i18n


def one(digits: Any = "1 2", candidates: Any = None, p: Any = "0") -> dict[str, Any]:
    """A state of one column."""
    return {"columns": [{"digits": digits, "candidates": candidates or [], "p": p}]}


def test_the_default_is_the_first_preset_nothing_ticked() -> None:
    digits = ["1 2", "1 2 3", "1 2 3 4", "1 2 3 4 5", "1 2 3 4 5 6"]
    wanted = [{"digits": d, "candidates": [], "p": "0"} for d in digits]
    assert default_state() == {"columns": wanted}
    assert next(iter(PRESETS)) == "Show layout: 2, 3, 4, 5, 6 choices"


@pytest.mark.parametrize(
    ("state", "error", "words"),
    [
        ({}, KeyError, "columns"),
        ({"columns": None}, ValueError, "'columns' must be a list of 1 to 5 columns"),
        ({"columns": {"digits": "1"}}, ValueError, "'columns' must be a list of 1 to 5 columns"),
        ({"columns": []}, ValueError, "'columns' must be a list of 1 to 5 columns"),
        (
            {"columns": one()["columns"] * 6},
            ValueError,
            "'columns' holds 6 columns: at most 5",
        ),
        ({"columns": ["1 2"]}, TypeError, "each column must be a mapping of 'digits'"),
        ({"columns": [["1 2", [], "0"]]}, TypeError, "each column must be a mapping"),
        ({"columns": [{"candidates": [], "p": "0"}]}, KeyError, "digits"),
        ({"columns": [{"digits": "1 2", "p": "0"}]}, KeyError, "candidates"),
        ({"columns": [{"digits": "1 2", "candidates": []}]}, KeyError, "'p'"),
        (one(digits=None), TypeError, "'digits' must be text"),
        (one(digits=1.5), TypeError, "'digits' must be text"),
        (one(digits=True), TypeError, "'digits' must be text"),
        (one(p=None), TypeError, "'p' must be text"),
        (one(p=False), TypeError, "'p' must be text"),
        (one(p=["0.5"]), TypeError, "'p' must be text"),
        (one(candidates=["1"]), ValueError, "'candidates' must be a list of digits"),
        (one(candidates=[10]), ValueError, "'candidates' must be a list of digits"),
        (one(candidates=[-1]), ValueError, "'candidates' must be a list of digits"),
        (one(candidates=[True]), ValueError, "'candidates' must be a list of digits"),
        (one(candidates=[1.0]), ValueError, "'candidates' must be a list of digits"),
        (one(candidates="1"), ValueError, "'candidates' must be a list of digits"),
    ],
)
def test_each_refusal_says_why(state: dict[str, Any], error: type, words: str) -> None:
    with pytest.raises(error) as caught:
        check_state(state)
    assert words in str(caught.value)


def test_a_long_list_is_refused_before_any_column_is_read() -> None:
    # Were the columns read, the first (None) would be refused as no mapping.
    with pytest.raises(ValueError, match="'columns' holds 1,000,000 columns: at most 5"):
        check_state({"columns": [None] * 10**6})


def test_the_refusals_speak_the_users_language() -> None:
    i18n.set_language("ko")
    try:
        with pytest.raises(ValueError) as caught:
            check_state({"columns": one()["columns"] * 6})
        with pytest.raises(TypeError) as typed:
            check_state({"columns": [7]})
    finally:
        i18n.set_language("en")
    assert str(caught.value) == "'columns' 항목: 자릿수 6개: 최대 5개까지입니다"
    assert str(typed.value) == "각 자릿수는 'digits', 'candidates', 'p'를 담은 매핑이어야 합니다"


def test_numbers_become_texts_and_texts_are_kept_as_the_table_keeps_them() -> None:
    state = {
        "columns": [
            {"digits": 123, "candidates": [3, 1, 3], "p": 0.5, "note": "dropped"},
            {"digits": "  7 8 9\n", "candidates": [], "p": 1},
            # Out of range or unreadable: kept as typed, the table marks the cell.
            {"digits": "x", "candidates": [9], "p": " 1.5 "},
        ],
        "older": True,
    }
    assert check_state(state) == {
        "columns": [
            {"digits": "123", "candidates": [1, 3], "p": "0.5"},
            {"digits": "7 8 9", "candidates": [], "p": "1"},
            {"digits": "x", "candidates": [9], "p": "1.5"},
        ]
    }


@st.composite
def coverup_inputs(draw: st.DrawFn) -> cu.CoverUpInputs:
    """Any judge inputs: 1 to 5 columns, m digits, l < m of them likely, p = 0 when l = 0."""
    columns = []
    for _k in range(draw(st.integers(1, cu.MAX_COLUMNS))):
        m = draw(st.integers(1, cu.MAX_DIGITS))
        known = draw(st.integers(0, m - 1))
        p = draw(st.floats(0.0, 1.0)) if known else 0.0
        columns.append(cu.Column(m, known, p))
    return cu.CoverUpInputs(tuple(columns))


@given(coverup_inputs())
def test_the_state_of_inputs_reads_back_as_those_inputs(inputs: cu.CoverUpInputs) -> None:
    state = state_of(inputs)
    assert check_state(state) == state
    read = []
    for column in state["columns"]:
        digits = column["digits"].replace(" ", "")  # 0..m-1, spaced unless all ten
        assert digits == "".join(str(d) for d in range(len(digits)))
        assert column["candidates"] == list(range(len(column["candidates"])))
        read.append((len(digits), len(column["candidates"]), float(column["p"])))
    assert cu.CoverUpInputs.from_triplets(read) == inputs


def plain_check(state: dict[str, Any]) -> dict[str, Any] | None:
    """What a table shows of ``state``, said plainly: None where it is refused."""
    columns = state.get("columns")
    if not isinstance(columns, list) or not 1 <= len(columns) <= cu.MAX_COLUMNS:
        return None
    shown = []
    for column in columns:
        if not isinstance(column, dict) or not {"digits", "candidates", "p"} <= set(column):
            return None
        texts = []
        for key, numbers in (("digits", (int,)), ("p", (int, float))):
            value = column[key]
            if type(value) in numbers:
                texts.append(str(value))
            elif isinstance(value, str):
                texts.append(value.strip())
            else:
                return None
        likely = column["candidates"]
        if not isinstance(likely, list) or any(
            type(d) is not int or d not in range(10) for d in likely
        ):
            return None
        shown.append({"digits": texts[0], "candidates": sorted(set(likely)), "p": texts[1]})
    return {"columns": shown}


_texts = st.text(" 0123456789,x.\n", max_size=12)
_entry = st.one_of(_texts, st.integers(-3, 12), st.floats(), st.booleans(), st.none())
#: Columns a table can show, given in every shape a session may write them.
_column = st.fixed_dictionaries(
    {
        "digits": _texts | st.integers(0, 10**12),
        "candidates": st.lists(st.integers(0, 9), max_size=12),
        "p": _texts | st.integers(-3, 12) | st.floats(),
    },
    optional={"note": _entry},
)
#: Columns with any entry of any kind, or no column at all.
_hostile = st.one_of(
    st.fixed_dictionaries(
        {"digits": _entry, "candidates": st.lists(_entry, max_size=4) | _entry, "p": _entry},
        optional={"note": _entry},
    ),
    st.dictionaries(st.sampled_from(["digits", "candidates", "p"]), _entry, max_size=2),
    _entry,
)
_states = st.one_of(
    st.fixed_dictionaries({"columns": st.lists(_column, min_size=1, max_size=cu.MAX_COLUMNS)}),
    st.fixed_dictionaries(
        {}, optional={"columns": st.lists(_column | _hostile, max_size=7) | _entry}
    ),
)


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_states)
def test_the_table_shows_exactly_what_the_model_makes(make_tab: Any, state: dict[str, Any]) -> None:
    tab = make_tab("coverup")
    wanted = plain_check(state)
    before = tab.state()
    with tab.history.silently():
        if wanted is None:
            with pytest.raises(STATE_ERRORS):
                check_state(state)
            with pytest.raises(STATE_ERRORS):
                tab.restore(state)
            assert tab.state() == before
            return
        assert check_state(state) == wanted
        assert check_state(wanted) == wanted
        tab.restore(state)
    assert tab.state() == wanted


def test_a_p_out_of_range_is_kept_and_marked_not_refused(make_tab: Any) -> None:
    tab = make_tab("coverup")
    state = one(digits="1 2", candidates=[1], p=7)
    assert check_state(state) == one(digits="1 2", candidates=[1], p="7")
    tab.restore(state)
    assert tab.state() == check_state(state)
    assert "between 0 and 1" in (tab.model.cell_error(0, P_COL) or "")


def test_a_judge_line_reads_as_the_judge_file_with_or_without_its_count() -> None:
    from gui.tabs.coverup.model import judge_line_inputs

    expected = cu.parse_judge("2\n10 2 0.5 4 1 1.0\n")[0]
    assert judge_line_inputs("10 2 0.5 4 1 1.0") == expected
    assert judge_line_inputs("2 10 2 0.5 4 1 1.0") == expected
    with pytest.raises(ValueError, match="type m l p"):
        judge_line_inputs("")
    for bad in ("10 2", "3 1 2.0"):
        with pytest.raises(ValueError) as error:
            judge_line_inputs(bad)
        assert str(error.value) and "line" not in str(error.value)  # a box: no line number
