"""The child-process side of solving: typed jobs, typed messages, and the loop that runs jobs.

Nothing here imports Qt: the worker process (``multiprocessing`` spawn context)
imports only this module and the solver a job names, so it starts fast and a
solve holding the GIL for seconds cannot stall the window.

A ``Job`` is a module-level callable with its arguments; it travels pickled, the
callable by reference. The loop calls ``function(*args, progress=callback,
**kwargs)``; the callback sends throttled progress to the parent and raises
``solvers.protocol.Cancelled`` once the parent has written the job's id into the
shared cancel value. Every outcome goes back as one frozen message (``Progress``,
``Done``, ``Stopped`` or ``Failed``) in a frame of ``gui.frames`` on the results
pipe, which the window reads on its UI thread without blocking.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import signal
import time
import traceback
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from gui.frames import write_frame
from solvers.i18n import _, language, set_language
from solvers.protocol import Cancelled, InputError

__all__ = [
    "MEMORY_LIMIT",
    "PROGRESS_INTERVAL",
    "Done",
    "Failed",
    "Job",
    "Message",
    "Progress",
    "Stopped",
    "preload",
    "run_job",
    "serve",
]

#: Progress messages closer together than this (seconds) are dropped: the UI
#: need not repaint a progress bar thousands of times a second.
PROGRESS_INTERVAL = 0.05
#: Address space a worker may use: past it a solve fails with a message instead
#: of swapping the whole machine (no input the forms accept needs 1 GB).
MEMORY_LIMIT = 3 << 30
#: Workers run at a lower priority, so the window's own thread gets a core first.
NICENESS = 5

R = TypeVar("R")


@dataclasses.dataclass(frozen=True)
class Job(Generic[R]):
    """A picklable call: ``function(*args, progress=..., **kwargs)``.

    ``function`` must be a module-level callable (it is pickled by reference).
    ``progress=False`` calls it without the ``progress`` keyword (it can then only be
    stopped by terminating the worker process).
    """

    function: Callable[..., R]
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    progress: bool = True

    def __post_init__(self) -> None:
        if not callable(self.function):  # an old-style name would fail only in the worker
            raise TypeError(f"a job runs a callable, not {self.function!r}")

    @property
    def name(self) -> str:
        """``module.function``, for messages and logs."""
        module = getattr(self.function, "__module__", "?")
        return f"{module}.{getattr(self.function, '__qualname__', repr(self.function))}"

    def key(self) -> tuple[Any, ...] | None:
        """A hashable identity of the call (equal jobs give equal results), or None.

        The language is part of it: a result may hold sentences (a derivation, a reason).
        """
        kwargs = tuple(sorted(self.kwargs.items()))
        key = (language(), self.function, self.args, kwargs, self.progress)
        try:
            hash(key)
        except TypeError:
            return None
        return key


@dataclasses.dataclass(frozen=True)
class Progress:
    """Fraction done of job ``job_id``, in [0, 1], and what the job has to say (``note``).

    A job whose caller wants news as it goes (the local judge's case results) calls
    ``progress(fraction, note)``; notes are never dropped, plain fractions are throttled.
    """

    job_id: int
    fraction: float
    note: Any = None


@dataclasses.dataclass(frozen=True)
class Done:
    """Job ``job_id`` returned ``result`` after ``seconds`` in the worker."""

    job_id: int
    seconds: float
    result: Any


@dataclasses.dataclass(frozen=True)
class Stopped:
    """Job ``job_id`` noticed its cancel and stopped."""

    job_id: int


@dataclasses.dataclass(frozen=True)
class Failed:
    """Job ``job_id`` raised: ``user_error`` for bad or too large inputs, else a bug."""

    job_id: int
    type_name: str
    message: str
    traceback: str = ""
    user_error: bool = False


Message = Progress | Done | Stopped | Failed


def preload(modules: tuple[str, ...]) -> None:
    """Import ``modules`` now (idle time), so the first real job does not pay for them."""
    for name in modules:
        importlib.import_module(name)


def run_job(job: Job[R], progress: Callable[..., None] | None = None) -> R:
    """Run ``job`` in this process (the worker loop and tests use it)."""
    if job.progress:
        return job.function(*job.args, progress=progress, **dict(job.kwargs))
    return job.function(*job.args, **dict(job.kwargs))


def failure(job_id: int, exc: BaseException) -> Failed:
    """The message for a job that raised ``exc`` (call inside the ``except`` block)."""
    if isinstance(exc, MemoryError):
        limit = _("{count} GB").format(count=MEMORY_LIMIT >> 30)
        text = _("the computation needed more than {limit} of memory: use smaller inputs")
        text = text.format(limit=limit)
        return Failed(job_id, "MemoryError", text, traceback.format_exc(), True)
    return Failed(
        job_id,
        type(exc).__name__,
        str(exc),
        traceback.format_exc(),
        isinstance(exc, InputError),
    )


def serve(jobs: Any, results: Any, cancel_value: Any) -> None:
    """The worker process body: run jobs received on ``jobs`` until it closes.

    ``results`` is the write end of the results pipe (raw frames, see ``gui.frames``);
    ``cancel_value`` is a shared integer: a job whose id is at most its value is
    cancelled at its next progress report. A window that died closes both pipes: the
    worker then ends silently, whatever it was doing.
    """
    # Ctrl+C in a terminal reaches the whole process group: the window decides, not us.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _limit_resources()
    fd = results.fileno()
    while True:
        try:
            message = jobs.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        # Each job arrives with the window's language: its messages and derivations speak it.
        job_id, language, job = message
        set_language(language)
        try:
            _run_one(fd, cancel_value, job_id, job)
        except _WindowGone:  # nobody is left to tell
            return


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


class _WindowGone(Exception):
    """The results pipe is broken: the window that asked for the job has closed."""


def _send(fd: int, message: Message) -> None:
    try:
        write_frame(fd, message)
    except OSError as exc:
        raise _WindowGone from exc


def _run_one(fd: int, cancel_value: Any, job_id: int, job: Job[Any]) -> None:
    last = 0.0

    def progress(fraction: float, note: Any = None) -> None:
        nonlocal last
        if cancel_value.value >= job_id:
            raise Cancelled
        now = time.perf_counter()
        if note is not None or now - last >= PROGRESS_INTERVAL:
            last = now
            _send(fd, Progress(job_id, float(fraction), note))

    start = time.perf_counter()
    try:
        result = run_job(job, progress)
        if cancel_value.value >= job_id:
            raise Cancelled
        outcome: Message = Done(job_id, time.perf_counter() - start, result)
    except Cancelled:
        outcome = Stopped(job_id)
    except _WindowGone:
        raise
    except Exception as exc:  # every failure must reach the tab, with its traceback
        outcome = failure(job_id, exc)
    try:
        _send(fd, outcome)
    except _WindowGone:
        raise
    except Exception as exc:  # a result that cannot travel fails only its job
        _send(fd, failure(job_id, exc))
