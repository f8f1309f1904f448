"""A worker whose window has died ends silently (no Qt here: the worker process imports it).

When the window is killed (SIGKILL, a crash) the worker's next message finds the pipe
broken; ``gui.worker.serve`` would then print a ``BrokenPipeError`` traceback (twice
over: once for the progress report, once for the error report). ``serve_quietly`` is
``serve`` ending with status 0 instead, and it leaves Ctrl+C to the window: a Ctrl+C
typed in the terminal reaches the whole process group, workers included.
"""

from __future__ import annotations

import signal
from typing import Any

from gui.worker import serve

__all__ = ["WINDOW_GONE", "serve_quietly"]

#: What a write to (or a read from) the pipe of a dead window raises.
WINDOW_GONE = (BrokenPipeError, ConnectionResetError, EOFError)


def serve_quietly(connection: Any, cancel_value: Any) -> None:
    """``gui.worker.serve``, returning silently once the window is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the window decides; it ends its workers
    try:
        serve(connection, cancel_value)
    except WINDOW_GONE:
        return
