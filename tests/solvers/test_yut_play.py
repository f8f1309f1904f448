"""Dice Yut as a game module: the protocol, play states, generate/shrink, work bounds."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest
from brute_yut import brute_max
from contract import check_generate_and_shrink, check_module, play_through
from hypothesis import given
from hypothesis import strategies as st
from test_yut_cli import run
from yut_boards import branchy_board

from solvers import yut
from solvers.protocol import OptionError, TooBig, parse_options
from solvers.yut import ExpectGame, ExpectInputs, YutInputs, new_game, solve, standard_board

ROOT = Path(__file__).resolve().parents[2]


def test_module_contract() -> None:
    check_module(yut)
    check_generate_and_shrink(yut)


def test_known_game_values_are_best_totals() -> None:
    inputs = YutInputs((1, 2, 3, 4, 1, 2, 3, 4, 1, 2))
    game = new_game(inputs)
    assert game.to_move == 0 and not game.over
    assert max(game.values().values()) == 190
    for seed in range(3):
        end = play_through(game, random.Random(seed))
        assert end.over and end.score <= 190
    # Always the best move: the judge answer.
    while not game.over:
        values = game.values()
        game = game.play(max(values, key=values.__getitem__))
    assert game.score == 190 == brute_max(standard_board(), inputs.throws)


def test_known_game_refuses_illegal_moves() -> None:
    game = new_game(YutInputs((1, 1)))
    assert game.moves() == [1, 2, 3, 4]
    after = game.play(1)
    assert after.positions[0] == "o2" and after.total == 2 and after.last == (1, ("o2",))
    with pytest.raises(ValueError):
        game.play(7)
    with pytest.raises(ValueError):
        game.play("1")
    with pytest.raises(ValueError):
        after.play(1).play(1)


def test_expect_game_alternates_chance_and_choice() -> None:
    inputs = ExpectInputs(3, 2)
    game = new_game(inputs)
    assert isinstance(game, ExpectGame) and game.to_move == "chance"
    assert game.chances() == dict.fromkeys(range(1, 6), pytest.approx(0.2))
    result = solve(inputs)
    assert math.isclose(game.expected, result.expected)
    thrown = game.play(5)
    assert thrown.to_move == 0 and thrown.moves() == [1, 2]
    best = max(o.expected for o in result.first_turn[4])
    assert math.isclose(max(thrown.values().values()), best)
    end = play_through(game, random.Random(1))
    assert end.over


def test_options_are_data() -> None:
    values = parse_options(yut.OPTIONS, ["--pieces", "6", "--throws", "20", "--expected"])
    assert values["pieces"] == 6 and values["throws"] == 20 and values["expected"]
    with pytest.raises(OptionError, match="--pieces: must be between 1 and 6"):
        parse_options(yut.OPTIONS, ["--pieces", "0"])
    (case,) = yut.parse_judge("", expected=True, pieces=3, turns=4, faces=4)
    assert case == ExpectInputs(4, 3, yut.uniform(4))


def test_bad_board_option_is_an_option_error(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(OptionError, match="nested too deeply"):
        parse_options(yut.OPTIONS, ["--board", str(deep)])
    with pytest.raises(OptionError, match="--board"):
        parse_options(yut.OPTIONS, ["--board", str(tmp_path)])


def test_cli_refusals_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"squares": [}')
    for args in (["--pieces", "0"], ["--board", str(bad)], ["--turns", "21", "--expected"]):
        done = run(*args, stdin="1 1 1 1 1 1 1 1 1 1\n")
        assert done.returncode == 2, (args, done.stderr)
        assert "Traceback" not in done.stderr


def test_cli_expected_mode() -> None:
    done = run("--expected", "--turns", "3", "--pieces", "2", stdin="")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{solve(ExpectInputs(3, 2)).expected:.3f}\n"


def test_known_search_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import solvers.yut.known as known

    # The issue-10 case, with the bound lowered so the test is quick: refused, and
    # the message says what to reduce.
    monkeypatch.setattr(known, "MAX_KNOWN_POSITIONS", 20_000)
    rng = random.Random(1)
    throws = tuple(rng.randint(1, 12) for _ in range(20))
    with pytest.raises(TooBig, match="fewer pieces"):
        solve(YutInputs(throws, 6, 12, branchy_board()))


def test_branchy_board_round_trips() -> None:
    board = branchy_board()
    assert len(board.squares) == 200
    assert yut.board_from_json(json.loads(json.dumps(yut.board_to_json(board)))) == board


def test_games_travel_between_processes() -> None:
    import pickle

    # The tab makes the known-throws game in a worker process: it must pickle, filled.
    inputs = YutInputs((5, 1, 2, 3, 4, 5, 5, 3, 2, 4), pieces=5)
    game = new_game(inputs)
    copy = pickle.loads(pickle.dumps(game))
    assert copy.values() == game.values()
    assert max(copy.values().values()) == solve(inputs).best


def test_a_judge_case_loads_no_numpy() -> None:
    # Issue 12: one case costs little more than the interpreter's start.
    code = (
        "import sys; from solvers.__main__ import main; "
        "sys.stdin = open(sys.argv[1]); main(['yut']); "
        "assert 'numpy' not in sys.modules and 'solvers.yut.unknown' not in sys.modules"
    )
    sample = ROOT / "resources" / "examples" / "yut.txt"
    done = subprocess.run(
        [sys.executable, "-c", code, str(sample)], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "214\n"


@given(st.lists(st.integers(1, 5), min_size=10, max_size=10).map(tuple))
def test_shrink_proposes_every_throw_at_one_halved_and_one_less(throws: tuple[int, ...]) -> None:
    found = [c.throws for c in yut.shrink(yut.YutInputs(throws))]
    assert len(found) == len(set(found)) and throws not in found
    for candidate in found:  # one throw smaller, the rest as they were
        changed = [i for i in range(10) if candidate[i] != throws[i]]
        assert len(changed) == 1 and 1 <= candidate[changed[0]] < throws[changed[0]]
    for i, throw in enumerate(throws):
        for smaller in {1, throw // 2, throw - 1} - {0, throw}:
            assert (*throws[:i], smaller, *throws[i + 1 :]) in found
