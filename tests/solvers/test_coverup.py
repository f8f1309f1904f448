"""Cover Up solver against the exhaustive oracle, and its policy table."""

from __future__ import annotations

import json
from pathlib import Path

import brute_coverup as brute
import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import coverup as cu
from solvers.protocol import jsonable

Triplet = tuple[int, int, float]
SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "coverup"


@st.composite
def column(draw: st.DrawFn, max_m: int = 4) -> Triplet:
    m = draw(st.integers(1, max_m))
    known = draw(st.integers(0, m - 1))
    if known == 0:
        return (m, 0, 0.0)
    p = draw(
        st.one_of(
            st.sampled_from([0.0, 1.0, 0.5, 0.9]),
            st.floats(0.0, 1.0).map(lambda x: round(x, 3)),
        )
    )
    return (m, known, p)


@st.composite
def game(draw: st.DrawFn, max_n: int = 3, max_m: int = 4) -> list[Triplet]:
    """Columns, often with repeats so that symmetric states get merged."""
    distinct = draw(st.lists(column(max_m), min_size=1, max_size=max_n))
    n = draw(st.integers(1, max_n))
    picks = draw(st.lists(st.integers(0, len(distinct) - 1), min_size=n, max_size=n))
    return [distinct[i] for i in picks]


def solve(cols: list[Triplet]) -> cu.CoverUpResult:
    return cu.solve(cu.CoverUpInputs.from_triplets(cols))


def as_brute(state: cu.State) -> list[tuple[int, int] | None]:
    return list(state.columns)


def as_kinds(picks: tuple[cu.Pick | None, ...]) -> tuple[str | None, ...]:
    return tuple(None if p is None else ("c" if p is cu.Pick.CANDIDATE else "o") for p in picks)


@settings(max_examples=examples(2000), deadline=None)
@given(game())
def test_value_matches_exhaustive_recursion(cols: list[Triplet]) -> None:
    assert solve(cols).value == pytest.approx(brute.value(cols), abs=1e-10)


@settings(max_examples=examples(60), deadline=None)
@given(game(max_n=4, max_m=5))
def test_value_matches_exhaustive_recursion_up_to_four_columns(cols: list[Triplet]) -> None:
    assert solve(cols).value == pytest.approx(brute.value(cols), abs=1e-10)


@settings(max_examples=examples(300), deadline=None)
@given(game())
def test_every_policy_row_and_alternative_matches_the_oracle(cols: list[Triplet]) -> None:
    result = solve(cols)
    entries = result.entries()
    assert len(entries) == len(result.policy) >= 1
    for entry in entries:
        oracle = brute.pick_values(cols, as_brute(entry.state))
        assert entry.value == pytest.approx(max(oracle.values()), abs=1e-10)
        assert oracle[as_kinds(entry.picks)] == pytest.approx(entry.value, abs=1e-10)
        assert {as_kinds(a.picks) for a in entry.alternatives} == set(oracle)
        for alt in entry.alternatives:
            assert alt.value == pytest.approx(oracle[as_kinds(alt.picks)], abs=1e-10)
        assert entry.alternatives[0].picks == entry.picks


@settings(max_examples=examples(200), deadline=None)
@given(game())
def test_csv_says_optimal_for_ties_and_prints_a_worse_row_below_the_best(
    cols: list[Triplet],
) -> None:
    result = solve(cols)
    rows = iter(cu.csv_rows(result.inputs, result)[1:])
    for entry in result.policy:
        oracle = brute.pick_values(cols, as_brute(entry.state))
        top = max(oracle.values())
        state_rows = [next(rows) for _ in entry.alternatives]
        printed_best = float(state_rows[0][-3])
        assert len({len(row[-3]) for row in state_rows}) == 1, "one number of decimals a state"
        for alternative, row in zip(entry.alternatives, state_rows, strict=True):
            gap = top - oracle[as_kinds(alternative.picks)]
            if gap > 1e-9:
                assert row[-2] == "no" and float(row[-3]) < printed_best
            elif gap < 1e-13:
                assert row[-2] == "yes"
            assert float(row[-3]) == pytest.approx(alternative.value, abs=1e-6)
    assert next(rows, None) is None


def follow_policy(result: cu.CoverUpResult, cols: list[Triplet], state: cu.State) -> float:
    """Winning probability of always playing ``result.entry(state).picks`` (oracle odds)."""
    if state.won:
        return 1.0
    picks = result.entry(state).picks
    open_ = [i for i, s in enumerate(state.columns) if s is not None]
    hits = {i: brute._hit(cols[i], state.columns[i], as_kinds(picks)[i]) for i in open_}  # type: ignore[arg-type]
    total = 0.0
    for mask in range(1, 2 ** len(open_)):
        right = {c for k, c in enumerate(open_) if mask >> k & 1}
        prob = 1.0
        for i in open_:
            prob *= hits[i] if i in right else 1.0 - hits[i]
        if prob > 0:
            after = cu.advance(result.inputs, state, picks, right)
            assert after is not None
            total += prob * follow_policy(result, cols, after)
    return total


