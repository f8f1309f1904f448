"""The worker processes behind every ``SolveController`` (see ``gui.controller``).

A small pool of persistent processes (``multiprocessing`` spawn context; at
most ``MAX_WORKERS``), a queue of jobs waiting for one, a reader thread per
worker that receives and unpickles its messages (a result of tens of MB would
otherwise stall the window while it is read) and wakes the UI thread through a socket
pair, and a ``QTimer`` on the UI thread that also looks while any job runs (a worker
that dies says nothing). The UI thread hands the messages to their owners. Jobs travel
pickled with an id; a cancel writes the id into the worker's shared cancel
value (the job's progress callback then raises ``Cancelled``) and a worker
still busy ``KILL_AFTER_MS`` later is terminated. Owners are the controllers:
the pool hands them every message of their jobs (``_message``) and nothing of
jobs they cancelled.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import multiprocessing
import pickle
import queue
import socket
import sys
import threading
import time
import types
from collections import deque
from typing import Any, Protocol

from PySide6.QtCore import QCoreApplication, QSocketNotifier, QTimer

from gui import ui_gc
from gui.worker import Job, serve

__all__ = ["KILL_AFTER_MS", "MAX_WORKERS", "POLL_MS", "JobOwner", "WorkerPool"]

log = logging.getLogger("gui.controller")

#: A cancelled job still running after this long has its worker process terminated.
KILL_AFTER_MS = 300
#: At most this many worker processes (two cores: more would only compete).
MAX_WORKERS = 3
#: How often the UI thread looks at busy workers (messages wake it at once; this
#: catches workers that die and cancels that are ignored).
POLL_MS = 15


class JobOwner(Protocol):
    """What the pool needs of a controller."""

    def cancel(self) -> bool:
        """Stop the owner's job."""

    def _message(self, job_id: int, kind: str, payload: tuple[Any, ...]) -> None: ...


#: What a reader thread puts in the inbox when a message cannot be unpickled.
_UNREADABLE = "unreadable"


@dataclasses.dataclass(eq=False)
class _Worker:
    process: Any
    connection: Any
    cancel_value: Any
    inbox: queue.SimpleQueue[tuple[Any, ...]]
    reader: threading.Thread | None = None
    job_id: int | None = None
    cancelled_at: float | None = None

    def alive(self) -> bool:
        return bool(self.process.is_alive())


class _Waker:
    """How a reader thread wakes the UI thread: a byte down a socket pair that Qt watches.

    Without it a message would wait for the next poll, adding up to ``POLL_MS`` to every job.
    A reader thread touches nothing of Qt: a signal emitted from a plain Python thread
    runs Qt's cross-thread code while that thread holds the GIL, which invites dead-locks
    with a UI thread waiting for the GIL inside Qt. Every message sends a byte and the UI
    thread reads them all at once, so a burst of progress wakes it once or twice. (A flag
    saying "a byte is on its way" would save the sends but can be left set with no byte
    sent, which silences the wake-ups for good.) Built on the UI thread once the
    application exists (the notifier needs its event loop).
    """

    def __init__(self, handler: Any) -> None:
        self._handler = handler
        self._receiving, self._sending = socket.socketpair()
        self._receiving.setblocking(False)
        self._sending.setblocking(False)
        self._notifier = QSocketNotifier(self._receiving.fileno(), QSocketNotifier.Type.Read)
        self._notifier.activated.connect(self._wake)

    def wake(self) -> None:
        """Called on a reader thread, after the message is in its inbox."""
        with contextlib.suppress(OSError):  # full: unread bytes wake the UI thread anyway
            self._sending.send(b"!")

    def close(self) -> None:
        """Stop watching and close the sockets (a waker that is not the pool's own)."""
        self._notifier.setEnabled(False)
        self._receiving.close()
        self._sending.close()

    def _wake(self) -> None:
        with contextlib.suppress(OSError):  # emptied first: a byte sent from now on wakes again
            while self._receiving.recv(65536):
                pass
        self._handler()


