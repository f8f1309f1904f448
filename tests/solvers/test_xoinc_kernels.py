"""Xoinc: the game protocol, the Python and NumPy kernels, the value table, and the bounds."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest
from brute_xoinc import take_values
from budget import examples
from contract import check_generate_and_shrink, check_module
from hypothesis import given, settings
from hypothesis import strategies as st
from test_xoinc import coin_stacks

from solvers import xoinc
from solvers.protocol import Cancelled, GameModule, JudgeFormatError, TooBig
from solvers.xoinc import table as table_module
from solvers.xoinc.cases import JUDGE_MAX_COINS
from solvers.xoinc.kernel import numpy_rows
from solvers.xoinc.table import (
    NUMPY_LOADED_FROM,
    ValueTable,
    build_table,
    python_rows,
    suffix_sums,
    table_bytes,
)


def test_protocol_contract() -> None:
    assert isinstance(xoinc, GameModule)
    check_module(xoinc)
    check_generate_and_shrink(xoinc)
    assert xoinc.TITLE == "Xoinc" and xoinc.OPTIONS == ()
    assert xoinc.Inputs is xoinc.XoincInputs and xoinc.Result is xoinc.XoincResult


def test_example_is_the_shipped_file() -> None:
    text = (files("resources") / "examples" / "xoinc.txt").read_text(encoding="utf-8")
    assert xoinc.example() == xoinc.parse_judge(text)[0]
    assert xoinc.format_judge(xoinc.solve(xoinc.example())) == "177"


@settings(max_examples=examples(200), deadline=None)
@given(coin_stacks)
def test_format_input_reads_back(coins: tuple[int, ...]) -> None:
    inputs = xoinc.XoincInputs(coins)
    text = xoinc.format_input(inputs)
    assert text.endswith("\n") and xoinc.parse_judge(text) == [inputs]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.integers(1, xoinc.MAX_VALUE), min_size=1, max_size=120).map(tuple))
def test_numpy_and_python_kernels_agree(coins: tuple[int, ...]) -> None:
    suffix = suffix_sums(coins)
    plain = python_rows(suffix)
    vector = numpy_rows(suffix)
    for r, row in enumerate(plain):
        assert row[1:] == vector[r][1 : len(row)].tolist(), r


@settings(max_examples=examples(60), deadline=None)
@given(coin_stacks, st.data())
def test_numpy_table_values_match_brute_force(coins: tuple[int, ...], data: st.DataObject) -> None:
    suffix = suffix_sums(coins)
    values = ValueTable(coins, suffix, numpy_rows(suffix))
    top = data.draw(st.integers(0, len(coins) - 1))
    allowance = data.draw(st.integers(1, len(coins) + 2))
    assert values.take_values(len(coins) - top, allowance) == take_values(coins, top, allowance)


def test_both_kernels_used_and_agree_around_the_switch() -> None:
    rng = random.Random(5)
    assert "numpy" in sys.modules  # as in the GUI: then NumPy pays from fewer coins on
    for n in (NUMPY_LOADED_FROM - 1, NUMPY_LOADED_FROM):
        coins = tuple(rng.randint(1, xoinc.MAX_VALUE) for _ in range(n))
        table = xoinc.solve(xoinc.XoincInputs(coins)).values
        uses_numpy = not isinstance(table._rows, list)
        assert uses_numpy == (n >= NUMPY_LOADED_FROM)
        suffix = suffix_sums(coins)
        other = ValueTable(coins, suffix, python_rows(suffix) if uses_numpy else numpy_rows(suffix))
        for left in range(1, n + 1, 7):
            assert table.take_values(left, 2 * left) == other.take_values(left, 2 * left)


@pytest.mark.parametrize("kernel", ["python", "numpy"])
def test_progress_of_both_kernels_is_frequent_and_cancels(
    kernel: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    n = 1000
    monkeypatch.setattr(table_module, "NUMPY_LOADED_FROM", n + (kernel == "python"))
    seen: list[float] = []
    inputs = xoinc.XoincInputs(tuple(range(1, n + 1)))
    result = xoinc.solve(inputs, seen.append)
    assert isinstance(result.values._rows, list) == (kernel == "python")
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) >= n // 130

    def cancel(fraction: float) -> None:
        if 0 < fraction < 1:
            raise Cancelled

    with pytest.raises(Cancelled):
        xoinc.solve(inputs, cancel)


def test_result_pickles_with_its_table() -> None:
    for coins in ((1, 3, 1, 7, 2), tuple(range(1, NUMPY_LOADED_FROM + 50))):
        result = xoinc.solve(xoinc.XoincInputs(coins))
        back = pickle.loads(pickle.dumps(result))
        assert back == result
        assert back.values.take_values(len(coins), 2) == result.values.take_values(len(coins), 2)
        state = pickle.loads(pickle.dumps(xoinc.new_game(result.inputs)))
        assert state.values() == xoinc.new_game(result.inputs).values()


def test_too_many_coins_is_refused_with_what_to_reduce() -> None:
    with pytest.raises(TooBig, match=r"at most 5000 coins, got 5001 .*: use fewer coins"):
        xoinc.XoincInputs((1,) * 5001)
    # The bound holds for the table too, before anything is allocated.
    with pytest.raises(TooBig, match=r"got 1000000 .*MB.*use fewer coins"):
        build_table((1,) * 10**6)
    assert table_bytes(xoinc.MAX_COINS) < 40 * 2**20


def test_huge_judge_files_are_refused_on_their_first_line() -> None:
    with pytest.raises(JudgeFormatError) as caught:
        xoinc.parse_judge("\n\n1000000\n" + "7\n" * 10**6)
    assert caught.value.line == 3 and "between 1 and 5000, got 1000000" in caught.value.reason
    with pytest.raises(JudgeFormatError) as caught:
        xoinc.parse_judge("3\n1 2 3\n4 " + "9 " * 10**6)
    assert caught.value.line == 3 and "unexpected extra input '4'" in caught.value.reason
    with pytest.raises(JudgeFormatError, match="a word longer than 4,096 characters"):
        xoinc.parse_judge("9" * 5000 + "x\n")
    with pytest.raises(JudgeFormatError, match="must be an integer"):
        xoinc.parse_judge("9" * 50 + "x\n")
    with pytest.raises(JudgeFormatError, match="between 1 and 5000"):
        xoinc.parse_judge("0" * 10 + "9" * 10 + "\n1\n")


def test_generate_hits_the_edges() -> None:
    rng = random.Random(1)
    small = [xoinc.generate(rng, "small").coins for _ in range(200)]
    judge = [xoinc.generate(rng, "judge").coins for _ in range(200)]
    biggest = xoinc.generate(rng, "max").coins
    assert {len(c) for c in small} >= {1, 2, 12} and max(len(c) for c in small) <= 12
    assert any(len(c) > 2 and len(set(c)) == 1 for c in small + judge)
    assert any(set(c) == {xoinc.MAX_VALUE} for c in judge)
    assert {1, 2, JUDGE_MAX_COINS} <= {len(c) for c in judge}
    assert max(len(c) for c in judge) == JUDGE_MAX_COINS == len(biggest)
    with pytest.raises(ValueError, match="size must be one of"):
        xoinc.generate(rng, "huge")


@settings(max_examples=examples(100), deadline=None)
@given(coin_stacks)
def test_shrink_candidates_are_strictly_smaller(coins: tuple[int, ...]) -> None:
    seen = set()
    for smaller in xoinc.shrink(xoinc.XoincInputs(coins)):
        candidate = smaller.coins
        assert candidate not in seen
        seen.add(candidate)
        fewer = len(candidate) < len(coins)
        lower = (
            len(candidate) == len(coins)
            and all(a <= b for a, b in zip(candidate, coins, strict=True))
            and sum(candidate) < sum(coins)
        )
        assert fewer or lower
    # Every one-coin-less stack and every coin lowered to 1 is proposed.
    assert all(coins[:i] + coins[i + 1 :] in seen for i in range(len(coins)) if len(coins) > 1)
    assert all((*coins[:i], 1, *coins[i + 1 :]) in seen for i in range(len(coins)) if coins[i] > 1)


def test_one_small_case_needs_no_numpy() -> None:
    """The CLI on a small stack must not pay for importing NumPy (issue 12)."""
    code = (
        "import sys; from solvers import xoinc; "
        "print(xoinc.format_judge(xoinc.solve(xoinc.parse_judge('5 1 3 1 7 2')[0]))); "
        "print(sorted(m for m in sys.modules if m.startswith(('numpy', 'solvers.xoinc.'))))"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    # The sweeps' declarations (issue 23) are plain data: 0.2 ms, no NumPy.
    assert done.stdout.split("\n", 1) == ["9", "['solvers.xoinc.sweeps', 'solvers.xoinc.table']\n"]


def test_a_numpy_table_travels_packed_and_reads_the_same() -> None:
    rng = random.Random(12)
    coins = tuple(rng.randint(1, xoinc.MAX_VALUE) for _ in range(1400))
    game = xoinc.new_game(xoinc.XoincInputs(coins))
    data = pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
    # The rectangular table holds (N + 1) * (N // 3 + 1) int32; about half are ever read.
    assert len(data) < 0.6 * (len(coins) + 1) * (len(coins) // 3 + 1) * 4
    copy = pickle.loads(data)
    for left in range(0, len(coins) + 1, 3):
        for allowance in (1, 2, 3, 8, 50, 2 * len(coins)):
            assert copy.table.take_values(left, allowance) == game.table.take_values(
                left, allowance
            )
    assert pickle.loads(pickle.dumps(copy)).table.best_total(len(coins), 2) == (
        xoinc.solve(xoinc.XoincInputs(coins)).first_total
    )
