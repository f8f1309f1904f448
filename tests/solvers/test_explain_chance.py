"""Explanations of Cover Up, The Great Game and Dice Yut against plain brute forces.

The chances, ratios and totals every step shows are recomputed from the rules:
``brute_coverup`` (exhaustive recursion), ``brute_greatgame`` (every policy, value
iteration over the match) with the gambler's ruin formula written out, ``brute_yut``
(depth-first search and expectimax over labelled pieces).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import brute_coverup
from brute_greatgame import brute_best_ratio, brute_hand_values, brute_match, moves
from brute_yut import brute_expect, brute_max, legal_targets
from budget import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st

from solvers import coverup, greatgame, yut
from solvers.explain import Step
from solvers.yut.names import board_names

TOL = 2e-6  # tables print six decimals


def step_titled(steps: Sequence[Step], start: str) -> Step:
    found = [s for s in steps if s.title.startswith(start)]
    assert len(found) == 1, [s.title for s in steps]
    return found[0]


def number_after(text: str, label: str) -> float:
    match = re.search(re.escape(label) + r"\s*(-?[0-9.]+)", text)
    assert match, (label, text)
    return float(match.group(1).rstrip("."))


# --- Cover Up ---------------------------------------------------------------------------


@st.composite
def coverup_columns(draw: st.DrawFn) -> list[tuple[int, int, float]]:
    columns = []
    for _ in range(draw(st.integers(1, 3))):
        m = draw(st.integers(2, 5))
        known = draw(st.integers(0, m - 1))
        p = 0.0 if known == 0 else draw(st.sampled_from([0.0, 0.3, 0.5, 0.9, 1.0]))
        columns.append((m, known, p))
    return columns


KIND = {"candidate": "c", "other": "o"}


@given(coverup_columns())
@settings(max_examples=examples(120))
def test_coverup_shows_every_pick_a_step_per_turn_and_how_they_add_up(
    columns: list[tuple[int, int, float]],
) -> None:
    inputs = coverup.CoverUpInputs.from_triplets(columns)
    result = coverup.solve(inputs)
    steps = coverup.explain(inputs, result)
    turns = [s for s in steps if s.title.startswith("Turn ")]
    assert 1 <= len(turns) <= len(columns)
    assert [s.title.split(":")[0] for s in turns] == [f"Turn {k}" for k in range(1, len(turns) + 1)]
    for step in turns:
        state_table, options, combine = step.tables
        state: list[tuple[int, int] | None] = [None] * len(columns)
        for row in state_table.rows:
            a, b = map(int, re.findall(r"\d+", row[1]))
            state[int(row[0].split()[1]) - 1] = (a, b)
        value = brute_coverup.value(columns, state)
        assert abs(number_after(step.title, "winning chance") - value) < TOL
        brute = brute_coverup.pick_values(columns, state)
        open_ = [i for i, left in enumerate(state) if left is not None]
        assert len(options.rows) == len(brute)
        for row in options.rows:
            kinds: list[str | None] = [None] * len(columns)
            for i, cell in zip(open_, row, strict=False):
                kinds[i] = KIND[cell.removesuffix(" (reserve)")]
            assert abs(float(row[len(open_)]) - brute[tuple(kinds)]) < TOL
        best = options.rows[0]
        assert best[-1] and abs(float(best[len(open_)]) - value) < TOL
        total = 0.0
        for row in combine.rows[:-1]:
            right = {int(n) - 1 for n in re.findall(r"column (\d+)", row[0])}
            chance = 1.0
            after: list[tuple[int, int] | None] = list(state)
            for i, cell in zip(open_, best, strict=False):
                kind = KIND[cell.removesuffix(" (reserve)")]
                hit = brute_coverup._hit(columns[i], state[i], kind)  # type: ignore[arg-type]
                chance *= hit if i in right else 1.0 - hit
                a, b = state[i]  # type: ignore[misc]
                after[i] = None if i in right else ((a - 1, b) if kind == "c" else (a, b - 1))
            worth = brute_coverup.value(columns, after) if right else 0.0
            assert abs(float(row[1]) - chance) < TOL and abs(float(row[2]) - worth) < TOL
            total += chance * worth
        assert abs(float(combine.rows[-1][3]) - total) < TOL and abs(total - value) < TOL
    answer = step_titled(steps, "The answer").text
    assert answer.endswith(f": {coverup.format_probability(result.value)}.")
    assert abs(number_after(answer, "winning chance is") - brute_coverup.value(columns)) < TOL


# --- The Great Game ---------------------------------------------------------------------

percent_rows = st.integers(0, 100).flatmap(
    lambda a: st.integers(0, 100 - a).map(lambda b: (a, b, 100 - a - b))
)


def plain_f(rows: Sequence[tuple[int, int, int]], lam: float) -> float:
    """max over policies of P(win) - lam (P(win) + P(lose)), by a plain backward DP."""
    g = len(rows)
    layer = {d: (1 - lam if d > 0 else -lam if d < 0 else 0.0) for d in range(-g, g + 1)}
    for i in range(g - 1, -1, -1):
        layer = {
            d: max(
                dn * layer[d - 1] + st_ * layer[d] + up * layer[d + 1]
                for dn, st_, up in moves(rows[i])
            )
            for d in range(-i, i + 1)
        }
    return layer[0]


@given(
    st.lists(percent_rows, min_size=1, max_size=3),
    st.integers(1, 4),
    st.integers(1, 4),
)
@settings(max_examples=examples(80), deadline=None)
def test_greatgame_shows_q_the_ruin_formula_the_search_and_the_hands(
    rows: list[tuple[int, int, int]], win_by: int, lose_by: int
) -> None:
    inputs = greatgame.GreatGameInputs(tuple(rows), win_by, lose_by)
    result = greatgame.solve(inputs)
    steps = greatgame.explain(inputs, result)
    q = brute_best_ratio(rows)
    shown_q = number_after(step_titled(steps, "The round ratio q").text, "(P(win) + P(lose)) =")
    assert abs(shown_q - q) < 1e-9
    chance = brute_match(rows, win_by, lose_by)[lose_by - 1]
    ruin = step_titled(steps, "The match as a gambler's ruin")
    if q < 1 and abs(q - 0.5) > 1e-12:
        k = (1 - q) / q
        formula = (1 - k**lose_by) / (1 - k ** (win_by + lose_by))
        assert abs(number_after(ruin.text, "k = (1 − q) / q =") - k) < 1e-8
        assert abs(formula - chance) < 1e-8
        assert abs(float(ruin.text.rsplit("=", 1)[1].strip(" .")) - formula) < 1e-8
    leads = {row[0]: float(row[1]) for row in ruin.tables[0].rows}
    assert abs(leads["0"] - chance) < 1e-8
    search = step_titled(steps, "The ratio search").tables[0].rows
    lams = [float(row[1]) for row in search]
    assert lams[0] == 0.5 and lams == sorted(lams)
    for row in search:
        assert abs(float(row[2]) - plain_f(rows, float(row[1]))) < 1e-9
    assert abs(float(search[-1][5]) - q) < 1e-9
    hands = step_titled(steps, "The best hand at throw 1").tables[0].rows
    brute = brute_hand_values(rows, win_by, lose_by)[(0, 0, 0)]
    for row, value in zip(hands, brute, strict=True):
        assert abs(float(row[5]) - value) < 1e-8
    marked = [value for row, value in zip(hands, brute, strict=True) if row[6]]
    assert marked and all(v > max(brute) - 1e-9 for v in marked)
    answer = step_titled(steps, "The answer").text
    assert result.answer in answer and abs(float(result.answer[:-1]) - 100 * chance) <= 5.1e-4


def test_greatgame_bisection_search_converges_to_the_same_ratio() -> None:
    rows = ((30, 30, 40), (50, 20, 30))
    inputs = greatgame.GreatGameInputs(rows, 2, 2)
    result = greatgame.solve_great_game(inputs, method="bisection")
    step = greatgame.explain(inputs, result)[2]
    assert "bisection halves the gap" in step.text
    passes = [row for row in step.tables[0].rows if not row[0].startswith("…")]
    assert int(passes[-1][0]) == result.dp_passes  # the last pass is shown
    assert abs(float(passes[-1][1]) - brute_best_ratio(rows)) < 1e-9
    assert all(abs(float(row[2]) - plain_f(rows, float(row[1]))) < 1e-9 for row in passes)


def test_greatgame_hands_of_another_cell_and_an_impossible_one() -> None:
    rows = ((30, 30, 40), (50, 20, 30), (10, 60, 30))
    inputs = greatgame.GreatGameInputs(rows, 2, 3)
    result = greatgame.solve(inputs)
    step = greatgame.explain(inputs, result, throw=2, score=-1)[3]
    assert step.title == "The best hand at throw 3, round score -1"
    brute = brute_hand_values(rows, 2, 3)[(0, 2, -1)]
    assert all(abs(float(r[5]) - v) < 1e-9 for r, v in zip(step.tables[0].rows, brute, strict=True))
    try:
        greatgame.explain(inputs, result, throw=1, score=2)
    except ValueError as exc:
        assert "cannot happen" in str(exc)
    else:
        raise AssertionError("an impossible cell was explained")


# --- Dice Yut ---------------------------------------------------------------------------


def brute_best_from(board: yut.Board, throws: tuple[int, ...], where: tuple[str, ...]) -> int:
    if not throws:
        return 0
    options = [
        board.square(there).score + brute_best_from(
            board, throws[1:], tuple(there if q == p else s for q, s in enumerate(where))
        )
        for p, there in legal_targets(board, where, throws[0])
    ]  # fmt: skip
    return max(options) if options else brute_best_from(board, throws[1:], where)


@given(st.lists(st.integers(1, 5), min_size=1, max_size=6).map(tuple), st.integers(1, 3))
@example((5, 3, 5, 1), 1)  # the piece reaches the end before the last throw
@settings(max_examples=examples(80), deadline=None)
def test_yut_known_throws_show_every_piece_at_every_throw(
    throws: tuple[int, ...], pieces: int
) -> None:
    inputs = yut.YutInputs(throws, pieces)
    result = yut.solve(inputs)
    steps = yut.explain(inputs, result)
    board = inputs.board
    names = board_names(board)
    where = (board.start,) * pieces
    total = 0
    turn_steps = [s for s in steps if s.title.startswith("Turn ")]
    assert len(turn_steps) == len(throws)
    for turn, (step, line) in enumerate(zip(turn_steps, result.line, strict=True)):
        assert step.title == f"Turn {turn + 1}: throw {throws[turn]}"
        legal = dict(legal_targets(board, where, throws[turn]))
        # One row per occupied square, its pieces listed (they move alike).
        groups: dict[str, list[int]] = {}
        for p, here in enumerate(where):
            groups.setdefault(here, []).append(p)
        rows = step.tables[0].rows
        for row, (here, group) in zip(rows, groups.items(), strict=True):
            p = group[0]
            assert re.findall(r"\d+", row[0]) == [str(q + 1) for q in group]
            assert row[1] == names[here]
            if p in legal:
                after = tuple(legal[p] if q == p else s for q, s in enumerate(where))
                gain = board.square(legal[p]).score
                best = total + gain + brute_best_from(board, throws[turn + 1 :], after)
                assert (row[2], row[3], row[4]) == (names[legal[p]], str(gain), str(best))
            else:
                assert row[4] == "—"
                assert ("already at the end" if here == board.end else "blocked") in row[5]
        chosen = [
            q + 1
            for row, g in zip(rows, groups.values(), strict=True)
            if "chosen" in row[5]
            for q in g
        ]
        assert (line.piece in chosen) if line.piece is not None else chosen == []
        if line.piece is not None:
            there = legal[line.piece - 1]
            total += board.square(there).score
            where = tuple(there if q == line.piece - 1 else s for q, s in enumerate(where))
    assert step_titled(steps, "The answer").text == (
        f"The maximum total is {brute_max(board, throws, pieces)}."
    )


@given(st.integers(1, 3), st.integers(1, 2), st.integers(2, 5))
@settings(max_examples=examples(40), deadline=None)
def test_yut_unknown_throws_average_each_move_over_the_die(
    turns: int, pieces: int, faces: int
) -> None:
    inputs = yut.ExpectInputs(turns, pieces, yut.uniform(faces))
    result = yut.solve(inputs)
    steps = yut.explain(inputs, result)
    board = inputs.board
    ids = {name: square for square, name in board_names(board).items()}
    start = (board.start,) * pieces
    probabilities = inputs.probabilities
    best: dict[int, float] = {}
    for row in step_titled(steps, "Turn 1:").tables[0].rows:
        face = int(row[0])
        if row[1]:
            p = int(re.findall(r"\d+", row[1])[0]) - 1
            after = tuple(ids[row[3]] if q == p else s for q, s in enumerate(start))
            later = brute_expect(board, turns, probabilities, pieces, after, first_turn=1)
            value = board.square(ids[row[3]]).score + later
            assert abs(float(row[5]) - value) < TOL
            best[face] = max(best.get(face, -math.inf), value)
    average = step_titled(steps, "Averaged over the die").tables[0].rows
    expected = brute_expect(board, turns, probabilities, pieces)
    for row, face in zip(average, range(1, faces + 1), strict=False):
        assert abs(float(row[2]) - best[face]) < TOL
    assert abs(float(average[-1][3]) - expected) < TOL
    assert f"{expected:.3f}" in step_titled(steps, "The answer").text


def test_yut_unknown_throws_at_a_later_turn_on_given_squares() -> None:
    inputs = yut.ExpectInputs(3, 2, yut.uniform(5))
    result = yut.solve(inputs)
    where = ("o2", "start")
    steps = yut.explain(inputs, result, turn=2, positions=where, total=2)
    assert [s.title for s in steps][1:] == [
        "Turn 2: each move for each face",
        "Averaged over the die",
    ]
    rows = steps[1].tables[0].rows
    assert any(
        "blocked: 2 (outer ring) is taken by piece 1" in row[6] for row in rows if row[0] == "1"
    )
    later = brute_expect(inputs.board, 3, inputs.probabilities, 2, where, first_turn=1)
    assert abs(float(steps[2].tables[0].rows[-1][3]) - (2 + later)) < TOL
    try:
        yut.explain(inputs, result, positions=("nowhere", "start"))
    except ValueError as exc:
        assert "nowhere" in str(exc)
    else:
        raise AssertionError("an unknown square was explained")


def test_yut_known_throws_reuse_a_search_already_run() -> None:
    inputs = yut.YutInputs((5, 1, 2, 3, 4, 5, 5, 3, 2, 4))
    result = yut.solve(inputs)
    game = yut.new_game(inputs)
    search = game.search
    assert search is not None
    before = len(search.memo)
    assert yut.explain(inputs, result, search=search) == yut.explain(inputs, result)
    assert len(search.memo) == before  # every value came from the search given


def test_great_game_never_writes_minus_zero() -> None:
    from solvers.greatgame.why import plain_number

    written = [plain_number(v) for v in (-1e-13, -0.0, 0.0, -0.25, 1.5)]
    assert written == ["0", "0", "0", "-0.25", "1.5"]
