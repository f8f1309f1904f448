"""Cover Up validation, judge format, rounding, CSV, play-along and simulation."""

from __future__ import annotations

from fractions import Fraction

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import coverup as cu
from solvers.protocol import JudgeFormatError

CAND, OTH = cu.Pick.CANDIDATE, cu.Pick.OTHER


@pytest.mark.parametrize(
    ("triplets", "message"),
    [
        ([(3, 3, 0.5)], "column 1: the known candidates l must be between 0 and m - 1"),
        ([(4, 1, 1.0), (3, 0, 0.2)], "column 2: p must be 0 when there are no known candidates"),
        ([(3, 1, 1.5)], "column 1: p must be between 0 and 1, got 1.5"),
        ([(3, 1, -0.1)], "p must be between 0 and 1"),
        ([(11, 1, 0.5)], "m must be between 1 and 10, got 11"),
        ([(0, 0, 0.0)], "m must be between 1 and 10, got 0"),
        ([], "there must be between 1 and 5 columns, got 0"),
        ([(2, 0, 0.0)] * 6, "there must be between 1 and 5 columns, got 6"),
    ],
)
def test_validation_messages(triplets: list[tuple[int, int, float]], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        cu.CoverUpInputs.from_triplets(triplets)


def test_parse_several_cases_triplets_may_span_lines() -> None:
    cases = cu.parse_judge("1\n10 2 0.5\n2\n4 1 1.0\n5 2 0.8\n0\n")
    assert [c.n for c in cases] == [1, 2]
    assert cases[1].columns[1] == cu.Column(5, 2, 0.8)
    assert cu.parse_judge("1\n3 0 0.0\n") == [cu.CoverUpInputs((cu.Column(3, 0, 0.0),))]
    assert cu.parse_judge("0\n") == []


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("2\n4 1 1.0 5 5 0.8\n0\n", 2, "column 2: the known candidates l must be"),
        ("1\n4 10 0.8\n", 2, "l of column 1 must be between 0 and 9"),
        ("2\n4 1 1.0 5 4 0.8\n6 6 0\n", 3, "the number of columns n must be"),
        ("1\n3 0 0.5\n0\n", 2, "column 1: p must be 0 when there are no known candidates"),
        ("1\n3 1 0.5\n1\n3 3 0.5\n0\n", 4, "column 1: the known candidates"),
        ("6\n", 1, "the number of columns n must be between 0 and 5"),
        ("2\n4 1 1.0\n", 2, "unexpected end of input, expected m of column 2"),
        ("1\n4 1 x\n0\n", 2, "p of column 1 must be a number"),
        ("1\n4 1 0.5\n0\n7\n", 4, "unexpected extra input"),
    ],
)
def test_parse_errors_name_the_line(text: str, line: int, reason: str) -> None:
    with pytest.raises(JudgeFormatError) as info:
        cu.parse_judge(text)
    assert info.value.line == line
    assert reason in info.value.reason


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.25, "0.25"),
        (0.8, "0.8"),
        (0.005, "0.005"),
        (0.0625, "0.063"),
        (0.0625 - 1e-13, "0.063"),
        (0.0625 + 1e-13, "0.063"),
        (0.06249, "0.062"),
        (0.0005, "0.001"),
        (0.0004999, "0"),
        (0.0, "0"),
        (1e-300, "0"),
        (0.9995, "1"),
        (0.99949, "0.999"),
        (1.0, "1"),
        (1.0 + 1e-12, "1"),
        (0.1 + 0.2, "0.3"),
        (0.5005, "0.501"),
        (0.0015, "0.002"),
        (0.100, "0.1"),
        (0.12, "0.12"),
    ],
)
def test_rounding_half_thousandths_up_despite_float_noise(value: float, text: str) -> None:
    assert cu.format_probability(value) == text


@pytest.mark.parametrize(
    ("case", "answer"),
    [
        # One column: the answer is its best single pick, here exactly a half-thousandth.
        ("1\n2 1 0.5005\n", "0.501"),
        ("1\n2 1 0.0005\n", "1"),
        ("1\n10 8 0.0005\n", "0.5"),
        ("1\n6 4 0.003\n", "0.499"),
        ("1\n3 2 0.0035\n", "0.997"),
    ],
)
def test_rounding_edges_through_the_solver(case: str, answer: str) -> None:
    (inputs,) = cu.parse_judge(case + "0\n")
    assert cu.format_judge(cu.solve(inputs)) == answer


