"""Xoinc solver against the plain minimax, plus parsing, validation, CSV and the line."""

from __future__ import annotations

import json
import pickle
import random

import pytest
from brute_xoinc import brute_totals, take_values
from budget import PROFILE, examples
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import xoinc
from solvers.protocol import JudgeFormatError, jsonable

coin_stacks = st.lists(st.integers(1, xoinc.MAX_VALUE), min_size=1, max_size=40).map(tuple)
small_value_stacks = st.lists(st.integers(1, 4), min_size=1, max_size=40).map(tuple)


def check_line(coins: tuple[int, ...], result: xoinc.XoincResult) -> None:
    """The line is legal, covers the stack in order, and adds up to the totals."""
    left, allowance, player, totals = len(coins), 2, 0, [0, 0]
    for number, turn in enumerate(result.line, start=1):
        assert (turn.turn, turn.player, turn.coins_left, turn.allowance) == (
            number,
            player,
            left,
            allowance,
        )
        assert 1 <= turn.taken <= min(allowance, left)
        top = len(coins) - left
        assert turn.first_coin == top + 1
        assert turn.values == coins[top : top + turn.taken]
        assert turn.gained == sum(turn.values)
        totals[player] += turn.gained
        assert [turn.first_total, turn.second_total] == totals
        left, allowance, player = left - turn.taken, 2 * turn.taken, 1 - player
    assert left == 0
    assert totals == [result.first_total, result.second_total]


@settings(max_examples=examples(1500), deadline=None)
@given(coin_stacks)
def test_totals_and_line_match_brute_force(coins: tuple[int, ...]) -> None:
    result = xoinc.solve(xoinc.XoincInputs(coins))
    assert (result.first_total, result.second_total) == brute_totals(coins)
    check_line(coins, result)
    assert len(result.takers()) == len(coins)


@settings(max_examples=examples(1000), deadline=None)
@given(small_value_stacks)
def test_ties_heavy_stacks_match_brute_force(coins: tuple[int, ...]) -> None:
    result = xoinc.solve(xoinc.XoincInputs(coins))
    assert (result.first_total, result.second_total) == brute_totals(coins)
    check_line(coins, result)


@settings(max_examples=examples(60), deadline=None)
@given(coin_stacks, st.data())
def test_every_position_take_values_and_best_take(
    coins: tuple[int, ...], data: st.DataObject
) -> None:
    values = xoinc.solve(xoinc.XoincInputs(coins)).values
    n = len(coins)
    left = data.draw(st.integers(1, n))
    # Any allowance, reachable or not (odd ones never occur in play but may be asked).
    allowance = data.draw(st.integers(1, n + 2))
    expected = take_values(coins, n - left, allowance)
    assert values.take_values(left, allowance) == expected
    best = values.best_take(left, allowance)
    assert expected[best - 1] == max(expected)
    assert best == expected.index(max(expected)) + 1
    assert values.best_total(left, allowance) == max(expected)
    for take in range(1, len(expected) + 1):
        assert values.suffix(left) - values.opponent_best(left, take) == expected[take - 1]


def test_every_position_of_one_stack_exhaustively() -> None:
    rng = random.Random(7)
    n = 31 if PROFILE == "thorough" else 20  # the brute force's cost grows fast with n
    coins = tuple(rng.randint(1, 9) for _ in range(n))
    values = xoinc.solve(xoinc.XoincInputs(coins)).values
    for left in range(1, n + 1):
        for allowance in range(1, n + 3):
            assert values.take_values(left, allowance) == take_values(coins, n - left, allowance)


def test_larger_random_stacks_against_brute_force() -> None:
    rng = random.Random(3)
    for n in (60, 97, 150):
        coins = tuple(rng.randint(1, xoinc.MAX_VALUE) for _ in range(n))
        result = xoinc.solve(xoinc.XoincInputs(coins))
        assert (result.first_total, result.second_total) == brute_totals(coins)
        check_line(coins, result)


def test_sample_and_tiny_stacks() -> None:
    result = xoinc.solve(xoinc.XoincInputs((1, 3, 1, 7, 2)))
    assert xoinc.format_judge(result) == "9"
    assert result.second_total == 5
    assert xoinc.solve(xoinc.XoincInputs((5,))).first_total == 5
    assert xoinc.solve(xoinc.XoincInputs((5, 6))).first_total == 11
    three = xoinc.solve(xoinc.XoincInputs((5, 6, 7)))
    assert (three.first_total, three.second_total) == (11, 7)


def test_solve_without_the_table_is_small_and_otherwise_equal() -> None:
    inputs = xoinc.XoincInputs(tuple(range(1, 1301)))
    full, slim = xoinc.solve(inputs), xoinc.solve(inputs, table=False)
    assert (slim.first_total, slim.second_total, slim.line) == (
        full.first_total,
        full.second_total,
        full.line,
    )
    with pytest.raises(ValueError, match="no value table"):
        _ = slim.values
    assert len(pickle.dumps(slim)) * 20 < len(pickle.dumps(full))


