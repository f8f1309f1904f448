"""Dice Yut's Why steps in Korean and Chinese, and the steps of a position reached in play.

``explain_position`` is checked against ``brute_yut``'s plain rules and searches: the
value of every move, the blocked pieces, the best move and the average over the die.
"""

from __future__ import annotations

import math
import re

import pytest
from brute_yut import brute_expect, legal_targets
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_explain_chance import brute_best_from

from solvers import yut
from solvers.i18n import _, set_language
from solvers.yut.board import board_from_json
from solvers.yut.known import KnownSearch
from solvers.yut.names import board_names
from solvers.yut.play import KnownGame
from solvers.yut.unknown import Lookup
from solvers.yut.why import explain_position, face_options

TOL = 2e-6  # tables print six decimals


def test_steps_and_refusals_speak_korean(korean: None) -> None:
    inputs = yut.YutInputs((1, 2, 3, 4, 1, 2, 3, 4, 1, 2))
    result = yut.solve(inputs)
    steps = yut.explain(inputs, result)
    titles = [step.title for step in steps]
    assert titles[0] == "상태 탐색으로 구한 최고 점수"
    assert titles[1] == "1번째 차례: 주사위 1"
    assert titles[-1] == "답" and steps[-1].text == "최대 점수는 190입니다."
    # No English word in any title, header or cell: squares are named in Korean too.
    for step in steps:
        cells = [step.title, *(c for t in step.tables for c in (*t.header, *sum(t.rows, ())))]
        assert not [c for c in cells if re.search("[A-Za-z]{2,}", c)], step.title
    assert steps[1].tables[0].rows[0][:3] == ("말 1, 2, 3, 4", "시작", "2 (바깥 둘레)")
    unknown = yut.ExpectInputs(2, 2, yut.uniform(3))
    titles = [s.title for s in yut.explain(unknown, yut.solve(unknown))]
    assert titles[1:3] == ["1번째 차례: 눈마다 가능한 모든 수", "주사위에 대한 평균"]
    # Refusals raised in the solvers (shown in the form) are Korean; the CLI never sets one.
    with pytest.raises(
        ValueError, match=re.escape("2번째 주사위 값: 1 이상 5 이하여야 합니다. 입력: 9")
    ):
        yut.YutInputs((1, 9))
    with pytest.raises(ValueError, match="게임판 파일에는"):
        board_from_json([])
    assert _("the game is over") == "게임이 끝났습니다"


def test_chinese_and_back_to_english() -> None:
    inputs = yut.YutInputs((5, 5))
    result = yut.solve(inputs)
    try:
        set_language("zh_CN")
        assert yut.explain(inputs, result)[1].title == "第 1 回合：掷出 5"  # noqa: RUF001
        assert board_names(inputs.board)["m25"] == "25（中心）"  # noqa: RUF001
    finally:
        set_language("en")
    # The names are cached per language: English again once English is spoken.
    assert board_names(inputs.board)["m25"] == "25 (centre)"
    assert yut.explain(inputs, result)[1].title == "Turn 1: throw 5"


def _groups(where: tuple[str, ...]) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {}
    for p, here in enumerate(where):
        groups.setdefault(here, []).append(p)
    return groups


def _walk_line(throws: tuple[int, ...], pieces: int, moves: int) -> tuple[tuple[str, ...], int]:
    """Where the pieces stand and the points after ``moves`` first legal moves (plain rules)."""
    board = yut.standard_board()
    where, total = (board.start,) * pieces, 0
    for throw in throws[:moves]:
        legal = legal_targets(board, where, throw)
        if legal:
            p, there = legal[-1]  # the last piece that may move: positions spread out
            where = tuple(there if q == p else s for q, s in enumerate(where))
            total += board.square(there).score
    return where, total


