"""The local judge on the five real games, with reference programs written for the tests.

Each wrong program (``tests/check_programs``) must be caught and shrunk to a small
case; the right one (our own CLI behind a wrapper) must pass. A game that cannot
generate inputs yet is skipped.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import solvers
import solvers.check.cli as check_cli
from solvers.protocol import parse_options

PROGRAMS = Path(__file__).resolve().parent / "check_programs"


def ready(game: str) -> bool:
    module = solvers.load(game)
    return all(hasattr(module, name) for name in ("generate", "shrink", "format_input", "OPTIONS"))


def needs(game: str) -> Any:
    return pytest.mark.skipif(not ready(game), reason=f"{game} cannot generate inputs yet")


def program(name: str, *args: str, site: bool = True) -> list[str]:
    # Programs that need only the standard library start faster without site-packages.
    return [sys.executable, *(() if site else ("-S",)), str(PROGRAMS / name), *args]


def judge(
    capsys: pytest.CaptureFixture[str], game: str, settings: list[str], command: list[str]
) -> tuple[int, dict[str, Any]]:
    """Run ``check`` in process with a JSON report; return the status and the report."""
    status = check_cli.main([game, "--json", "--seed", "7", *settings, "--", *command])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, json.loads(out) if out else {"error": err}


def tokens(text: str) -> int:
    return len(text.split())


@pytest.mark.parametrize(
    ("game", "options"),
    [("yut", ()), ("coverup", ()), ("greatgame", ()), ("xoinc", ()), ("nim", ("--misere",))],
)
def test_right_program_passes(
    game: str, options: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    if not ready(game):
        pytest.skip(f"{game} cannot generate inputs yet")
    settings = ["--cases", "6", "--size", "small", *options]
    status, report = judge(capsys, game, settings, program("right.py", game, *options))
    assert status == 0, report
    assert report["verdict"] == "accepted" and len(report["results"]) == 6


WRONG = [
    pytest.param("xoinc", (), program("xoinc_greedy.py", site=False), 7, id="xoinc-greedy"),
    pytest.param("coverup", (), program("coverup_rounding.py"), 8, id="coverup-rounding"),
    pytest.param("greatgame", (), program("greatgame_rounding.py"), 12, id="greatgame-rounding"),
    pytest.param("yut", (), program("yut_no_blue.py", site=False), 10, id="yut-no-blue-arrow"),
    pytest.param("nim", ("--misere",), program("nim_normal.py", site=False), 2, id="nim-misere"),
]


@pytest.mark.parametrize(("game", "options", "command", "most_tokens"), WRONG)
def test_wrong_program_is_caught_and_shrunk(
    game: str,
    options: tuple[str, ...],
    command: list[str],
    most_tokens: int,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if not ready(game):
        pytest.skip(f"{game} cannot generate inputs yet")
    status, report = judge(capsys, game, ["--cases", "40", *options], command)
    assert status == 1, report
    failure = report["failure"]
    assert failure["verdict"] == "wrong answer", failure
    assert failure["shrink_complete"]
    assert tokens(failure["input"]) <= most_tokens, failure["input"]
    assert failure["expected"] != failure["output"]
    # The minimal case, solved by our CLI, gives the expected answer shown.
    module = solvers.load(game)
    options_kw = parse_options(module.OPTIONS, list(options))
    case = module.parse_judge(failure["input"], **options_kw)[0]
    assert module.format_judge(module.solve(case)) + "\n" == failure["expected"]


@needs("xoinc")
def test_a_program_failing_a_statement_sample_is_reported_on_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Dropping the last coin is wrong on the statement's sample: the first thing run.
    status, report = judge(capsys, "xoinc", ["--cases", "5"], program("xoinc_off_by_one.py"))
    assert status == 1
    failure = report["failure"]
    assert (failure["sample"], failure["verdict"]) == ("s1", "wrong answer")
    # Shrunk from the sample: one coin, which the program drops.
    assert failure["input"] == "1\n1\n" and failure["expected"] == "1\n"
    assert failure["original_input"] == "5\n1\n3\n1\n7\n2\n" and report["results"] == []
    assert [s["sample"] for s in report["samples"]] == ["s1"]


@needs("nim")
def test_crashing_program_is_a_runtime_error_with_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, report = judge(capsys, "nim", ["--cases", "5"], program("crash.py", site=False))
    assert status == 1
    failure = report["failure"]
    assert failure["verdict"] == "runtime error" and failure["detail"] == "exit status 1"
    assert failure["stderr"].rstrip().endswith("IndexError: list index out of range")
    assert tokens(failure["input"]) == 2  # one pile: the smallest input there is


@needs("xoinc")
def test_sleeping_program_is_a_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    settings = ["--cases", "3", "--timeout", "0.2"]
    status, report = judge(capsys, "xoinc", settings, program("sleeper.py", site=False))
    assert status == 1
    assert report["failure"]["verdict"] == "time limit"
