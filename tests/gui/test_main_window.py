"""The main window, the worker and the shared tab frame, driven through the Nim tab."""

from __future__ import annotations

import json
from pathlib import Path

import jobs_for_tests
import pytest
from PySide6.QtCore import Qt

from gui import main_window
from gui.controller import Job, running_jobs


def slow_solver(seconds: float = 30.0):  # type: ignore[no-untyped-def]
    return lambda inputs: Job(jobs_for_tests.slow, (seconds,))


def test_contract_names(window) -> None:  # type: ignore[no-untyped-def]
    tabs = window.findChild(type(window.gameTabs), "gameTabs")
    assert tabs is window.gameTabs
    page = window.tabs["nim"]
    assert page.objectName() == "nim"
    assert tabs.tabText(tabs.indexOf(page)) == "Nim"
    for name in ("solveButton", "cancelButton"):
        assert page.findChild(type(page.solveButton), name) is not None
    assert page.findChild(type(page.resultLabel), "resultLabel") is page.resultLabel


def test_tabs_in_the_documented_order(window) -> None:  # type: ignore[no-untyped-def]
    order = ["yut", "coverup", "greatgame", "xoinc", "nim"]
    shown = [window.gameTabs.widget(i).objectName() for i in range(window.gameTabs.count())]
    assert shown == order
    titles = ["Dice Yut", "Cover Up", "Great Game", "Xoinc", "Nim"]
    assert [window.gameTabs.tabText(i) for i in range(5)] == titles


def test_cancel_stops_a_running_solve(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = window.tabs["nim"]
    tab.solve_job = slow_solver()
    qtbot.mouseClick(tab.solveButton, Qt.MouseButton.LeftButton)
    assert tab.busy and tab.cancelButton.isEnabled()
    qtbot.waitUntil(lambda: tab.progressBar.value() > 0, timeout=5000)
    qtbot.mouseClick(tab.cancelButton, Qt.MouseButton.LeftButton)
    assert not tab.busy
    assert tab.result is None
    assert "Cancelled" in tab.messageLabel.text()
    assert not tab.working  # this tab's jobs (the first tab may still solve its own inputs)


def test_new_solve_replaces_a_running_one(window, qtbot, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = window.tabs["nim"]
    real = tab.solve_job
    tab.solve_job = slow_solver()
    tab.solve()
    tab.solve_job = real
    result = solve_and_wait(tab)
    assert result.first_player_wins
    assert "First player wins" in tab.resultLabel.text()
    assert not running_jobs()


def test_solver_error_is_shown_in_the_tab(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = window.tabs["nim"]

    tab.solve_job = lambda inputs: Job(jobs_for_tests.broken)
    tab.solve()
    qtbot.waitUntil(lambda: not tab.busy, timeout=5000)
    assert "boom" in tab.messageLabel.text() and not tab.messageLabel.isHidden()
    assert tab.result is None


def test_closing_mid_solve_is_clean(qtbot, settings) -> None:  # type: ignore[no-untyped-def]
    win = main_window.MainWindow(settings)
    tab = win.tabs["nim"]
    tab.solve_job = slow_solver()
    tab.solve()
    win.close()
    assert not running_jobs()


def test_session_round_trip(window, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    tab = window.tabs["nim"]
    tab.piles.model.set_values([7, 11, 13])
    tab.subtractionEdit.setText("1,2,5")
    path = tmp_path / "s.json"
    assert window.save_session(path) is None
    tab.piles.model.set_values([1])
    tab.subtractionEdit.setText("")
    assert window.open_session(path) is None
    assert tab.piles.model.values() == [7, 11, 13]
    assert tab.subtractionEdit.text() == "1,2,5"
    assert window.recent_files()[0] == str(path.resolve())
    fresh = main_window.MainWindow(settings)
    assert fresh.recent_files()[0] == str(path.resolve())
    fresh.close()


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        json.dumps({"format": "other"}),
        json.dumps({"format": "strategy-workbench-session", "version": 1, "tabs": []}),
        json.dumps(
            {
                "format": "strategy-workbench-session",
                "version": 1,
                "tabs": {"nim": {"piles": [1, 2], "rule": "bogus", "subtraction": ""}},
            }
        ),
        json.dumps(
            {"format": "strategy-workbench-session", "version": 1, "tabs": {"nim": {"piles": "12"}}}
        ),
    ],
)
def test_malformed_session_is_refused_and_inputs_kept(window, tmp_path: Path, content: str) -> None:  # type: ignore[no-untyped-def]
    tab = window.tabs["nim"]
    tab.piles.model.set_values([5, 6])
    tab.misereCheck.setChecked(True)
    path = tmp_path / "bad.json"
    path.write_text(content)
    error = window.open_session(path)
    assert error and "bad.json" in error
    assert tab.piles.model.values() == [5, 6] and tab.misereCheck.isChecked()


def test_no_display_says_so_and_exits_nonzero(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(main_window.sys, "platform", "linux")
    assert main_window.main([]) != 0
    err = capsys.readouterr().err
    assert "no display" in err and len(err.strip().splitlines()) == 1


def test_geometry_is_remembered(qtbot, settings) -> None:  # type: ignore[no-untyped-def]
    win = main_window.MainWindow(settings)
    win.resize(700, 500)
    win.close()
    saved = settings.value("geometry")
    assert saved is not None
    again = main_window.MainWindow(settings)
    assert again.size() == win.size()
    again.close()
