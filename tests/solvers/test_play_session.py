"""The one play session over every game's play state, checked against plain computations."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from brute_xoinc import take_values
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_nim import mover_wins

from solvers import coverup, greatgame, load, nim, xoinc, yut
from solvers.play_session import GAME_UNITS, PlaySession

GAMES = ("nim", "xoinc", "coverup", "greatgame", "yut")
#: Enough moves to end every small game; Great Game's ties could go on for long.
MAX_STEPS = 60


def small_session(game: str, seed: int, user: int = 0) -> PlaySession:
    """A session on the game's generated "small" inputs; Dice Yut alternates its kinds."""
    rng = random.Random(seed)
    if game == "yut" and seed % 2:
        inputs: Any = yut.ExpectInputs(rng.randint(1, 4), rng.randint(1, 3), yut.uniform(5))
    else:
        inputs = load(game).generate(rng, "small")
    return PlaySession.of(game, load(game).new_game(inputs), user)


def random_step(session: PlaySession, rng: random.Random) -> PlaySession:
    """Any legal move, or an outcome drawn with its chance."""
    if session.at_chance:
        chances = session.chances()
        outcomes = list(chances)
        return session.play(rng.choices(outcomes, [chances[o] for o in outcomes])[0])
    return session.play(rng.choice(list(session.moves())))


sides = st.sampled_from([0, 1])
seeds = st.integers(0, 10_000)


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(GAMES), seeds, st.randoms(use_true_random=False))
def test_best_moves_are_the_argmax_and_costs_measure_from_it(
    game: str, seed: int, rng: random.Random
) -> None:
    session = small_session(game, seed)
    for _ in range(MAX_STEPS):
        if session.over:
            break
        if not session.at_chance:
            values = session.state.values()
            top = max(values.values())
            tol = 0.0 if game in ("nim", "xoinc") else 1e-9
            assert session.best_moves() == [m for m in session.moves() if values[m] >= top - tol]
            assert session.solver_move() in session.best_moves()
            for move in session.moves():
                cost = session.cost(move)
                assert cost >= 0 and (cost == 0) == (move in session.best_moves())
                assert math.isclose(cost, 0 if cost == 0 else top - values[move])
            assert session.chances() == {}
        else:
            assert session.best_moves() == [] and session.values() == {}
            assert math.isclose(sum(session.chances().values()), 1.0)
        session = random_step(session, rng)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=3).map(tuple), st.booleans())
def test_nim_best_moves_are_the_moves_leaving_a_lost_position(
    piles: tuple[int, ...], misere: bool
) -> None:
    rule = nim.Rule.MISERE if misere else nim.Rule.NORMAL
    session = PlaySession.of("nim", nim.new_game(nim.NimInputs(piles, rule)))
    won = [
        (p, a)
        for p, a in session.moves()
        if not mover_wins(tuple(sorted((*piles[:p], a, *piles[p + 1 :]))), misere, ())
    ]
    assert session.best_moves() == (won or list(session.moves()))


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.integers(1, 30), min_size=1, max_size=12).map(tuple), sides)
def test_xoinc_values_and_the_solver_against_the_brute_force(
    coins: tuple[int, ...], user: int
) -> None:
    session = PlaySession.of("xoinc", xoinc.new_game(xoinc.XoincInputs(coins)), user)
    while not session.over:
        state = session.state
        brute = take_values(coins, state.top, state.allowance)
        already = state.totals[state.to_move]
        assert session.values() == {t: already + v for t, v in enumerate(brute, start=1)}
        # The solver takes the smallest best take, as it always has.
        best = [t for t, v in enumerate(brute, start=1) if v == max(brute)]
        assert session.best_moves() == best and session.solver_move() == best[0]
        session = session.play(session.solver_move())


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(["nim", "xoinc", "yut"]), seeds, sides)
def test_best_play_by_both_sides_reaches_the_first_value(game: str, seed: int, user: int) -> None:
    session = small_session(game, 2 * seed, user if game != "yut" else 0)
    first = session.best_value()
    while not session.over:
        session = session.play(session.solver_move())
    # The first value is the first player's; the user's result follows from it.
    if game == "nim":
        assert session.score_for_user() == (first if user == 0 else -first)
    elif game == "xoinc":
        total = sum(session.state.coins)
        assert session.score_for_user() == (first if user == 0 else total - first)
    else:
        assert math.isclose(session.score_for_user(), first)