@pytest.mark.parametrize(
    ("case", "answers"),
    [
        ("1\n2 1 0.5005\n", ("0.501", "0.5")),  # 0.5005 exactly: either rounding
        ("1\n10 8 0.0005\n", ("0.5",)),  # 0.49975 is not a half-thousandth
        ("1\n6 4 0.003\n", ("0.499", "0.498")),  # 0.4985
        ("1\n3 2 0.0035\n", ("0.997", "0.996")),  # 0.9965
        ("1\n2 1 0.25\n", ("0.75",)),
    ],
)
def test_a_judge_accepts_either_rounding_of_an_exact_half_only(
    case: str, answers: tuple[str, ...]
) -> None:
    (inputs,) = cu.parse_judge(case + "0\n")
    result = cu.solve(inputs)
    assert cu.judge_answers(result) == answers
    # Independently: a value is an exact half when 1000 x it, as a fraction, ends in 1/2.
    exact = Fraction(round(result.value * 10**9), 10**9) * 1000
    assert (len(answers) == 2) == (exact.denominator == 2)


def test_csv_is_one_table_of_every_state_and_pick_combination() -> None:
    inputs = cu.CoverUpInputs.from_triplets([(2, 1, 0.9), (3, 1, 0.6), (4, 1, 0.5)])
    bare = cu.csv_rows(inputs, None)
    assert len(bare) == 1
    header = bare[0]
    # The inputs are named in the header, in words.
    assert header[1] == "column 1 (2 digits, 1 likely holding p=0.9): before the turn"
    assert header[4] == "column 1 (2 digits, 1 likely holding p=0.9): pick"
    assert header[-3:] == [
        "winning probability with these picks",
        "optimal",
        "winning probability as the judge rounds it",
    ]
    result = cu.solve(inputs)
    rows = cu.csv_rows(inputs, result)
    assert all(len(r) == len(header) for r in rows)
    first = rows[1]
    assert first[0] == "1" and first[-1] == cu.format_judge(result) and first[-2] == "yes"
    assert first[1:4] == [
        "1 likely + 1 other digits left",
        "1 likely + 2 other digits left",
        "1 likely + 3 other digits left",
    ]
    assert float(first[-3]) == pytest.approx(result.value, abs=1e-6)
    assert "kept in reserve" in first[4]
    # One row per pick combination: eight on the first turn, the optimal one first; the
    # combination that ties with it at 0.69 is optimal too.
    turn_one = [r for r in rows[1:] if r[0] == "1"]
    assert len(turn_one) == 8 and [r[-2] for r in turn_one] == ["yes"] * 2 + ["no"] * 6
    assert turn_one[0][-3] == turn_one[1][-3] == "0.690000"
    optimal = [r for r in rows[1:] if r[-2] == "yes"]
    assert len(optimal) >= len(result.policy)
    assert not any(";" in cell for row in rows for cell in row)


def test_play_along_from_the_start() -> None:
    inputs = cu.CoverUpInputs.from_triplets([(2, 1, 0.9), (3, 1, 0.6), (4, 1, 0.5)])
    result = cu.solve(inputs)
    game = cu.new_game(inputs)
    picks = result.first.picks
    # (OTH, CAND, CAND) and (CAND, OTH, OTH) tie at 0.69; the tie goes to fewer reserve picks.
    assert picks == (OTH, CAND, CAND)
    assert result.first.reserve == (True, False, False)
    assert result.first.alternatives[1].picks == (CAND, OTH, OTH)
    assert game.moves()[0] == picks and game.values()[picks] == pytest.approx(result.value)
    chance = game.play(picks)
    assert chance.to_move == "chance" and chance.value == pytest.approx(result.value)
    turn = chance.play((1,))
    assert turn.state == cu.State(((1, 0), None, (0, 3)))
    assert turn.to_move == 0 and not turn.over and turn.turn == 2
    entry = turn.entry()
    assert entry.value == pytest.approx(result.entry(turn.state).value)
    assert entry.picks == (CAND, None, OTH)
    # Column 1 is certain now; column 3 must hit on this turn or the next.
    assert entry.value == pytest.approx(1 / 3 + 2 / 3 * 1 / 2)
    # Bayes: column 3 lost its only candidate, each of 3 others now 1/3.
    posteriors = turn.posteriors()
    assert posteriors[2] == pytest.approx((0.0, 1 / 3))
    assert posteriors[0] == pytest.approx((1.0, 0.0))
    assert posteriors[1] is None
    other = chance.play((0,))
    assert other.state == cu.State((None, (0, 2), (0, 3)))
    assert other.posteriors()[1] == pytest.approx((0.0, 0.5))
    lost = chance.play(())
    assert lost.over and lost.state is None and lost.score == 0.0 and lost.moves() == []
    won = chance.play((0, 1, 2))
    assert won.over and won.won and won.score == 1.0


