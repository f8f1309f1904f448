"""What if (issue 23): every row of every sweep equals a direct solve with that value.

Random small inputs of every game, every sweep that fits them, random items and
ranges: the rows (shared work included: Great Game's round, the Grundy sequence,
Dice Yut's turns) must be what ``solve`` gives for the changed inputs. The changed
inputs themselves are checked by plain computations, and the split into worker
jobs must give the same rows.
"""

from __future__ import annotations

import dataclasses
import math
import pickle
import random
from decimal import Decimal
from typing import Any

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import solvers
from solvers.nim import NimInputs, Rule
from solvers.protocol import Cancelled, Sweep, TooBig
from solvers.sweep import (
    applicable,
    find_sweep,
    parse_range,
    run_job,
    split,
    sweep,
    sweep_values,
)
from solvers.yut import ExpectInputs, uniform


@st.composite
def nim_inputs(draw: st.DrawFn) -> NimInputs:
    piles = tuple(draw(st.lists(st.integers(0, 30), min_size=1, max_size=4)))
    rule = draw(st.sampled_from(list(Rule)))
    subtraction = ()
    if rule is Rule.SUBTRACTION:
        subtraction = tuple(sorted(draw(st.sets(st.integers(1, 7), min_size=1, max_size=3))))
    return NimInputs(piles, rule, subtraction)


@st.composite
def expect_inputs(draw: st.DrawFn) -> ExpectInputs:
    faces = draw(st.integers(1, 5))
    weights = draw(st.lists(st.integers(0, 4), min_size=faces, max_size=faces))
    if sum(weights) == 0:
        probabilities = uniform(faces)
    else:
        probabilities = tuple(w / sum(weights) for w in weights)
    return ExpectInputs(draw(st.integers(1, 5)), draw(st.integers(1, 3)), probabilities)


def inputs_of(game: str) -> st.SearchStrategy[Any]:
    if game == "nim":
        return nim_inputs()
    module = solvers.load(game)
    generated = st.builds(lambda seed: module.generate(random.Random(seed), "small"), st.integers())
    return st.one_of(generated, expect_inputs()) if game == "yut" else generated


@st.composite
def plans(draw: st.DrawFn, game: str, name: str) -> tuple[Any, Sweep, int, list[float]]:
    """Inputs the sweep ``name`` fits, an item and a short range inside its bounds."""
    sweep_found = next(s for s in solvers.load(game).SWEEPS if s.name == name)
    inputs = draw(inputs_of(game).filter(sweep_found.fits))
    index = draw(st.integers(1, sweep_found.count(inputs))) if sweep_found.count else 1
    lo, hi = sweep_found.bounds(inputs, index)
    if sweep_found.kind == "int":
        # A short range (the costly sweeps have small bounds anyway) anywhere inside.
        start = draw(st.integers(int(lo), int(min(hi, lo + 60))))
        stop = draw(st.integers(start, min(int(hi), start + 6)))
        step = str(draw(st.integers(1, 3)))
    else:
        start = draw(st.sampled_from([lo, hi, (lo + hi) / 2, lo + (hi - lo) / 3]))
        stop = draw(st.sampled_from([hi, start]))
        parts = draw(st.sampled_from([0, 3, 4, 7]))  # 0: the default step
        step = str(Decimal(hi - lo) / parts) if parts and hi > lo else ""
    texts = (str(Decimal(start)), str(Decimal(stop)), step)
    return inputs, sweep_found, index, sweep_values(sweep_found, inputs, index, *texts)


def direct(game: str, inputs: Any, found: Sweep, index: int, value: float) -> tuple[float, ...]:
    changed = found.apply(inputs, value, index)
    return (value, *found.measure(solvers.load(game).solve(changed)))


def grundy(subtraction: tuple[int, ...], x: int) -> int:
    """g(x) of a subtraction game by its definition: the mex of the moves' values."""
    values: list[int] = []
    for y in range(x + 1):
        reachable = {values[y - s] for s in subtraction if s <= y}
        values.append(next(g for g in range(len(reachable) + 1) if g not in reachable))
    return values[x]


