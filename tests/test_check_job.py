"""The local judge as a worker job (``solvers.check.job``), run here in the test process.

What it tells as it goes is compared with a plain ``Check.run`` of the same settings; a
cancel raised by its ``progress`` callback must leave no program running when it returns.
"""

from __future__ import annotations

import pickle
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from processes import ids, running

from solvers.check import CaseResult, Check, Settings
from solvers.check.job import CheckRequest, Shrunk, run_check
from solvers.protocol import Cancelled, InputError

PROGRAMS = Path(__file__).resolve().parent / "check_programs"
sys.path.insert(0, str(PROGRAMS))
import fake_sum  # noqa: E402

sys.path.remove(str(PROGRAMS))


def toy(mode: str) -> tuple[str, ...]:
    return (sys.executable, "-S", str(PROGRAMS / "sum_contestant.py"), mode)


def request(command: tuple[str, ...], **settings: Any) -> CheckRequest:
    chosen = {"cases": 8, "seed": 3, "size": "small", "timeout": 20.0, **settings}
    return CheckRequest("fake_sum", "sum", command, Settings(**chosen))


class Recorder:
    """A ``progress`` callback that keeps what it is told."""

    def __init__(self) -> None:
        self.fractions: list[float] = []
        self.notes: list[Any] = []

    def __call__(self, fraction: float, note: Any = None) -> None:
        self.fractions.append(fraction)
        if note is not None:
            self.notes.append(note)


def test_every_case_is_told_in_order_and_matches_a_plain_run() -> None:
    asked = request(toy("right"))
    told = Recorder()
    report = run_check(asked, told)
    plain = Check(fake_sum, "sum", list(asked.command), asked.settings).run()
    assert [c.verdict for c in report.cases] == [c.verdict for c in plain.cases]
    assert report.passed and len(report.cases) == 8
    assert told.notes == report.cases  # each case once, in order, before the report
    assert told.fractions == sorted(told.fractions) and told.fractions[-1] == 1.0
    for travelling in (*told.notes, report):  # through the worker's pipe
        assert pickle.loads(pickle.dumps(travelling)) == travelling


def test_shrinking_steps_are_told_as_they_are_found() -> None:
    told = Recorder()
    report = run_check(request(toy("wrong"), size="judge"), told)
    assert report.failure is not None and report.failure.verdict == "wrong answer"
    cases = [note for note in told.notes if isinstance(note, CaseResult)]
    steps = [note for note in told.notes if isinstance(note, Shrunk)]
    assert cases == report.cases and cases[-1].verdict == "wrong answer"
    assert [step.steps for step in steps] == list(range(1, report.failure.shrink_steps + 1))
    assert steps and steps[-1].input_text == report.failure.input_text == "1\n7\n"
    assert told.notes.index(steps[0]) > told.notes.index(cases[-1])  # shrinking comes last


def test_without_progress_it_runs_as_the_command_line_does() -> None:
    report = run_check(request(toy("crash")))
    assert report.failure is not None and report.failure.verdict == "runtime error"


def test_what_the_user_can_fix_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot run"):
        run_check(request((str(tmp_path / "no-such-program"),)), Recorder())
    with pytest.raises(InputError, match="--misere"):
        run_check(CheckRequest("fake_sum", "sum", toy("right"), Settings(), ("--misere",)))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the launcher is Linux's")
def test_a_cancel_from_progress_kills_every_program_before_it_returns(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    command = (sys.executable, "-S", str(PROGRAMS / "escaping_sleeper.py"), str(pids))

    def progress(fraction: float, note: Any = None) -> None:
        # No case ever ends: only the job's own heartbeat calls this.
        if len(ids(pids)) >= 3:  # a program, its launcher and the escaped grandchild
            raise Cancelled

    started = time.monotonic()
    with pytest.raises(Cancelled):
        run_check(request(command, timeout=30.0), progress)
    assert time.monotonic() - started < 20  # the cancel ended it, not the time limit
    assert not [pid for pid in ids(pids) if running(pid)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the launcher is Linux's")
def test_a_cancel_raised_by_on_case_kills_the_runs_still_going(tmp_path: Path) -> None:
    """``Check.run`` itself: a callback that raises stops the check and its programs."""
    pids, program = tmp_path / "pids", tmp_path / "answer_once.py"
    program.write_text(  # the first run answers; every later one sleeps, its id on file
        "import os, sys, time\n"
        f"with open({str(pids)!r}, 'a') as handle:\n"
        "    handle.write(f'{os.getpid()}\\n')\n"
        f"if len(open({str(pids)!r}).read().split()) > 1:\n"
        "    time.sleep(120)\n"
        "print(sum(int(w) for w in sys.stdin.read().split()[1:]))\n"
    )
    # One run at a time (the next case starts while on_case hears of the first): no race.
    settings = Settings(cases=8, size="small", timeout=30.0, jobs=1)
    check = Check(fake_sum, "sum", [sys.executable, "-S", str(program)], settings)

    def on_case(case: CaseResult) -> None:
        while len(ids(pids)) < 2:  # the next run is going (and sleeping)
            time.sleep(0.01)
        raise Cancelled

    started = time.monotonic()
    with pytest.raises(Cancelled):
        check.run(on_case=on_case)
    assert time.monotonic() - started < 20  # the cancel ended it, not the time limit
    assert len(ids(pids)) == 2 and not [pid for pid in ids(pids) if running(pid)]


def test_the_address_space_limit_of_the_worker_is_not_inherited(tmp_path: Path) -> None:
    """A JVM cannot start under the worker's limit: the check lifts it for its programs."""
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    # A limit as the worker keeps one, but far above anything this process needs.
    limit = 1 << 46 if hard == resource.RLIM_INFINITY else hard - 4096
    program = tmp_path / "limits.py"
    program.write_text(
        "import resource, sys\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_AS)\n"
        "print(sum(int(w) for w in sys.stdin.read().split()[1:]) + (soft != hard))\n"
    )
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        report = run_check(request((sys.executable, "-S", str(program)), cases=2))
        assert resource.getrlimit(resource.RLIMIT_AS) == (limit, hard)  # restored after
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    assert report.passed, report.failure


def test_a_cancelled_report_never_says_all_accepted() -> None:
    from solvers.check.model import CaseResult, Report, Settings
    from solvers.check.report import text_report

    cases = [CaseResult(1, "accepted", 0.01), CaseResult(2, "accepted", 0.01)]
    report = Report("nim", ["prog"], Settings(cases=200), cases, cancelled=True)
    first = text_report(report).split("\n")[0]
    assert "cancelled after 2 of 200 cases" in first and "accepted" not in first
    report.cancelled = False
    assert "all 2 cases accepted" in text_report(report)
