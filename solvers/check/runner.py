"""Running a contestant's program: no shell, its own process group, a timeout, capped output.

Every program runs in a new session (POSIX) so that the timeout, a cancel or Ctrl+C can
kill it together with anything it started; its group is killed after every run as well,
so nothing it left in the background survives the check.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO

__all__ = ["OUTPUT_CAP", "STDERR_TAIL", "ProgramError", "Programs", "Run"]

#: Bytes of standard output kept; a program writing more is stopped ("output limit").
OUTPUT_CAP = 1 << 20
#: Bytes kept from the end of standard error (shown with a runtime error).
STDERR_TAIL = 4096
_POSIX = os.name == "posix"


class ProgramError(OSError):
    """The program could not be started at all (missing file, not executable)."""


@dataclass(frozen=True)
class Run:
    """How one run of the program ended.

    ``status`` is ``"ok"`` (exit status 0), ``"runtime error"`` (non-zero exit or killed by
    a signal it did not get from us), ``"time limit"``, ``"output limit"`` or ``"cancelled"``.
    """

    status: str
    stdout: str
    stderr: str
    seconds: float
    exit_code: int | None = None

    @property
    def detail(self) -> str:
        """How the program ended, in words (``exit status 1``, ``killed by SIGSEGV``)."""
        if self.exit_code is None or self.status != "runtime error":
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
    """Starts program runs and can kill every one still running (cancel, Ctrl+C)."""

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
        self._kill_running()

    def _kill_running(self) -> None:
        with self._lock:
            live = list(self._live)
        for process in live:
            _kill_group(process)

    def run(
        self,
        command: Sequence[str],
        stdin: str,
        timeout: float,
        cap: int = OUTPUT_CAP,
    ) -> Run:
        """Run ``command`` with ``stdin``, at most ``timeout`` seconds of wall time."""
        if self.cancelled:
            return Run("cancelled", "", "", 0.0)
        start = time.monotonic()
        try:
            process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=_POSIX,
                creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0),
            )
        except OSError as exc:
            raise ProgramError(f"{command[0]}: cannot run: {exc.strerror or exc}") from None
        with self._lock:
            self._live.add(process)
        if self.cancelled:  # cancelled while it started: ``cancel`` may not have seen it
            _kill_group(process)
        try:
            return self._finish(process, stdin, timeout, cap, start)
        finally:
            with self._lock:
                self._live.discard(process)

    def _finish(
        self, process: subprocess.Popen[bytes], stdin: str, timeout: float, cap: int, start: float
    ) -> Run:
        assert process.stdin and process.stdout and process.stderr
        out = _Drain(process.stdout, cap, False, lambda: _kill_group(process))
        err = _Drain(process.stderr, STDERR_TAIL, True, None)
        feeder = threading.Thread(target=_feed, args=(process.stdin, stdin), daemon=True)
        for thread in (out, err, feeder):
            thread.start()
        timed_out = not _exited(process, start + timeout)
        seconds = time.monotonic() - start
        _kill_group(process)  # also whatever it left running in the background
        code = process.wait()
        for thread in (out, err, feeder):
            thread.join(1.0)
        stdout = out.data.decode("utf-8", errors="replace")
        stderr = err.data.decode("utf-8", errors="replace")
        if self.cancelled:
            status = "cancelled"
        elif timed_out:
            status = "time limit"
        elif out.overflow:
            status = "output limit"
        else:
            status = "ok" if code == 0 else "runtime error"
        return Run(status, stdout, stderr, min(seconds, timeout), code)


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
