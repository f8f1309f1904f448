"""Running a contestant's program: no shell, a timeout, capped output, nothing left behind.

On Linux every run goes through ``solvers/check/reaper.py``, a small process that is a
child subreaper: it measures the program's wall time and peak memory (``wait4``),
enforces the time and memory limits, and when the program ends kills everything it
started, even processes that left for a session of their own. Elsewhere the program
runs in a new session (process group) of its own, killed as a group after every run.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

__all__ = ["OUTPUT_CAP", "STDERR_TAIL", "ProgramError", "Programs", "Run"]

#: Bytes of standard output kept; a program writing more is stopped ("output limit").
OUTPUT_CAP = 1 << 20
#: Bytes kept from the end of standard error (shown with a runtime error).
STDERR_TAIL = 4096
_POSIX = os.name == "posix"
_REAPER = Path(__file__).with_name("reaper.py")
#: Runs through the reaper where a subreaper exists (Linux), directly elsewhere.
USE_REAPER = sys.platform.startswith("linux") and _REAPER.is_file()
#: How long past its own time limit the reaper may take before the judge kills it.
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
        if self.exit_code is None or self.status not in ("runtime error", "memory limit"):
            return ""
        if self.exit_code < 0:
            try:
                return f"killed by {signal.Signals(-self.exit_code).name}"
            except ValueError:
                return f"killed by signal {-self.exit_code}"
        return f"exit status {self.exit_code}"


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


class Programs:
    """Starts program runs and can stop every one still running (cancel, Ctrl+C)."""

    def __init__(self) -> None:
        self._live: set[subprocess.Popen[bytes]] = set()
        self._lock = threading.Lock()
        self._cancelled = threading.Event()

    @property
    def cancelled(self) -> bool:
        """Whether ``cancel`` was called."""
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Stop everything: runs in progress are killed, later ones do not start."""
        self._cancelled.set()
        with self._lock:
            live = list(self._live)
        for process in live:
            _stop(process)

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
            return Run("cancelled", "", "", 0.0)
        start = time.monotonic()
        report_r, report_w = os.pipe() if USE_REAPER else (-1, -1)
        limit = (memory_mb or 0) << 20
        argv = list(command)
        if USE_REAPER:
            reaper = [sys.executable, "-I", "-S", str(_REAPER), repr(timeout), str(limit)]
            argv = [*reaper, str(report_w), "--", *argv]
        try:
            process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=_POSIX,
                pass_fds=(report_w,) if USE_REAPER else (),
                creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0),
            )
        except OSError as exc:
            raise ProgramError(f"{command[0]}: cannot run: {exc.strerror or exc}") from None
        finally:
            if USE_REAPER:
                os.close(report_w)
        with self._lock:
            self._live.add(process)
        if self.cancelled:  # cancelled while it started: ``cancel`` may not have seen it
            _stop(process)
        try:
            run = self._finish(process, stdin, timeout, cap, start, report_r)
        finally:
            with self._lock:
                self._live.discard(process)
            if USE_REAPER:
                os.close(report_r)
        if run.status == "error":
            raise ProgramError(run.stderr)
        if memory_mb is not None and _over_memory(run, memory_mb):
            return Run(
                "memory limit", run.stdout, run.stderr, run.seconds, run.exit_code, run.memory_kb
            )
        return run

    def _finish(
        self,
        process: subprocess.Popen[bytes],
        stdin: str,
        timeout: float,
        cap: int,
        start: float,
        report: int,
    ) -> Run:
        assert process.stdin and process.stdout and process.stderr
        out = _Drain(process.stdout, cap, False, lambda: _stop(process))
        err = _Drain(process.stderr, STDERR_TAIL, True, None)
        feeder = threading.Thread(target=_feed, args=(process.stdin, stdin), daemon=True)
        for thread in (out, err, feeder):
            thread.start()
        # The reaper keeps the time limit itself; the judge only guards against a hang.
        limit = start + timeout + (_GRACE if USE_REAPER else 0.0)
        timed_out = not _exited(process, limit)
        seconds = time.monotonic() - start
        if timed_out and USE_REAPER:  # a hung reaper: asked first, so it still cleans up
            _stop(process)
            _exited(process, time.monotonic() + 2.0)
        _kill_group(process)  # the direct run's background processes; a hung reaper
        code = process.wait()
        for thread in (out, err, feeder):
            thread.join(1.0)
        stdout = out.data.decode("utf-8", errors="replace")
        stderr = err.data.decode("utf-8", errors="replace")
        memory = None
        if USE_REAPER and not timed_out:
            lines = _read_all(report).splitlines()
            if lines and lines[0].startswith("error "):
                return Run("error", "", lines[0].removeprefix("error "), 0.0)
            if lines and len(words := lines[-1].split()) == 4:
                code = os.waitstatus_to_exitcode(int(words[0]))
                memory, seconds, timed_out = int(words[1]), float(words[2]), words[3] == "1"
        if self.cancelled:
            status_word = "cancelled"
        elif timed_out:
            status_word = "time limit"
        elif out.overflow:
            status_word = "output limit"
        else:
            status_word = "ok" if code == 0 else "runtime error"
        return Run(status_word, stdout, stderr, min(seconds, timeout), code, memory)


def _read_all(fd: int) -> str:
    chunks = []
    with contextlib.suppress(OSError):
        while chunk := os.read(fd, 4096):
            chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", errors="replace")


def _over_memory(run: Run, memory_mb: int) -> bool:
    """Whether a run broke the memory limit: a peak above it, or a refused allocation."""
    if run.status in ("cancelled", "time limit", "output limit"):
        return False
    if run.memory_kb is not None and run.memory_kb > memory_mb * 1024:
        return True
    return run.status == "runtime error" and _OUT_OF_MEMORY.search(run.stderr) is not None


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


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a run now: the reaper is asked (it then cleans up), a direct run is killed."""
    if USE_REAPER:
        with contextlib.suppress(OSError):
            process.send_signal(signal.SIGTERM)
    else:
        _kill_group(process)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    if _POSIX:
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
    else:
        with contextlib.suppress(OSError):
            process.kill()