@settings(max_examples=examples(150), deadline=None)
@given(game(max_n=4, max_m=4))
def test_following_the_policy_in_every_state_achieves_the_value(cols: list[Triplet]) -> None:
    """Also checks lookups of states whose identical columns are out of canonical order."""
    result = solve(cols)
    start = cu.initial_state(result.inputs)
    assert follow_policy(result, cols, start) == pytest.approx(result.value, abs=1e-10)


def test_samples_and_brute_verified_cases_in_process() -> None:
    for path in sorted(SAMPLES.glob("*.in")):
        got = "".join(cu.format_judge(cu.solve(c)) + "\n" for c in cu.parse_judge(path.read_text()))
        assert got == path.with_suffix(".out").read_text(), path.name


def test_judge_size_case_matches_the_oracle() -> None:
    cols = [(10, 1, 0.9), (10, 1, 0.9), (10, 1, 0.9), (10, 1, 0.9), (10, 1, 0.9)]
    # brute.value(cols) takes about a second; its value is pinned here.
    assert solve(cols).value == pytest.approx(0.7129571137529851, abs=1e-12)
    mixed = [(10, 5, 0.5), (10, 1, 0.9), (10, 3, 0.7), (10, 4, 0.6)]
    assert solve(mixed).value == pytest.approx(brute.value(mixed), abs=1e-12)


def test_reserve_picks_are_labelled_on_the_show_layout() -> None:
    cols = [(2, 1, 0.9), (3, 1, 0.6), (4, 1, 0.5), (5, 1, 0.4), (6, 1, 0.4)]
    first = solve(cols).first
    assert as_kinds(first.picks) == ("c", "o", "o", "o", "o")
    assert first.reserve == (False, True, True, True, True)
    assert first.hits[1] == pytest.approx(0.2)
    greedy = next(a for a in first.alternatives if as_kinds(a.picks) == ("c",) * 5)
    assert not any(greedy.reserve)
    assert greedy.value < first.value - 0.1


def test_a_known_wrong_digit_can_be_the_strictly_best_pick() -> None:
    cols = [(5, 0, 0.0), (3, 2, 0.0), (2, 1, 0.9), (6, 2, 0.0)]
    first = solve(cols).first
    assert first.hits[1] == 0.0 and first.reserve[1]
    oracle = brute.pick_values(cols, [(0, 5), (2, 1), (1, 1), (2, 4)])
    assert oracle[as_kinds(first.picks)] > max(v for k, v in oracle.items() if k[1] == "o") + 1e-3


def test_ties_prefer_the_likeliest_digits() -> None:
    # Uniform columns: every combination is worth the same, no pick is a reserve pick.
    first = solve([(10, 5, 0.5)] * 3).first
    assert len({round(a.value, 12) for a in first.alternatives}) == 1
    assert not any(first.reserve)


def test_merged_symmetric_columns_shrink_the_table() -> None:
    same = solve([(6, 2, 0.7)] * 4)
    different = solve([(6, 2, 0.7), (6, 2, 0.71), (6, 2, 0.72), (6, 2, 0.73)])
    assert len(same.policy) < len(different.policy) / 4
    assert same.value == pytest.approx(solve([(6, 2, 0.7)] * 4).value)


def test_single_digit_and_certain_columns() -> None:
    assert solve([(1, 0, 0.0)]).value == 1.0
    assert solve([(1, 0, 0.0)] * 5).value == 1.0
    assert solve([(4, 1, 1.0)] * 5).value == pytest.approx(1.0)
    assert cu.format_judge(solve([(2, 1, 0.0), (3, 2, 1.0)])) == "1"


def test_result_is_jsonable() -> None:
    result = solve([(3, 1, 0.8), (2, 0, 0.0)])
    text = json.dumps(jsonable(result))
    data = json.loads(text)
    assert data["value"] == pytest.approx(result.value)
    assert data["first"]["picks"] == [p.value for p in result.first.picks]
    # The policy of every state stays with the result; JSON carries the first turn in full.
    assert data["states"] == len(result.policy) == len(result.entries())
    alternatives = data["first"]["alternatives"]
    assert [a["value"] for a in alternatives] == [a.value for a in result.first.alternatives]
    assert len(alternatives) == 2  # the second column has no likely digit to pick


def test_progress_is_reported_within_bounds() -> None:
    seen: list[float] = []
    cu.solve(cu.CoverUpInputs.from_triplets([(10, 3, 0.7)] * 3), progress=seen.append)
    assert seen[0] == 0.0 and seen[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in seen) and seen == sorted(seen)


def test_cancel_through_progress_stops_the_solve() -> None:
    from solvers.protocol import Cancelled

    def cancel(fraction: float) -> None:
        if fraction > 0:
            raise Cancelled

    with pytest.raises(Cancelled):
        cu.solve(cu.CoverUpInputs.from_triplets([(10, 3, 0.7)] * 5), progress=cancel)
