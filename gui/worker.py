"""Running a solver off the UI thread: progress, cancellation, clean shutdown.

A ``SolveThread`` runs ``function(progress)`` in its own QThread. The
``progress`` callback it hands to the solver raises ``Cancelled`` once
``cancel()`` was called, so solvers stop at their next progress report.
Results come back through queued signals (``progressed``, ``returned``,
``errored``, ``cancelled``), always on the UI thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QThread, Signal

from solvers.protocol import Cancelled

__all__ = ["SolveThread", "live_threads", "wait_for_all"]

#: Threads that have been started and have not finished; kept here so Python
#: never drops a running QThread (that would abort the process).
_LIVE: set[SolveThread] = set()

#: Progress signals closer together than this are dropped: the UI need not
#: repaint a progress bar thousands of times a second.
_PROGRESS_INTERVAL = 0.05


class SolveThread(QThread):
    """One solve in a background thread."""

    progressed = Signal(float)
    returned = Signal(object)
    errored = Signal(str)
    cancelled = Signal()

    def __init__(self, function: Callable[[Callable[[float], None]], Any]) -> None:
        super().__init__()
        self._function = function
        self._cancel_requested = False
        self._last_progress = 0.0
        self.elapsed = 0.0
        self.finished.connect(self._forget)

    def start_solving(self) -> None:
        """Start the thread and keep it alive until it finishes."""
        _LIVE.add(self)
        self.start()

    def cancel(self) -> None:
        """Ask the solver to stop at its next progress report."""
        self._cancel_requested = True

    @property
    def cancel_requested(self) -> bool:
        """Whether ``cancel`` was called."""
        return self._cancel_requested

    def _progress(self, fraction: float) -> None:
        if self._cancel_requested:
            raise Cancelled
        now = time.perf_counter()
        if now - self._last_progress >= _PROGRESS_INTERVAL or fraction >= 1.0:
            self._last_progress = now
            self.progressed.emit(float(fraction))

    def run(self) -> None:
        """Thread body: never lets an exception escape into Qt."""
        start = time.perf_counter()
        try:
            result = self._function(self._progress)
        except Cancelled:
            self.elapsed = time.perf_counter() - start
            self.cancelled.emit()
        except Exception as exc:  # any solver failure must reach the tab, not the console
            self.elapsed = time.perf_counter() - start
            message = str(exc) or type(exc).__name__
            if not isinstance(exc, ValueError):
                message = f"{type(exc).__name__}: {message}"
            self.errored.emit(message)
        else:
            self.elapsed = time.perf_counter() - start
            if self._cancel_requested:
                self.cancelled.emit()
            else:
                self.returned.emit(result)

    def _forget(self) -> None:
        _LIVE.discard(self)
        self.deleteLater()


def live_threads() -> list[SolveThread]:
    """Solve threads that are still running."""
    return [thread for thread in _LIVE if thread.isRunning()]


def wait_for_all(timeout_ms: int = 10_000) -> bool:
    """Cancel every running solve and wait for it; False if one would not stop."""
    threads = list(_LIVE)
    for thread in threads:
        thread.cancel()
    return all(thread.wait(timeout_ms) for thread in threads)
