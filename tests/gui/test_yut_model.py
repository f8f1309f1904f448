"""Dice Yut's form as plain data (``gui/tabs/yut/model.py``): refusals, their words, round trips."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gui.form_state import STATE_ERRORS
from gui.tabs.yut.model import check_board, check_state, default_state, state_of
from solvers import yut


def with_entry(name: str, value: Any) -> dict[str, Any]:
    return {**default_state(), name: value}


def test_the_default_state_is_the_standard_board_and_the_first_fields() -> None:
    state = default_state()
    assert state["board"] == json.loads(json.dumps(yut.board_to_json(yut.standard_board())))
    assert yut.board_from_json(state["board"]) == yut.standard_board()
    assert (state["mode"], state["pieces"], state["faces"], state["turns"]) == ("known", 4, 5, 10)
    assert check_state(state) == state


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("pieces", 0, "'Pieces' must be from 1 to 6, not 0"),
        ("pieces", 7, "'Pieces' must be from 1 to 6, not 7"),
        ("pieces", 1000, "'Pieces' must be from 1 to 6, not 1000"),
        ("pieces", 2**31, f"'Pieces' must be from 1 to 6, not {2**31}"),
        ("pieces", 2**64, f"'Pieces' must be from 1 to 6, not {2**64}"),
        ("pieces", -3, "'Pieces' must be from 1 to 6, not -3"),
        ("faces", 0, "'Die faces 1 to' must be from 1 to 12, not 0"),
        ("faces", 13, "'Die faces 1 to' must be from 1 to 12, not 13"),
        ("turns", 0, "'Turns' must be from 1 to 20, not 0"),
        ("turns", 21, "'Turns' must be from 1 to 20, not 21"),
    ],
)
def test_a_number_outside_its_field_is_refused_with_the_fields_label_and_range(
    name: str, value: int, words: str
) -> None:
    with pytest.raises(ValueError) as refused:
        check_state(with_entry(name, value))
    assert str(refused.value) == words


@pytest.mark.parametrize("name", ["pieces", "faces", "turns"])
@pytest.mark.parametrize("value", [4.5, 4.0, True, "4", None, [4]])
def test_a_number_field_takes_whole_numbers_only(name: str, value: Any) -> None:
    with pytest.raises(TypeError, match="must be a whole number"):
        check_state(with_entry(name, value))


@pytest.mark.parametrize("top", [("pieces", 6), ("faces", 12), ("turns", 20)])
def test_each_number_field_takes_its_whole_range(top: tuple[str, int]) -> None:
    name, most = top
    for value in (1, most):
        assert check_state(with_entry(name, value))[name] == value


@pytest.mark.parametrize("mode", ["Known", "", None, 1, ["known"]])
def test_an_unknown_mode_is_refused(mode: Any) -> None:
    with pytest.raises(ValueError, match="unknown mode"):
        check_state(with_entry("mode", mode))


@pytest.mark.parametrize("name", ["throws", "probabilities"])
@pytest.mark.parametrize("value", [12, None, ["1", "2"]])
def test_the_throws_and_probabilities_are_text(name: str, value: Any) -> None:
    with pytest.raises(TypeError) as refused:
        check_state(with_entry(name, value))
    assert str(refused.value) == f"{name} must be text"


@pytest.mark.parametrize("name", sorted(default_state()))
def test_a_missing_entry_is_named(name: str) -> None:
    state = default_state()
    del state[name]
    with pytest.raises(KeyError) as refused:
        check_state(state)
    assert refused.value.args == (name,)


@pytest.mark.parametrize(
    ("board", "words"),
    [
        ([], "a board must be a JSON object with a list of squares"),
        ({"start": "s"}, "a board must be a JSON object with a list of squares"),
        ({"squares": {"id": "s"}}, "a board must be a JSON object with a list of squares"),
        ({"squares": [{"id": "s"}, {"score": 1}]}, "every square needs an id"),
        ({"squares": [{"id": "s"}, "t"]}, "every square needs an id"),
    ],
)
def test_a_board_the_editor_cannot_list_is_refused(board: Any, words: str) -> None:
    with pytest.raises(ValueError) as refused:
        check_state(with_entry("board", board))
    assert str(refused.value) == words


def test_a_board_of_too_many_squares_is_refused_at_once() -> None:
    squares = [{"id": f"q{n}"} for n in range(201)]
    with pytest.raises(ValueError, match="at most 200 squares, got 201"):
        check_state(with_entry("board", {"squares": squares}))
    board = check_state(with_entry("board", {"squares": squares[:200]}))["board"]
    assert len(board["squares"]) == 200


def test_a_board_nested_absurdly_deep_is_refused() -> None:
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(ValueError, match="nested too deeply"):
        check_board({"squares": [{"id": "s", "x": deep}]})


def test_an_unplayable_board_is_kept_as_edited_and_copied() -> None:
    """The editor holds a broken board (and says why): only its copy is kept."""
    board = {"name": 3, "squares": [{"id": "s", "red": "nowhere", "extra": [1]}]}
    with pytest.raises(ValueError):
        yut.board_from_json(board)
    checked = check_state(with_entry("board", board))["board"]
    assert checked == board
    checked["squares"][0]["extra"].append(2)
    assert board["squares"][0]["extra"] == [1]


def test_a_refused_state_leaves_the_form_as_it_was(make_tab: Any) -> None:
    tab = make_tab("yut")
    tab.form.throwsEdit.setText("5 5 5")
    before = tab.state()
    for name, value in (("pieces", 7), ("board", []), ("throws", 3), ("mode", "x")):
        with pytest.raises(STATE_ERRORS):
            with tab.history.silently():
                tab.restore({**before, name: value})
        assert tab.state() == before


def test_a_restore_keeping_the_board_keeps_the_selected_square(make_tab: Any) -> None:
    tab = make_tab("yut")
    tab.editor.select("o10")
    with tab.history.silently():
        tab.restore({**tab.state(), "pieces": 2})
    assert tab.editor.selected == "o10" and tab.form.piecesSpin.value() == 2


# ----- inputs through their state --------------------------------------------------------------
@st.composite
def boards(draw: st.DrawFn) -> yut.Board:
    """The standard board, or a line of squares with scores and blue short cuts forward."""
    if draw(st.booleans()):
        return yut.standard_board()
    count = draw(st.integers(2, 8))
    ids = ["s", *(f"q{n}" for n in range(1, count - 1)), "e"]
    squares: list[dict[str, Any]] = []
    for n, square_id in enumerate(ids):
        item: dict[str, Any] = {"id": square_id, "score": draw(st.integers(-50, 50))}
        item["x"], item["y"] = float(n), draw(st.floats(-5, 5))
        if n + 1 < count:
            item["red"] = ids[n + 1]
            if n + 2 < count and draw(st.booleans()):
                item["blue"] = ids[draw(st.integers(n + 2, count - 1))]
        squares.append(item)
    return yut.board_from_json({"name": "line", "start": "s", "end": "e", "squares": squares})


@st.composite
def known_inputs(draw: st.DrawFn) -> yut.YutInputs:
    faces = draw(st.integers(1, yut.MAX_FACE))
    throws = draw(st.lists(st.integers(1, faces), min_size=1, max_size=yut.MAX_THROWS))
    pieces = draw(st.integers(1, yut.MAX_PIECES))
    return yut.YutInputs(tuple(throws), pieces, faces, draw(boards()))


@st.composite
def unknown_inputs(draw: st.DrawFn) -> yut.ExpectInputs:
    weights = draw(st.lists(st.integers(0, 9), min_size=1, max_size=yut.MAX_FACE))
    if not any(weights):
        weights[0] = 1
    probabilities = tuple(w / sum(weights) for w in weights)
    turns = draw(st.integers(1, yut.MAX_THROWS))
    return yut.ExpectInputs(
        turns, draw(st.integers(1, yut.MAX_PIECES)), probabilities, draw(boards())
    )


any_inputs = st.one_of(known_inputs(), unknown_inputs())


@given(any_inputs)
@settings(max_examples=150, deadline=None)
def test_the_state_of_inputs_says_them_exactly(inputs: Any) -> None:
    state = state_of(inputs)
    assert check_state(copy.deepcopy(state)) == state
    assert json.loads(json.dumps(state)) == state  # a session holds it as it is
    assert (state["pieces"], state["faces"]) == (inputs.pieces, inputs.faces)
    assert yut.board_from_json(state["board"]) == inputs.board
    if isinstance(inputs, yut.YutInputs):
        assert state["mode"] == "known"
        assert tuple(int(word) for word in state["throws"].split()) == inputs.throws
    else:
        assert state["mode"] == "unknown" and state["turns"] == inputs.turns
        words = state["probabilities"].split()
        shown = tuple(float(word) for word in words) if words else yut.uniform(inputs.faces)
        assert shown == inputs.probabilities  # exactly: no digit is rounded away


def test_inputs_shown_in_the_form_read_back(make_tab: Any) -> None:
    tab = make_tab("yut")

    @given(any_inputs)
    @settings(
        max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )
    def shown(inputs: Any) -> None:
        with tab.history.silently():
            tab.set_inputs(inputs)
        assert tab.state() == state_of(inputs)
        assert tab.read_inputs() == inputs

    shown()
