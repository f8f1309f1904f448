"""Great Game: the game protocol, and playing a match throw by throw."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest
from brute_greatgame import brute_hand_values
from budget import examples
from contract import check_generate_and_shrink, check_module, play_through
from hypothesis import given, settings
from hypothesis import strategies as st
from test_greatgame import rows

from solvers import greatgame as gg
from solvers.greatgame.play import GreatGamePlay, outcome

ROCK, PAPER, SCISSORS = gg.Hand


def test_module_satisfies_the_protocol() -> None:
    check_module(gg)
    assert gg.TITLE == "Great Game" and gg.OPTIONS == ()
    assert gg.Inputs is gg.GreatGameInputs and gg.Result is gg.GreatGameResult


def test_example_plays_to_the_end() -> None:
    final = play_through(gg.new_game(gg.example()), random.Random(0))
    assert final.over and final.score in (0.0, 1.0)
    assert final.rounds_won - final.rounds_lost == final.lead


def test_generated_small_inputs_play_to_the_end() -> None:
    rng = random.Random(7)
    for _ in range(15):
        inputs = gg.generate(rng, "small")
        play_through(gg.new_game(inputs), rng)


def test_generate_and_shrink() -> None:
    check_generate_and_shrink(gg)


def test_shrink_candidates_pass_the_full_validation() -> None:
    # Shrinking skips re-checking the rows it copies: the full constructor must agree.
    rng = random.Random(3)
    for _ in range(30):
        inputs = gg.generate(rng, "small")
        inputs = dataclasses.replace(inputs, percentages=(*inputs.percentages, (50.5, 20, 29.5)))
        for smaller in gg.shrink(inputs):
            again = gg.GreatGameInputs(smaller.percentages, smaller.win_by, smaller.lose_by)
            assert again == smaller and hash(again) == hash(smaller)
    with pytest.raises(ValueError, match="W must be between"):
        gg.GreatGameInputs.from_checked_rows(((100, 0, 0),), 0, 1)


def test_format_input_round_trips_decimals() -> None:
    inputs = gg.GreatGameInputs(((100 / 3, 100 / 3, 100 - 200 / 3), (50.5, 20, 29.5)), 3, 4)
    assert gg.parse_judge(gg.format_input(inputs)) == [inputs]
    assert gg.format_input(inputs).endswith("0 0 0\n")


def all_states(start: GreatGamePlay) -> list[GreatGamePlay]:
    inputs = start.match.inputs
    return [
        dataclasses.replace(start, lead=lead, throw=i, round_score=d)
        for lead in range(-inputs.lose_by + 1, inputs.win_by)
        for i in range(inputs.throws)
        for d in range(-i, i + 1)
    ]


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(rows(), min_size=1, max_size=3), st.integers(1, 3), st.integers(1, 3))
def test_hand_values_agree_with_the_rules_brute_force(rows_, w, lose) -> None:
    start = gg.new_game(gg.GreatGameInputs(tuple(rows_), w, lose))
    expected = brute_hand_values(rows_, w, lose)
    for state in all_states(start):
        got = state.values()
        want = expected[(state.lead, state.throw, state.round_score)]
        assert [got[h] for h in gg.Hand] == pytest.approx(want, abs=1e-9)
        # The solved policy's best hands are the ones with the best value.
        if not state.result.decided(state.throw, state.round_score):
            assert max(want) - want[state.best_hands()[0]] < 1e-9
    assert start.value == pytest.approx(start.result.probability, abs=1e-9)


def test_a_match_throw_by_throw() -> None:
    inputs = gg.GreatGameInputs(((30, 30, 40), (100, 0, 0)), 1, 2)
    state = gg.new_game(inputs)
    assert (state.to_move, state.lead, state.throw, state.round_score) == (0, 0, 0, 0)
    assert state.moves() == (ROCK, PAPER, SCISSORS) and state.chances() == {}
    state = state.play("rock")
    assert state.to_move == "chance" and state.values() == {}
    assert state.chances() == pytest.approx({ROCK: 0.3, PAPER: 0.3, SCISSORS: 0.4})
    state = state.play(SCISSORS)  # rock beats scissors: +1
    assert (state.throw, state.round_score, state.last.points) == (1, 1, 1)
    assert state.moves() == (ROCK, PAPER, SCISSORS)
    state = state.play(PAPER)
    assert state.moves() == (ROCK,)  # the opponent only ever plays rock at throw 2
    with pytest.raises(ValueError, match="never plays paper at throw 2"):
        state.play(PAPER)
    state = state.play(ROCK)  # paper beats rock: round won 2-0, lead 1 = W
    assert state.round_ended == 1 and state.rounds_won == 1
    assert state.over and state.score == 1.0 and state.moves() == ()
    with pytest.raises(ValueError, match="over"):
        state.play(ROCK)


def test_tied_and_lost_rounds_move_the_lead() -> None:
    state = gg.new_game(gg.GreatGameInputs(((100, 0, 0),), 2, 2))
    state = state.play(ROCK).play(ROCK)
    assert (state.round_ended, state.lead, state.rounds_tied, state.throw) == (0, 0, 1, 0)
    state = state.play(SCISSORS).play(ROCK)
    assert (state.round_ended, state.lead, state.rounds_lost) == (-1, -1, 1)
    state = state.play(SCISSORS).play(ROCK)
    assert state.over and state.score == 0.0 and state.value == 0.0


def test_bad_moves_are_refused_with_a_reason() -> None:
    state = gg.new_game(gg.example())
    for move in ("lizard", 3, True, None):
        with pytest.raises(ValueError, match="not a hand"):
            state.play(move)
    assert state.play(2).hand is SCISSORS and state.play("P").hand is PAPER


def test_outcome_rules() -> None:
    assert outcome(PAPER, ROCK) == outcome(SCISSORS, PAPER) == outcome(ROCK, SCISSORS) == 1
    assert outcome(ROCK, PAPER) == -1 and outcome(ROCK, ROCK) == 0


def test_states_and_results_pickle() -> None:
    state = gg.new_game(gg.example()).play(ROCK)
    again = pickle.loads(pickle.dumps(state))
    assert again.values_after(ROCK) == state.values_after(ROCK)
    result = gg.solve(gg.example())
    assert "_policy" not in result.__dict__  # the answer alone needs no policy pass
    copy = pickle.loads(pickle.dumps(result.with_policy()))
    assert copy.policy == result.policy and "_policy" in copy.__dict__
