from __future__ import annotations

import random

import pytest
from brute_yut import brute_max, legal_targets
from budget import PROFILE, examples
from hypothesis import given, settings
from hypothesis import strategies as st
from yut_boards import boards

from solvers.protocol import Cancelled, JudgeFormatError, jsonable
from solvers.yut import (
    Board,
    Square,
    YutInputs,
    YutResult,
    csv_rows,
    format_judge,
    parse_judge,
    solve,
    standard_board,
)

SAMPLES = [
    ("1 2 3 4 1 2 3 4 1 2", 190),
    ("1 1 1 1 1 1 1 1 1 1", 133),
    ("5 1 2 3 4 5 5 3 2 4", 214),
    ("5 5 5 5 5 5 5 5 5 5", 130),
    ("4 1 4 4 4 4 3 2 2 4", 205),
    ("5 5 5 5 5 1 1 1 1 1", 167),
]


def check_line(result: YutResult) -> None:
    """The line is legal move by move, piece by piece, and scores the claimed maximum."""
    inputs = result.inputs
    board = inputs.board
    where = [board.start] * inputs.pieces
    total = 0
    assert [s.turn for s in result.line] == list(range(1, len(inputs.throws) + 1))
    for step, throw in zip(result.line, inputs.throws, strict=True):
        assert step.throw == throw
        legal = legal_targets(board, tuple(where), throw)
        if step.piece is None:
            assert legal == []
            assert step.points == 0
        else:
            p = step.piece - 1
            assert step.from_square == where[p]
            assert (p, step.to_square) in legal
            assert step.path == tuple(board.path(where[p], throw))
            assert step.path[-1] == step.to_square
            where[p] = step.to_square
            assert step.points == board.square(step.to_square).score
        total += step.points
        assert step.total == total
        assert step.positions == tuple(where)
    assert total == result.best


@pytest.mark.parametrize(("text", "answer"), SAMPLES)
def test_samples(text: str, answer: int) -> None:
    (inputs,) = parse_judge(text + "\n")
    result = solve(inputs)
    assert format_judge(result) == str(answer)
    check_line(result)


def test_samples_match_brute_force() -> None:
    board = standard_board()
    for text, answer in SAMPLES[:2]:
        assert brute_max(board, tuple(map(int, text.split()))) == answer


def test_random_ten_throw_sequences_against_brute_force() -> None:
    rng = random.Random(17825)
    board = standard_board()
    for _ in range(12 if PROFILE == "thorough" else 2):  # the brute force takes ~0.4 s each
        throws = tuple(rng.randint(1, 5) for _ in range(10))
        result = solve(YutInputs(throws))
        assert result.best == brute_max(board, throws), throws
        check_line(result)


@settings(max_examples=examples(150), deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda pieces: st.tuples(
            st.just(pieces),
            st.integers(1, 7),
            st.lists(st.integers(1, 7), min_size=1, max_size=8 if pieces <= 3 else 7),
        )
    )
)
def test_standard_board_against_brute_force(case: tuple[int, int, list[int]]) -> None:
    pieces, faces, raw = case
    throws = tuple(min(t, faces) for t in raw)
    result = solve(YutInputs(throws, pieces, faces))
    assert result.best == brute_max(standard_board(), throws, pieces)
    check_line(result)


@settings(max_examples=examples(150), deadline=None)
@given(boards(), st.integers(1, 4), st.lists(st.integers(1, 6), min_size=1, max_size=7))
def test_random_boards_against_brute_force(board: Board, pieces: int, throws: list[int]) -> None:
    if pieces == 4:
        throws = throws[:6]
    result = solve(YutInputs(tuple(throws), pieces, 6, board))
    assert result.best == brute_max(board, tuple(throws), pieces)
    check_line(result)


def test_lost_throws_when_every_piece_is_home() -> None:
    result = solve(YutInputs((5, 5, 5, 5, 5), pieces=1))
    # start -> 10 -> (blue) 30 via 25 -> end after two more throws.
    assert [s.to_square for s in result.line[:3]] == ["o10", "m30", "end"]
    assert [s.piece for s in result.line[3:]] == [None, None]
    assert result.best == 10 + 30 + 0
    check_line(result)


def _loop_board() -> Board:
    # a --blue--> b --red--> a: pieces on a and b block each other for a throw of 1.
    return Board(
        (
            Square("s", 0, red="a"),
            Square("a", -10, red="e", blue="b"),
            Square("b", 7, red="a"),
            Square("e", 0),
        ),
        "s",
        "e",
    )


