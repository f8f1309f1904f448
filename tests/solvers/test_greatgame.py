from __future__ import annotations

import math
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

import numpy as np
import pytest
from brute_greatgame import brute_best_ratio, brute_match, evaluate_policy
from budget import PROFILE, examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from solvers import greatgame as gg
from solvers.greatgame.match import exact_ruin, format_percent, ruin_probabilities
from solvers.greatgame.policy import TIE_TOLERANCE, policy_pass
from solvers.greatgame.round_dp import RoundSolver, coefficients
from solvers.protocol import Cancelled, JudgeFormatError

SPECIAL_ROWS = [(100, 0, 0), (0, 100, 0), (0, 0, 100), (50, 50, 0), (0, 50, 50), (34, 33, 33)]


@st.composite
def rows(draw: st.DrawFn) -> tuple[int, int, int]:
    if draw(st.booleans()):
        return draw(st.sampled_from(SPECIAL_ROWS))
    a = draw(st.integers(0, 100))
    b = draw(st.integers(0, 100 - a))
    return (a, b, 100 - a - b)


def inputs_of(rows_: list[tuple[int, int, int]], w: int, lose: int) -> gg.GreatGameInputs:
    return gg.GreatGameInputs(tuple(rows_), w, lose)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(rows(), min_size=1, max_size=4), st.integers(1, 4), st.integers(1, 4))
def test_matches_value_iteration_over_the_whole_match(rows_, w, lose) -> None:
    result = gg.solve(inputs_of(rows_, w, lose))
    expected = brute_match(rows_, w, lose)
    assert len(result.lead_probabilities) == w + lose - 1
    assert np.allclose(result.lead_probabilities, expected, atol=1e-9, rtol=0)
    assert abs(result.probability - expected[lose - 1]) < 1e-9


# Three throws try 3^9 policies (about 0.3 s each): locally one fixed case of three throws.
@settings(max_examples=examples(40), deadline=None)
@given(st.lists(rows(), min_size=1, max_size=3 if PROFILE == "thorough" else 2))
@example([(30, 30, 40), (0, 100, 0), (50, 25, 25)])
def test_ratio_is_the_best_over_every_policy_and_the_policy_achieves_it(rows_) -> None:
    result = gg.solve(inputs_of(rows_, 2, 3))
    assert abs(result.ratio - brute_best_ratio(rows_)) < 1e-12
    win, tie, lose = evaluate_policy(rows_, lambda i, d: int(result.best_hand(i, d)))
    assert abs(win - result.round_win) < 1e-12
    assert abs(tie - result.round_tie) < 1e-12
    assert abs(lose - result.round_lose) < 1e-12
    assert abs(win / (win + lose) - result.ratio) < 1e-12


@settings(max_examples=examples(25), deadline=None)
@given(st.lists(rows(), min_size=1, max_size=60), st.integers(1, 100), st.integers(1, 100))
def test_bisection_agrees_with_dinkelbach(rows_, w, lose) -> None:
    inputs = inputs_of(rows_, w, lose)
    fast = gg.solve_great_game(inputs)
    slow = gg.solve_great_game(inputs, method="bisection")
    assert slow.method == "bisection"
    assert abs(fast.ratio - slow.ratio) < 1e-12
    assert fast.answer == slow.answer


def test_dinkelbach_needs_far_fewer_passes_than_bisection() -> None:
    rng = np.random.default_rng(5)
    a = rng.integers(30, 37, size=200)
    b = rng.integers(30, 37, size=200)
    inputs = gg.GreatGameInputs(
        tuple(zip(a.tolist(), b.tolist(), (100 - a - b).tolist(), strict=True)), 9, 9
    )
    fast = gg.solve_great_game(inputs)
    slow = gg.solve_great_game(inputs, method="bisection")
    assert fast.method == "dinkelbach" and fast.dp_passes <= 8
    assert slow.dp_passes > 2 * fast.dp_passes
    assert abs(fast.ratio - slow.ratio) < 1e-13 and fast.answer == slow.answer


def naive_round(table: np.ndarray, lam: float) -> float:
    """The same DP over every score -G-1..G+1 at every throw (no band)."""
    g = len(table)
    d = np.arange(-g - 1, g + 2)
    value = np.where(d > 0, 1 - lam, np.where(d < 0, -lam, 0.0))
    for i in range(g - 1, -1, -1):
        new = value.copy()
        hands = [p[0] * value[:-2] + p[1] * value[1:-1] + p[2] * value[2:] for p in table[i]]
        new[1:-1] = np.max(hands, axis=0)
        value = new
    return float(value[g + 1])


