from __future__ import annotations

import json
import math

import pytest
from brute_yut import brute_expect, legal_targets, walk
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from yut_boards import boards

from solvers.protocol import Cancelled, jsonable
from solvers.yut import (
    Board,
    ExpectInputs,
    csv_rows,
    export,
    format_judge,
    solve,
    standard_board,
    uniform,
)
from solvers.yut.export import EXPECT_HEADER
from solvers.yut.unknown import MAX_POSITIONS

probabilities = (
    st.lists(st.integers(0, 4), min_size=1, max_size=6)
    .filter(any)
    .map(lambda w: tuple(x / sum(w) for x in w))
)


@pytest.mark.parametrize(("turns", "pieces"), [(1, 1), (3, 2), (4, 3), (5, 2), (3, 4)])
def test_standard_board_against_brute_force(turns: int, pieces: int) -> None:
    result = solve(ExpectInputs(turns, pieces))
    assert math.isclose(
        result.expected, brute_expect(standard_board(), turns, uniform(5), pieces), rel_tol=1e-12
    )


@settings(max_examples=examples(60), deadline=None)
@given(boards(max_middle=8), st.integers(1, 3), st.integers(1, 3), probabilities)
def test_random_boards_and_dice_against_brute_force(
    board: Board, pieces: int, turns: int, probs: tuple[float, ...]
) -> None:
    result = solve(ExpectInputs(turns, pieces, probs, board))
    assert math.isclose(
        result.expected, brute_expect(board, turns, probs, pieces), rel_tol=1e-9, abs_tol=1e-9
    )


def test_ten_turns_four_pieces_value() -> None:
    result = solve(ExpectInputs())
    # Never less than the best fixed line for all-ones, never more than the
    # best of any throw sequence; the figure itself was checked by hand-free
    # brute force on shorter games above.
    assert 133 < result.expected < 250
    assert format_judge(result) == f"{result.expected:.3f}"
    # The value at the start is the average over faces of the best first move.
    best = [max(o.expected for o in options) for options in result.first_turn]
    assert math.isclose(result.expected, sum(best) / 5)
    assert math.isclose(result.value(1, ("start",) * 4), result.expected)


def test_options_for_a_position_are_every_legal_move() -> None:
    result = solve(ExpectInputs(4, 3))
    where = ("o10", "o4", "start")
    for throw in range(1, 6):
        options = result.options(2, where, throw)
        legal = legal_targets(standard_board(), where, throw)
        assert [(o.piece - 1, o.to_square) for o in options] == legal
        assert sum(o.best for o in options) == 1
        top = max(o.expected for o in options)
        assert next(o for o in options if o.best).expected == top
        for o in options:
            rest = brute_expect(
                standard_board(),
                4,
                uniform(5),
                3,
                tuple(o.to_square if i == o.piece - 1 else sq for i, sq in enumerate(where)),
                first_turn=2,
            )
            assert math.isclose(o.expected, o.points + rest, rel_tol=1e-12)


def test_value_of_positions_outside_the_tables() -> None:
    # Three pieces far along after one turn cannot happen; the fallback recursion answers.
    result = solve(ExpectInputs(3, 3))
    where = ("m25", "o38", "a16")
    assert math.isclose(
        result.value(2, where),
        brute_expect(standard_board(), 3, uniform(5), 3, where, first_turn=1),
        rel_tol=1e-12,
    )
    assert result.value(4, where) == 0.0


def test_no_options_when_all_pieces_are_home() -> None:
    result = solve(ExpectInputs(2, 2))
    assert result.options(2, ("end", "end"), 3) == ()


