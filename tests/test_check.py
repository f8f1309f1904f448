"""The local judge (``python -m solvers check``): verdicts, shrinking, time limits, cleanup.

The engine is driven with a toy game (``check_programs/fake_sum.py``: the answer is a
sum) so these tests do not depend on any game's generator; the real games are checked
in ``test_check_games.py`` with wrong reference programs written for them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import solvers
import solvers.check.cli as check_cli
from solvers.check import Check, CheckError, Settings
from solvers.check.compare import compare
from solvers.check.runner import Programs

PROGRAMS = Path(__file__).resolve().parent / "check_programs"
sys.path.insert(0, str(PROGRAMS))
import fake_sum  # noqa: E402

sys.path.remove(str(PROGRAMS))


def contestant(mode: str) -> list[str]:
    # -S: the toy contestant needs no site-packages, and starts three times faster.
    return [sys.executable, "-S", str(PROGRAMS / "sum_contestant.py"), mode]


def check(mode: str, **settings: Any) -> Any:
    chosen: dict[str, Any] = {"cases": 12, "seed": 3, "size": "small", "timeout": 5.0}
    chosen.update(settings)
    return Check(fake_sum, "sum", contestant(mode), Settings(**chosen)).run()


# --- comparing outputs -------------------------------------------------------------


@pytest.mark.parametrize(
    ("expected", "output", "verdict"),
    [
        ("9\n", "9\n", "accepted"),
        ("9\n", "9", "accepted"),
        ("9\n", "9  \n\n", "accepted"),
        ("9\n", "9\r\n", "accepted"),
        ("9\n", " 9\n", "presentation"),
        ("1 2\n", "1\n2\n", "presentation"),
        ("0.25\n", "0.250\n", "presentation"),
        ("79.318%\n", "79.318\n", "presentation"),
        ("koosaga\n", "Koosaga\n", "presentation"),
        ("9\n", "8\n", "wrong answer"),
        ("9\n", "", "wrong answer"),
        ("9\n", "9 9\n", "wrong answer"),
        ("79.318%\n", "79.317%\n", "wrong answer"),
    ],
)
def test_compare_like_a_judge(expected: str, output: str, verdict: str) -> None:
    assert compare(expected, output) == verdict


def test_tolerance_accepts_close_numbers_only() -> None:
    assert compare("79.318%\n", "79.3185%\n", 0.001) == "accepted"
    assert compare("79.318%\n", "79.320%\n", 0.001) == "wrong answer"
    assert compare("79.318%\n", "79.318\n", 0.001) == "presentation"
    assert compare("0.25\n", "0.2504\n", 0.001) == "accepted"


# --- the engine with the toy game ---------------------------------------------------


def test_right_program_passes_every_case() -> None:
    report = check("right")
    assert report.passed
    assert [c.number for c in report.cases] == list(range(1, 13))
    assert {c.verdict for c in report.cases} == {"accepted"}


def test_wrong_answer_is_shrunk_to_the_smallest_failing_input() -> None:
    report = check("wrong")
    failure = report.failure
    assert failure is not None and failure.verdict == "wrong answer"
    assert failure.input_text == "1\n7\n"
    assert (failure.expected, failure.output) == ("7\n", "8\n")
    assert failure.shrink_complete and failure.shrink_steps > 0
    assert failure.inputs == fake_sum.Inputs((7,))


def test_crash_is_a_runtime_error_with_the_end_of_stderr() -> None:
    failure = check("crash", size="judge", cases=3).failure
    assert failure is not None and failure.verdict == "runtime error"
    assert failure.detail == "exit status 1"
    assert "the sum is too big for me" in failure.stderr
    assert fake_sum.solve(failure.inputs) == 51  # no smaller candidate crashes


def test_sleeping_program_is_a_time_limit_and_is_not_shrunk() -> None:
    failure = check("sleep", timeout=0.2).failure  # the program sleeps 60 s
    assert failure is not None and failure.verdict == "time limit"
    assert failure.input_text == failure.original_text and failure.shrink_runs == 0


def test_whitespace_only_difference_is_presentation() -> None:
    failure = check("spaces").failure
    assert failure is not None and failure.verdict == "presentation"


def test_output_is_capped() -> None:
    failure = check("flood", cases=1).failure
    assert failure is not None and failure.verdict == "output limit"
    assert len(failure.output) <= 1 << 20


def test_same_seed_same_cases_other_seed_other_cases() -> None:
    def texts(seed: int) -> list[str]:
        run = Check(fake_sum, "sum", ["true"], Settings(cases=20, seed=seed))
        return [text for _, text in run.cases()]

    assert texts(5) == texts(5)
    assert texts(5) != texts(6)


def test_bad_settings_are_refused() -> None:
    for bad in ({"cases": 0}, {"size": "huge"}, {"timeout": 0}, {"tolerance": -1.0}):
        with pytest.raises(CheckError):
            Settings(**bad)  # type: ignore[arg-type]
    with pytest.raises(CheckError):
        Check(fake_sum, "sum", [], Settings())


def test_cancel_kills_the_whole_process_group(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    # The program starts a grandchild that would outlive a plain kill of the program.
    script = (
        "import subprocess, sys, time;"
        f"subprocess.Popen([sys.executable, '-S', {str(PROGRAMS / 'sleeper.py')!r}, "
        f"{str(pids)!r}]);"
        f"open({str(pids)!r}, 'a').write(str(__import__('os').getpid()) + '\\n');"
        "time.sleep(120)"
    )
    programs = Programs()
    done: list[Any] = []
    worker = threading.Thread(
        target=lambda: done.append(programs.run([sys.executable, "-S", "-c", script], "", 60))
    )
    worker.start()
    _wait_for_lines(pids, 2)
    programs.cancel()
    worker.join(10)
    assert done and done[0].status == "cancelled"
    for pid in map(int, pids.read_text().split()):
        _assert_gone(pid)


def _wait_for_lines(path: Path, count: int) -> None:
    for _ in range(1000):
        if path.exists() and len(path.read_text().split()) >= count:
            return
        time.sleep(0.01)
    raise AssertionError(f"{path} never got {count} lines")


def _assert_gone(pid: int) -> None:
    for _ in range(200):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        if _is_zombie(pid):
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} still running")


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except OSError:
        return True


def test_a_program_that_cannot_start_is_bad_usage(tmp_path: Path) -> None:
    report_check = Check(fake_sum, "sum", [str(tmp_path / "nope")], Settings(cases=1))
    with pytest.raises(OSError, match="cannot run"):
        report_check.run()


# --- the command line with the toy game ----------------------------------------------


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(solvers.GAMES, "sum", "sum")
    monkeypatch.setattr(check_cli, "load", lambda game: fake_sum)


def run_check(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    status = check_cli.main(list(words))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.usefixtures("toy_game")
def test_cli_exit_0_when_all_agree(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["sum", "--cases", "5", "--seed", "1", "--", *contestant("right")]
    status, out, _ = run_check(capsys, *words)
    assert status == 0
    assert out.startswith("check sum: seed 1, size judge: all 5 cases accepted")


@pytest.mark.usefixtures("toy_game")
def test_cli_reports_and_saves_the_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "cases"
    status, out, _ = run_check(
        capsys, "sum", "--seed", "2", "--save", str(folder), "--", *contestant("wrong")
    )
    assert status == 1
    assert "wrong answer on case" in out
    assert "--- input ---\n1\n7\n--- expected (optimal) ---\n7\n--- your output ---\n8\n" in out
    saved = sorted(folder.iterdir())
    assert [p.suffix for p in saved] == [".in", ".out"]
    assert saved[0].name.startswith("sum-") and saved[0].read_text() == "1\n7\n"
    assert saved[1].read_text() == "7\n"


@pytest.mark.usefixtures("toy_game")
def test_cli_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_check(
        capsys, "sum", "--json", "--seed", "2", "--cases", "4", "--", *contestant("crash")
    )
    report = json.loads(out)
    assert status == 1
    assert report["verdict"] == "runtime error" and report["seed"] == 2
    assert report["failure"]["stderr"].rstrip().endswith("the sum is too big for me")
    assert report["results"][-1]["verdict"] == "runtime error"


@pytest.mark.usefixtures("toy_game")
@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["sum", "--", "true"], None),
        (["sum"], "give the program after --"),
        (["sum", "--"], "give the program after --"),
        (["--", "true"], "name a game"),
        (["chess", "--", "true"], "unknown game"),
        (["sum", "--cases", "x", "--", "true"], "--cases: not a number"),
        (["sum", "--cases", "0", "--", "true"], "--cases: at least 1"),
        (["sum", "--size", "huge", "--", "true"], "--size"),
        (["sum", "--timeout", "-1", "--", "true"], "--timeout"),
        (["sum", "--frobnicate", "--", "true"], "--frobnicate: unknown option"),
        (["sum", "--cases", "1", "--", "/nonexistent/program"], "cannot run"),
    ],
)
def test_cli_bad_usage_exits_2(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str | None
) -> None:
    status, _, err = run_check(capsys, *words)
    if message is None:  # `true` prints nothing: a wrong answer, so status 1, not 2
        assert status == 1
        return
    assert status == 2
    assert message in err and "Traceback" not in err


def test_cli_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_check(capsys, "--help")
    assert status == 0 and "--tolerance" in out and "Exit status" in out


def test_interrupt_kills_every_program(tmp_path: Path) -> None:
    """Ctrl+C on ``python -m solvers check``: exit 130, no program left running."""
    pids = tmp_path / "pids"
    game = next((g for g in solvers.GAMES if hasattr(solvers.load(g), "generate")), None)
    if game is None:
        pytest.skip("no game can generate inputs yet")
    root = Path(__file__).resolve().parent.parent
    # A shell without job control starts programs with Ctrl+C ignored (CI may run us so):
    # the command line is run as a user's shell would, with Ctrl+C's default handler.
    main = (
        "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "runpy.run_module('solvers', run_name='__main__', alter_sys=True)"
    )
    process = subprocess.Popen(
        [
            *(sys.executable, "-c", main, "check", game, "--cases", "50", "--jobs", "2"),
            *("--", sys.executable, "-S", str(PROGRAMS / "sleeper.py"), str(pids)),
        ],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_for_lines(pids, 2)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    for pid in map(int, pids.read_text().split()):
        _assert_gone(pid)
