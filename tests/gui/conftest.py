"""GUI fixtures: isolated settings, a main window, one tab, no job left running, no modal dialog."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from gui import controller


@pytest.fixture(autouse=True)
def _no_leaked_jobs() -> Iterator[None]:
    """Fail a test that leaves a job running; the worker processes are shared, never respawned.

    Tabs solve their inputs by themselves after a pause: what a tab of this test (closed
    or not) still runs or waits to run is stopped first, as quitting the app does.
    """
    yield
    from gui.tabs.base import stop_every_tab

    stop_every_tab()
    leaked = controller.running_jobs()
    if leaked:
        controller.cancel_all()
    assert not leaked, f"a test left {len(leaked)} job(s) running in the worker processes"


@pytest.fixture(autouse=True)
def _no_modal_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A modal dialog or menu fails the test: offscreen, nobody would ever close it.

    A test that expects one patches it itself (its own monkeypatch comes later and wins).
    """
    from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

    def refuse(name: str) -> object:
        def opened(*args: object, **kwargs: object) -> None:
            raise AssertionError(f"{name} opened a modal dialog in a test: {args[1:3]!r}")

        return opened

    for name in ("warning", "information", "critical", "question", "about"):
        monkeypatch.setattr(QMessageBox, name, refuse(f"QMessageBox.{name}"))
    for name in ("getOpenFileName", "getSaveFileName", "getExistingDirectory"):
        monkeypatch.setattr(QFileDialog, name, refuse(f"QFileDialog.{name}"))
    monkeypatch.setattr(QMenu, "exec", refuse("QMenu.exec"))


@pytest.fixture(autouse=True)
def _quick_restarts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Play games restart 250 ms after an edit (a burst of typing restarts once); tests that
    wait for a restart need not wait that long."""
    from gui.widgets import play_panel

    monkeypatch.setattr(play_panel, "RESTART_DELAY_MS", 30)


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
def make_tab(qtbot):  # type: ignore[no-untyped-def]
    """``make_tab(game_id)``: build only that game's tab (not the whole window), shown."""

    def build(game_id: str, size: tuple[int, int] = (1024, 640)):  # type: ignore[no-untyped-def]
        from gui.tabs import tab_class

        tab = tab_class(game_id)()
        qtbot.addWidget(tab)
        tab.resize(*size)
        tab.show()
        return tab

    return build


@pytest.fixture()
def solve_and_wait(qtbot):  # type: ignore[no-untyped-def]
    """``solve_and_wait(tab)``: click Solve, wait for every job of the tab, return the result."""

    def run(tab, timeout: int = 20000):  # type: ignore[no-untyped-def]
        assert tab.solveButton.isEnabled(), tab.messageLabel.text()
        qtbot.mouseClick(tab.solveButton, Qt.MouseButton.LeftButton)
        # working: the solve and what it starts (Great Game builds a match on the result).
        qtbot.waitUntil(lambda: not tab.working, timeout=timeout)
        assert tab.result is not None, tab.messageLabel.text()
        return tab.result

    return run