def test_loaded_die() -> None:
    only_fives = (0.0, 0.0, 0.0, 0.0, 1.0)
    result = solve(ExpectInputs(10, 4, only_fives))
    assert result.expected == pytest.approx(130)
    # A 1 never comes up, yet "what if I threw a 1?" still has an answer.
    assert result.first_turn[0][0].to_square == "o2"
    assert result.first_turn[4][0].to_square == "o10"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"probabilities": (0.5, 0.49)}, "face probabilities sum to 0.99, expected 1"),
        ({"probabilities": (1.5, -0.5)}, "face 1: probability must be between 0 and 1"),
        ({"probabilities": (math.nan, 1.0)}, "face 1: probability"),
        ({"probabilities": ()}, "between 1 and 12 faces"),
        ({"turns": 0}, "between 1 and 20 turns"),
        ({"pieces": 7}, "between 1 and 6 pieces"),
    ],
)
def test_validation(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ExpectInputs(**kwargs)  # type: ignore[arg-type]


def test_query_validation() -> None:
    result = solve(ExpectInputs(2, 2))
    with pytest.raises(ValueError, match="turn must be between 1 and 2"):
        result.options(3, ("start", "start"), 1)
    with pytest.raises(ValueError, match="throw must be between 1 and 5"):
        result.options(1, ("start", "start"), 6)
    with pytest.raises(ValueError, match="expected 2 piece squares"):
        result.options(1, ("start",), 1)
    with pytest.raises(ValueError, match="unknown square 'zz'"):
        result.options(1, ("start", "zz"), 1)


def test_too_many_positions_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import solvers.yut.unknown as unknown

    monkeypatch.setattr(unknown, "MAX_POSITIONS", 500)
    with pytest.raises(ValueError, match="more than 500 positions"):
        solve(ExpectInputs(10, 4))
    assert MAX_POSITIONS > 100_000


def test_csv_and_json() -> None:
    inputs = ExpectInputs(3, 2)
    assert csv_rows(inputs, None) == [EXPECT_HEADER]
    result = solve(inputs)
    rows = csv_rows(inputs, result)
    assert all(len(row) == len(EXPECT_HEADER) for row in rows)
    # The summaries sit in their own columns of the first row, not in a row of their own.
    assert float(rows[1][9]) == pytest.approx(result.expected) and rows[1][10] == "1 to 3 of 3"
    assert all(row[9] == row[10] == "" for row in rows[2:])
    assert {row[0] for row in rows[1:]} == {"1", "2", "3"}
    data = json.loads(json.dumps(jsonable(result)))
    assert data["expected"] == pytest.approx(result.expected)


def test_progress_and_cancel() -> None:
    seen: list[float] = []
    solve(ExpectInputs(6, 3), seen.append)
    assert seen[0] == 0.0 and seen[-1] == 1.0 and len(seen) > 5
    assert seen == sorted(seen)

    def cancel(fraction: float) -> None:
        if fraction > 0.3:
            raise Cancelled

    with pytest.raises(Cancelled):
        solve(ExpectInputs(6, 3), cancel)


def test_blocked_throw_is_lost_then_play_goes_on() -> None:
    from solvers.yut import Square

    # a --blue--> b --red--> a: with pieces on a and b a 1 is lost, a 2 is not.
    board = Board(
        (
            Square("s", 0, red="a"),
            Square("a", 3, red="c", blue="b"),
            Square("b", 7, red="a"),
            Square("c", 20, red="e"),
            Square("e", 0),
        ),
        "s",
        "e",
    )
    probs = (0.7, 0.3)
    result = solve(ExpectInputs(6, 2, probs, board))
    assert math.isclose(result.expected, brute_expect(board, 6, probs, 2), rel_tol=1e-12)
    assert result.options(3, ("a", "b"), 1) == ()
    # (a, b) takes three moves to reach, so from turn 4 on its value comes from the tables.
    for turn in (4, 5, 6):
        assert math.isclose(
            result.value(turn, ("a", "b")),
            brute_expect(board, 6, probs, 2, ("a", "b"), first_turn=turn - 1),
            rel_tol=1e-12,
        )
    assert result.value(4, ("a", "b")) > 0


def test_sparse_and_dense_numbering_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    import solvers.yut.explore as explore

    dense = solve(ExpectInputs(8, 4))
    monkeypatch.setattr(explore, "DENSE_LIMIT", 0)  # large boards number positions sparsely
    sparse = solve(ExpectInputs(8, 4))
    assert len(sparse.states) == len(dense.states)
    assert sparse.expected == pytest.approx(dense.expected, rel=1e-12)


def test_six_pieces_fit_the_bound() -> None:
    from solvers.yut.unknown import position_limit

    # 6 pieces x 20 turns on the standard board reach 1,102,690 positions (issue 12).
    assert position_limit(ExpectInputs(20, 6)) > 1_102_690


def test_json_shows_the_tables_size_not_their_numbers() -> None:
    result = solve(ExpectInputs(10, 4))
    data = json.loads(json.dumps(jsonable(result)))
    assert data["tables"] == {"positions": len(result.states), "values": len(result.tables.values)}
    assert len(json.dumps(data)) < 50_000


def test_csv_lists_each_first_move_once_per_face() -> None:
    inputs = ExpectInputs(turns=4, pieces=4)
    rows = [row for row in csv_rows(inputs, solve(inputs))[1:] if row[0] == "1"]
    moves = [(row[2], row[4], row[5]) for row in rows]
    assert len(moves) == len(set(moves)) == 5  # four pieces on the start move alike
    assert all(row[8] == "yes" for row in rows)


@pytest.mark.parametrize(("turns", "pieces", "faces"), [(3, 2, 5), (4, 3, 4), (3, 1, 6)])
def test_csv_moves_of_later_turns_against_brute_force(turns: int, pieces: int, faces: int) -> None:
    board = standard_board()
    inputs = ExpectInputs(turns, pieces, uniform(faces))
    rows = csv_rows(inputs, solve(inputs))[1:]
    assert {row[0] for row in rows} == {str(t) for t in range(1, turns + 1)}
    groups: dict[tuple[str, str, str], list[float]] = {}
    for turn, where, face, _p, start, end, points, expected, _best, *_ in rows:
        squares = where.split()
        after = list(squares)
        if end != "(no legal move)":
            assert end == walk(board, start, int(face)) and int(points) == board.square(end).score
            after[squares.index(start)] = end
        later = brute_expect(board, turns, uniform(faces), pieces, tuple(after), int(turn))
        assert float(expected) == pytest.approx(int(points) + later, abs=1e-6)
        groups.setdefault((turn, where, face), []).append(float(expected))
    # "best" marks exactly the moves worth the most, ties included.
    for row in rows:
        top = max(groups[(row[0], row[1], row[2])])
        assert (row[8] == "yes") == (float(row[7]) >= top - 1e-6)


def test_csv_of_a_big_game_lists_whole_turns_within_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(export, "MAX_EXPECT_ROWS", 400)
    inputs = ExpectInputs(turns=8, pieces=3)
    rows = csv_rows(inputs, solve(inputs))
    listed = int(rows[1][10].split()[2])
    assert 1 < listed < 8 and rows[1][10] == f"1 to {listed} of 8"
    assert 20 < len(rows) - 1 <= 400
    assert rows[-1][0] == str(listed)
