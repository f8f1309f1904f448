"""Running a contestant's program: no shell, a timeout, capped output, nothing left behind.

Every program runs in a session of its own, so that the timeout, a cancel or Ctrl+C can
kill it with its process group. On Linux runs go through ``solvers/check/launcher.py``
(``solvers.check.launching``), a small child subreaper that also ends what the program
started outside its group, measures each run's wall time and peak memory (``wait4``)
and keeps its memory limit (``RLIMIT_AS``). Elsewhere the program is started directly
and its group killed after the run; its memory is neither measured nor limited.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO

from solvers.check import launching
from solvers.i18n import N_, _

__all__ = [
    "CANCELLED",
    "MEMORY_LIMIT",
    "OUTPUT_CAP",
    "OUTPUT_LIMIT",
    "RUNTIME_ERROR",
    "STDERR_TAIL",
    "TIME_LIMIT",
    "ProgramError",
    "Programs",
    "Run",
]

#: How a run ended, when not "ok"; each is the case's verdict too. English words, kept
#: in reports for programs; people read them through ``solvers.check.model.verdict_text``.
RUNTIME_ERROR = N_("runtime error")
TIME_LIMIT = N_("time limit")
MEMORY_LIMIT = N_("memory limit")
OUTPUT_LIMIT = N_("output limit")
CANCELLED = N_("cancelled")

#: Bytes of standard output kept; a program writing more is stopped ("output limit").
OUTPUT_CAP = 1 << 20
#: Bytes kept from the end of standard error (shown with a runtime error).
STDERR_TAIL = 4096
_POSIX = os.name == "posix"
#: How long past its time limit a launcher may take before it is taken for hung.
_GRACE = 10.0
#: What a program prints when an allocation is refused (Python, C++, Java, Rust, C).
_OUT_OF_MEMORY = re.compile(
    r"MemoryError|std::bad_alloc|OutOfMemoryError|memory allocation of \d+ bytes failed"
    r"|Cannot allocate memory"
)


class ProgramError(OSError):
    """The program could not be started at all (missing file, not executable)."""


@dataclass(frozen=True)
class Run:
    """How one run of the program ended.

    ``status`` is ``"ok"`` (exit status 0), ``"runtime error"`` (non-zero exit or killed by
    a signal it did not get from us), ``"time limit"``, ``"memory limit"``, ``"output
    limit"`` or ``"cancelled"``. ``memory_kb`` is the peak resident memory (None where
    it cannot be measured).
    """

    status: str
    stdout: str
    stderr: str
    seconds: float
    exit_code: int | None = None
    memory_kb: int | None = None

    @property
    def detail(self) -> str:
        """How the program ended, in words (``exit status 1``, ``killed by SIGSEGV``)."""
        if self.exit_code is None or self.status not in (RUNTIME_ERROR, MEMORY_LIMIT):
            return ""
        if self.exit_code == 0 and self.memory_kb is not None:  # over the limit, yet it ended
            return _("peak {count} MB").format(count=f"{self.memory_kb / 1024:.1f}")
        if self.exit_code < 0:
            try:
                name = signal.Signals(-self.exit_code).name
            except ValueError:
                return _("killed by signal {number}").format(number=-self.exit_code)
            return _("killed by {signal}").format(signal=name)
        return _("exit status {code}").format(code=self.exit_code)


class _Drain(threading.Thread):
    """Reads one pipe to its end, keeping the first ``cap`` bytes or the last ``tail``."""

    def __init__(self, pipe: IO[bytes], cap: int, tail: bool, on_overflow: object) -> None:
        super().__init__(daemon=True)
        self._pipe = pipe
        self._cap = cap
        self._tail = tail
        self._on_overflow = on_overflow
        self.data = bytearray()
        self.overflow = False

    def run(self) -> None:
        fd = self._pipe.fileno()
        with contextlib.suppress(OSError):
            while chunk := os.read(fd, 65536):
                if self._tail:
                    self.data += chunk
                    del self.data[: max(0, len(self.data) - self._cap)]
                elif not self.overflow:
                    self.data += chunk
                    if len(self.data) > self._cap:
                        del self.data[self._cap :]
                        self.overflow = True
                        self._on_overflow()  # type: ignore[operator]
        self._pipe.close()

    @property
    def text(self) -> str:
        """What was kept, as text."""
        return self.data.decode("utf-8", errors="replace")


class Programs:
    """Starts program runs and can stop every one still running (cancel, Ctrl+C).

    Call ``close`` when done: it ends this object's launchers (one per thread).
    """

    def __init__(self) -> None:
        self._live: set[subprocess.Popen[bytes] | launching.Launcher] = set()
        self._launchers: dict[int, launching.Launcher] = {}
        self._lock = threading.Lock()
        self._cancelled = threading.Event()
        # A forgotten ``close`` must not leave launchers behind (they wait for runs).
        weakref.finalize(self, _close_launchers, self._launchers)

    @property
    def cancelled(self) -> bool:
        """Whether ``cancel`` was called."""
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Stop everything: runs in progress are killed, later ones do not start."""
        self._cancelled.set()
        with self._lock:
            live = list(self._live)
        for run in live:
            if isinstance(run, launching.Launcher):
                run.cancel()
            else:
                _kill_group(run)

    def close(self) -> None:
        """End the launchers (after the last run)."""
        with self._lock:
            _close_launchers(self._launchers)

    def run(
        self,
        command: Sequence[str],
        stdin: str,
        timeout: float,
        cap: int = OUTPUT_CAP,
        memory_mb: int | None = None,
    ) -> Run:
        """Run ``command`` with ``stdin``: at most ``timeout`` s of wall time, ``memory_mb``."""
        if self.cancelled:
            return Run(CANCELLED, "", "", 0.0)
        if launching.AVAILABLE:
            run = self._launched(list(command), stdin, timeout, cap, memory_mb)
        else:
            run = self._direct(list(command), stdin, timeout, cap)
        if memory_mb is not None and _over_memory(run, memory_mb):
            return Run(
                MEMORY_LIMIT, run.stdout, run.stderr, run.seconds, run.exit_code, run.memory_kb
            )
        return run

    def _launcher(self) -> launching.Launcher:
        with self._lock:
            launcher = self._launchers.get(threading.get_ident())
        if launcher is None:
            launcher = launching.Launcher()
            with self._lock:
                self._launchers[threading.get_ident()] = launcher
        return launcher

    def _launched(
        self, command: list[str], stdin: str, timeout: float, cap: int, memory_mb: int | None
    ) -> Run:
        launcher = self._launcher()
        (stdin_r, stdin_w), (out_r, out_w), (err_r, err_w) = os.pipe(), os.pipe(), os.pipe()
        with self._lock:
            self._live.add(launcher)
        try:
            if self.cancelled:  # cancelled while it started: ``cancel`` may not have seen it
                launcher.cancel()
            try:
                pid = launcher.start(
                    command, [stdin_r, out_w, err_w], timeout, _address_limit(command, memory_mb)
                )
            except launching.LaunchError as exc:
                for fd in (stdin_w, out_r, err_r):
                    os.close(fd)
                raise ProgramError(str(exc)) from None
            threads = _threads(
                open(stdin_w, "wb"), open(out_r, "rb"), open(err_r, "rb"), stdin, cap, launcher.stop
            )
            ended = launcher.finish(timeout + _GRACE) if pid else None
            if ended is None and pid:
                launcher.kill(pid)
        finally:
            with self._lock:
                self._live.discard(launcher)
        if ended is None and pid:  # a hung launcher (killed above) is of no more use
            with self._lock:
                self._launchers.pop(threading.get_ident(), None)
            launcher.close()
        out, err = _joined(threads)
        if self.cancelled or not pid:
            return Run(CANCELLED, out.text, err.text, 0.0)
        if ended is None:
            return Run(TIME_LIMIT, out.text, err.text, timeout)
        status = _status(ended.timed_out, out.overflow, ended.exit_code)
        return Run(
            status,
            out.text,
            err.text,
            min(ended.seconds, timeout),
            ended.exit_code,
            ended.memory_kb,
        )

    def _direct(self, command: list[str], stdin: str, timeout: float, cap: int) -> Run:
        start = time.monotonic()
        try:
            process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=_POSIX,
                creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0),
            )
        except OSError as exc:
            message = _("{program}: cannot run: {error}")
            raise ProgramError(
                message.format(program=command[0], error=exc.strerror or exc)
            ) from None
        with self._lock:
            self._live.add(process)
        if self.cancelled:
            _kill_group(process)
        try:
            assert process.stdin and process.stdout and process.stderr
            threads = _threads(
                process.stdin,
                process.stdout,
                process.stderr,
                stdin,
                cap,
                lambda: _kill_group(process),
            )
            timed_out = not _exited(process, start + timeout)
            seconds = time.monotonic() - start
            _kill_group(process)  # also whatever it left running in the background
            code = process.wait()
        finally:
            with self._lock:
                self._live.discard(process)
        out, err = _joined(threads)
        if self.cancelled:
            return Run(CANCELLED, out.text, err.text, 0.0)
        status = _status(timed_out, out.overflow, code)
        return Run(status, out.text, err.text, min(seconds, timeout), code)


