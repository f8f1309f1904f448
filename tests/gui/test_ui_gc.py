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


def test_the_pool_moves_collection_to_the_ui_thread_before_its_first_reader(
    monkeypatch: Any,
) -> None:
    from gui.pool import WorkerPool

    calls: list[bool] = []
    monkeypatch.setattr(ui_gc, "install", lambda: calls.append(True))
    pool = WorkerPool()
    monkeypatch.setattr(threading.Thread, "start", lambda thread: calls.append(False))
    try:
        worker = pool._spawn()
    finally:
        monkeypatch.undo()
    worker.process.kill()
    worker.process.join(5)
    worker.connection.close()
    assert calls == [True, False]  # installed, then the reader thread started


def test_a_thread_that_allocates_never_collects_and_the_ui_thread_does(qtbot: Any) -> None:
    controller = SolveController()
    with qtbot.waitSignal(controller.finished, timeout=20000):
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
        # Survivors move up: once the oldest generation is due and they are a quarter
        # of it, a full collection runs, as CPython would.
        collected = []
        for _ in range(30 * gc.get_threshold()[1] * gc.get_threshold()[2]):
            garbage += [[] for _ in range(gc.get_threshold()[0] + 10)]
            collected.append(ui_gc.collect_due())
            if collected[-1] == 2:
                break
        assert collected[-1] == 2 and set(collected) == {0, 1, 2}
    finally:
        if enabled:
            gc.enable()