@settings(max_examples=examples(30), deadline=None)
@given(st.lists(rows(), min_size=1, max_size=40), st.floats(0.3, 1.0))
@example([(100, 0, 0), (0, 1, 99), (1, 0, 99), (1, 0, 99), (50, 50, 0), (50, 50, 0),
          (1, 0, 99), (1, 0, 99), (67, 0, 33)], 0.5)  # fmt: skip
def test_banded_dp_equals_the_dp_over_every_score(rows_, lam) -> None:
    table = coefficients(inputs_of(rows_, 1, 1).probabilities())
    best = naive_round(table, lam)
    assert abs(RoundSolver(table).run(lam).value - best) < 1e-12
    # The recorded policy plays, among hands within TIE_TOLERANCE of the best, the one most
    # likely to decide the round: it may give up that much at each throw (this case: 8e-12).
    played = policy_pass(table, lam).value
    assert best - len(rows_) * TIE_TOLERANCE - 1e-12 <= played <= best + 1e-12


def test_samples_of_the_statement() -> None:
    assert [
        gg.format_judge(gg.solve(c))
        for c in gg.parse_judge("1 1 1\n100 0 0\n2 2 2\n30 30 40\n50 20 30\n0 0 0\n")
    ] == ["100.000%", "79.318%"]


def test_policy_reports_ties_and_decided_cells() -> None:
    result = gg.solve(gg.GreatGameInputs(((30, 30, 40), (100, 0, 0), (20, 30, 50)), 1, 1))
    # Last throw against scissors-heavy: at the final throw everything is computed.
    assert result.hands_at(0, 0) == (gg.Hand.ROCK,) or len(result.hands_at(0, 0)) >= 1
    assert result.decided(2, 2) and result.mask_at(2, 2) == gg.ALL_HANDS
    two = gg.solve(gg.GreatGameInputs(((30, 30, 40), (100, 0, 0)), 1, 1))
    assert two.hands_at(1, 1) == (gg.Hand.ROCK, gg.Hand.PAPER)
    assert two.hands_at(1, 0) == (gg.Hand.PAPER,)
    assert two.hands_at(1, -1) == (gg.Hand.PAPER,)
    assert two.best_hand(1, 1) is gg.Hand.ROCK
    grid = two.policy_grid()
    assert grid.shape == (2, 5)
    assert grid[0].tolist() == [0, 0, two.mask_at(0, 0), 0, 0]
    assert grid[1].tolist() == [0, 2, 2, 3, 0]
    with pytest.raises(ValueError):
        two.mask_at(0, 1)


def test_certain_round_win_gives_one_hundred_percent() -> None:
    result = gg.solve(gg.GreatGameInputs(((100, 0, 0),) * 5, 100, 100))
    assert result.ratio == 1.0 and result.round_lose == 0.0
    assert result.answer == "100.000%" and result.exact
    assert all(p == 1.0 for p in result.lead_probabilities)


def test_ratio_one_half_gives_l_over_w_plus_l_exactly() -> None:
    third = 100 / 3
    rows_ = ((third, third, 100 - 2 * third),) * 3
    result = gg.solve(gg.GreatGameInputs(rows_, 63, 1))
    assert result.ratio == 0.5 and result.exact
    assert result.answer == "1.562%"  # 1/64 = 1.5625% exactly: printf rounds it to even
    assert result.tie and gg.judge_answers(result) == ("1.562%", "1.563%")
    assert result.lead_probabilities == tuple(j / 64 for j in range(1, 64))
    assert result.round_win == pytest.approx(result.round_lose, abs=1e-12)


def test_exact_half_is_decided_in_integers() -> None:
    # Rock: win 63, lose 1, so q = 63/64 and with W = L = 1, P = q = 98.4375%.
    result = gg.solve(gg.GreatGameInputs(((36, 1, 63),), 1, 1))
    assert result.exact and result.answer == "98.438%"  # 98.4375: the even digit is 8
    assert result.tie and gg.judge_answers(result) == ("98.438%", "98.437%")
    assert result.hands_at(0, 0) == (gg.Hand.ROCK,)


