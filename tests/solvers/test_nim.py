"""Nim, misère Nim and subtraction games against a plain game-tree search."""

from __future__ import annotations

import functools
import random

import pytest
from budget import PROFILE, examples
from contract import check_generate_and_shrink, check_module, play_through
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import nim
from solvers.nim import grundy
from solvers.protocol import Cancelled, JudgeFormatError, OptionError, TooBig, parse_options


def brute_moves(piles: tuple[int, ...], subtraction: tuple[int, ...]) -> list[nim.Move]:
    """Every legal move, straight from the rules."""
    return [
        nim.Move(i, p, p - s)
        for i, p in enumerate(piles)
        for s in (subtraction or range(1, p + 1))
        if s <= p
    ]


@functools.cache
def mover_wins(piles: tuple[int, ...], misere: bool, subtraction: tuple[int, ...]) -> bool:
    """Brute force straight from the rules: can the player to move force a win?"""
    moves = [
        tuple(sorted((*piles[: m.pile], m.after, *piles[m.pile + 1 :])))
        for m in brute_moves(piles, subtraction)
    ]
    if not moves:
        return misere  # no move: in misère the opponent took the last stone
    return any(not mover_wins(m, misere, subtraction) for m in moves)


def brute_grundy(x: int, subtraction: tuple[int, ...]) -> int:
    values: list[int] = []
    for y in range(x + 1):
        reach = {values[y - s] for s in subtraction if s <= y}
        values.append(min(set(range(len(subtraction) + 2)) - reach))
    return values[x]


piles_st = st.lists(st.integers(1, 7), min_size=1, max_size=4).map(tuple)
set_st = st.sets(st.integers(1, 6), min_size=1, max_size=3).map(lambda s: tuple(sorted(s)))


@settings(max_examples=examples(300), deadline=None)
@given(piles_st)
def test_normal_nim_against_game_search(piles: tuple[int, ...]) -> None:
    result = nim.solve(nim.NimInputs(piles))
    assert result.first_player_wins == mover_wins(tuple(sorted(piles)), False, ())
    check_moves(result, misere=False)


@settings(max_examples=examples(300), deadline=None)
@given(piles_st)
def test_misere_nim_against_game_search(piles: tuple[int, ...]) -> None:
    result = nim.solve(nim.NimInputs(piles, nim.Rule.MISERE))
    assert result.first_player_wins == mover_wins(tuple(sorted(piles)), True, ())
    check_moves(result, misere=True)


@settings(max_examples=examples(300), deadline=None)
@given(piles_st, set_st)
def test_subtraction_against_game_search(
    piles: tuple[int, ...], subtraction: tuple[int, ...]
) -> None:
    result = nim.solve(nim.NimInputs(piles, nim.Rule.SUBTRACTION, subtraction))
    assert result.first_player_wins == mover_wins(tuple(sorted(piles)), False, subtraction)
    assert result.grundy == tuple(brute_grundy(p, subtraction) for p in piles)
    check_moves(result, misere=False)


def check_moves(result: nim.NimResult, misere: bool) -> None:
    """The listed moves are exactly the legal moves that leave the opponent lost."""
    inputs = result.inputs
    expected = set()
    for move in brute_moves(inputs.piles, inputs.subtraction):
        after = nim.apply_move(inputs, move)
        if not mover_wins(tuple(sorted(after.piles)), misere, inputs.subtraction):
            expected.add(move)
    assert set(result.winning_moves) == expected
    assert bool(expected) == result.first_player_wins


@settings(max_examples=examples(60), deadline=None)
@given(set_st.filter(lambda s: max(s) <= 6), st.integers(0, 3000))
def test_period_reproduces_every_value(subtraction: tuple[int, ...], x: int) -> None:
    sequence = nim.grundy_sequence(subtraction)
    assert sequence(x) == brute_grundy(x, subtraction)
    assert sequence.period >= 1 and sequence.preperiod >= 0


def test_known_periods() -> None:
    assert nim.grundy_sequence((1, 3, 4)).period == 7
    assert nim.grundy_sequence((1, 2)).period == 3
    seq = nim.grundy_sequence((2, 5, 7))
    assert [seq(x) for x in range(10)] == [brute_grundy(x, (2, 5, 7)) for x in range(10)]


def test_huge_piles_use_the_period() -> None:
    inputs = nim.NimInputs((10**9, 999_999_999), nim.Rule.SUBTRACTION, (1, 3, 4))
    result = nim.solve(inputs)
    g = [0, 1, 0, 1, 2, 3, 2]
    assert result.grundy == (g[10**9 % 7], g[999_999_999 % 7])


