"""A worker whose window died ends silently (gui/worker_exit.py)."""

from __future__ import annotations

import signal
from typing import Any

import pytest

from gui.worker import Job
from gui.worker_exit import serve_quietly


class DeadWindow:
    """The worker's end of the pipe once the window is gone: one job, then broken writes."""

    def __init__(self) -> None:
        self.jobs = [(1, Job("jobs_for_tests", "slow", (5.0,)))]

    def recv(self) -> Any:
        if self.jobs:
            return self.jobs.pop()
        raise EOFError

    def send(self, message: object) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    def send_bytes(self, data: bytes) -> None:
        raise BrokenPipeError(32, "Broken pipe")


class Value:
    value = 0


def test_a_broken_pipe_ends_the_worker_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("gui.worker._limit_resources", lambda: None)  # not in the test process
    before = signal.getsignal(signal.SIGINT)
    try:
        serve_quietly(DeadWindow(), Value())  # returns: no exception escapes
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""