def check_changed(game: str, inputs: Any, found: Sweep, index: int, value: float) -> None:
    """The changed inputs hold ``value`` where swept and keep everything else."""
    changed = found.apply(inputs, value, index)
    assert found.current(changed, index) == pytest.approx(value)
    if game == "greatgame" and found.indexed:
        before, after = inputs.percentages[index - 1], changed.percentages[index - 1]
        assert math.fsum(after) == pytest.approx(100.0)
        hand = ("rock", "paper", "scissors").index(found.name)
        others = [h for h in range(3) if h != hand]
        if before[others[0]] + before[others[1]] > 0:
            # The other two hands keep their ratio.
            assert after[others[0]] * before[others[1]] == pytest.approx(
                after[others[1]] * before[others[0]], abs=1e-9
            )
        rest = changed.percentages[: index - 1] + changed.percentages[index:]
        assert rest == inputs.percentages[: index - 1] + inputs.percentages[index:]
    if game == "xoinc" and found.name == "coins":
        assert changed.coins == inputs.coins[: int(value)]


EVERY_SWEEP = [(game, s.name) for game in solvers.GAMES for s in solvers.load(game).SWEEPS]


def test_every_game_declares_the_sweeps_of_the_issue() -> None:
    names = {game: {s.name for s in solvers.load(game).SWEEPS} for game in solvers.GAMES}
    assert names == {
        "yut": {"turns", "pieces", "faces", "throw"},
        "coverup": {"p", "m"},
        "greatgame": {"W", "L", "rock", "paper", "scissors"},
        "xoinc": {"coins", "coin"},
        "nim": {"pile", "size"},
    }
    inputs = solvers.load("nim").example()
    assert {s.name for s in applicable("nim", inputs)} == {"pile"}


@pytest.mark.parametrize(("game", "name"), EVERY_SWEEP)
@settings(max_examples=examples(80))
@given(data=st.data())
def test_every_row_equals_a_direct_solve(game: str, name: str, data: st.DataObject) -> None:
    inputs, found, index, values = data.draw(plans(game, name))
    key = found.key(index)
    rows = list(sweep(game, inputs, key, values))
    assert [row[0] for row in rows] == values
    for row, value in zip(rows, values, strict=True):
        assert row == direct(game, inputs, found, index, value)
        assert len(row) == 1 + len(found.answers)
        check_changed(game, inputs, found, index, value)
    if game == "nim" and found.name == "size":
        assert [row[1] for row in rows] == [grundy(inputs.subtraction, int(v)) for v in values]
    jobs = split(game, inputs, key, values, parts=3)
    assert len(jobs) == (1 if found.batch else min(3, len(values)))
    pieces = [row for job in pickle.loads(pickle.dumps(jobs)) for row in run_job(job)]
    assert sorted(pieces) == sorted(rows)


def test_the_held_out_sweeps_reuse_and_agree() -> None:
    """Dice Yut's turns 1..8 with 4 pieces: one backward pass, each turn as its own solve."""
    inputs = ExpectInputs(10, 4)
    rows = list(sweep("yut", inputs, "turns", list(range(1, 9)), {"expected": True}))
    for turns, expected, rounded in rows:
        alone = solvers.load("yut").solve(dataclasses.replace(inputs, turns=turns)).expected
        assert expected == alone
        assert rounded == float(f"{alone:.3f}")


def test_great_game_gaps_search_the_round_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from solvers.greatgame import sweeps

    calls = []
    real = sweeps.search_ratio
    monkeypatch.setattr(sweeps, "search_ratio", lambda *a, **k: calls.append(1) or real(*a, **k))
    inputs = solvers.load("greatgame").example()
    assert len(list(sweep("greatgame", inputs, "W", list(range(1, 30))))) == 29
    assert calls == [1]


def test_ranges_are_read_exactly_and_stop_is_included() -> None:
    inputs = solvers.load("coverup").example()
    found, index = find_sweep("coverup", "p1", inputs)
    assert parse_range(found, inputs, index, "0:1:0.1") == [k / 10 for k in range(11)]
    assert parse_range(found, inputs, index, "0.2:0.4")[-1] == 0.4
    assert len(parse_range(found, inputs, index, "0:1")) == 21
    gg = solvers.load("greatgame").example()
    w, _ = find_sweep("greatgame", "W", gg)
    assert parse_range(w, gg, 1, "1:8") == list(range(1, 9))
    assert parse_range(w, gg, 1, "1:8:3") == [1, 4, 7]
    assert parse_range(w, gg, 1, "5:5") == [5]