def test_advance_rejects_impossible_turns() -> None:
    inputs = cu.CoverUpInputs.from_triplets([(2, 1, 1.0), (3, 0, 0.0)])
    state = cu.initial_state(inputs)
    with pytest.raises(ValueError, match="column 1: that pick cannot be wrong"):
        cu.advance(inputs, state, (CAND, OTH), {1})
    with pytest.raises(ValueError, match="column 2 has no known candidate left"):
        cu.advance(inputs, state, (CAND, CAND), {0})
    with pytest.raises(ValueError, match="expected 2 picks"):
        cu.advance(inputs, state, (CAND,), {0})
    after = cu.advance(inputs, state, (OTH, OTH), {1})
    assert after == cu.State(((1, 0), None))
    with pytest.raises(ValueError, match="column 2 is solved"):
        cu.advance(inputs, after, (CAND, OTH), {0})
    with pytest.raises(ValueError, match="not being played"):
        cu.advance(inputs, after, (CAND, None), {1})


def test_entry_of_unreachable_or_finished_states() -> None:
    result = cu.solve(cu.CoverUpInputs.from_triplets([(3, 1, 0.5), (3, 1, 0.5)]))
    with pytest.raises(ValueError, match="cannot occur"):
        result.entry(cu.State(((0, 1), (0, 1))))  # two turns with no column solved
    with pytest.raises(ValueError, match="won"):
        result.entry(cu.State((None, None)))
    with pytest.raises(ValueError, match="same number"):
        result.entry(cu.State(((1, 2), (0, 2))))
    swapped = result.entry(cu.State(((0, 2), None)))
    mirrored = result.entry(cu.State((None, (0, 2))))
    assert swapped.picks == (OTH, None) and mirrored.picks == (None, OTH)


def test_posteriors_follow_bayes() -> None:
    inputs = cu.CoverUpInputs.from_triplets([(10, 2, 0.5)])
    pc, po = cu.posteriors(inputs, cu.State(((1, 6),)))[0]  # type: ignore[misc]
    assert pc == pytest.approx(0.25 / (0.25 + 6 * 0.0625))
    assert pc + 6 * po == pytest.approx(1.0)


@pytest.mark.parametrize(
    "triplets",
    [
        [(2, 1, 0.9), (3, 1, 0.6), (4, 1, 0.5), (5, 1, 0.4), (6, 1, 0.4)],
        [(4, 1, 0.7)] * 3 + [(5, 0, 0.0)] * 2,
        [(10, 0, 0.0)] * 5,
    ],
)
def test_simulation_agrees_with_the_exact_value(triplets: list[tuple[int, int, float]]) -> None:
    result = cu.solve(cu.CoverUpInputs.from_triplets(triplets))
    sim = cu.simulate(result, games=60_000, seed=7)
    assert sim.games == 60_000 and sim.exact == result.value
    assert sim.low <= sim.rate <= sim.high
    assert sim.covers_exact, sim
    assert sim.high - sim.low < 0.02
    again = cu.simulate(result, games=60_000, seed=7)
    assert again == sim


def test_simulation_of_a_worse_policy_would_be_noticed() -> None:
    # The greedy first turn on the show layout wins about 0.34, the optimum 0.54.
    triplets = [(2, 1, 0.9), (3, 1, 0.6), (4, 1, 0.5), (5, 1, 0.4), (6, 1, 0.4)]
    result = cu.solve(cu.CoverUpInputs.from_triplets(triplets))
    sim = cu.simulate(result, games=20_000, seed=1)
    assert sim.low > 0.45


def test_simulation_in_batches_and_bad_count() -> None:
    result = cu.solve(cu.CoverUpInputs.from_triplets([(1, 0, 0.0), (2, 1, 1.0)]))
    seen: list[float] = []
    sim = cu.simulate(result, games=450_000, seed=3, progress=seen.append)
    assert sim.wins == 450_000 and sim.high == 1.0
    batches = -(-450_000 // cu.simulation.BATCH)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) == batches > 3
    with pytest.raises(ValueError, match="at least 1"):
        cu.simulate(result, games=0)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.one_of(
        st.text(max_size=60),
        st.lists(
            st.sampled_from(["0", "1", "5", "6", "-1", "10", "11", "0.5", "1.0", "2", "x", "\n"]),
            max_size=20,
        ).map(" ".join),
    )
)
def test_any_text_is_read_or_refused_cleanly(text: str) -> None:
    try:
        cases = cu.parse_judge(text)
    except JudgeFormatError as exc:
        assert exc.line >= 1 and exc.reason
        return
    for case in cases:
        assert isinstance(case, cu.CoverUpInputs)
        assert cu.parse_judge(cu.format_input(case)) == [case]


def test_decimals_apart_prints_a_worse_value_below_the_best() -> None:
    from solvers.coverup.judge import decimals_apart

    assert decimals_apart(1.0, []) == decimals_apart(0.5, [0.25]) == 6
    assert decimals_apart(1.0, [0.9999999]) == 7
    assert decimals_apart(0.1234564, [0.1234560, 0.2]) == 7
    assert decimals_apart(0.3, [0.3 - 1e-14]) == 14
    assert decimals_apart(0.3, [0.3]) == 17  # equal values: gives up at 17 decimals
