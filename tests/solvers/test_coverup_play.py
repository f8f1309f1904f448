"""Cover Up against the game protocol: play state, generate/shrink, empty files, bounds."""

from __future__ import annotations

import random

import brute_coverup as brute
import contract
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from test_coverup import Triplet, as_kinds, game

from solvers import coverup as cu
from solvers.protocol import Cancelled, JudgeFormatError, TooBig

CAND, OTH = cu.Pick.CANDIDATE, cu.Pick.OTHER


def test_module_satisfies_the_protocol() -> None:
    contract.check_module(cu)
    assert cu.TITLE == "Cover Up" and cu.OPTIONS == ()
    assert cu.Inputs is cu.CoverUpInputs and cu.Result is cu.CoverUpResult


def test_example_and_generated_games_play_to_the_end() -> None:
    final = contract.play_through(cu.new_game(cu.example()), random.Random(0))
    assert final.over and final.score in (0.0, 1.0)
    rng = random.Random(5)
    for size in ("small", "judge", "max"):
        for _ in range(6):
            contract.play_through(cu.new_game(cu.generate(rng, size)), rng)


def test_generate_and_shrink() -> None:
    contract.check_generate_and_shrink(cu)


def test_generate_reaches_the_edges() -> None:
    rng = random.Random(1)
    cases = [cu.generate(rng, "judge") for _ in range(400)]
    columns = [c for case in cases for c in case.columns]
    assert {case.n for case in cases} >= {1, 5}
    assert {c.choices for c in columns} >= {1, 10}
    assert any(c.candidates == 0 and c.p == 0.0 for c in columns)
    assert any(c.candidates > 0 and c.p == 0.0 for c in columns)
    assert any(c.p == 1.0 for c in columns)
    # Exact halves of a thousandth, e.g. "2 1 0.5005" whose answer rounds up to 0.501.
    assert any(case.n == 1 and round(case.columns[0].p * 2000) % 2 == 1 for case in cases)
    assert any(len(set(case.columns)) == 1 < case.n for case in cases)
    small = [cu.generate(rng, "small") for _ in range(100)]
    assert all(case.n <= 3 and all(c.choices <= 4 for c in case.columns) for case in small)
    assert all(case.n == 5 for case in (cu.generate(rng, "max") for _ in range(20)))
    with pytest.raises(ValueError, match="size must be one of"):
        cu.generate(rng, "huge")


def size(inputs: cu.CoverUpInputs) -> tuple[int, int, int, int]:
    return (
        inputs.n,
        sum(c.choices for c in inputs.columns),
        sum(c.candidates for c in inputs.columns),
        sum(len(repr(c.p)) for c in inputs.columns if c.p not in (0.0, 1.0, 0.5)),
    )


def test_shrink_candidates_are_simpler_and_shrinking_ends() -> None:
    inputs = cu.CoverUpInputs.from_triplets([(10, 3, 0.123), (4, 1, 0.5), (4, 1, 0.5)])
    candidates = list(cu.shrink(inputs))
    assert cu.CoverUpInputs.from_triplets([(4, 1, 0.5), (4, 1, 0.5)]) in candidates
    assert cu.CoverUpInputs.from_triplets([(10, 3, 0.123), (4, 1, 0.5)]) in candidates
    assert cu.CoverUpInputs.from_triplets([(9, 3, 0.123), (4, 1, 0.5), (4, 1, 0.5)]) in candidates
    assert cu.CoverUpInputs.from_triplets([(10, 3, 0.1), (4, 1, 0.5), (4, 1, 0.5)]) in candidates
    # Halved: 5 digits (3 likely kept), and 1 likely digit of the 10.
    assert cu.CoverUpInputs.from_triplets([(5, 3, 0.123), (4, 1, 0.5), (4, 1, 0.5)]) in candidates
    assert cu.CoverUpInputs.from_triplets([(10, 1, 0.123), (4, 1, 0.5), (4, 1, 0.5)]) in candidates
    assert all(c != inputs for c in candidates)
    # Always taking the first candidate (a shrinker that keeps failing) ends.
    steps = 0
    while True:
        nxt = next(cu.shrink(inputs), None)
        if nxt is None:
            break
        assert size(nxt) != size(inputs) or nxt != inputs
        inputs, steps = nxt, steps + 1
        assert steps < 200
    assert inputs == cu.CoverUpInputs.from_triplets([(1, 0, 0.0)])