@given(
    st.lists(st.integers(1, 5), min_size=2, max_size=6).map(tuple),
    st.integers(1, 3),
    st.data(),
)
@settings(max_examples=examples(60), deadline=None)
def test_a_known_position_values_every_move(
    throws: tuple[int, ...], pieces: int, data: st.DataObject
) -> None:
    moves = data.draw(st.integers(0, len(throws) - 1))
    inputs = yut.YutInputs(throws, pieces)
    board = inputs.board
    names = board_names(board)
    where, total = _walk_line(throws, pieces, moves)
    steps = explain_position(inputs, yut.solve(inputs), where, moves, total)
    if all(here == board.end for here in where):  # every piece home: the game is over
        assert [s.title for s in steps][1:] == ["The game is over"]
        return
    now, turn = steps
    # A game in play sends its own move values: the same steps, no search in the worker.
    labelled = tuple(board.index(square) for square in where)
    game = KnownGame(labelled, moves, total, search=KnownSearch(inputs))
    assert explain_position(inputs, game.values(), where, moves, total) == steps
    assert now.title == f"The position now: turn {moves + 1} of {len(throws)}"
    groups = _groups(where)
    assert [row[1] for row in now.tables[0].rows] == [names[s] for s in groups]
    assert turn.title == f"Turn {moves + 1}: throw {throws[moves]}"
    legal = dict(legal_targets(board, where, throws[moves]))
    values = {}
    for row, (here, group) in zip(turn.tables[0].rows, groups.items(), strict=True):
        p = group[0]
        if p in legal:
            after = tuple(legal[p] if q == p else s for q, s in enumerate(where))
            gain = board.square(legal[p]).score
            values[p] = total + gain + brute_best_from(board, throws[moves + 1 :], after)
            assert (row[2], row[3], row[4]) == (names[legal[p]], str(gain), str(values[p]))
        else:
            assert row[2:5] == ("—", "—", "—")
            assert ("already at the end" if here == board.end else "blocked: ") in row[5]
    marked = {
        groups[h][0] for row, h in zip(turn.tables[0].rows, groups, strict=True) if "best" in row[5]
    }
    top = max(values.values(), default=None)
    assert marked == {p for p, v in values.items() if v == top}
    if top is None:
        assert "the throw is lost" in turn.text
    else:
        # The refs name the best move's piece and its path on the board.
        best = min(marked)
        path = board.path(where[best], throws[moves])
        assert [r.key for r in turn.refs if r.kind == "square"] == path
        assert any(r.kind == "piece" and r.at == (best,) for r in turn.refs)


@given(st.integers(2, 3), st.integers(1, 2), st.integers(2, 4), st.data())
@settings(max_examples=examples(30), deadline=None)
def test_an_unknown_position_before_and_after_the_throw(
    turns: int, pieces: int, faces: int, data: st.DataObject
) -> None:
    inputs = yut.ExpectInputs(turns, pieces, yut.uniform(faces))
    result = yut.solve(inputs)
    board = inputs.board
    ids = {name: square for square, name in board_names(board).items()}
    first = tuple(data.draw(st.lists(st.integers(1, faces), min_size=1, max_size=1)))
    where, total = _walk_line(first, pieces, 1)
    probabilities = inputs.probabilities
    # Before the throw: every face's moves and the average over the die.
    now, _moves, average = explain_position(inputs, result, where, 1, total)
    assert now.title == f"The position now: turn 2 of {turns}"
    later = total + brute_expect(board, turns, probabilities, pieces, where, first_turn=1)
    assert abs(float(average.tables[0].rows[-1][3]) - later) < TOL
    # What the tab sends to the worker (this position's moves only) says the same.
    labelled = tuple(board.index(square) for square in where)
    small = face_options(Lookup(result), 1, labelled)
    assert explain_position(inputs, small, where, 1, total) == [now, _moves, average]
    # After a throw: that face's moves only, each valued by a plain expectimax.
    face = data.draw(st.integers(1, faces))
    now, thrown = explain_position(inputs, result, where, 1, total, face)
    assert thrown.title == f"Turn 2: you threw {face}"
    legal = dict(legal_targets(board, where, face))
    groups = _groups(where)
    rows = [row for row in thrown.tables[0].rows if row[1]]
    best = -math.inf
    for row, group in zip(rows, groups.values(), strict=True):
        p = group[0]
        if p not in legal:
            assert row[3] == "—"
            continue
        after = tuple(legal[p] if q == p else s for q, s in enumerate(where))
        value = total + board.square(legal[p]).score
        value += brute_expect(board, turns, probabilities, pieces, after, first_turn=2)
        assert ids[row[3]] == legal[p] and abs(float(row[5]) - value) < TOL
        best = max(best, value)
    marked = [float(row[5]) for row in rows if "best" in row[6]]
    assert marked and all(abs(v - best) < TOL for v in marked) if legal else not marked


def test_a_finished_game_says_so() -> None:
    inputs = yut.YutInputs((5, 5))
    steps = explain_position(inputs, yut.solve(inputs), ("o10", "start"), 2, 10)
    assert [s.title for s in steps][1:] == ["The game is over"]
    assert "10" in steps[1].text
