"""Close the window while a solve that ignores Cancel runs: ``python close_mid_solve.py SETTINGS``.

Prints the time of the close (``time.time()``) and exits with the application's status.
``bench/bench_startup.py`` times the exit (goal: within a second of the close);
``tests/gui/test_window.py`` checks that it is clean. The settings file is the caller's
temporary one, never the user's.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

from gui.controller import Job
from gui.main_window import MainWindow
from solvers.yut import ExpectInputs, solve

app = QApplication(sys.argv[:1])
window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat))
window.show()
tab = window.tabs["yut"]
# Seconds of work that never looks at Cancel (no progress callback).
tab.solve_job = lambda inputs: Job(solve, (ExpectInputs(20, 6),), progress=False)
tab.solve()


def close() -> None:
    print(time.time(), flush=True)
    window.close()


QTimer.singleShot(500, close)
sys.exit(app.exec())
