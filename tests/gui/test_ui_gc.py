"""Garbage is collected on the UI thread only, once the window runs threads (gui.ui_gc)."""

from __future__ import annotations

import gc
import threading
from typing import Any

from gui import ui_gc
from gui.controller import SolveController
from gui.worker import Job


def _collections() -> tuple[list[str], Any]:
    threads: list[str] = []

    def seen(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            threads.append(threading.current_thread().name)

    return threads, seen


def test_a_thread_that_allocates_never_collects_and_the_ui_thread_does(qtbot: Any) -> None:
    controller = SolveController()
    with qtbot.waitSignal(controller.finished, timeout=20000):
        # Once done, the pool has started a reader thread.
        controller.start(Job("jobs_for_tests", "answer", (2,)))
    assert ui_gc.installed() and not gc.isenabled()
    threads, seen = _collections()
    gc.callbacks.append(seen)
    try:
        # Cyclic garbage made on a thread: before, each 700 allocations ran a collection there.
        def allocate() -> None:
            for _ in range(20 * gc.get_threshold()[0]):
                cycle: list[Any] = []
                cycle.append(cycle)

        worker = threading.Thread(target=allocate, name="allocator")
        worker.start()
        worker.join(30)
        assert threads == []
        qtbot.waitUntil(lambda: bool(threads), timeout=5000)  # the UI thread's timer
        assert set(threads) == {threading.main_thread().name}
    finally:
        gc.callbacks.remove(seen)


def test_collect_due_runs_the_oldest_generation_past_its_threshold() -> None:
    enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        assert ui_gc.collect_due() == -1
        garbage = [[] for _ in range(gc.get_threshold()[0] + 10)]
        assert ui_gc.collect_due() == 0
        for _ in range(gc.get_threshold()[1]):
            garbage += [[] for _ in range(gc.get_threshold()[0] + 10)]
            ui_gc.collect_due()
        garbage += [[] for _ in range(gc.get_threshold()[0] + 10)]
        assert ui_gc.collect_due() == 1
    finally:
        if enabled:
            gc.enable()
