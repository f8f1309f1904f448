"""Running long work off the UI: one ``SolveController`` per tab or panel, jobs in child processes.

Every tab and every panel that runs something long (a solve, a simulation,
building a play state) owns a ``SolveController``::

    controller = SolveController(self)
    controller.finished.connect(self.show_result)
    controller.failed.connect(self.show_failure)      # a JobFailure
    controller.start(Job("solvers.nim", "solve", (inputs,)))

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
import multiprocessing
import pickle
import sys
import time
import types
from collections import deque
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from gui.worker import Job, serve

__all__ = [
    "KILL_AFTER_MS",
    "Job",
    "JobFailure",
    "SolveController",
    "activity",
    "cancel_all",
    "running_jobs",
    "shutdown",
    "warm_up",
]

log = logging.getLogger(__name__)

#: A cancelled job still running after this long has its worker process terminated.
KILL_AFTER_MS = 300
#: At most this many worker processes (two cores: more would only compete).
MAX_WORKERS = 3
#: How often the UI thread looks for messages from busy workers.
POLL_MS = 15


@dataclasses.dataclass(frozen=True)
class JobFailure:
    """Why a job failed: the exception's type and message, and its traceback text.

    ``user_error`` is True for ``ValueError`` (``TooBig`` included): bad or too
    large inputs, told to the user as they are; anything else is a bug.
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
    #: The current job's result.
    finished = Signal(object)
    #: The current job failed (a ``JobFailure``).
    failed = Signal(object)
    #: The current job was cancelled (by ``cancel`` or a newer ``start``).
    cancelled = Signal()
    #: True when a job starts, False when it ends in any way.
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.generation = 0
        self._job_id: int | None = None
        self._started = 0.0
        #: Seconds the last finished job ran (measured in the worker).
        self.elapsed: float | None = None
        self.job: Job | None = None
        self.destroyed.connect(_POOL.forget_owner_id(id(self)))

    @property
    def busy(self) -> bool:
        """Whether this controller's job is running (or queued)."""
        return self._job_id is not None

    def start(self, job: Job) -> int:
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

    # called by the pool, on the UI thread
    def _message(self, job_id: int, kind: str, payload: tuple[Any, ...]) -> None:
        if job_id != self._job_id:
            return  # a replaced or cancelled job: its news is stale
        if kind == "progress":
            self.progressed.emit(float(payload[0]))
            return
        self._job_id = None
        if kind == "done":
            self.elapsed = float(payload[1])
            try:
                result = pickle.loads(payload[0])
            except Exception as exc:  # a result that cannot be rebuilt here is a bug
                log.exception("the result of %s could not be read", self._job_name())
                self._idle()
                self.failed.emit(JobFailure(type(exc).__name__, str(exc)))
                return
            self._idle()
            self.finished.emit(result)
        elif kind == "cancelled":
            self._idle()
            self.cancelled.emit()
        else:
            failure = JobFailure(*payload)
            if failure.user_error:
                log.info("%s refused: %s", self._job_name(), failure.message)
            else:
                log.error("%s failed:\n%s", self._job_name(), failure.traceback)
            self._idle()
            self.failed.emit(failure)

    def _job_name(self) -> str:
        return self.job.name if self.job is not None else "a job"


@dataclasses.dataclass(eq=False)
class _Worker:
    process: Any
    connection: Any
    cancel_value: Any
    job_id: int | None = None
    cancelled_at: float | None = None

    def alive(self) -> bool:
        return bool(self.process.is_alive())