def test_blocked_turn_is_lost_on_a_board_with_a_loop() -> None:
    board = _loop_board()
    # Forced: s->a (-10), a->b (+7); then the best is to block both pieces
    # (second piece s->a, -10) and lose the last two throws: -13, not -16.
    result = solve(YutInputs((1, 1, 1, 1, 1), pieces=2, board=board))
    assert result.best == brute_max(board, (1, 1, 1, 1, 1), 2) == -13
    assert [s.piece for s in result.line] == [1, 1, 2, None, None]
    assert result.line[-1].positions == ("b", "a")
    check_line(result)


def test_positions_are_shared_not_labelled() -> None:
    # Memo over sorted squares: far fewer positions than 4^10 piece choices.
    result = solve(YutInputs((1, 2, 3, 4, 1, 2, 3, 4, 1, 2)))
    assert 0 < result.positions_searched < 2000


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"throws": ()}, "between 1 and 20 throws"),
        ({"throws": (1,) * 21}, "between 1 and 20 throws"),
        ({"throws": (1, 2, 6)}, "throw 3: must be between 1 and 5, got 6"),
        ({"throws": (0,)}, "throw 1: must be between 1 and 5, got 0"),
        ({"throws": (1,), "pieces": 7}, "between 1 and 6 pieces"),
        ({"throws": (1,), "pieces": 0}, "between 1 and 6 pieces"),
        ({"throws": (1,), "faces": 13}, "between 1 and 12 faces"),
    ],
)
def test_input_validation(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        YutInputs(**kwargs)  # type: ignore[arg-type]


def test_parse_several_cases_and_options() -> None:
    cases = parse_judge("1 2 3 4 1\n2 3 4 1 2\n5 5 5 5 5 5 5 5 5 5\n")
    assert [c.throws for c in cases] == [(1, 2, 3, 4, 1, 2, 3, 4, 1, 2), (5,) * 10]
    (short,) = parse_judge("6 6 6", pieces=2, faces=6, throws=3)
    assert short.throws == (6, 6, 6) and short.pieces == 2


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("", 1, "unexpected end of input, expected a throw"),
        ("1 2 3 4 5\n1 2 3 x 5\n", 2, "a throw must be an integer, got 'x'"),
        ("1 2 3 4 5\n\n1 2 3 4 6\n", 3, "a throw must be between 1 and 5, got 6"),
        ("1 2 3 4 5 1 2 3 4 5\n1 2\n", 2, "unexpected end of input"),
        ("1\nnot-a-number here\n", 2, "must be an integer"),
    ],
)
def test_parse_errors_name_the_line(text: str, line: int, reason: str) -> None:
    with pytest.raises(JudgeFormatError) as caught:
        parse_judge(text)
    assert caught.value.line == line
    assert reason in caught.value.reason


def test_csv_rows() -> None:
    inputs = YutInputs((1, 2, 3, 4, 1, 2, 3, 4, 1, 2))
    before = csv_rows(inputs, None)
    assert before[0][:8] == ["turn", "throw", "piece", "from", "to", "points", "total", "path"]
    assert before[0][8] == "max score"
    assert [r[1] for r in before[1:]] == ["1", "2", "3", "4", "1", "2", "3", "4", "1", "2"]
    result = solve(inputs)
    rows = csv_rows(inputs, result)
    assert len(rows) == 11  # no totals row: the maximum has its own column
    assert rows[1][:7] == ["1", "1", "1", "start", "o2", "2", "2"] and rows[1][8] == "190"
    assert rows[4][3:5] == ["o10", "m25"] and rows[4][7] == "a13 a16 a19 m25"
    assert rows[-1][6] == "190" and all(row[8] == "" for row in rows[2:])
    assert all(len(r) == len(rows[0]) for r in rows)


def test_result_is_jsonable() -> None:
    import json

    result = solve(YutInputs((1, 2, 3)))
    data = json.loads(json.dumps(jsonable(result)))
    assert data["best"] == result.best
    assert data["line"][0]["to_square"] == result.line[0].to_square
    assert "_index" not in json.dumps(data)


def test_progress_and_cancel() -> None:
    seen: list[float] = []
    rng = random.Random(5)
    throws = tuple(rng.randint(1, 5) for _ in range(14))
    solve(YutInputs(throws, pieces=5), seen.append)
    assert seen[0] == 0.0 and seen[-1] == 1.0 and len(seen) > 2
    assert all(0.0 <= f <= 1.0 for f in seen)

    def cancel(fraction: float) -> None:
        if fraction > 0:
            raise Cancelled

    with pytest.raises(Cancelled):
        solve(YutInputs(throws, pieces=5), cancel)
