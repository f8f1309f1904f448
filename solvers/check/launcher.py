"""Starts the local judge's program runs, one at a time, and leaves nothing of them behind.

Linux only. ``solvers.check.runner`` starts this file as a script (``python -I -S
launcher.py FD``: it imports only the standard library) and keeps it for many runs.
FD is a ``SOCK_SEQPACKET`` socket; each request is one message, JSON ``{"argv": [...],
"timeout": SEC, "memory": BYTES}`` with the run's stdin, stdout and stderr attached.
The launcher forks the program into a session of its own (address space limited to
BYTES unless 0), answers ``started PID``, waits for it with ``wait4`` (its peak memory:
forked from this small process, not from the judge, whose size would count too),
kills it at SEC seconds, then kills everything the run left running and answers
``done STATUS MAXRSS_KB SECONDS TIMED_OUT`` (``error MESSAGE`` if it cannot start).

It is a child subreaper: a process a program starts stays below the launcher even
after leaving the program's session and losing its parent, so after each run the
launcher kills and reaps every process below it. SIGUSR1 stops the current run (output
limit); SIGTERM stops it and every later one (cancel), as does the judge's death.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import resource
import signal
import socket
import sys
import time
from typing import Any

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
_state: dict[str, Any] = {"pid": 0, "cancelled": False, "alarm": False}


def _kill_current() -> None:
    if _state["pid"]:
        with contextlib.suppress(OSError):
            os.killpg(int(_state["pid"]), signal.SIGKILL)


def _on_signal(number: int, frame: object) -> None:
    if number == signal.SIGTERM:
        _state["cancelled"] = True
    if number == signal.SIGALRM:
        _state["alarm"] = True
    _kill_current()


def _children() -> list[int]:
    me = os.getpid()
    try:
        with open(f"/proc/{me}/task/{me}/children") as handle:
            return [int(word) for word in handle.read().split()]
    except OSError:  # kernels without CONFIG_PROC_CHILDREN: every parent, from /proc
        found = []
        for name in os.listdir("/proc"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                with open(f"/proc/{name}/stat") as handle:
                    stat = handle.read()
                if int(stat[stat.rindex(")") + 2 :].split()[1]) == me:
                    found.append(int(name))
        return found


def _sweep() -> None:
    """Kill and reap every process below this one (a killed one's children come next)."""
    while True:
        for child in _children():
            with contextlib.suppress(OSError):
                os.kill(child, signal.SIGKILL)
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.0002)


def _child(argv: list[str], memory: int, fds: list[int], report: int) -> None:
    """In the forked child: become the program, or say why not."""
    try:
        os.setsid()
        for number in (signal.SIGTERM, signal.SIGALRM, signal.SIGUSR1):
            signal.signal(number, signal.SIG_DFL)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
        os.closerange(3, report)
        os.closerange(report + 1, 1 << 16)
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        os.execvp(argv[0], argv)
    except OSError as exc:
        os.write(report, f"{argv[0]}: cannot run: {exc.strerror or exc}".encode())
    os._exit(127)


def _run(sock: socket.socket, request: dict[str, Any], fds: list[int]) -> None:
    argv = [str(word) for word in request["argv"]]
    timeout, memory = float(request["timeout"]), int(request["memory"])
    errors, report = os.pipe2(os.O_CLOEXEC)  # closed by a successful exec: nothing to read
    _state["alarm"] = False
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        _child(argv, memory, fds, report)
    _state["pid"] = pid
    for fd in (*fds, report):
        os.close(fd)
    failure = os.read(errors, 4096).decode("utf-8", "replace")
    os.close(errors)
    if failure:
        _state["pid"] = 0
        os.waitpid(pid, 0)
        sock.send(f"error {failure}".encode())
        return
    with contextlib.suppress(OSError):  # the judge is gone: nothing to tell, all the same
        sock.send(f"started {pid}".encode())
    if _state["cancelled"]:
        _kill_current()
    signal.setitimer(signal.ITIMER_REAL, timeout)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.monotonic() - start
    signal.setitimer(signal.ITIMER_REAL, 0)
    _kill_current()  # what it left in its group, then whatever left the group
    _state["pid"] = 0
    _sweep()
    with contextlib.suppress(OSError):  # the judge is gone (its worker was terminated)
        sock.send(f"done {status} {usage.ru_maxrss} {seconds:.6f} {int(_state['alarm'])}".encode())


def main(argv: list[str]) -> int:
    """Serve runs on the socket ``argv[1]`` until the judge closes it."""
    sock = socket.socket(fileno=int(argv[1]))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    for number in (signal.SIGTERM, signal.SIGALRM, signal.SIGUSR1):
        signal.signal(number, _on_signal)
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(sock, 1 << 20, 3)
        except OSError:
            return 0
        if not message:
            return 0
        if _state["cancelled"]:
            for fd in fds:
                os.close(fd)
            sock.send(b"cancelled")
            continue
        _run(sock, json.loads(message), fds)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