def test_big_normal_nim_moves() -> None:
    result = nim.solve(nim.NimInputs((10**9, 1, 2)))
    assert result.nim_sum == 10**9 ^ 3
    assert result.winning_moves == (nim.Move(0, 10**9, 3),)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"piles": ()}, "at least one pile"),
        ({"piles": (1, -2)}, "pile 2"),
        ({"piles": (10**9 + 1,)}, "pile 1"),
        ({"piles": (1,), "rule": nim.Rule.SUBTRACTION}, "non-empty set"),
        ({"piles": (1,), "rule": nim.Rule.SUBTRACTION, "subtraction": (0,)}, "between 1"),
        ({"piles": (1,), "subtraction": (1,)}, "only makes sense"),
    ],
)
def test_validation_messages(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        nim.NimInputs(**kwargs)


def test_subtraction_set_option() -> None:
    option = next(o for o in nim.OPTIONS if o.name == "subtract")
    inputs = nim.NimInputs((5,), nim.Rule.SUBTRACTION, option.parse("4, 1 3,3"))
    assert inputs.subtraction == (1, 3, 4)
    for bad in ("", "a,b", "0,1"):
        with pytest.raises(ValueError):
            option.parse(bad)


def test_parse_judge_lines_and_cases() -> None:
    assert nim.parse_judge("2\n1 2\n1\n5\n") == [nim.NimInputs((1, 2)), nim.NimInputs((5,))]
    with pytest.raises(JudgeFormatError) as err:
        nim.parse_judge("3\n1 2\n")
    assert err.value.line == 2
    with pytest.raises(JudgeFormatError) as err:
        nim.parse_judge("2\n1 0\n")
    assert err.value.line == 2 and "pile size" in err.value.reason
    with pytest.raises(JudgeFormatError):
        nim.parse_judge("")


def test_best_move_and_game_over() -> None:
    losing = nim.new_game(nim.NimInputs((1, 1)))
    assert losing.best_move() == (0, 0)  # no winning move: the smallest take
    assert nim.new_game(nim.NimInputs((3, 1))).best_move() == (0, 1)
    assert nim.new_game(nim.NimInputs((0, 0))).over
    with pytest.raises(ValueError):
        nim.apply_move(nim.NimInputs((3,), nim.Rule.SUBTRACTION, (2,)), nim.Move(0, 3, 2))


def test_csv_rows() -> None:
    inputs = nim.NimInputs((3, 4, 5))
    rows = nim.csv_rows(inputs, nim.solve(inputs))
    assert rows[0] == nim.CSV_HEADER
    assert [r[1] for r in rows[1:]] == ["3", "4", "5"]  # one winning move at most in Nim
    assert rows[1] == ["1", "3", "3", "1", "2", "normal", "2", "First player wins"]
    assert all(r[5:] == ["", "", ""] for r in rows[2:]), "the summary only on the first row"
    assert nim.csv_rows(inputs, None)[1:] == [
        ["1", "3", "", "", "", "normal", "", ""],
        ["2", "4", "", "", "", "", "", ""],
        ["3", "5", "", "", "", "", "", ""],
    ]


@given(st.lists(st.integers(0, 12), min_size=1, max_size=4), st.sampled_from([(1, 2), (2, 3, 5)]))
def test_csv_lists_every_winning_move_of_a_subtraction_game(
    piles: list[int], rule: tuple[int, ...]
) -> None:
    inputs = nim.NimInputs(tuple(piles), nim.Rule.SUBTRACTION, rule)
    result = nim.solve(inputs)
    rows = nim.csv_rows(inputs, result)[1:]
    assert {r[0] for r in rows} == {str(i + 1) for i in range(len(piles))}
    moves = {(int(r[0]) - 1, int(r[3])) for r in rows if r[3]}

    # A plain check: a move wins when it leaves a position whose Grundy values xor to 0.
    def g(x: int) -> int:
        seen = {g(x - s) for s in rule if s <= x}
        return next(v for v in range(len(rule) + 1) if v not in seen)

    expected = {
        (i, size - s)
        for i, size in enumerate(piles)
        for s in rule
        if s <= size and g(size - s) ^ (result.nim_sum ^ g(size)) == 0
    }
    assert moves == expected
    assert rows[0][6] == str(result.nim_sum)


# --- The game protocol, the play state, the local judge's cases, the work bound ------------


def test_module_satisfies_the_protocol() -> None:
    check_module(nim)
    check_generate_and_shrink(nim)
    assert "add_cli_arguments" not in vars(nim) and "judge_options" not in vars(nim)
    assert [option.flag for option in nim.OPTIONS] == ["--misere", "--subtract"]


def test_options_read_into_the_rule() -> None:
    options = parse_options(nim.OPTIONS, ["--subtract", "4, 1 3"])
    assert nim.parse_judge("1\n5\n", **options) == [
        nim.NimInputs((5,), nim.Rule.SUBTRACTION, (1, 3, 4))
    ]
    options = parse_options(nim.OPTIONS, ["--misere"])
    assert nim.parse_judge("1\n5\n", **options)[0].rule is nim.Rule.MISERE
    with pytest.raises(OptionError, match="--subtract"):
        parse_options(nim.OPTIONS, ["--subtract", "0"])


rule_st = st.one_of(
    st.just((nim.Rule.NORMAL, ())),
    st.just((nim.Rule.MISERE, ())),
    set_st.map(lambda s: (nim.Rule.SUBTRACTION, s)),
)


@settings(max_examples=examples(150), deadline=None)
@given(piles_st, rule_st, st.randoms(use_true_random=False))
def test_play_state_values_against_game_search(
    piles: tuple[int, ...], rule: tuple[nim.Rule, tuple[int, ...]], rng: random.Random
) -> None:
    inputs = nim.NimInputs(piles, *rule)
    misere = rule[0] is nim.Rule.MISERE
    state = nim.new_game(inputs)
    end = play_through(state, rng)
    # The score says who made the last move (normal) or who was left without one (misère).
    assert end.score in (1.0, -1.0)
    while not state.over:
        values = state.values()
        for move, value in values.items():
            after = state.play(move)
            wins = not mover_wins(tuple(sorted(after.piles)), misere, inputs.subtraction)
            assert value == (1.0 if wins else -1.0)
            assert after.history[-1].mistake == (not wins and max(values.values()) > 0)
        state = state.play(rng.choice(state.moves()))
    # Whoever is left to move at the end lost (normal) or won (misère).
    loser = state.to_move if not misere else 1 - state.to_move
    assert state.score == (1.0 if loser == 1 else -1.0)


def test_play_state_refuses_illegal_moves_and_huge_positions() -> None:
    state = nim.new_game(nim.NimInputs((3,), nim.Rule.SUBTRACTION, (2,)))
    assert state.moves() == [(0, 1)] and state.to_move == 0
    for bad in ((0, 0), (1, 1), (0, 3), "x"):
        with pytest.raises(ValueError):
            state.play(bad)  # type: ignore[arg-type]
    assert state.play((0, 1)).over and state.play((0, 1)).score == 1.0
    with pytest.raises(TooBig, match="smaller piles"):
        nim.new_game(nim.NimInputs((10**9,)))


def test_format_input_round_trips() -> None:
    inputs = nim.NimInputs((3, 1, 4))
    assert nim.format_input(inputs) == "3\n3 1 4\n"
    assert nim.parse_judge(nim.format_input(inputs)) == [inputs]


# Locally one set that answers; the refusal path at real size (seed 11) runs in CI, and
# test_too_big_past_the_work_bound_and_cancel refuses a smaller case everywhere.
@pytest.mark.parametrize("seed", [5, 6, 11] if PROFILE == "thorough" else [6])
def test_fifty_numbers_up_to_1000_answer_or_refuse(seed: int) -> None:
    """Issue 10: such a set drove the period search to 2,000,000 steps, 80 s and 16 GB.

    Its time is a row in bench/bench_nim.py; here: an answer or the refusal."""
    subtraction = tuple(sorted(random.Random(seed).sample(range(1, 1001), 50)))
    inputs = nim.NimInputs((10**9, 12345), nim.Rule.SUBTRACTION, subtraction)
    nim.grundy_sequence.cache_clear()
    fractions: list[float] = []
    try:
        result = nim.solve(inputs, fractions.append)
    except TooBig as exc:
        assert "fewer or smaller numbers in S" in str(exc)
    else:
        assert result.sequence is not None and result.sequence.values.itemsize == 2
        assert result.grundy[1] == brute_grundy(12345, subtraction)
    assert len(fractions) > 10 and fractions == sorted(fractions)


def test_too_big_past_the_work_bound_and_cancel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grundy, "MAX_WORK", 50 * 1000)
    nim.grundy_sequence.cache_clear()
    with pytest.raises(TooBig, match="use fewer or smaller numbers in S"):
        nim.solve(nim.NimInputs((5,), nim.Rule.SUBTRACTION, tuple(range(1, 1000, 37))))
    monkeypatch.undo()

    def cancel(fraction: float) -> None:
        if fraction > 0:
            raise Cancelled

    with pytest.raises(Cancelled):
        nim.solve(nim.NimInputs((5,), nim.Rule.SUBTRACTION, (3, 700, 997)), cancel)


def test_play_refuses_many_piles_times_a_big_set() -> None:
    with pytest.raises(TooBig, match="fewer piles or a smaller S"):
        nim.new_game(nim.NimInputs((1,) * 1000, nim.Rule.SUBTRACTION, tuple(range(1, 101))))


@settings(max_examples=examples(40), deadline=None)
@given(st.sets(st.integers(1, 40), min_size=1, max_size=8), st.integers(0, 4000))
def test_brent_period_search_reproduces_values_with_a_preperiod(numbers: set[int], x: int) -> None:
    subtraction = tuple(sorted(numbers))
    sequence = nim.grundy_sequence(subtraction)
    assert sequence(x) == brute_grundy(x, subtraction)
    # The period is the shortest: no proper divisor of it repeats the stored values.
    p, n0 = sequence.period, sequence.preperiod
    values = [sequence(y) for y in range(n0 + 2 * p + max(subtraction))]
    for d in range(1, p):
        if p % d == 0:
            assert any(values[y] != values[y + d] for y in range(n0, len(values) - d))
