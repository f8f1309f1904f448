"""A worker whose window died ends silently (gui/worker.py ``serve``)."""

from __future__ import annotations

import os
import signal
from typing import Any

import jobs_for_tests
import pytest

from gui.worker import Job, serve


class OneJob:
    """The worker's end of the jobs pipe: one job, then the window is gone."""

    def __init__(self) -> None:
        self.jobs = [(1, "en", Job(jobs_for_tests.slow, (5.0,)))]

    def recv(self) -> Any:
        if self.jobs:
            return self.jobs.pop()
        raise EOFError


class ClosedResults:
    """The results pipe of a dead window: its read end is closed, so writes break."""

    def __init__(self) -> None:
        read, self.write = os.pipe()
        os.close(read)

    def fileno(self) -> int:
        return self.write


class Value:
    value = 0


def test_a_broken_pipe_ends_the_worker_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("gui.worker._limit_resources", lambda: None)  # not in the test process
    before = signal.getsignal(signal.SIGINT)
    results = ClosedResults()
    try:
        serve(OneJob(), results, Value())  # returns at the first progress report
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN  # Ctrl+C is the window's
    finally:
        signal.signal(signal.SIGINT, before)
        os.close(results.write)
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""
