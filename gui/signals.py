"""Ctrl+C and SIGTERM close the app as File → Quit does, with no traceback.

Python runs its signal handlers only between bytecodes, and while Qt's event loop
waits in C no bytecode runs: a Ctrl+C waits for the next timer, then raises
``KeyboardInterrupt`` in whatever slot runs (the traceback users saw). ``install``
instead has the C-level handler write the signal's number into a socket pair
(``signal.set_wakeup_fd``); a ``QSocketNotifier`` wakes the loop at once and the
slot calls ``quit_callable`` (the window's ``close``: running work is cancelled,
workers end, settings are saved) from the loop, where anything may run. A second
Ctrl+C while the first is being handled ends the process the default way.
"""

from __future__ import annotations

import signal
import socket
from collections.abc import Callable
from types import FrameType

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, QTimer

__all__ = ["HANDLED", "SignalBridge", "install"]

#: The signals that close the app.
HANDLED = (signal.SIGINT, signal.SIGTERM)
_INSTALLED: list[SignalBridge] = []


def _ignore(signum: int, frame: FrameType | None) -> None:
    """The Python-level handler: nothing to do, the wake-up byte carries the signal."""


class SignalBridge(QObject):
    """The socket pair and notifier of ``install``; ``uninstall`` puts everything back."""

    def __init__(self, app: QCoreApplication, quit_callable: Callable[[], object]) -> None:
        super().__init__(app)
        self._quit = quit_callable
        self._app = app
        self._reader, self._writer = socket.socketpair()
        self._reader.setblocking(False)
        self._writer.setblocking(False)
        self._old_fd = signal.set_wakeup_fd(self._writer.fileno(), warn_on_full_buffer=False)
        self._old_handlers = {signum: signal.signal(signum, _ignore) for signum in HANDLED}
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._woken)
        self.received: list[int] = []

    def _woken(self) -> None:
        try:
            data = self._reader.recv(512)
        except OSError:  # nothing there after all (a spurious wake-up)
            return
        signums = [number for number in data if number in HANDLED]
        if not signums or self.received:
            return
        self.received.extend(signums)
        for signum in HANDLED:  # a second Ctrl+C, if closing hangs, ends the process
            signal.signal(signum, signal.SIG_DFL)
        # From the loop, not from inside the notifier's own activation.
        QTimer.singleShot(0, self._close)

    def _close(self) -> None:
        self._quit()
        self._app.quit()  # also when a dialog kept the last window from closing

    def uninstall(self) -> None:
        """Restore the previous handlers and wake-up fd, and close the sockets."""
        self._notifier.setEnabled(False)
        signal.set_wakeup_fd(self._old_fd)
        for signum, handler in self._old_handlers.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
        self._reader.close()
        self._writer.close()
        if self in _INSTALLED:
            _INSTALLED.remove(self)


def install(app: QCoreApplication, quit_callable: Callable[[], object]) -> SignalBridge:
    """Make SIGINT and SIGTERM call ``quit_callable`` (then ``app.quit()``) from the loop.

    Call it from the main thread once the window exists, before ``app.exec()``:
    ``gui.signals.install(app, window.close)``.
    """
    bridge = SignalBridge(app, quit_callable)
    _INSTALLED.append(bridge)  # its sockets must live as long as the app, whoever holds it
    return bridge