@pytest.mark.parametrize(
    ("game", "key", "text", "reason"),
    [
        (
            "greatgame",
            "W",
            "0:8",
            "START: W (rounds ahead to win the match) must be between 1 and 100",
        ),
        ("greatgame", "W", "1:101", "STOP"),
        ("greatgame", "W", "8:1", "must not be below START"),
        ("greatgame", "W", "1:8:0", "STEP must be above 0"),
        ("greatgame", "W", "1:8:x", "STEP must be a number"),
        ("greatgame", "W", "1.5:8", "START must be a whole number"),
        ("greatgame", "W", "1-8", "START:STOP"),
        ("nim", "pile1", "0:20000", "at most 10,000"),
        ("coverup", "p1", "0:1:0.0001", "use a larger step or a shorter range"),
    ],
)
def test_bad_ranges_say_why(game: str, key: str, text: str, reason: str) -> None:
    inputs = solvers.load(game).example()
    found, index = find_sweep(game, key, inputs)
    with pytest.raises(ValueError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        parse_range(found, inputs, index, text)


def test_too_many_points_is_too_big() -> None:
    inputs = solvers.load("nim").example()
    found, index = find_sweep("nim", "pile1", inputs)
    with pytest.raises(TooBig, match="use a larger step"):
        parse_range(found, inputs, index, "0:20000")
    with pytest.raises(TooBig):
        list(sweep("nim", inputs, "pile1", list(range(20_000))))


@pytest.mark.parametrize(
    ("game", "key", "reason"),
    [
        ("nim", "pile99", "pile 99 does not exist"),
        ("nim", "heap", "unknown sweep 'heap' .*pile1, size"),
        ("nim", "size", "size cannot be swept for these inputs \\(it needs --subtract\\)"),
        ("greatgame", "W2", "unknown sweep"),
        ("yut", "turns", "it needs --expected"),
    ],
)
def test_unknown_or_unfit_sweeps_say_why(game: str, key: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        find_sweep(game, key, solvers.load(game).example())


def test_values_are_checked_before_any_solve() -> None:
    inputs = solvers.load("greatgame").example()
    with pytest.raises(ValueError, match="between 1 and 100, got 0"):
        list(sweep("greatgame", inputs, "W", [0, 1]))
    with pytest.raises(ValueError, match="can only be swept with --expected"):
        list(sweep("yut", ExpectInputs(), "turns", [1], {"expected": False}))
    coverup = solvers.load("coverup")
    no_candidate = coverup.CoverUpInputs((coverup.Column(3, 0, 0.0),))
    with pytest.raises(ValueError, match="between 0 and 0"):
        list(sweep("coverup", no_candidate, "p1", [0.5]))


@pytest.mark.parametrize(
    ("game", "key", "values"), [("greatgame", "W", [1, 2, 3]), ("xoinc", "coins", [1, 2, 3])]
)
def test_progress_runs_from_0_to_1_and_cancel_stops_the_sweep(
    game: str, key: str, values: list[float]
) -> None:
    inputs = solvers.load(game).example()
    seen: list[float] = []
    rows = list(sweep(game, inputs, key, values, progress=seen.append))
    assert len(rows) == 3 and seen[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in seen) and seen == sorted(seen)

    def cancel(fraction: float) -> None:
        raise Cancelled

    with pytest.raises(Cancelled):
        list(sweep(game, inputs, key, values, progress=cancel))


def test_great_game_near_rounding_ties_record_the_policy_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From W = 13 on this match is within 1e-6 of 96.9375% (an exact half of the last
    digit): each such value is decided in integers from the round's policy, recorded once."""
    import solvers.greatgame as greatgame

    inputs = greatgame.GreatGameInputs(((6, 14, 80),), 4, 2)
    passes = []
    real = greatgame.policy_pass
    monkeypatch.setattr(greatgame, "policy_pass", lambda *a, **k: passes.append(1) or real(*a, **k))
    rows = list(sweep("greatgame", inputs, "W", list(range(10, 31))))
    assert passes == [1]
    monkeypatch.setattr(greatgame, "policy_pass", real)
    found, _ = find_sweep("greatgame", "W", inputs)
    for row in rows:
        assert row == direct("greatgame", inputs, found, 1, row[0])
    # The exact values are at or just above the half, which rounds up.
    assert [row[2] for row in rows if row[0] >= 13] == [96.938] * 18


def test_a_share_never_leaves_another_hand_below_zero() -> None:
    from solvers.greatgame import GreatGameInputs
    from solvers.greatgame.sweeps import with_share

    # Paper at 0.1%: rock takes 99.9 * 3/3 in floats, and 99.9 - that was -8.9e-16.
    moved = with_share(GreatGameInputs(((3.0, 97.0, 0.0),), 1, 1), 1, 0.1, 1)
    assert min(moved.percentages[0]) >= 0.0