def _address_limit(command: list[str], memory_mb: int | None) -> int:
    """``RLIMIT_AS`` in bytes, 0 for none.

    A JVM reserves far more address space than it uses: it is judged by its peak
    instead (and a built Java source gets ``-Xmx``).
    """
    if memory_mb is None or os.path.basename(command[0]) == "java":
        return 0
    return memory_mb << 20


def _close_launchers(launchers: dict[int, launching.Launcher]) -> None:
    for launcher in list(launchers.values()):
        launcher.close()
    launchers.clear()


def _status(timed_out: bool, overflow: bool, code: int) -> str:
    if timed_out:
        return TIME_LIMIT
    if overflow:
        return OUTPUT_LIMIT
    return "ok" if code == 0 else RUNTIME_ERROR


def _threads(
    feed: IO[bytes], out: IO[bytes], err: IO[bytes], stdin: str, cap: int, on_overflow: object
) -> tuple[_Drain, _Drain, threading.Thread]:
    """Feed the input and drain both outputs, each on a thread of its own."""
    threads = (
        _Drain(out, cap, False, on_overflow),
        _Drain(err, STDERR_TAIL, True, None),
        threading.Thread(target=_feed, args=(feed, stdin), daemon=True),
    )
    for thread in threads:
        thread.start()
    return threads