def test_largest_values_fit_exactly() -> None:
    coins = (xoinc.MAX_VALUE,) * xoinc.MAX_COINS
    result = xoinc.solve(xoinc.XoincInputs(coins))
    assert result.first_total + result.second_total == xoinc.MAX_VALUE * xoinc.MAX_COINS
    check_line(coins, result)


def test_progress_reaches_one_and_cancel_propagates() -> None:
    seen: list[float] = []
    coins = tuple(range(1, 1001))
    xoinc.solve(xoinc.XoincInputs(coins), seen.append)
    assert seen[0] == 0.0 and seen[-1] == 1.0 and len(seen) > 3
    assert seen == sorted(seen)

    class Stop(Exception):
        pass

    def cancel(fraction: float) -> None:
        if fraction > 0.2:
            raise Stop

    with pytest.raises(Stop):
        xoinc.solve(xoinc.XoincInputs(coins), cancel)


@pytest.mark.parametrize(
    ("coins", "message"),
    [
        ((), "at least one coin"),
        ((1, 0, 2), "coin 2: value must be between 1 and 100000, got 0"),
        ((1, 2, 100001), "coin 3"),
        ((1,) * 5001, "at most 5000 coins"),
    ],
)
def test_inputs_validate(coins: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        xoinc.XoincInputs(coins)


def test_inputs_accept_a_list() -> None:
    assert xoinc.XoincInputs([3, 4]).coins == (3, 4)  # type: ignore[arg-type]


def test_parse_any_whitespace() -> None:
    (case,) = xoinc.parse_judge("5 1 3\n\n1 7\t2")
    assert case.coins == (1, 3, 1, 7, 2)
    (case,) = xoinc.parse_judge("2\n4\n5\n")
    assert case.coins == (4, 5)


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("", 1, "unexpected end of input"),
        ("x\n", 1, "N must be an integer"),
        ("0\n", 1, "N must be between 1 and 5000"),
        ("5001\n", 1, "N must be between 1 and 5000"),
        ("3\n1\n2\n", 3, "unexpected end of input"),
        ("3\n1\nfoo\n3\n", 3, "must be an integer, got 'foo'"),
        ("3\n1\n2\n0\n", 4, "between 1 and 100000, got 0"),
        ("3\n1\n2\n100001\n", 4, "between 1 and 100000"),
        ("2\n1\n2\n3\n", 4, "unexpected extra input '3'"),
        ("1\nnot-a-number here\n", 2, "must be an integer"),
    ],
)
def test_parse_errors_name_the_line(text: str, line: int, reason: str) -> None:
    with pytest.raises(JudgeFormatError) as caught:
        xoinc.parse_judge(text)
    assert caught.value.line == line
    assert reason in caught.value.reason


def test_csv_rows() -> None:
    inputs = xoinc.XoincInputs((1, 3, 1, 7, 2))
    bare = xoinc.csv_rows(inputs, None)
    assert bare[0] == xoinc.CSV_HEADER and bare[0][:3] == [
        "coin (1 = top)",
        "value",
        "taken by player",
    ]
    assert [row[:3] for row in bare[1:]] == [
        [str(i), str(v), ""] for i, v in enumerate(inputs.coins, 1)
    ]
    result = xoinc.solve(inputs)
    rows = xoinc.csv_rows(inputs, result)
    header = rows[0]
    assert len(rows) == 1 + len(inputs.coins), "one row per coin: no totals row inside"
    assert all(len(row) == len(header) for row in rows)
    # Sides are 0 and 1 in the data, "player 1" and "player 2" to people.
    assert set(result.takers()) == {0, 1} and result.takers()[0] == 0
    assert [row[2] for row in rows[1:]] == [str(p + 1) for p in result.takers()]
    assert rows[1][8:] == ["9", "5"] and all(row[8:] == ["", ""] for row in rows[2:])
    # Each turn's coins carry that turn: as many rows as it takes, in order down the stack.
    turns = [row[3] for row in rows[1:]]
    assert turns == [str(t.turn) for t in result.line for _ in range(t.taken)]
    assert rows[-1][6:8] == ["9", "5"]
    # Each player's coins add up to the final totals.
    for player, total in ((1, 9), (2, 5)):
        assert sum(int(r[1]) for r in rows[1:] if r[2] == str(player)) == total


def test_result_is_jsonable_without_the_table() -> None:
    result = xoinc.solve(xoinc.XoincInputs(tuple(range(1, 301))))
    document = json.loads(json.dumps(jsonable(result)))
    assert set(document) == {"inputs", "first_total", "second_total", "line"}
    assert document["first_total"] == result.first_total
    with pytest.raises(ValueError, match="no value table"):
        _ = xoinc.XoincResult(result.inputs, 1, 2, ()).values


def test_value_table_rejects_bad_positions() -> None:
    values = xoinc.solve(xoinc.XoincInputs((1, 2, 3))).values
    with pytest.raises(ValueError, match="coins left"):
        values.take_values(4, 2)
    with pytest.raises(ValueError, match="allowance"):
        values.best_take(2, 0)
    assert values.take_values(0, 2) == [] and values.best_take(0, 2) == 0
    assert values.best_total(0, 5) == 0
