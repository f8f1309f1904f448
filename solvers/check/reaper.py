"""Runs one program for the local judge and leaves nothing of it behind (Linux only).

``solvers.check.runner`` starts this file as a script, ``python -I -S reaper.py TIMEOUT
MEMORY FD -- COMMAND [ARG ...]``, in a session of its own, so it imports nothing but the
standard library. It makes itself a child subreaper: a process the program starts keeps
this process as an ancestor even after it leaves the program's session and its parent
dies (the kernel hands such orphans to the nearest subreaper instead of to init).

It starts COMMAND in a new process group (its address space limited to MEMORY bytes
unless 0), waits for it with ``wait4`` (peak memory), kills its group at TIMEOUT seconds
or on SIGTERM (the judge's cancel), then kills and reaps every process still below it.
Last it writes ``STATUS MAXRSS_KB SECONDS TIMED_OUT`` to FD, or ``error MESSAGE`` when
COMMAND cannot be started. The judge's death sends it SIGTERM too (PR_SET_PDEATHSIG).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import resource
import signal
import sys
import time
from pathlib import Path

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36


def _children() -> list[int]:
    """The ids of this process's children (orphans handed to it included)."""
    own = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children")
    with contextlib.suppress(OSError):
        return [int(word) for word in own.read_text().split()]
    # Kernels without CONFIG_PROC_CHILDREN: every process's parent, from /proc.
    found = []
    me = os.getpid()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                stat = (entry / "stat").read_text()
                if int(stat[stat.rindex(")") + 2 :].split()[1]) == me:
                    found.append(int(entry.name))
    return found


def _sweep() -> None:
    """Kill every process below this one and reap them, until none is left.

    A killed process's own children become ours (we are their subreaper), so the
    list is read again after every reap.
    """
    while True:
        for child in _children():
            with contextlib.suppress(OSError):
                os.kill(child, signal.SIGKILL)
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.0005)


def _start(command: list[str], memory: int, report: int) -> int:
    pid = os.fork()
    if pid == 0:  # the program-to-be: its own group, default signals, limited memory
        try:
            os.setpgid(0, 0)
            for number in (signal.SIGTERM, signal.SIGALRM):
                signal.signal(number, signal.SIG_DFL)
            if memory:
                resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            os.execvp(command[0], command)
        except OSError as exc:
            os.write(report, f"error {command[0]}: cannot run: {exc.strerror or exc}\n".encode())
        os._exit(127)
    with contextlib.suppress(OSError):  # either side may set it first; both is the idiom
        os.setpgid(pid, pid)
    return pid


def main(argv: list[str]) -> int:
    """Run the program described by ``argv`` (see the module's docstring)."""
    timeout, memory, report = float(argv[1]), int(argv[2]), int(argv[3])
    command = argv[5:]
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    os.set_inheritable(report, False)  # the program must not hold the report pipe open
    timed_out: list[bool] = []
    pid = 0

    def stop(number: int, frame: object) -> None:
        timed_out.append(number == signal.SIGALRM)
        if pid:
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)

    # Handlers first: a stop that arrives while the program starts must still kill it.
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGALRM, stop)
    start = time.monotonic()
    pid = _start(command, memory, report)
    if timed_out:  # stopped before ``pid`` was known to the handler
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.monotonic() - start
    signal.setitimer(signal.ITIMER_REAL, 0)
    with contextlib.suppress(OSError):  # what it left in its group, then everything else
        os.killpg(pid, signal.SIGKILL)
    _sweep()
    line = f"{status} {usage.ru_maxrss} {seconds:.6f} {int(any(timed_out))}\n"
    with contextlib.suppress(OSError):
        os.write(report, line.encode())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