def _receive(connection: Any, inbox: queue.SimpleQueue[tuple[Any, ...]], waker: _Waker) -> None:
    """Reader thread: move every message of one worker into its inbox until the pipe ends.

    A result is rebuilt here too (the worker sends it pickled on its own, so that a result
    that cannot travel fails only its job; its arrays come as separate buffers and are used
    in place, read-only). A 64 MB Dice Yut table rebuilt on the UI thread was a 20 to 45 ms
    stall. Reading the pipe releases the GIL.
    """
    while True:
        try:
            message = tuple(connection.recv())
            if message[0] == "done":  # the pickle and its buffers follow as raw bytes
                data = connection.recv_bytes()
                buffers = [connection.recv_bytes() for _ in range(message[2])]
                message = (*message[:2], pickle.loads(data, buffers=buffers), *message[3:])
        except (EOFError, OSError):
            return
        except Exception as exc:  # a result that cannot be rebuilt here: fail its job
            message = (_UNREADABLE, None, type(exc).__name__, str(exc))
        inbox.put(message)
        waker.wake()


def _close(worker: _Worker, timeout: float) -> None:
    """Close a stopped worker's pipe once its reader thread is done with it.

    Closing under a reader still inside ``recv`` would free the descriptor for the next
    worker's pipe while that read goes on with the old number: two threads reading one
    pipe. The worker is gone, so the reader meets the end of the pipe at once; if it has
    not, the pipe stays open (a descriptor lost) rather than shared.
    """
    if worker.reader is not None:
        worker.reader.join(timeout)
        if worker.reader.is_alive():
            log.warning("a reader thread outlived its worker; its pipe is left open")
            return
    try:
        worker.connection.close()
    except OSError:
        pass


class WorkerPool:
    """The worker processes, the queue of jobs waiting for one, and the polling timer."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []
        self._queue: deque[tuple[int, Job, bytes]] = deque()
        self._owners: dict[int, JobOwner] = {}
        self._next_id = 1
        self._timer: QTimer | None = None
        self._hooked_quit = False
        self._waker: _Waker | None = None  # built with the first worker

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
        worker = _Worker(process, parent_end, cancel_value, queue.SimpleQueue())
        ui_gc.install()  # a reader allocates as it rebuilds results: no collection may run there
        if self._waker is None:
            self._waker = _Waker(self.poll)
        worker.reader = threading.Thread(
            target=_receive,
            args=(parent_end, worker.inbox, self._waker),
            name="solve-reader",
            daemon=True,
        )
        worker.reader.start()
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
            self.submit(Job("gui.worker", "preload", (tuple(modules),), progress=False), None)

    def _stop(self, worker: _Worker) -> None:
        self._workers.remove(worker)
        if worker.process.is_alive():
            worker.process.terminate()
            worker.process.join(0.5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(0.5)
        _close(worker, 0.5)

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
            _close(worker, max(0.05, deadline + timeout * 0.3 - time.monotonic()))
        for job_id, _, _ in self._queue:
            self._owners.pop(job_id, None)
        self._queue.clear()
        if self._timer is not None:
            self._timer.stop()

    # ----- jobs ----------------------------------------------------------------------------
    def submit(self, job: Job, owner: JobOwner | None) -> int:
        """Queue ``job`` for ``owner`` (None: nobody waits) and return its id."""
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
                if worker.reader is not None:  # what the worker said before it died comes first
                    worker.reader.join(0.2)
                    self._read(worker)
                    if worker.job_id is None:
                        continue
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
                if not self._workers:
                    self._spawn()  # a fresh one, ready before the next job
        self._dispatch()
        if self._timer is not None and not any(w.job_id is not None for w in self._workers):
            self._timer.stop()

    def _read(self, worker: _Worker) -> None:
        """Hand the messages the reader thread received to their owners (UI thread)."""
        while worker.job_id is not None:
            try:
                kind, job_id, *payload = worker.inbox.get_nowait()
            except queue.Empty:
                return
            if kind == _UNREADABLE:
                kind, job_id = "error", worker.job_id
                payload = [payload[0], f"the result could not be read: {payload[1]}", "", False]
            if kind != "progress" and job_id == worker.job_id:
                worker.job_id = None
                worker.cancelled_at = None
            self._deliver(job_id, kind, tuple(payload))

    def _deliver(self, job_id: int, kind: str, payload: tuple[Any, ...]) -> None:
        owner = self._owners.get(job_id) if kind == "progress" else self._owners.pop(job_id, None)
        if owner is not None:
            owner._message(job_id, kind, payload)

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
