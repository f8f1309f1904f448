"""Running long work off the UI: one ``SolveController`` per tab or panel, jobs in child processes.

Every tab and every panel that runs something long (a solve, a simulation,
building a play state) owns a ``SolveController``::

    controller = SolveController(self)
    controller.finished.connect(self.show_result)
    controller.failed.connect(self.show_failure)      # a JobFailure
    controller.start(Job(solvers.nim.solve, (inputs,)))

A new ``start`` cancels the controller's previous job; results of a cancelled
or replaced job are dropped (each start bumps a generation counter), so a
handler only ever sees the outcome of the latest job. ``busy`` and
``busy_changed`` follow the job; ``any_busy_changed`` (module level,
``activity``) lets the window's Cancel action follow every controller.

Jobs run in a small pool of persistent worker processes (``multiprocessing``
spawn context, started lazily or by ``warm_up`` in idle time): a pure-Python
solve holds the GIL, which in a thread would stall the window. Cancel is
cooperative first (the job's progress callback raises ``Cancelled``), and a job
still running ``KILL_AFTER_MS`` later has its process terminated and replaced.
``shutdown()`` stops every worker within a second; it runs when the
application quits and at interpreter exit.
"""

from __future__ import annotations

import atexit
import dataclasses
import logging
import time
from typing import Any

from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal

from gui.pool import KILL_AFTER_MS, WorkerPool
from gui.worker import Done, Failed, Job, Message, Progress
from solvers.i18n import _

__all__ = [
    "KILL_AFTER_MS",
    "Job",
    "JobFailure",
    "SolveController",
    "activity",
    "cancel_all",
    "run_and_wait",
    "running_jobs",
    "shutdown",
    "wait_idle",
    "warm_up",
]

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class JobFailure:
    """Why a job failed: the exception's type and message, and its traceback text.

    ``user_error`` is True for ``solvers.protocol.InputError`` (``TooBig`` included):
    bad or too large inputs, told to the user as they are; anything else is a bug.
    """

    type_name: str
    message: str
    traceback: str = ""
    user_error: bool = False

    def __str__(self) -> str:
        """The message a user reads (the type only for unexpected errors)."""
        text = self.message or self.type_name
        return text if self.user_error else f"{self.type_name}: {text}"


class _Activity(QObject):
    """Module-level signal: some controller started or stopped being busy."""

    any_busy_changed = Signal(bool)


activity = _Activity()


class SolveController(QObject):
    """Start, cancel and follow one job at a time; see the module docstring."""

    #: Fraction done of the current job, in [0, 1].
    progressed = Signal(float)
    #: What the current job said as it went (``progress(fraction, note)`` in the worker).
    noted = Signal(object)
    #: The current job's result.
    finished = Signal(object)
    #: The current job failed (a ``JobFailure``).
    failed = Signal(object)
    #: The current job was cancelled (by ``cancel`` or a newer ``start``).
    cancelled = Signal()
    #: True when a job starts, False when it ends in any way.
    busy_changed = Signal(bool)
    #: A job started, also one replacing a running job (busy stays True then).
    started = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.generation = 0
        self._job_id: int | None = None
        self._started = 0.0
        #: Seconds the last finished job ran (measured in the worker).
        self.elapsed: float | None = None
        self.job: Job[Any] | None = None
        self.destroyed.connect(_POOL.forget_owner_id(id(self)))

    @property
    def busy(self) -> bool:
        """Whether this controller's job is running (or queued)."""
        return self._job_id is not None

    def start(self, job: Job[Any]) -> int:
        """Run ``job``, cancelling the previous one; returns the new generation."""
        was_busy = self.busy
        self._drop_current(notify=False)
        self.generation += 1
        self.job = job
        self._started = time.perf_counter()
        self._job_id = _POOL.submit(job, self)
        if not was_busy:
            self.busy_changed.emit(True)
            activity.any_busy_changed.emit(True)
        self.started.emit()
        return self.generation

    def cancel(self) -> bool:
        """Stop the current job (its late result is dropped); False when idle."""
        if not self.busy:
            return False
        self._drop_current(notify=True)
        self.cancelled.emit()
        return True

    def _drop_current(self, notify: bool) -> None:
        if self._job_id is not None:
            _POOL.cancel(self._job_id)
            self._job_id = None
            if notify:
                self._idle()

    def _idle(self) -> None:
        self.busy_changed.emit(False)
        activity.any_busy_changed.emit(bool(running_jobs()))

    def receive(self, message: Message) -> None:
        """A message of a job (the pool calls it on the UI thread)."""
        if message.job_id != self._job_id:
            return  # a replaced or cancelled job: its news is stale
        if isinstance(message, Progress):
            self.progressed.emit(message.fraction)
            if message.note is not None:
                self.noted.emit(message.note)
            return
        self._job_id = None
        if isinstance(message, Done):
            self.elapsed = message.seconds
            self._idle()
            self.finished.emit(message.result)
        elif isinstance(message, Failed):
            failure = JobFailure(
                message.type_name, message.message, message.traceback, message.user_error
            )
            if failure.user_error:
                log.info("%s refused: %s", self._job_name(), failure.message)
            else:
                log.error("%s failed:\n%s", self._job_name(), failure.traceback or failure)
            self._idle()
            self.failed.emit(failure)
        else:
            self._idle()
            self.cancelled.emit()

    def _job_name(self) -> str:
        return self.job.name if self.job is not None else "a job"


_POOL = WorkerPool()


def wait_idle(controller: SolveController, timeout_ms: int) -> None:
    """Run the event loop until ``controller``'s job has ended (at most ``timeout_ms``).

    The window stays live meanwhile; the job's outcome reaches the controller's signals.
    """
    if not controller.busy:
        return
    loop = QEventLoop()
    quit_when_idle = lambda busy: None if busy else loop.quit()  # noqa: E731
    controller.busy_changed.connect(quit_when_idle)
    QTimer.singleShot(timeout_ms, loop.quit)
    try:
        loop.exec()
    finally:
        controller.busy_changed.disconnect(quit_when_idle)


def run_and_wait(job: Job[Any], timeout_ms: int = 60_000) -> Any:
    """Run ``job`` in a worker and return its result; the window stays live meanwhile.

    For a command whose caller needs the answer before going on (opening a session): a
    local event loop runs until the job ends. ValueError with the message when the job
    fails, is cancelled or takes longer than ``timeout_ms``.
    """
    controller = SolveController()
    outcome: dict[str, Any] = {}
    controller.finished.connect(lambda result: outcome.setdefault("result", result))
    controller.failed.connect(lambda failure: outcome.setdefault("failure", failure))
    try:
        controller.start(job)
        wait_idle(controller, timeout_ms)
    finally:
        controller.cancel()
        controller.deleteLater()
    if "result" in outcome:
        return outcome["result"]
    failure = outcome.get("failure")
    raise ValueError(str(failure) if failure is not None else _("it was stopped before it ended"))


def warm_up(modules: tuple[str, ...] = ("solvers",)) -> None:
    """Start a worker process now and import ``modules`` there (call in idle time)."""
    _POOL.warm_up(modules)


def running_jobs() -> list[int]:
    """Ids of jobs some controller still waits for (tests check none is left)."""
    return _POOL.running()


def cancel_all() -> None:
    """Cancel every controller's job (the worker processes stay)."""
    _POOL.cancel_all()


def shutdown(timeout: float = 1.0) -> None:
    """Terminate every worker process, running or not, within about ``timeout`` seconds."""
    _POOL.shutdown(timeout)


atexit.register(_POOL.stop_all)
