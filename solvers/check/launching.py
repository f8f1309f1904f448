"""The judge's side of ``solvers/check/launcher.py`` (Linux): one launcher per thread.

A launcher is started once per ``Programs`` and thread, so a run costs a fork in a small
process instead of a new interpreter, and is closed with its ``Programs``.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from solvers.i18n import _

__all__ = ["AVAILABLE", "Ended", "LaunchError", "Launcher"]

_SCRIPT = Path(__file__).with_name("launcher.py")
#: Runs go through launchers where a child subreaper exists.
AVAILABLE = sys.platform.startswith("linux") and _SCRIPT.is_file()


class LaunchError(OSError):
    """The program could not be started (the message says why), or the launcher is gone."""


@dataclass(frozen=True)
class Ended:
    """How a run ended, as the launcher measured it."""

    exit_code: int
    memory_kb: int
    seconds: float
    timed_out: bool


class Launcher:
    """One launcher process; ``start`` and ``finish`` one run at a time."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        with theirs:
            self.process = subprocess.Popen(
                [sys.executable, "-I", "-S", str(_SCRIPT), str(theirs.fileno())],
                pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                start_new_session=True,  # Ctrl+C in a terminal reaches us, not it
            )
        self._socket = ours

    def start(self, argv: list[str], fds: list[int], timeout: float, memory: int) -> int:
        """Start ``argv`` with ``fds`` as its stdin, stdout, stderr (closed here); its id."""
        request = json.dumps({"argv": argv, "timeout": timeout, "memory": memory}).encode()
        try:
            socket.send_fds(self._socket, [request], fds)
        except OSError as exc:
            raise LaunchError(
                _("the program launcher stopped: {error}").format(error=exc)
            ) from None
        finally:
            for fd in fds:
                os.close(fd)
        word, _space, rest = self._receive(None).partition(" ")
        if word == "started":
            return int(rest)
        if word == "cancelled":
            return 0
        raise LaunchError(rest or _("the program launcher stopped"))

    def finish(self, seconds: float) -> Ended | None:
        """Wait at most ``seconds`` for the run's end (None: the launcher hangs)."""
        try:
            reply = self._receive(seconds)
        except TimeoutError:
            return None
        words = reply.split()
        if len(words) != 5 or words[0] != "done":
            raise LaunchError(reply or _("the program launcher stopped"))
        code = os.waitstatus_to_exitcode(int(words[1]))
        return Ended(code, int(words[2]), float(words[3]), words[4] == "1")

    def _receive(self, seconds: float | None) -> str:
        self._socket.settimeout(seconds)
        try:
            return self._socket.recv(4096).decode("utf-8", "replace")
        except TimeoutError:
            raise
        except OSError as exc:
            raise LaunchError(
                _("the program launcher stopped: {error}").format(error=exc)
            ) from None

    def stop(self) -> None:
        """End the current run now (output limit)."""
        self._signal(signal.SIGUSR1)

    def cancel(self) -> None:
        """End the current run and refuse every later one."""
        self._signal(signal.SIGTERM)

    def kill(self, pid: int) -> None:
        """The launcher hangs: kill it and the run's group (it is in a session of its own)."""
        self._signal(signal.SIGKILL)
        if pid:
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)

    def _signal(self, number: int) -> None:
        if self.process.returncode is None:
            with contextlib.suppress(OSError):
                self.process.send_signal(number)

    def close(self) -> None:
        """End the launcher: it leaves when its socket closes."""
        self._socket.close()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
