"""The worker processes behind every ``SolveController`` (see ``gui.controller``).

A small pool of persistent processes (``multiprocessing`` spawn context; at
most ``MAX_WORKERS``) and a queue of jobs waiting for one. Each worker has two
one-way pipes: jobs go down one, pickled with an id; messages come back up the
other as frames (``gui.frames``), which a ``QSocketNotifier`` on the UI thread
reads without blocking as they arrive. The window process therefore runs no
thread of its own, and Python's garbage collector stays as it is.

A worker that dies closes its pipe: the notifier sees the end at once and its
job fails. A cancel writes the job's id into the worker's shared cancel value
(the job's progress callback then raises ``Cancelled``); a worker still busy
``KILL_AFTER_MS`` later is terminated (a timer runs only while such a cancel
waits). Owners are the controllers: the pool hands them every message of their
jobs (``receive``) and nothing of jobs they cancelled.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import multiprocessing
import os
import pickle
import sys
import time
import types
from collections import deque
from typing import Any, Protocol

from PySide6.QtCore import QCoreApplication, QSocketNotifier, QTimer

from gui.frames import FrameReader, UnreadableFrame
from gui.worker import Failed, Job, Message, Progress, preload, serve
from solvers.i18n import _, language

__all__ = ["KILL_AFTER_MS", "MAX_WORKERS", "JobOwner", "WorkerPool"]

log = logging.getLogger("gui.controller")

#: A cancelled job still running after this long has its worker process terminated.
KILL_AFTER_MS = 300
#: At most this many worker processes (two cores: more would only compete).
MAX_WORKERS = 3
#: How often the UI thread looks at workers whose job ignores its cancel.
WATCH_MS = 20
#: The results pipe's capacity (Linux): large results arrive in fewer, larger reads.
PIPE_BYTES = 1 << 20


class JobOwner(Protocol):
    """What the pool needs of a controller."""

    def cancel(self) -> bool:
        """Stop the owner's job."""

    def receive(self, message: Message) -> None:
        """One message of the owner's current job."""


@dataclasses.dataclass(eq=False)
class _Worker:
    process: Any
    jobs: Any  # the write end of the jobs pipe (a multiprocessing Connection)
    results: Any  # the read end of the results pipe (its descriptor is read raw)
    cancel_value: Any
    notifier: QSocketNotifier | None = None
    reader: FrameReader = dataclasses.field(default_factory=FrameReader)
    job_id: int | None = None
    cancelled_at: float | None = None

    def alive(self) -> bool:
        return bool(self.process.is_alive())