def test_format_percent_rounds_like_printf_of_the_double() -> None:
    assert format_percent(Fraction(1, 64)) == "1.562%"
    assert format_percent(Fraction(33, 64)) == "51.562%"
    assert format_percent(0.015625) == "1.562%"
    assert format_percent(0.578125) == "57.812%"  # the accepted C++ prints this
    assert format_percent(0.984375) == "98.438%"
    assert format_percent(0.79318) == "79.318%"
    assert format_percent(0.0) == "0.000%"
    assert format_percent(1.0) == "100.000%"
    assert format_percent(0.123456) == "12.346%"


@given(st.floats(0.0, 1.0) | st.integers(0, 64).map(lambda k: k / 64))
def test_format_percent_is_half_even_on_the_exact_double(p: float) -> None:
    # printf rounds the exact binary value of the double 100 * p, halves to even.
    exact = Decimal(100.0 * p).quantize(Decimal("0.001"), rounding=ROUND_HALF_EVEN)
    assert format_percent(p) == f"{exact}%"


def test_the_accepted_seed_case_prints_like_the_accepted_cpp() -> None:
    # 1 1 1 / 36 27 37: exactly 57.8125%, which UVa's accepted C++ prints as 57.812%.
    result = gg.solve(gg.GreatGameInputs(((36, 27, 37),), 1, 1))
    assert gg.format_judge(result) == "57.812%"
    assert gg.judge_answers(result) == ("57.812%", "57.813%")
    plain = gg.solve(gg.GreatGameInputs(((30, 30, 40), (50, 20, 30)), 2, 2))  # 79.318%
    assert not plain.tie and gg.judge_answers(plain) == ("79.318%",)


def test_ruin_probabilities_agree_with_exact_fractions() -> None:
    for q in (
        Fraction(1, 100),
        Fraction(49, 100),
        Fraction(1, 2) + Fraction(1, 10**9),
        Fraction(3, 5),
        Fraction(999, 1000),
    ):
        for w, lose in ((1, 1), (3, 7), (100, 100), (100, 1)):
            got = ruin_probabilities(float(q), w, lose)
            win, los = q.numerator, q.denominator - q.numerator
            # From lead s the match is one that is won W - s and lost L + s rounds away.
            for lead in range(-lose + 1, w):
                exact = exact_ruin(win, los, w - lead, lose + lead)
                assert math.isclose(got[lead + lose - 1], float(exact), rel_tol=1e-9, abs_tol=1e-15)
            assert np.all(np.diff(got) >= 0) and np.all((got >= 0) & (got <= 1))


def test_validation_messages() -> None:
    with pytest.raises(ValueError, match="row 2: percentages sum to 99, expected 100"):
        gg.GreatGameInputs(((30, 30, 40), (33, 33, 33)), 1, 1)
    with pytest.raises(ValueError, match="row 1: paper must be between 0 and 100"):
        gg.GreatGameInputs(((30, -1, 71),), 1, 1)
    with pytest.raises(ValueError, match="W must be between 1 and 100"):
        gg.GreatGameInputs(((30, 30, 40),), 0, 1)
    with pytest.raises(ValueError, match="L must be between 1 and 100"):
        gg.GreatGameInputs(((30, 30, 40),), 1, 101)
    with pytest.raises(ValueError, match="between 1 and 1000 throws"):
        gg.GreatGameInputs((), 1, 1)


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("1\nnot-a-number here\n", 2, "W must be an integer"),
        ("2 1 1\n30 30 40\n33 33 33\n0 0 0\n", 3, "row 2: percentages sum to 99"),
        ("2 1 1\n30 30 40\n30 x 40\n", 3, "paper percentage must be a number"),
        ("1 0 1\n30 30 40\n", 1, "W must be between 1 and 100"),
        ("1001 1 1\n", 1, "G (throws per round) must be between 0 and 1000"),
        ("1 1 1\n100 0 0\n2 1 1\n30 30 40\n", 4, "unexpected end of input"),
        ("1 1 1\n101 0 -1\n", 2, "rock percentage must be between 0 and 100"),
    ],
)
def test_parse_judge_names_the_line(text: str, line: int, fragment: str) -> None:
    with pytest.raises(JudgeFormatError) as info:
        gg.parse_judge(text)
    assert info.value.line == line
    assert fragment in info.value.reason


def test_parse_judge_reads_cases_until_the_terminator() -> None:
    cases = gg.parse_judge("1 1 1\n100 0 0\n2 3 4\n30 30 40\n 50.5 20 29.5\n0 0 0\n \n")
    assert len(cases) == 2
    assert cases[1].percentages == ((30, 30, 40), (50.5, 20, 29.5))
    assert (cases[1].win_by, cases[1].lose_by, cases[1].throws) == (3, 4, 2)
    assert len(gg.parse_judge("1 1 1\n100 0 0\n")) == 1
    with pytest.raises(JudgeFormatError, match="line 3: unexpected extra input '9'"):
        gg.parse_judge("1 1 1\n100 0 0\n0 0 0 9 9 9\n")


