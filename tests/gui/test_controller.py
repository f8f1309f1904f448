"""The solve controller: jobs in worker processes, cancel, stale results, failures, shutdown."""

from __future__ import annotations

import logging

import jobs_for_tests
import pytest

from gui import controller
from gui.controller import Job, JobFailure, SolveController
from gui.worker import run_job
from solvers.protocol import Cancelled


def job(name: str, *args: object) -> Job:
    return Job(getattr(jobs_for_tests, name), tuple(args), progress=name != "stubborn")


@pytest.fixture()
def ctl(qtbot):  # type: ignore[no-untyped-def]
    c = SolveController()
    yield c
    c.cancel()


def test_returns_the_result_and_the_time(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(ctl.finished, timeout=20000) as blocker:
        ctl.start(job("answer", {"x": [1, 2]}))
    assert blocker.args == [{"x": [1, 2]}]
    assert not ctl.busy and isinstance(ctl.elapsed, float)  # the worker's own timing


def test_the_window_process_runs_no_thread_and_keeps_its_collector(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Results are read on the UI thread: no reader thread, automatic collection stays on."""
    import gc

    ctl.start(job("big", 8))
    with qtbot.waitSignal(ctl.finished, timeout=20000) as blocker:
        assert _python_threads() == [] and gc.isenabled()
    assert len(blocker.args[0]) == 8 << 20
    assert _python_threads() == [] and gc.isenabled()


def _python_threads() -> list[str]:
    """Threads started from Python, besides the main one and the test run's watchdog.

    (Qt's own threads that once ran a Python slot show up as dummies: not ours.)
    """
    import threading

    return [
        t.name
        for t in threading.enumerate()
        if t is not threading.main_thread()
        and t.name != "hang-watchdog"
        and not isinstance(t, threading._DummyThread)
    ]


def test_reports_progress_and_cancels_a_cooperative_job(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    seen: list[float] = []
    ctl.progressed.connect(seen.append)
    busy: list[bool] = []
    ctl.busy_changed.connect(busy.append)
    ctl.start(job("slow", 10))
    qtbot.waitUntil(lambda: bool(seen), timeout=20000)
    with qtbot.waitSignal(ctl.cancelled, timeout=1000):
        assert ctl.cancel()
    assert seen == [0.5] * len(seen) and busy == [True, False]
    assert not ctl.busy and not controller.running_jobs()
    assert not ctl.cancel()


def test_a_job_ignoring_cancel_is_terminated_and_the_next_one_runs(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    ctl.start(job("stubborn", 30))
    workers = list(controller._POOL._workers)
    qtbot.wait(100)
    ctl.cancel()
    with qtbot.waitSignal(ctl.finished, timeout=20000) as blocker:
        ctl.start(job("answer", 7))
    assert blocker.args == [7]

    def stubborn_ended() -> bool:
        return any(w.process.exitcode is not None for w in workers)

    qtbot.waitUntil(stubborn_ended, timeout=3000)  # KILL_AFTER_MS after the cancel


def test_a_new_start_drops_the_old_result(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    results: list[object] = []
    ctl.finished.connect(results.append)
    first = ctl.start(job("answer", "old"))
    second = ctl.start(job("answer", "new"))
    assert second == first + 1
    qtbot.waitUntil(lambda: not ctl.busy, timeout=20000)
    qtbot.wait(50)
    assert results == ["new"]


def test_an_error_carries_type_message_and_traceback(ctl, qtbot, caplog) -> None:  # type: ignore[no-untyped-def]
    caplog.set_level(logging.INFO, logger="gui.controller")
    with qtbot.waitSignal(ctl.failed, timeout=20000) as blocker:
        ctl.start(job("broken"))
    failure = blocker.args[0]
    assert isinstance(failure, JobFailure)
    assert failure.type_name == "RuntimeError" and failure.message == "boom"
    assert "jobs_for_tests.py" in failure.traceback and "raise RuntimeError" in failure.traceback
    assert str(failure) == "RuntimeError: boom" and not failure.user_error
    logged = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert logged and "raise RuntimeError" in logged[0].getMessage()


def test_a_refusal_is_a_user_error(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(ctl.failed, timeout=20000) as blocker:
        ctl.start(job("refuse"))
    failure = blocker.args[0]
    assert failure.user_error and failure.type_name == "TooBig"
    assert str(failure) == "at most 10 stones: use fewer piles"


def test_an_unpicklable_result_fails_cleanly(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(ctl.failed, timeout=20000) as blocker:
        ctl.start(job("unpicklable"))
    assert "lambda" in blocker.args[0].message or "pickle" in blocker.args[0].message.lower()


def test_a_result_that_cannot_be_rebuilt_fails_its_job_and_the_worker_serves_on(  # type: ignore[no-untyped-def]
    ctl, qtbot
) -> None:
    with qtbot.waitSignal(ctl.failed, timeout=20000) as blocker:
        ctl.start(job("unreadable"))
    assert "cannot be rebuilt" in blocker.args[0].message
    with qtbot.waitSignal(ctl.finished, timeout=20000) as blocker:
        ctl.start(job("answer", 7))
    assert blocker.args == [7]


def test_a_large_result_arrives_whole(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(ctl.finished, timeout=20000) as blocker:
        ctl.start(job("big", 48))
    assert len(blocker.args[0]) == 48 << 20


def test_numpy_arrays_in_a_result_arrive_equal_and_read_only(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    with qtbot.waitSignal(ctl.finished, timeout=20000) as blocker:
        ctl.start(job("arrays", 1_000_000))
    result = blocker.args[0]
    assert result["n"] == 1_000_000 and np.array_equal(result["ramp"], np.arange(1_000_000))
    assert result["small"].dtype == np.int16 and result["small"].tolist() == [1, 1, 1]
    # Used in place, without a copy: writing into a result was never meant to happen.
    assert not result["ramp"].flags.writeable


def test_an_unpicklable_argument_fails_cleanly(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(ctl.failed, timeout=20000):
        ctl.start(job("answer", lambda: None))
    assert not ctl.busy


def test_shutdown_during_a_job_is_quick_and_the_pool_restarts(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    ctl.start(job("stubborn", 30))
    qtbot.wait(100)
    processes = [w.process for w in controller._POOL._workers]
    controller.shutdown()  # how long it takes: bench/bench_startup.py
    assert not ctl.busy and all(p.exitcode is not None for p in processes)
    with qtbot.waitSignal(ctl.finished, timeout=20000):
        ctl.start(job("answer", 1))


def test_activity_follows_every_controller(qtbot) -> None:  # type: ignore[no-untyped-def]
    a, b = SolveController(), SolveController()
    seen: list[bool] = []
    controller.activity.any_busy_changed.connect(seen.append)
    try:
        a.start(job("slow", 10))
        b.start(job("slow", 10))
        a.cancel()
        assert seen[-1] is True
        b.cancel()
        assert seen[-1] is False
    finally:
        controller.activity.any_busy_changed.disconnect(seen.append)


def test_run_job_in_process_passes_progress_and_cancelled_propagates() -> None:
    def stop(fraction: float) -> None:
        raise Cancelled

    assert run_job(job("answer", 3)) == 3
    with pytest.raises(Cancelled):
        run_job(job("slow", 1), stop)


CLOSE_MID_SOLVE = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from gui.controller import Job, SolveController
app = QApplication([])
ctl = SolveController()
ctl.progressed.connect(lambda f: None)
from jobs_for_tests import stubborn
ctl.start(Job(stubborn, (60,), progress=False))
QTimer.singleShot(300, app.quit)
sys.exit(app.exec())
"""


def test_quitting_mid_solve_exits_cleanly(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).resolve().parent
    root = here.parents[1]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": f"{root}{os.pathsep}{here}"}
    done = subprocess.run(
        [sys.executable, "-c", CLOSE_MID_SOLVE], env=env, capture_output=True, timeout=30
    )
    assert done.returncode == 0, done.stderr.decode()
    assert b"Traceback" not in done.stderr


def test_running_out_of_memory_is_a_clean_refusal(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(ctl.failed, timeout=20000) as blocker:
        ctl.start(job("hog"))
    failure = blocker.args[0]
    assert failure.type_name == "MemoryError" and failure.user_error
    assert "use smaller inputs" in str(failure)
    with qtbot.waitSignal(ctl.finished, timeout=20000):
        ctl.start(job("answer", 2))  # the worker lives on


def test_the_progress_bar_follows_its_job_and_keeps_its_place(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    from gui.widgets.progress import job_progress_bar

    bar = job_progress_bar(ctl, "bar")
    qtbot.addWidget(bar)
    assert bar.isHidden() and bar.sizePolicy().retainSizeWhenHidden()
    ctl.start(job("slow", 10))
    assert not bar.isHidden() and bar.value() == 0
    qtbot.waitUntil(lambda: bar.value() == 500, timeout=20000)
    ctl.start(job("slow", 10))  # a new solve while one runs starts from 0 again
    assert not bar.isHidden() and bar.value() == 0
    with qtbot.waitSignal(ctl.cancelled, timeout=1000):
        ctl.cancel()
    assert bar.isHidden()


def test_notes_arrive_all_and_in_order(ctl, qtbot) -> None:  # type: ignore[no-untyped-def]
    notes: list[object] = []
    ctl.noted.connect(notes.append)
    with qtbot.waitSignal(ctl.finished, timeout=20000):
        ctl.start(job("chatty", 200))
    assert notes == [f"note {n}" for n in range(200)]


def test_collection_is_on_again_once_a_tab_is_built(make_tab) -> None:  # type: ignore[no-untyped-def]
    import gc

    assert gc.isenabled()
    make_tab("greatgame")
    assert gc.isenabled()
