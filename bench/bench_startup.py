"""Start-up: time to the window's first paint (offscreen), side by side with references.

Issue 12's goal: the first paint costs at most 2.5x a bare PySide6 window holding a
five-page QTabWidget. Each run is a fresh interpreter (imports count) that prints the
milliseconds from its first line to the first paint of the window; the settings are a
temporary file, never the user's. Besides the goal, the window with every tab built
before showing (the old start-up) is timed, for the record.

``python bench/bench_startup.py`` prints the three medians; ``bench/run.py startup``
puts the ratios in the bench table.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE)]

from measure import Measure  # noqa: E402  (after the path: bench/ is not a package)

GOAL = 2.5
MODES = ("bare", "lazy", "lazy-ko", "lazy-zh_CN", "eager")

#: The probe run in a fresh interpreter: ``python -c PROBE MODE SETTINGS``.
PROBE = """
import time
start = time.perf_counter()
import sys
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QTabWidget, QWidget

mode, settings_path = sys.argv[1], sys.argv[2]
app = QApplication(sys.argv[:1])


class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            print(f"{(time.perf_counter() - start) * 1000:.3f}", flush=True)
            app.removeEventFilter(self)
            QTimer.singleShot(0, app.quit)
        return False


if mode == "bare":
    window = QMainWindow()
    tabs = QTabWidget()
    for title in ("Dice Yut", "Cover Up", "Great Game", "Xoinc", "Nim"):
        tabs.addTab(QWidget(), title)
    window.setCentralWidget(tabs)
    window.resize(1280, 820)
else:
    from gui.main_window import MainWindow

    settings = QSettings(settings_path, QSettings.Format.IniFormat)
    # The window in another language: chosen as in View > Language (its catalogues load).
    settings.setValue("language", mode.removeprefix("lazy-") if mode.startswith("lazy-") else "en")
    window = MainWindow(settings, eager=mode == "eager")
painted = FirstPaint()
app.installEventFilter(painted)
window.show()
app.exec()
import os
os._exit(0)  # the worker processes a tab may have started are not part of start-up
"""


def first_paint_ms(mode: str, settings_path: Path) -> Measure:
    """Milliseconds from the probe's first line to the first paint, in a fresh interpreter."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env["PYTHONPATH"] = os.pathsep.join([str(HERE.parent), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", PROBE, mode, str(settings_path)],
        env=env,
        cwd=HERE.parent,  # ``-c`` puts the working folder first on sys.path
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return Measure(float(done.stdout.split()[0]))


def _runner(mode: str) -> Callable[[], Measure]:
    import tempfile

    settings_path = Path(tempfile.mkdtemp(prefix="bench_startup_")) / "settings.ini"
    return lambda: first_paint_ms(mode, settings_path)


def close_mid_solve_ms(settings_path: Path) -> Measure:
    """Milliseconds from closing the window mid-solve to the end of the process."""
    import time

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env["PYTHONPATH"] = os.pathsep.join([str(HERE.parent), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, str(HERE / "close_mid_solve.py"), str(settings_path)],
        env=env,
        cwd=HERE.parent,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    ended = time.time()
    return Measure((ended - float(done.stdout.split()[0])) * 1000)


def cases() -> Iterator[tuple[object, ...]]:
    """The window against a bare one (the goal); every tab built first, for the record."""
    yield "first paint, MainWindow() vs bare 5-page window", GOAL, _runner("lazy"), _runner("bare")
    for code in ("ko", "zh_CN"):
        mode = f"lazy-{code}"
        yield f"first paint in {code}, MainWindow() vs bare", GOAL, _runner(mode), _runner("bare")
    yield "first paint, every tab built first (the old start-up)", None, _runner("eager")
    import tempfile

    settings_path = Path(tempfile.mkdtemp(prefix="bench_close_")) / "settings.ini"
    yield (
        "close the window mid-solve, to process exit",
        1000.0,
        lambda: close_mid_solve_ms(settings_path),
    )


def main(repeats: int = 7) -> None:
    """Print the three medians, taken interleaved."""
    runners = {mode: _runner(mode) for mode in MODES}
    times: dict[str, list[float]] = {mode: [] for mode in MODES}
    for runner in runners.values():
        runner()  # warm the file cache
    for _ in range(repeats):
        for mode, runner in runners.items():
            times[mode].append(runner())
    bare = statistics.median(times["bare"])
    for mode in MODES:
        median = statistics.median(times[mode])
        print(
            f"{mode:<6} first paint: min {min(times[mode]):7.1f} ms, median {median:7.1f} ms"
            f" ({median / bare:.2f}x bare)"
        )


if __name__ == "__main__":
    main()
