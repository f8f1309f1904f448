"""A test that runs past ``HANG_SECONDS`` stops the whole run, saying where it hangs.

A dead-locked test would otherwise hold CI until its own time limit, which keeps only the
last lines of the output. So the report ends with what matters most: the main thread's
innermost frames and the test's id. Other threads come first, in full. Worker processes are
killed before the exit: an orphan keeping the output pipe open would hold CI all the same.
"""

from __future__ import annotations

import faulthandler
import multiprocessing
import os
import sys
import threading
import time
import traceback

#: Seconds a single test (set-up and tear-down included) may run; the slowest takes about 20.
HANG_SECONDS = float(os.environ.get("TEST_HANG_SECONDS", "180"))
#: Frames of the main thread repeated at the end of the report.
LAST_FRAMES = 8


class Watchdog:
    """One thread that waits for the running test's deadline."""

    def __init__(self, seconds: float = HANG_SECONDS) -> None:
        self.seconds = seconds
        self._fd = os.dup(2)  # pytest captures fd 2 during a test; this is the real one
        self._wake = threading.Condition()
        self._test: str | None = None
        self._deadline = 0.0
        threading.Thread(target=self._watch, name="hang-watchdog", daemon=True).start()

    def begin(self, test: str) -> None:
        with self._wake:
            self._test, self._deadline = test, time.monotonic() + self.seconds
            self._wake.notify()
        # In case the hang holds the GIL, which this thread needs: a plainer dump, a bit later.
        faulthandler.dump_traceback_later(self.seconds + 30, exit=True, file=self._fd)

    def end(self) -> None:
        faulthandler.cancel_dump_traceback_later()
        with self._wake:
            self._test = None
            self._wake.notify()

    def _watch(self) -> None:
        with self._wake:
            while True:
                if self._test is None:
                    self._wake.wait()
                    continue
                remaining = self._deadline - time.monotonic()
                if remaining <= 0:
                    break
                self._wake.wait(remaining)
            test = self._test
        os.write(self._fd, report(test, self.seconds).encode(errors="replace"))
        for child in multiprocessing.active_children():
            child.kill()
        os._exit(3)


def report(test: str, seconds: float) -> str:
    """Every thread's stack (innermost last), then the main thread's last frames and ``test``."""
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    main = threading.main_thread().ident
    frames = sys._current_frames()
    lines = [f"\n=== {test} still running after {seconds:g} s: every thread ===\n"]
    for ident, frame in frames.items():
        if ident not in (main, threading.get_ident()):
            lines.append(f"--- thread {names.get(ident, ident)}\n")
            lines.extend(traceback.format_stack(frame))
    lines.append("--- main thread, innermost last\n")
    if main in frames:
        lines.extend(traceback.format_stack(frames[main])[-LAST_FRAMES:])
    lines.append(f"=== HUNG: {test} (over {seconds:g} s); the run stops here ===\n")
    return "".join(lines)