def test_shrinking_a_probability_never_cycles() -> None:
    seen = set()
    inputs = cu.CoverUpInputs.from_triplets([(5, 2, 0.37)])
    while True:
        simpler = [c for c in cu.shrink(inputs) if c.columns[0].choices == 5]
        simpler = [c for c in simpler if c.columns[0].candidates == 2]
        if not simpler:
            break
        inputs = simpler[-1]
        assert inputs not in seen
        seen.add(inputs)
    assert inputs.columns[0].p in (0.0, 1.0, 0.5) or len(seen) <= 4


def test_format_input_round_trips_with_the_terminator() -> None:
    inputs = cu.CoverUpInputs.from_triplets([(10, 2, 0.5005), (1, 0, 0.0), (3, 2, 1.0)])
    text = cu.format_input(inputs)
    assert text == "3\n10 2 0.5005 1 0 0.0 3 2 1.0\n0\n"
    assert cu.parse_judge(text) == [inputs]


@pytest.mark.parametrize("text", ["", "\n", "   \n\t\n"])
def test_empty_or_blank_input_is_refused_cleanly(text: str) -> None:
    with pytest.raises(JudgeFormatError, match="the input is empty"):
        cu.parse_judge(text)


def test_terminator_only_input_has_no_case() -> None:
    assert cu.parse_judge("0\n") == []
    assert cu.parse_judge("\n0\n\n") == []


def play_values_match_oracle(cols: list[Triplet], rng: random.Random) -> None:
    """Walk one random game; at each player node every move's value is the oracle's."""
    state = cu.new_game(cu.CoverUpInputs.from_triplets(cols))
    while not state.over:
        if state.to_move == "chance":
            chances = state.chances()
            outcomes = list(chances)
            state = state.play(rng.choices(outcomes, [chances[o] for o in outcomes])[0])
            continue
        assert state.state is not None
        oracle = brute.pick_values(cols, list(state.state.columns))
        values = state.values()
        assert {as_kinds(m) for m in values} == set(oracle)
        for move, worth in values.items():
            assert worth == pytest.approx(oracle[as_kinds(move)], abs=1e-10)
        assert state.value == pytest.approx(max(oracle.values()), abs=1e-10)
        state = state.play(rng.choice(list(values)))
        # The chance node's outcomes are the oracle's: products of Bayes hit chances.
        assert sum(state.chances().values()) == pytest.approx(1.0)


@settings(max_examples=examples(200), deadline=None)
@given(game(max_n=3, max_m=4), st.randoms(use_true_random=False))
def test_play_state_values_match_the_oracle(cols: list[Triplet], rng: random.Random) -> None:
    play_values_match_oracle(cols, rng)


def test_chance_node_outcomes_and_slots() -> None:
    inputs = cu.CoverUpInputs.from_triplets([(3, 1, 0.5), (1, 0, 0.0), (4, 2, 1.0)])
    game = cu.new_game(inputs)
    picks = (OTH, OTH, CAND)
    chance = game.play(picks)
    # Slots: likely digits first (0 .. l-1), then the others.
    assert chance.slots() == (1, 0, 0)
    chances = chance.chances()
    # Column 2's single digit is certainly right, so every outcome includes it.
    assert set(chances) == {(1,), (0, 1), (1, 2), (0, 1, 2)}
    assert chances[(0, 1, 2)] == pytest.approx(0.25 * 1.0 * 0.5)
    after = chance.play((1,))
    assert after.tried == ((1,), (), (0,)) and after.right == (None, 0, None)
    # The next other digit of column 1 is slot 2, the next likely digit of column 3 slot 1.
    assert after.slots((OTH, None, CAND)) == (2, None, 1)
    assert after.slots((CAND, None, CAND)) == (0, None, 1)


