"""Ctrl+C and SIGTERM close the app as Quit does: no traceback, workers ended (gui/signals.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gui import signals

ROOT = Path(__file__).resolve().parents[2]

#: The app as ``gui.main_window.main`` builds it, with test settings and the handlers.
APP = """
import sys
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
from gui import signals
from gui.main_window import MainWindow
from gui.worker import Job
from jobs_for_tests import slow

app = QApplication([])
window = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.show()
signals.install(app, window.close)

def ready():
    if sys.argv[2] == "busy":
        window.tabs["nim"].controller.start(Job(slow, (60.0,)))
    print("ready", flush=True)

QTimer.singleShot(300, ready)
status = app.exec()
print("closed", status, flush=True)
"""


@pytest.mark.parametrize(
    ("sent", "state"),
    [(signal.SIGINT, "idle"), (signal.SIGINT, "busy"), (signal.SIGTERM, "busy")],
)
def test_a_signal_closes_the_running_app_cleanly(
    sent: signal.Signals, state: str, tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests" / "gui")]),
    }
    process = subprocess.Popen(
        [sys.executable, "-c", APP, str(tmp_path / "settings.ini"), state],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "ready\n"
        if state == "busy":  # let the worker start its job
            subprocess.run([sys.executable, "-c", "import time; time.sleep(1)"], check=True)
        process.send_signal(sent)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert out == "closed 0\n"
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert (tmp_path / "settings.ini").read_text().count("geometry") == 1  # closed as Quit does


def test_install_calls_quit_once_from_the_loop(qapp: Any, qtbot: Any) -> None:
    called: list[str] = []
    bridge = signals.install(qapp, lambda: called.append("quit"))
    quits: list[int] = []
    original_quit = qapp.quit
    qapp.quit = lambda: quits.append(1)  # type: ignore[method-assign]
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        qtbot.waitUntil(lambda: called == ["quit"], timeout=5000)
        assert bridge.received == [signal.SIGTERM] and quits == [1]
    finally:
        qapp.quit = original_quit  # type: ignore[method-assign]
        bridge.uninstall()
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