def test_csv_rows() -> None:
    inputs = gg.GreatGameInputs(((30, 30, 40), (100, 0, 0)), 2, 3)
    before = gg.csv_rows(inputs, None)
    assert before == [
        [
            "throw",
            "rock (%)",
            "paper (%)",
            "scissors (%)",
            "throws per round (G)",
            "lead that wins the match (W)",
            "deficit that loses the match (L)",
        ],
        ["1", "30", "30", "40", "2", "2", "3"],
        ["2", "100", "0", "0", "", "", ""],
    ]
    result = gg.solve(inputs)
    rows_ = gg.csv_rows(inputs, result)
    header = rows_[0]
    assert len(rows_) == 1 + 2, "one row per throw: no summary rows among them"
    assert all(len(r) == len(header) == 4 + 5 + 3 + 6 + 6 for r in rows_), "as wide as the header"
    assert all(header), "every column is named"
    assert header[4:9] == [f"best hand at round score {d}" for d in ("-2", "-1", "0", "+1", "+2")]
    # How the solver searched is no business of a spreadsheet reader.
    assert not any("method" in title or "DP" in title or "passes" in title for title in header)
    first = dict(zip(header, rows_[1], strict=True))
    assert first["answer as the judge prints it"] == result.answer
    assert float(first["share of decided rounds won (%)"]) == round(100 * result.ratio, 4)
    assert float(first["round won, best play (%)"]) == round(100 * result.round_win, 4)
    assert float(first["match win probability (%)"]) == round(100 * result.probability, 4)
    leads = [t for t in header if t.startswith("match win probability at the start")]
    assert [t.split("lead ")[1].split(" ")[0] for t in leads] == ["-3", "-2", "-1", "0", "+1", "+2"]
    assert float(first[leads[0]]) == 0 and float(first[leads[3]]) == round(
        100 * result.probability, 4
    )
    assert all(cell == "" for cell in rows_[2][9:]), "the match's numbers on the first row only"
    assert rows_[2][4:9] == ["", "paper", "paper", "rock or paper", ""]
    assert rows_[1][6] == "rock or paper or scissors"  # q = 1 whatever the first hand


def test_csv_names_decided_cells_and_rounds_numbers() -> None:
    inputs = gg.GreatGameInputs(((50, 25, 25),) * 3, 1, 1)
    rows_ = gg.csv_rows(inputs, gg.solve(inputs))
    policy = {r[0]: r[4:11] for r in rows_[1:]}
    assert policy["3"][1] == policy["3"][-2] == "any hand (round decided)"  # scores -2 and +2
    assert policy["3"][0] == policy["3"][-1] == ""  # scores -3 and +3 cannot happen
    numbers = [c for c in rows_[1][13:] if c.replace(".", "").isdigit()]
    assert numbers and all(len(n.partition(".")[2]) <= 4 for n in numbers)


def test_empty_or_terminator_only_input_has_no_case() -> None:
    for text in ("", "  \n\n", "0 0 0\n", "0 0 0\r\n\r\n"):
        assert gg.parse_judge(text) == []
    with pytest.raises(JudgeFormatError, match="line 2: unexpected extra input '1'"):
        gg.parse_judge("0 0 0\n1 1 1\n100 0 0\n")


def test_progress_is_reported_and_can_cancel() -> None:
    seen: list[float] = []
    inputs = gg.GreatGameInputs(((34, 33, 33),) * 300, 10, 10)
    gg.solve(inputs, seen.append)
    assert seen[0] == 0.0 and seen[-1] == 1.0
    assert all(0 <= f <= 1 for f in seen) and len(seen) > 10

    def stop(fraction: float) -> None:
        if fraction > 0.2:
            raise Cancelled

    with pytest.raises(Cancelled):
        gg.solve(inputs, stop)


def test_example_file_is_a_valid_instructive_case() -> None:
    from importlib.resources import files

    text = files("resources").joinpath("examples/greatgame.txt").read_text()
    (inputs,) = gg.parse_judge(text)
    result = gg.solve(inputs)
    assert 0.5 < result.probability < 0.99
    assert any(len(gg.hands_of_mask(int(c))) in (2, 3) for row in result.policy[:5] for c in row)
