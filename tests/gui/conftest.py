"""GUI fixtures: isolated settings, a main window, and no worker left running."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from gui.worker import live_threads, wait_for_all


@pytest.fixture(autouse=True)
def _no_leaked_workers() -> Iterator[None]:
    yield
    leaked = live_threads()
    wait_for_all(5000)
    assert not leaked, f"a test left {len(leaked)} solver thread(s) running"


@pytest.fixture()
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture()
def window(qtbot, settings):  # type: ignore[no-untyped-def]
    from gui.main_window import MainWindow

    win = MainWindow(settings)
    qtbot.addWidget(win)
    return win


@pytest.fixture()
def solve_and_wait(qtbot):  # type: ignore[no-untyped-def]
    """``solve_and_wait(tab)``: click Solve, wait for the worker, return the result."""

    def run(tab, timeout: int = 20000):  # type: ignore[no-untyped-def]
        assert tab.solveButton.isEnabled(), tab.messageLabel.text()
        qtbot.mouseClick(tab.solveButton, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not tab.busy, timeout=timeout)
        assert tab.result is not None, tab.messageLabel.text()
        return tab.result

    return run
