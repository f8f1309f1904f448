from __future__ import annotations

import json
from dataclasses import replace

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from yut_boards import boards

from solvers.yut import board_from_json, board_to_json, load_board_text, standard_board
from solvers.yut.board import Board, Square, board_problems, load_board


def test_standard_board_shape() -> None:
    board = standard_board()
    assert len(board.squares) == 33
    assert board.start == "start" and board.end == "end"
    blue = sorted(sq.score for sq in board.squares if sq.blue is not None)
    assert blue == [10, 20, 30]
    assert sorted(sq.score for sq in board.squares if sq.id.startswith("o")) == list(
        range(2, 41, 2)
    )
    assert board == load_board("standard")


@pytest.mark.parametrize(
    ("square", "face", "target"),
    [
        ("start", 1, "o2"),
        ("start", 5, "o10"),
        ("o10", 1, "a13"),
        ("o10", 4, "m25"),
        ("o10", 5, "m30"),
        ("o20", 3, "m25"),
        ("o20", 5, "m35"),
        ("o30", 3, "c26"),
        ("o30", 5, "m30"),
        ("m25", 3, "o40"),
        ("m35", 2, "end"),
        ("m35", 5, "end"),
        ("o38", 1, "o40"),
        ("o38", 2, "end"),
        ("o8", 3, "o14"),  # passing a blue square does not take its arrow
    ],
)
def test_moves_on_the_standard_board(square: str, face: int, target: str) -> None:
    board = standard_board()
    table = board.destinations(5)
    assert board.squares[table[board.index(square), face]].id == target
    assert board.path(square, face)[-1] == target


def test_no_move_from_the_end() -> None:
    board = standard_board()
    assert (board.destinations(5)[board.end_index, 1:] == -1).all()
    assert board.path("end", 3) == []


def test_json_round_trip() -> None:
    board = standard_board()
    data = json.loads(json.dumps(board_to_json(board)))
    assert board_from_json(data) == board


@settings(max_examples=examples(40), deadline=None)
@given(boards())
def test_random_board_round_trip(board: Board) -> None:
    assert load_board_text(json.dumps(board_to_json(board))) == board


def _squares() -> list[Square]:
    return [
        Square("s", 0, red="a"),
        Square("a", 1, red="b", blue="c"),
        Square("b", 2, red="c"),
        Square("c", 3, red="e"),
        Square("e", 0),
    ]


def _problems(squares: list[Square], start: str = "s", end: str = "e") -> str:
    found = board_problems(tuple(squares), start, end)
    with pytest.raises(ValueError, match="invalid board"):
        Board(tuple(squares), start, end)
    return "; ".join(found)


def test_small_board_is_valid() -> None:
    assert board_problems(tuple(_squares()), "s", "e") == []


def test_unknown_successor() -> None:
    squares = _squares()
    squares[2] = replace(squares[2], red="zz")
    assert "square 'b': red successor 'zz' is not a square" in _problems(squares)


def test_unknown_blue_successor() -> None:
    squares = _squares()
    squares[1] = replace(squares[1], blue="nowhere")
    assert "blue successor 'nowhere'" in _problems(squares)


def test_missing_successor() -> None:
    squares = _squares()
    squares[3] = replace(squares[3], red=None)
    assert "square 'c' has no red successor" in _problems(squares)


def test_unreachable_square() -> None:
    squares = [*_squares(), Square("lost", 5, red="e")]
    assert "unreachable from the start: 'lost'" in _problems(squares)


def test_cycle_that_never_reaches_the_end() -> None:
    squares = _squares()
    squares[3] = replace(squares[3], red="b")
    text = _problems(squares)
    assert "cycle that never reaches the end" in text
    assert "'b' -> 'c' -> 'b'" in text


def test_end_with_arrows_and_arrow_into_start() -> None:
    squares = _squares()
    squares[4] = replace(squares[4], red="a")
    squares[2] = replace(squares[2], blue="s")
    text = _problems(squares)
    assert "the end 'e' must have no arrows" in text
    assert "square 'b': the blue arrow points back to the start" in text


def test_duplicate_id_missing_start_and_same_start_end() -> None:
    squares = [*_squares(), Square("b", 9, red="e")]
    assert "square 'b': the id is used twice" in _problems(squares)
    assert "the start 'nope' is not a square" in _problems(_squares(), start="nope")
    assert "must be different" in _problems(_squares(), start="e", end="e")


def test_blue_to_itself_and_bad_score() -> None:
    squares = _squares()
    squares[1] = replace(squares[1], blue="a", score=2.5)  # type: ignore[arg-type]
    text = _problems(squares)
    assert "blue arrow points to the square itself" in text
    assert "score must be a whole number" in text


def test_too_few_squares() -> None:
    assert "at least a start and an end" in _problems([Square("s", 0)], "s", "s")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"start": "s", "end": "e"}', "no 'squares'"),
        ('{"start": "s", "end": "e", "squares": 3}', "must be a list"),
        ('{"start": "s", "end": "e", "squares": [3]}', "square #1 must be an object"),
        ('{"start": "s", "end": "e", "squares": [{"score": 1}]}', "square #1 has no id"),
        ('{"start": "s", "end": "e", "squares": [{"id": "s", "colour": 1}]}', "unknown keys"),
        ('{"start": "s", "end": "e", "squares": [{"id": "s", "red": [1]}]}', "must be a square id"),
    ],
)
def test_bad_board_json(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_board_text(text)


def _mutated_board_texts() -> st.SearchStrategy[str]:
    """The standard board's JSON with pieces cut, swapped or replaced: near-valid boards."""
    text = json.dumps(board_to_json(standard_board()))
    pieces = st.sampled_from(['"', "[", "]", "{", "}", ",", ":", "-1", "2147483648", "1e400",
                              "null", "true", '"x"', "[[[[[[[[", ""])  # fmt: skip
    edit = st.tuples(st.integers(0, len(text)), st.integers(0, 12), pieces)
    return st.lists(edit, max_size=4).map(lambda edits: _apply(text, edits))


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    for at, cut, piece in edits:
        text = text[:at] + piece + text[at + cut :]
    return text


@given(st.one_of(_mutated_board_texts(), st.text(max_size=200)))
def test_any_board_text_is_a_board_or_a_clean_refusal(text: str) -> None:
    try:
        board = load_board_text(text)
    except ValueError as exc:
        assert str(exc)
        return
    assert load_board_text(json.dumps(board_to_json(board))) == board
