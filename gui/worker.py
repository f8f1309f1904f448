"""The child-process side of solving: a job description and the loop that runs jobs.

Nothing here imports Qt: the worker process (``multiprocessing`` spawn context)
imports only this module and the solver a job names, so it starts fast and a
solve holding the GIL for seconds cannot stall the window.

A ``Job`` names a function by module path and name and carries picklable
arguments. The loop calls ``function(*args, progress=callback, **kwargs)``; the
callback sends throttled progress to the parent and raises
``solvers.protocol.Cancelled`` once the parent has written the job's id into the
shared cancel value. Every outcome goes back as one message:
``("progress", id, fraction)``, ``("done", id, n, seconds)`` followed by the
pickled result and its ``n`` out-of-band buffers as raw byte messages,
``("cancelled", id)`` or ``("error", id, type name, message, traceback, is_user_error)``.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import pickle
import time
import traceback
from collections.abc import Callable, Mapping
from typing import Any

from solvers.protocol import Cancelled

__all__ = ["MEMORY_LIMIT", "PROGRESS_INTERVAL", "Job", "preload", "run_job", "serve"]

#: Progress messages closer together than this (seconds) are dropped: the UI
#: need not repaint a progress bar thousands of times a second.
PROGRESS_INTERVAL = 0.05
#: Address space a worker may use: past it a solve fails with a message instead
#: of swapping the whole machine (no input the forms accept needs 1 GB).
MEMORY_LIMIT = 3 << 30
#: Workers run at a lower priority, so the window's own thread gets a core first.
NICENESS = 5


@dataclasses.dataclass(frozen=True)
class Job:
    """A picklable call: ``module.function(*args, progress=..., **kwargs)``.

    ``progress=False`` calls the function without the ``progress`` keyword (it
    can then only be stopped by terminating the worker process).
    """

    module: str
    function: str
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    progress: bool = True

    def resolve(self) -> Callable[..., Any]:
        """Import the module and return the function."""
        target: Any = importlib.import_module(self.module)
        for part in self.function.split("."):
            target = getattr(target, part)
        return target  # type: ignore[no-any-return]

    @property
    def name(self) -> str:
        """``module.function``, for messages and logs."""
        return f"{self.module}.{self.function}"


def preload(modules: tuple[str, ...]) -> None:
    """Import ``modules`` now (idle time), so the first real job does not pay for them."""
    for name in modules:
        importlib.import_module(name)


def run_job(job: Job, progress: Callable[[float], None] | None = None) -> Any:
    """Run ``job`` in this process (the worker loop and tests use it)."""
    function = job.resolve()
    if job.progress:
        return function(*job.args, progress=progress, **dict(job.kwargs))
    return function(*job.args, **dict(job.kwargs))


def serve(connection: Any, cancel_value: Any) -> None:
    """The worker process body: run jobs received on ``connection`` until it closes.

    ``cancel_value`` is a shared integer: a job whose id is at most its value is
    cancelled at its next progress report.
    """
    _limit_resources()
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if message is None:
            return
        job_id, job = message
        _run_one(connection, cancel_value, job_id, job)


def _limit_resources() -> None:
    try:
        import resource  # POSIX only

        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard == resource.RLIM_INFINITY or hard > MEMORY_LIMIT:
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, hard))
    except (ImportError, ValueError, OSError):
        pass  # no limit on this platform: the work bounds of the solvers still hold
    try:
        os.nice(NICENESS)
    except (AttributeError, OSError):
        pass


def _run_one(connection: Any, cancel_value: Any, job_id: int, job: Job) -> None:
    last = 0.0

    def progress(fraction: float) -> None:
        nonlocal last
        if cancel_value.value >= job_id:
            raise Cancelled
        now = time.perf_counter()
        if now - last >= PROGRESS_INTERVAL:
            last = now
            connection.send(("progress", job_id, float(fraction)))

    start = time.perf_counter()
    try:
        result = run_job(job, progress)
        if cancel_value.value >= job_id:
            raise Cancelled
        # Large arrays (protocol 5) travel as raw buffers beside the pickle: the parent
        # then rebuilds them without copying (a 64 MB Dice Yut table: 25 ms less).
        buffers: list[pickle.PickleBuffer] = []
        payload = pickle.dumps(result, protocol=5, buffer_callback=buffers.append)
    except Cancelled:
        connection.send(("cancelled", job_id))
    except MemoryError:
        limit = f"{MEMORY_LIMIT >> 30} GB"
        message = f"the computation needed more than {limit} of memory: use smaller inputs"
        connection.send(("error", job_id, "MemoryError", message, traceback.format_exc(), True))
    except Exception as exc:  # every failure must reach the tab, with its traceback
        connection.send(
            (
                "error",
                job_id,
                type(exc).__name__,
                str(exc),
                traceback.format_exc(),
                isinstance(exc, ValueError),
            )
        )
    else:
        # The pickle and its buffers follow as raw bytes: inside the message tuple they
        # would be copied once more on arrival.
        connection.send(("done", job_id, len(buffers), time.perf_counter() - start))
        connection.send_bytes(payload)
        for buffer in buffers:
            connection.send_bytes(buffer.raw())