def test_illegal_moves_raise_value_error() -> None:
    inputs = cu.CoverUpInputs.from_triplets([(2, 1, 1.0), (3, 0, 0.0)])
    game = cu.new_game(inputs)
    with pytest.raises(ValueError, match="column 2 has no known candidate left"):
        game.play((CAND, CAND))
    with pytest.raises(ValueError, match="expected 2 picks"):
        game.play((CAND,))
    with pytest.raises(ValueError, match="a pick is a kind of digit"):
        game.play(("x", OTH))
    with pytest.raises(ValueError, match="a move is a tuple"):
        game.play(3)  # type: ignore[arg-type]
    assert game.hits() == () and game.chances() == {}
    chance = game.play((CAND, OTH))
    with pytest.raises(ValueError, match="column 1: that pick cannot be wrong"):
        chance.play((1,))
    with pytest.raises(ValueError, match="not being played"):
        chance.play((0, 5))
    over = chance.play((0, 1))
    assert over.won
    with pytest.raises(ValueError, match="over"):
        over.play(())


def test_a_solve_can_be_cancelled_while_it_runs() -> None:
    import solvers.coverup.exact as exact

    calls: list[float] = []

    def cancel(fraction: float) -> None:
        calls.append(fraction)
        if 0.0 < fraction < 1.0:
            raise Cancelled

    inputs = cu.CoverUpInputs.from_triplets(
        [(10, 5, 0.5), (10, 6, 0.55), (10, 4, 0.6), (10, 3, 0.7), (10, 5, 0.45)]
    )
    old = exact.PROGRESS_EVERY
    exact.PROGRESS_EVERY = 0.0  # report at every state, so the cancel lands mid-solve
    try:
        with pytest.raises(Cancelled):
            cu.solve(inputs, progress=cancel)
    finally:
        exact.PROGRESS_EVERY = old
    assert calls[0] == 0.0 and 0.0 < calls[-1] < 1.0


def test_a_simulation_can_be_cancelled_and_is_bounded() -> None:
    result = cu.solve(cu.example())
    calls: list[float] = []

    def cancel(fraction: float) -> None:
        calls.append(fraction)
        if len(calls) == 2:
            raise Cancelled

    with pytest.raises(Cancelled):
        cu.simulate(result, games=5_000_000, seed=1, progress=cancel)
    assert calls[-1] == pytest.approx(2 * cu.simulation.BATCH / 5_000_000)
    with pytest.raises(TooBig, match="use fewer games"):
        cu.simulate(result, games=cu.simulation.MAX_GAMES + 1)


def test_command_line_case_needs_no_numpy() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from solvers import coverup as cu;"
        "r = cu.solve(cu.parse_judge('1 10 2 0.5 0')[0]);"
        "print(cu.format_judge(r), 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0.25", "False"]


def test_results_and_play_states_cross_process_boundaries() -> None:
    """The GUI solves in worker processes: a result must pickle, its progress callback not."""
    import pickle

    seen: list[float] = []
    result = cu.solve(cu.example(), progress=lambda f: seen.append(f), policy=True)
    assert "policy" in result.__dict__  # built with the solve, and travels with the result
    copy = pickle.loads(pickle.dumps(result))
    assert copy.value == result.value and len(copy.policy) == len(result.policy)
    assert copy.entry(cu.initial_state(cu.example())) == result.first
    game = cu.new_game(cu.example(), copy.solver).play(result.first.picks)
    game = pickle.loads(pickle.dumps(game))
    assert game.chances() and game.value == pytest.approx(result.value)
    sim = pickle.loads(pickle.dumps(cu.simulate(copy, games=1000, seed=2)))
    assert sim.games == 1000
