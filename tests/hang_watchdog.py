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

#: Seconds a single test (set-up and tear-down included) may run; the slowest takes about 5.
HANG_SECONDS = float(os.environ.get("TEST_HANG_SECONDS", "180"))
#: More for a property test: Hypothesis may shrink a failure for five minutes.
SHRINK_SECONDS = 300.0
#: Seconds the run may take after its last test (pytest's own end, workers stopping, exit).
EXIT_SECONDS = 60.0
#: The plain faulthandler dump comes this much later, for a hang that holds the GIL.
FALLBACK_DELAY = 30.0
#: Frames of the main thread repeated at the end of the report.
LAST_FRAMES = 8


class Watchdog:
    """One thread that waits for the running test's deadline."""

    def __init__(self) -> None:
        self._fd = os.dup(2)  # pytest captures fd 2 during a test; this is the real one
        self._wake = threading.Condition()
        self._test: str | None = None
        self._seconds = HANG_SECONDS
        self._deadline = 0.0
        threading.Thread(target=self._watch, name="hang-watchdog", daemon=True).start()

    def begin(self, test: str, seconds: float = HANG_SECONDS) -> None:
        """``test`` starts and may run ``seconds``."""
        with self._wake:
            self._test, self._seconds = test, seconds
            self._deadline = time.monotonic() + seconds
            self._wake.notify()
        self.rearm()

    def rearm(self) -> None:
        """Arm the plain dump again: pytest cancels it whenever a test phase fails."""
        if self._test is not None:
            remaining = max(1.0, self._deadline - time.monotonic())
            faulthandler.dump_traceback_later(remaining + FALLBACK_DELAY, exit=True, file=self._fd)

    def end(self) -> None:
        """The test is over (or a debugger took over: nothing is timed then)."""
        faulthandler.cancel_dump_traceback_later()
        with self._wake:
            self._test = None
            self._wake.notify()

    def finish(self) -> None:
        """The last test is over: the rest of the run gets ``EXIT_SECONDS`` (plain dump, exit)."""
        self.end()
        faulthandler.dump_traceback_later(EXIT_SECONDS, exit=True, file=self._fd)

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
            test, seconds = self._test, self._seconds
        try:
            os.write(self._fd, report(test, seconds).encode(errors="replace"))
            for child in multiprocessing.active_children():
                child.kill()
        finally:  # whatever failed above, the run must not go on hanging
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
