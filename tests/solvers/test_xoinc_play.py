"""Playing against the solver: legal takes, judged mistakes, the solver never doing worse."""

from __future__ import annotations

import random

import pytest
from brute_xoinc import take_values
from budget import examples
from contract import play_through
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import xoinc
from solvers.protocol import Cancelled, PlayState
from solvers.xoinc.play import XoincGame

stacks = st.lists(st.integers(1, 50), min_size=1, max_size=30).map(tuple)


def game(coins: tuple[int, ...]) -> XoincGame:
    return xoinc.new_game(xoinc.XoincInputs(coins))


@settings(max_examples=examples(150), deadline=None)
@given(stacks, st.sampled_from([0, 1]), st.randoms(use_true_random=False))
def test_solver_gets_at_least_its_value_against_any_user(
    coins: tuple[int, ...], solver_player: int, rng: random.Random
) -> None:
    result = xoinc.solve(xoinc.XoincInputs(coins))
    state = game(coins)
    while not state.over:
        if state.to_move == solver_player:
            count = state.best_take()
        else:
            count = rng.choice(state.moves())
        expected = take_values(coins, state.top, state.allowance)
        before = state
        state = state.play(count)
        judged = state.history[-1]
        already = before.totals[before.to_move]
        assert judged.value == already + expected[count - 1]
        assert judged.best_value == already + max(expected)
        assert judged.lost == max(expected) - expected[count - 1]
        assert judged.gained == sum(coins[before.top : before.top + count])
        assert judged.player == before.to_move
        if before.to_move == solver_player:
            assert judged.lost == 0
    assert sum(state.totals) == sum(coins)
    own = result.first_total if solver_player == 0 else result.second_total
    assert state.totals[solver_player] >= own
    # What the user lost in total is exactly what the solver's side gained over its value.
    user_lost = sum(t.lost for t in state.history if t.player != solver_player)
    assert state.totals[solver_player] - own <= user_lost


@settings(max_examples=examples(200), deadline=None)
@given(stacks, st.data())
def test_values_of_every_move_match_brute_force(
    coins: tuple[int, ...], data: st.DataObject
) -> None:
    """Anywhere in a game, values() is the mover's final total after each take, as brute force."""
    state = game(coins)
    while not state.over:
        expected = take_values(coins, state.top, state.allowance)
        already = state.totals[state.to_move]
        assert state.values() == {t: already + v for t, v in enumerate(expected, start=1)}
        assert list(state.moves()) == list(range(1, len(expected) + 1))
        assert state.outlook() == already + max(expected)
        assert state.best_take() == expected.index(max(expected)) + 1
        state = state.play(data.draw(st.sampled_from(list(state.moves()))))
    assert state.score == state.totals[0] and state.values() == {}


def test_a_game_step_by_step() -> None:
    coins = (1, 3, 1, 7, 2)
    state = game(coins)
    assert isinstance(state, PlayState)
    assert (state.coins_left, state.allowance, state.to_move) == (5, 2, 0)
    assert list(state.moves()) == [1, 2]
    assert state.values() == {1: 9, 2: 4} and state.chances() == {}
    state = state.play(2)  # the mistake: best is 1 coin, worth 9
    first = state.history[0]
    assert (first.taken, first.gained, first.best_take, first.best_value) == (2, 4, 1, 9)
    assert first.value == 4 and first.lost == 5  # the opponent then takes all 3 left
    assert (state.coins_left, state.allowance, state.to_move, state.totals) == (3, 4, 1, (4, 0))
    assert first.player == 0 and not hasattr(state, "player")  # sides 0/1, as every game
    assert state.best_take() == 3
    assert state.owners() == [0, 0, None, None, None]
    state = state.play(3)
    assert state.over and state.totals == (4, 10) and state.score == 4
    assert list(state.moves()) == []
    assert state.owners() == [0, 0, 1, 1, 1]
    assert [take.player for take in state.history] == [0, 1]


def test_illegal_takes_are_refused() -> None:
    coins = (5, 1, 2)
    state = game(coins)
    with pytest.raises(ValueError, match=r"^player 1 may take 1 to 2 coins, not 3"):
        state.play(3)
    with pytest.raises(ValueError, match="not 0"):
        state.play(0)
    with pytest.raises(ValueError, match="not True"):
        state.play(True)
    other = xoinc.solve(xoinc.XoincInputs((1, 2))).values
    with pytest.raises(ValueError, match="another stack"):
        XoincGame(other, coins, 3, 2)
    done = state.play(2).play(1)
    assert done.over
    with pytest.raises(ValueError, match="over"):
        done.play(1)
    with pytest.raises(ValueError, match="over"):
        done.best_take()


def test_play_through_example_and_generated_stacks() -> None:
    rng = random.Random(0)
    end = play_through(xoinc.new_game(xoinc.example()), rng)
    assert sum(end.totals) == sum(xoinc.example().coins)
    for size in ("small", "judge"):
        for _ in range(5):
            inputs = xoinc.generate(rng, size)
            end = play_through(xoinc.new_game(inputs), rng)
            assert end.over and sum(end.totals) == sum(inputs.coins)


def test_new_game_reports_progress_and_can_be_cancelled() -> None:
    seen: list[float] = []
    inputs = xoinc.XoincInputs(tuple(range(1, 1001)))
    state = xoinc.new_game(inputs, seen.append)
    assert seen[-1] == 1.0 and len(seen) > 3
    assert max(state.values().values()) == xoinc.solve(inputs).first_total

    def cancel(fraction: float) -> None:
        if fraction > 0.2:
            raise Cancelled

    with pytest.raises(Cancelled):
        xoinc.new_game(inputs, cancel)
