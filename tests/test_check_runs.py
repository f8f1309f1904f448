"""The local judge's runs (issue 22): time and memory measured and limited, nothing left
running, a failed ``--save`` still reported, ``--jobs`` checked.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from processes import running

import solvers
import solvers.check.cli as check_cli
from solvers.check import Check, Settings
from solvers.check.report import text_report
from solvers.check.runner import Programs

PROGRAMS = Path(__file__).resolve().parent / "check_programs"
sys.path.insert(0, str(PROGRAMS))
import fake_sum  # noqa: E402

sys.path.remove(str(PROGRAMS))

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux measures")


def program(name: str, *args: str) -> list[str]:
    return [sys.executable, "-S", str(PROGRAMS / name), *args]


def judge(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    status = check_cli.main(list(words))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def assert_all_gone(pids: Path) -> None:
    listed = [int(word) for word in pids.read_text().split()]
    assert listed
    deadline = time.monotonic() + 5
    while any(running(pid) for pid in listed) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not [pid for pid in listed if running(pid)]


# --- 4. measured like a judge ------------------------------------------------------------


@linux_only
def test_each_run_has_its_wall_time_and_peak_memory(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["nim", "--json", "--cases", "4", "--", sys.executable, str(PROGRAMS / "right.py")]
    status, out, _ = judge(capsys, *words, "nim")
    report = json.loads(out)
    assert status == 0
    for case in report["samples"] + report["results"]:
        assert 0 < case["seconds"] < 5
        assert 4_000 < case["memory_kb"] < 500_000  # a Python interpreter, in KiB
    status, out, _ = judge(capsys, *(w for w in words if w != "--json"), "nim")
    assert "slowest " in out and "peak memory " in out and " MB (" in out


@linux_only
def test_peak_memory_is_the_programs_own() -> None:
    hog = Programs().run(program("memory_hog.py"), "1\n5\n", 20)
    small = Programs().run(program("nim_parity.py"), "1\n5\n", 20)
    assert hog.status == small.status == "ok"
    assert hog.memory_kb is not None and small.memory_kb is not None
    assert hog.memory_kb > 200 * 1024 > small.memory_kb * 4


@linux_only
def test_a_memory_limit_gives_its_own_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    words = ("nim", "--json", "--cases", "1", "--memory", "100", "--", *program("memory_hog.py"))
    status, out, _ = judge(capsys, *words)
    report = json.loads(out)
    assert status == 1 and report["verdict"] == "memory limit"
    assert report["memory_limit_mb"] == 100 and "MemoryError" in report["failure"]["stderr"]
    status, out, _ = judge(capsys, *(w for w in words if w != "--json"))
    assert "memory limit on sample s1" in out and "--memory 100" in out


def test_a_bad_memory_limit_is_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("0", "-5", "lots"):
        status, _, err = judge(capsys, "nim", "--memory", value, "--", "true")
        assert status == 2 and "--memory" in err


# --- 5. nothing left behind ----------------------------------------------------------------


def test_a_process_in_a_session_of_its_own_is_ended_with_the_run(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    run = Programs().run(program("escaper.py", str(pids)), "2\n3 4\n", 20)
    assert (run.status, run.stdout) == ("ok", "7\n")
    assert_all_gone(pids)


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(solvers.GAMES, "sum", "sum")
    monkeypatch.setattr(check_cli, "load", lambda game: fake_sum)


@pytest.mark.usefixtures("toy_game")
def test_a_whole_check_leaves_no_process_running(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pids = tmp_path / "pids"
    words = ("sum", "--cases", "12", "--jobs", "3", "--", *program("escaper.py", str(pids)))
    status, out, _ = judge(capsys, *words)
    assert status == 0, out
    assert len(pids.read_text().split()) == 12
    assert_all_gone(pids)


def test_a_timed_out_program_and_what_it_started_are_ended(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    script = (
        "import os, subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, '-S', {str(PROGRAMS / 'escaper.py')!r}, "
        f"{str(pids)!r}], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)\n"
        f"open({str(pids)!r}, 'a').write(f'{{os.getpid()}}\\n')\n"
        "time.sleep(60)\n"
    )
    run = Programs().run([sys.executable, "-S", "-c", script], "", 1.0)
    assert run.status == "time limit"
    assert_all_gone(pids)


@pytest.mark.usefixtures("toy_game")
def test_a_failed_save_still_prints_the_report_and_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder\n")
    words = ["sum", "--seed", "2", "--save", str(blocker / "cases")]
    status, out, err = judge(capsys, *words, "--", *program("sum_contestant.py", "wrong"))
    assert status == 1
    assert "wrong answer on case" in out and "--- input ---\n1\n7\n" in out
    assert "not saved: " in out and "Not a directory" in out
    assert err.startswith("--save: ") and "Not a directory" in err
    status, out, err = judge(capsys, *words, "--json", "--", *program("sum_contestant.py", "wrong"))
    assert status == 1 and "Not a directory" in json.loads(out)["save_error"]


@pytest.mark.usefixtures("toy_game")
@pytest.mark.parametrize("jobs", ["0", "-3", "two", "1.5"])
def test_jobs_must_be_at_least_one(capsys: pytest.CaptureFixture[str], jobs: str) -> None:
    status, _, err = judge(capsys, "sum", "--jobs", jobs, "--", "true")
    assert status == 2 and "--jobs" in err


def test_a_report_names_a_failing_sample_and_the_measures() -> None:
    settings = Settings(cases=2, seed=1, jobs=2)
    report = Check(solvers.load("nim"), "nim", program("nim_parity.py"), settings).run()
    text = text_report(report)
    assert text.startswith("check nim: seed 1, size judge: wrong answer on sample s4\n")
    assert "--- sample s4 of the statement ---\n4\n1 2 3 4\n" in text
    assert "--- input ---\n1\n2\n" in text and "runs) to the smallest failing input" in text
