"""Playing against the solver: legal takes, judged mistakes, the solver never doing worse."""

from __future__ import annotations

import random

import pytest
from brute_xoinc import take_values
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import xoinc

stacks = st.lists(st.integers(1, 50), min_size=1, max_size=30).map(tuple)


@settings(max_examples=150, deadline=None)
@given(stacks, st.sampled_from([1, 2]), st.randoms(use_true_random=False))
def test_solver_gets_at_least_its_value_against_any_user(
    coins: tuple[int, ...], solver_player: int, rng: random.Random
) -> None:
    result = xoinc.solve(xoinc.XoincInputs(coins))
    values = result.values
    state = xoinc.start(coins)
    while not state.over:
        if state.player == solver_player:
            count = xoinc.solver_take(values, state)
        else:
            count = rng.choice(state.legal_takes())
        expected = take_values(coins, state.top, state.allowance)
        before = state
        state = state.take(values, count)
        judged = state.history[-1]
        assert judged.value == expected[count - 1]
        assert judged.best_value == max(expected)
        assert judged.lost == max(expected) - expected[count - 1]
        assert judged.gained == sum(coins[before.top : before.top + count])
        if before.player == solver_player:
            assert judged.lost == 0
    assert sum(state.totals) == sum(coins)
    own = result.first_total if solver_player == 1 else result.second_total
    assert state.totals[solver_player - 1] >= own
    # What the user lost in total is exactly what the solver's side gained over its value.
    user_lost = sum(t.lost for t in state.history if t.player != solver_player)
    assert state.totals[solver_player - 1] - own <= user_lost


def test_a_game_step_by_step() -> None:
    coins = (1, 3, 1, 7, 2)
    values = xoinc.solve(xoinc.XoincInputs(coins)).values
    state = xoinc.start(coins)
    assert (state.coins_left, state.allowance, state.player) == (5, 2, 1)
    assert list(state.legal_takes()) == [1, 2]
    state = state.take(values, 2)  # the mistake: best is 1 coin, worth 9
    first = state.history[0]
    assert (first.taken, first.gained, first.best_take, first.best_value) == (2, 4, 1, 9)
    assert first.value == 4 and first.lost == 5  # the opponent then takes all 3 left
    assert (state.coins_left, state.allowance, state.player, state.totals) == (3, 4, 2, (4, 0))
    assert xoinc.solver_take(values, state) == 3
    state = state.take(values, 3)
    assert state.over and state.totals == (4, 10)
    assert list(state.legal_takes()) == []


def test_illegal_takes_are_refused() -> None:
    coins = (5, 1, 2)
    values = xoinc.solve(xoinc.XoincInputs(coins)).values
    state = xoinc.start(coins)
    with pytest.raises(ValueError, match="may take 1 to 2 coins, not 3"):
        state.take(values, 3)
    with pytest.raises(ValueError, match="not 0"):
        state.take(values, 0)
    other = xoinc.solve(xoinc.XoincInputs((1, 2))).values
    with pytest.raises(ValueError, match="another stack"):
        state.take(other, 1)
    done = state.take(values, 2).take(values, 1)
    assert done.over
    with pytest.raises(ValueError, match="over"):
        done.take(values, 1)
    with pytest.raises(ValueError, match="over"):
        xoinc.solver_take(values, done)