class _Pool:
    """The worker processes, the queue of jobs waiting for one, and the polling timer."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []
        self._queue: deque[tuple[int, Job, bytes]] = deque()
        self._owners: dict[int, SolveController] = {}
        self._next_id = 1
        self._timer: QTimer | None = None
        self._hooked_quit = False

    # ----- workers -------------------------------------------------------------------------
    def _spawn(self) -> _Worker:
        parent_end, child_end = self._context.Pipe()
        cancel_value = self._context.Value("q", 0, lock=False)
        process = self._context.Process(
            target=serve, args=(child_end, cancel_value), name="solve-worker", daemon=True
        )
        # The spawned child would otherwise re-import the parent's __main__ (the whole GUI
        # or pytest) before serving: hide it, the worker needs only gui.worker.
        main = sys.modules["__main__"]
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            process.start()
        finally:
            sys.modules["__main__"] = main
        child_end.close()
        worker = _Worker(process, parent_end, cancel_value)
        self._workers.append(worker)
        self._hook_quit()
        return worker

    def _hook_quit(self) -> None:
        app = QCoreApplication.instance()
        if app is not None and not self._hooked_quit:
            app.aboutToQuit.connect(shutdown)
            self._hooked_quit = True

    def warm_up(self, modules: tuple[str, ...]) -> None:
        """Start one worker if none runs and have it import ``modules`` in advance."""
        if not self._workers:
            self._spawn()
        idle = any(w.job_id is None for w in self._workers)
        if modules and idle and not self._queue:  # never delays a real job, never spawns
            self.submit(Job("gui.worker", "preload", (tuple(modules),), progress=False), None)

    def _stop(self, worker: _Worker) -> None:
        self._workers.remove(worker)
        try:
            worker.connection.close()
        except OSError:
            pass
        if worker.process.is_alive():
            worker.process.terminate()
            worker.process.join(0.5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(0.5)

    def stop_all(self, timeout: float = 1.0) -> None:
        """Terminate every worker; waits at most about ``timeout`` seconds in all."""
        workers, self._workers = list(self._workers), []
        for worker in workers:
            worker.process.terminate()
        deadline = time.monotonic() + timeout * 0.6
        for worker in workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.kill()
        for worker in workers:
            worker.process.join(0.1)
            worker.connection.close()
        for job_id, _, _ in self._queue:
            self._owners.pop(job_id, None)
        self._queue.clear()
        if self._timer is not None:
            self._timer.stop()

    # ----- jobs ----------------------------------------------------------------------------
    def submit(self, job: Job, owner: SolveController | None) -> int:
        job_id = self._next_id
        self._next_id += 1
        if owner is not None:  # nobody waits for a preload
            self._owners[job_id] = owner
        try:
            data = pickle.dumps((job_id, job), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # an argument that cannot travel to a worker is a bug
            log.exception("%s cannot be handed to a worker", job.name)
            failure = (type(exc).__name__, str(exc), "", False)
            # Reported from the event loop: the caller does not know the job's id yet.
            QTimer.singleShot(0, lambda: self._deliver(job_id, "error", failure))
            return job_id
        self._queue.append((job_id, job, data))
        self._dispatch()
        return job_id

    def cancel(self, job_id: int) -> None:
        self._owners.pop(job_id, None)
        for queued in list(self._queue):
            if queued[0] == job_id:
                self._queue.remove(queued)
                return
        for worker in self._workers:
            if worker.job_id == job_id:
                worker.cancel_value.value = job_id
                worker.cancelled_at = time.monotonic()
                self._ensure_timer()

    def forget_owner_id(self, owner_id: int) -> Any:
        """A slot for ``destroyed``: cancel what a deleted controller was running."""

        def forget(*_: Any) -> None:
            for job_id, owner in list(self._owners.items()):
                if id(owner) == owner_id:
                    self.cancel(job_id)

        return forget

    def running(self) -> list[int]:
        """Ids of jobs whose owner still waits for them."""
        return sorted(self._owners)

    def _dispatch(self) -> None:
        while self._queue:
            worker = next((w for w in self._workers if w.job_id is None and w.alive()), None)
            if worker is None:
                # A worker stopping a cancelled job is free (or replaced) within
                # KILL_AFTER_MS: waiting for it beats starting yet another process.
                stopping = any(w.cancelled_at is not None for w in self._workers)
                if stopping or len(self._workers) >= MAX_WORKERS:
                    break
                worker = self._spawn()
            job_id, job, data = self._queue.popleft()
            try:
                worker.connection.send_bytes(data)
            except OSError:  # the worker died since: try the job on another one
                self._stop(worker)
                self._queue.appendleft((job_id, job, data))
                continue
            worker.job_id = job_id
            worker.cancelled_at = None
        self._ensure_timer()

    def _ensure_timer(self) -> None:
        if self._timer is None:
            self._timer = QTimer()
            self._timer.setInterval(POLL_MS)
            self._timer.timeout.connect(self.poll)
        if any(w.job_id is not None for w in self._workers) and not self._timer.isActive():
            self._timer.start()

    def poll(self) -> None:
        """Read every waiting message; replace workers that died or ignored a cancel."""
        for worker in list(self._workers):
            self._read(worker)
            if worker.job_id is None:
                continue
            if not worker.alive():
                code = worker.process.exitcode
                job_id = worker.job_id
                self._stop(worker)
                message = f"the worker process stopped unexpectedly (exit code {code})"
                log.error("job %s: %s", job_id, message)
                self._deliver(job_id, "error", ("WorkerDied", message, "", False))
            elif (
                worker.cancelled_at is not None
                and time.monotonic() - worker.cancelled_at > KILL_AFTER_MS / 1000
            ):
                log.info("job %s ignored its cancel: terminating its worker", worker.job_id)
                self._stop(worker)
        self._dispatch()
        if self._timer is not None and not any(w.job_id is not None for w in self._workers):
            self._timer.stop()

    def _read(self, worker: _Worker) -> None:
        try:
            while worker.job_id is not None and worker.connection.poll():
                kind, job_id, *payload = worker.connection.recv()
                if kind != "progress" and job_id == worker.job_id:
                    worker.job_id = None
                    worker.cancelled_at = None
                self._deliver(job_id, kind, tuple(payload))
        except (EOFError, OSError):
            pass  # the process died: poll() notices and reports it

    def _deliver(self, job_id: int, kind: str, payload: tuple[Any, ...]) -> None:
        owner = self._owners.get(job_id) if kind == "progress" else self._owners.pop(job_id, None)
        if owner is not None:
            owner._message(job_id, kind, payload)


_POOL = _Pool()


def warm_up(modules: tuple[str, ...] = ("solvers",)) -> None:
    """Start a worker process now and import ``modules`` there (call in idle time)."""
    _POOL.warm_up(modules)


def running_jobs() -> list[int]:
    """Ids of jobs some controller still waits for (tests check none is left)."""
    return _POOL.running()


def cancel_all() -> None:
    """Cancel every controller's job (the worker processes stay)."""
    for owner in {id(o): o for o in _POOL._owners.values()}.values():
        owner.cancel()


def shutdown(timeout: float = 1.0) -> None:
    """Terminate every worker process, running or not, within about ``timeout`` seconds."""
    owners = {id(o): o for o in _POOL._owners.values()}
    _POOL.stop_all(timeout)
    for owner in owners.values():
        try:
            owner.cancel()
        except RuntimeError:  # the controller's C++ side is already gone at exit
            pass


atexit.register(_POOL.stop_all)