class WorkerPool:
    """The worker processes, the queue of jobs waiting for one, and their notifiers."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []
        self._queue: deque[tuple[int, Job[Any], bytes]] = deque()
        self._owners: dict[int, JobOwner] = {}
        self._next_id = 1
        self._watch: QTimer | None = None
        self._hooked_quit = False

    # ----- workers -------------------------------------------------------------------------
    def _spawn(self) -> _Worker:
        jobs_in, jobs_out = self._context.Pipe(duplex=False)
        results_in, results_out = self._context.Pipe(duplex=False)
        cancel_value = self._context.Value("q", 0, lock=False)
        process = self._context.Process(
            target=serve, args=(jobs_in, results_out, cancel_value), name="solve-worker"
        )
        process.daemon = True
        # The spawned child would otherwise re-import the parent's __main__ (the whole GUI
        # or pytest) before serving: hide it, the worker needs only gui.worker.
        main = sys.modules["__main__"]
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            process.start()
        finally:
            sys.modules["__main__"] = main
        jobs_in.close()
        results_out.close()  # the child's copy alone: its death ends the pipe here
        fd = results_in.fileno()
        os.set_blocking(fd, False)
        with contextlib.suppress(AttributeError, OSError):  # Linux only; a hint
            import fcntl

            fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
        worker = _Worker(process, jobs_out, results_in, cancel_value)
        worker.notifier = QSocketNotifier(fd, QSocketNotifier.Type.Read)
        worker.notifier.activated.connect(lambda *_: self._readable(worker))
        self._workers.append(worker)
        self._hook_quit()
        return worker

    def _hook_quit(self) -> None:
        app = QCoreApplication.instance()
        if app is not None and not self._hooked_quit:
            app.aboutToQuit.connect(lambda: self.shutdown())
            self._hooked_quit = True

    def warm_up(self, modules: tuple[str, ...]) -> None:
        """Start one worker if none runs and have it import ``modules`` in advance."""
        if not self._workers:
            self._spawn()
        idle = any(w.job_id is None for w in self._workers)
        if modules and idle and not self._queue:  # never delays a real job, never spawns
            self.submit(Job(preload, (tuple(modules),), progress=False), None)

    def _release(self, worker: _Worker) -> None:
        """Stop watching a worker and close its pipes (its process is gone or going)."""
        if worker in self._workers:
            self._workers.remove(worker)
        if worker.notifier is not None:
            worker.notifier.setEnabled(False)
            worker.notifier.deleteLater()
            worker.notifier = None
        for end in (worker.jobs, worker.results):
            with contextlib.suppress(OSError):
                end.close()

    def _stop(self, worker: _Worker) -> None:
        self._release(worker)
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
            self._release(worker)
            worker.process.terminate()
        deadline = time.monotonic() + timeout * 0.8
        for worker in workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(0.1)
        for job_id, _function, _args in self._queue:
            self._owners.pop(job_id, None)
        self._queue.clear()
        if self._watch is not None:
            self._watch.stop()

    # ----- jobs ----------------------------------------------------------------------------
    def submit(self, job: Job[Any], owner: JobOwner | None) -> int:
        """Queue ``job`` for ``owner`` (None: nobody waits) and return its id."""
        job_id = self._next_id
        self._next_id += 1
        if owner is not None:  # nobody waits for a preload
            self._owners[job_id] = owner
        try:
            message = (job_id, language(), job)
            data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # an argument that cannot travel to a worker is a bug
            log.exception("%s cannot be handed to a worker", job.name)
            failure = Failed(job_id, type(exc).__name__, str(exc))
            # Reported from the event loop: the caller does not know the job's id yet.
            QTimer.singleShot(0, lambda: self._deliver(failure))
            return job_id
        self._queue.append((job_id, job, data))
        self._dispatch()
        return job_id

    def cancel(self, job_id: int) -> None:
        """Forget job ``job_id``'s owner and stop the job (queued: dropped; running: flagged)."""
        self._owners.pop(job_id, None)
        for queued in list(self._queue):
            if queued[0] == job_id:
                self._queue.remove(queued)
                return
        for worker in self._workers:
            if worker.job_id == job_id:
                worker.cancel_value.value = job_id
                worker.cancelled_at = time.monotonic()
                self._ensure_watch()

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
                worker.jobs.send_bytes(data)
            except OSError:  # the worker died since: try the job on another one
                self._stop(worker)
                self._queue.appendleft((job_id, job, data))
                continue
            worker.job_id = job_id
            worker.cancelled_at = None

    def _ensure_watch(self) -> None:
        if self._watch is None:
            self._watch = QTimer()
            self._watch.setInterval(WATCH_MS)
            self._watch.timeout.connect(self._kill_ignored_cancels)
        if not self._watch.isActive():
            self._watch.start()

    def _kill_ignored_cancels(self) -> None:
        waiting = False
        for worker in list(self._workers):
            if worker.cancelled_at is None:
                continue
            if time.monotonic() - worker.cancelled_at > KILL_AFTER_MS / 1000:
                log.info("job %s ignored its cancel: terminating its worker", worker.job_id)
                self._stop(worker)
                if not self._workers:
                    self._spawn()  # a fresh one, ready before the next job
            else:
                waiting = True
        if not waiting and self._watch is not None:
            self._watch.stop()
        self._dispatch()

    def _readable(self, worker: _Worker) -> None:
        """The worker's results pipe holds bytes (or has ended): hand on what is complete."""
        if worker.notifier is None:
            return
        try:
            messages = worker.reader.read(worker.results.fileno())
        except (EOFError, OSError):
            self._died(worker)
            return
        for message in messages:
            if isinstance(message, UnreadableFrame):
                if worker.job_id is None:
                    continue
                text = _("the result could not be read: {reason}").format(reason=message)
                message = Failed(worker.job_id, "UnreadableResult", text)
            if not isinstance(message, Progress) and message.job_id == worker.job_id:
                worker.job_id = None
                worker.cancelled_at = None
            self._deliver(message)
        self._dispatch()

    def _died(self, worker: _Worker) -> None:
        job_id = worker.job_id
        self._release(worker)
        worker.process.join(0.5)
        if job_id is not None and worker.cancelled_at is None:
            code = worker.process.exitcode
            message = _("the worker process stopped unexpectedly (exit code {code})").format(
                code=code
            )
            log.error("job %s: %s", job_id, message)
            self._deliver(Failed(job_id, "WorkerDied", message))
        self._dispatch()

    def _deliver(self, message: Message) -> None:
        if isinstance(message, Progress):
            owner = self._owners.get(message.job_id)
        else:
            owner = self._owners.pop(message.job_id, None)
        if owner is not None:
            owner.receive(message)

    def cancel_all(self) -> None:
        """Cancel every owner's job (the worker processes stay)."""
        for owner in {id(o): o for o in self._owners.values()}.values():
            owner.cancel()

    def shutdown(self, timeout: float = 1.0) -> None:
        """Terminate every worker within about ``timeout`` seconds; owners see a cancel."""
        owners = {id(o): o for o in self._owners.values()}
        self.stop_all(timeout)
        for owner in owners.values():
            try:
                owner.cancel()
            except RuntimeError:  # the controller's C++ side is already gone at exit
                pass