def expected_best(session: PlaySession) -> float:
    """The value of the best move, recomputed one level down: chance averaged, then best."""
    after = session.play(session.solver_move())
    if after.over:
        return after.state.score  # type: ignore[no-any-return]
    chances = after.chances()
    total = 0.0
    for outcome, p in chances.items():
        nxt = after.play(outcome)
        total += p * (nxt.state.score if nxt.over else nxt.best_value())
    return total


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(["coverup", "greatgame", "yut"]), seeds, st.randoms(use_true_random=False))
def test_best_values_are_the_expectation_over_chance(
    game: str, seed: int, rng: random.Random
) -> None:
    session = small_session(game, 2 * seed + 1)
    for _ in range(MAX_STEPS):
        if session.over:
            break
        if not session.at_chance:
            assert math.isclose(
                session.best_value(), expected_best(session), rel_tol=1e-9, abs_tol=1e-9
            )
        session = random_step(session, rng)


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(GAMES), seeds, sides, st.randoms(use_true_random=False))
def test_undo_goes_back_to_the_users_last_decision(
    game: str, seed: int, user: int, rng: random.Random
) -> None:
    user = user if GAME_UNITS[game].two_player else 0
    session = small_session(game, seed, user)
    decisions: list[PlaySession] = []
    for _ in range(rng.randint(0, 12)):
        if session.over:
            break
        if session.user_to_move:
            decisions.append(session)
        session = random_step(session, rng)
    undone = session.undo()
    if not decisions:
        assert undone is session
        return
    last = decisions[-1]
    assert undone.state == last.state and undone.steps == last.steps and undone.user_to_move
    assert undone.state is last.state  # the very state: nothing recomputed
    assert session.restart().state is session.start and session.restart().steps == ()


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(GAMES), seeds, sides, st.randoms(use_true_random=False))
def test_score_for_user_says_who_won(game: str, seed: int, user: int, rng: random.Random) -> None:
    user = user if GAME_UNITS[game].two_player else 0
    session = small_session(game, seed, user)
    for _ in range(MAX_STEPS * 5):
        if session.over:
            break
        session = session.play_solver() if session.solver_to_move else random_step(session, rng)
    if not session.over:
        with pytest.raises(ValueError):
            session.score_for_user()
        return
    state = session.state
    score = session.score_for_user()
    if game == "nim":
        assert score == (1.0 if state.winner == user else -1.0)
    elif game == "xoinc":
        assert score == state.totals[user]
        assert session.margin_for_user() == state.totals[user] - state.totals[1 - user]
        assert sum(state.totals) == sum(state.coins)
    else:
        assert score == state.score and session.margin_for_user() is None
        if game == "coverup":
            assert score == (1.0 if state.won else 0.0)
        elif game == "greatgame":
            assert score == (1.0 if state.lead > 0 else 0.0)
        else:
            assert score == state.total
    # Every user decision's cost, summed, is what the user gave away (exact in Xoinc).
    if game == "xoinc":
        lost = sum(t.lost for t in state.history if t.player == user)
        assert sum(session.user_costs()) == lost


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(GAMES), seeds, st.randoms(use_true_random=False))
def test_instead_replaces_the_last_move_only(game: str, seed: int, rng: random.Random) -> None:
    session = small_session(game, seed)
    with pytest.raises(ValueError, match="nothing"):
        session.instead(None)
    for _ in range(rng.randint(1, 8)):
        if session.over:
            break
        before = session
        session = random_step(session, rng)
    other = before.moves()[-1] if not before.at_chance else list(before.chances())[-1]
    swapped = session.instead(other)
    assert swapped.steps[:-1] == before.steps and swapped.steps[-1].move == other
    assert swapped.state == before.state.play(other) and swapped.steps[-1].before is before.state


@settings(max_examples=examples(100), deadline=None)
@given(seeds, st.randoms(use_true_random=False))
def test_cover_up_suggests_the_solved_policys_picks(seed: int, rng: random.Random) -> None:
    session = small_session("coverup", seed)
    for _ in range(MAX_STEPS):
        if session.over:
            break
        if not session.at_chance:
            assert session.solver_move() == session.state.entry().picks
        session = random_step(session, rng)


def test_sides_and_turns() -> None:
    game = nim.new_game(nim.NimInputs((1, 2)))
    second = PlaySession.of("nim", game, user=1)
    assert second.solver_to_move and not second.user_to_move
    after = second.play_solver()
    assert after.user_to_move and after.history[0].mover == 0
    with pytest.raises(ValueError, match="solver"):
        after.play_solver()
    with pytest.raises(ValueError, match="one player"):
        PlaySession.of("coverup", coverup.new_game(coverup.example()), user=1)
    with pytest.raises(ValueError, match="side 0 or 1"):
        PlaySession.of("nim", game, user=2)
    with pytest.raises(ValueError, match="legal"):
        second.cost((5, 0))
    match = PlaySession.of("greatgame", greatgame.new_game(greatgame.example()))
    hand = match.solver_move()
    assert match.play(hand).at_chance and not match.play(hand).user_to_move


def test_nim_solver_takes_least_when_every_move_loses() -> None:
    # 2,2 is lost for the mover: it takes one stone (the game lasts longest), as before.
    session = PlaySession.of("nim", nim.new_game(nim.NimInputs((2, 2))))
    assert session.best_moves() == list(session.moves())
    assert session.solver_move() == (0, 1)
    # 5,6,7,1 has three winning moves: the solver plays the first, as before.
    winning = PlaySession.of("nim", nim.new_game(nim.NimInputs((5, 6, 7, 1))))
    assert len(winning.best_moves()) == 3
    assert winning.solver_move() == winning.state.best_move() == (0, 0)


def test_units_speak_the_same_words() -> None:
    assert GAME_UNITS["greatgame"].text(0.5) == "50.000%"
    assert GAME_UNITS["coverup"].text(0.25) == "25.0000%"
    assert GAME_UNITS["xoinc"].text(1234) == "1234"
    assert GAME_UNITS["nim"].text(1.0) == "win" and GAME_UNITS["nim"].text(-1.0) == "lose"
    assert GAME_UNITS["xoinc"].cost_text(5) == "5 in value"
    assert GAME_UNITS["nim"].cost_text(2) == "the win"
    words = GAME_UNITS["greatgame"].cost_text(0.0203)
    assert words == "2.030 percentage points"
    assert GAME_UNITS["yut"].cost_text(1.5) == "1.50 points"
    assert GAME_UNITS["nim"].tolerance == 0 < GAME_UNITS["yut"].tolerance