def _joined(threads: tuple[_Drain, _Drain, threading.Thread]) -> tuple[_Drain, _Drain]:
    for thread in threads:
        thread.join(1.0)
    return threads[0], threads[1]


def _over_memory(run: Run, memory_mb: int) -> bool:
    """Whether a run broke the memory limit: a peak above it, or a refused allocation."""
    if run.status in (CANCELLED, TIME_LIMIT, OUTPUT_LIMIT):
        return False
    if run.memory_kb is not None and run.memory_kb > memory_mb * 1024:
        return True
    return run.status == RUNTIME_ERROR and _OUT_OF_MEMORY.search(run.stderr) is not None


def _feed(pipe: IO[bytes], text: str) -> None:
    # A program may exit without reading its input: that is its business, not an error.
    with contextlib.suppress(OSError):
        pipe.write(text.encode())
    with contextlib.suppress(OSError):
        pipe.close()


def _exited(process: subprocess.Popen[bytes], deadline: float) -> bool:
    """Wait until ``process`` exits or ``deadline`` passes, without reaping it.

    An unreaped process keeps its id, so killing its group afterwards cannot hit a
    stranger that got the id in between.
    """
    if not _POSIX:
        try:
            process.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            return False
        return True
    delay = 0.0002
    flags = os.WEXITED | os.WNOHANG | os.WNOWAIT
    while True:
        try:
            if os.waitid(os.P_PID, process.pid, flags) is not None:
                return True
        except ChildProcessError:  # already reaped by someone else
            return True
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        time.sleep(min(delay, remaining))
        delay = min(delay * 2, 0.01)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    if _POSIX:
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
    else:
        with contextlib.suppress(OSError):
            process.kill()
