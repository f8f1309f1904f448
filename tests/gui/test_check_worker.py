"""A check whose worker process is terminated leaves nothing running (issue 18).

The pool terminates a worker whose job ignores its cancel for ``KILL_AFTER_MS``; a
check's programs run below launchers (children of the worker, subreapers, with a
parent-death signal), which must end them, and whatever escaped their session, then.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from processes import ids, running

from gui.controller import Job, SolveController
from solvers.check import Settings
from solvers.check.job import CheckRequest, run_check

PROGRAMS = Path(__file__).resolve().parents[1] / "check_programs"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the launcher is Linux's")
def test_a_terminated_worker_leaves_no_program_running(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pids = tmp_path / "pids"
    command = (sys.executable, "-S", str(PROGRAMS / "escaping_sleeper.py"), str(pids))
    settings = Settings(cases=4, size="small", timeout=100.0, jobs=2)
    controller = SolveController()
    # Without its progress callback the job cannot see the cancel: the pool terminates
    # its worker process, as it does any job that ignores a cancel.
    controller.start(
        Job(run_check, (CheckRequest("solvers.nim", "nim", command, settings),), progress=False)
    )
    # Two programs run at once: each with its launcher and its escaped grandchild.
    qtbot.waitUntil(lambda: len(ids(pids)) >= 6, timeout=30_000)
    assert all(running(pid) for pid in ids(pids))
    controller.cancel()
    qtbot.waitUntil(lambda: not any(running(pid) for pid in ids(pids)), timeout=5_000)
