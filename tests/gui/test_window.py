"""The window around the tabs: lazy pages, Edit menu, Cancel, status bar, help, settings."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Any

import jobs_for_tests
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QPushButton, QWidget

import solvers
from gui import display, main_window
from gui.controller import Job, SolveController, running_jobs
from gui.tabs import GameTab

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def test_only_the_visible_tab_is_built_at_start(window: Any) -> None:
    built = window.gameTabs.built_pages()
    assert built == [window.gameTabs.currentWidget()]


def test_every_page_is_real_when_looked_up(qtbot: Any, settings: Any) -> None:
    win = main_window.MainWindow(settings)
    qtbot.addWidget(win)
    pages = [win.gameTabs.widget(i) for i in range(win.gameTabs.count())]
    assert all(isinstance(p, GameTab) for p in pages)
    assert [p.objectName() for p in pages if p is not None] == list(solvers.GAMES)
    for page in pages:
        assert isinstance(page, GameTab)
        assert page.findChild(QPushButton, "solveButton") is page.solveButton
        assert win.gameTabs.indexOf(page) == list(solvers.GAMES).index(page.objectName())


def test_window_lookups_by_name_find_every_page(qtbot: Any, settings: Any) -> None:
    win = main_window.MainWindow(settings)
    qtbot.addWidget(win)
    for game_id in solvers.GAMES:
        page = win.findChild(QWidget, game_id)
        assert isinstance(page, GameTab) and page.game_id == game_id


def test_hidden_tabs_are_built_in_idle_time(qtbot: Any, settings: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(main_window, "IDLE_BUILD_MS", 1)
    win = main_window.MainWindow(settings)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: len(win.gameTabs.built_pages()) == len(solvers.GAMES), timeout=20000)


def test_idle_building_waits_while_a_job_runs(qtbot: Any, settings: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(main_window, "IDLE_BUILD_MS", 1)
    win = main_window.MainWindow(settings)
    qtbot.addWidget(win)
    job = SolveController(win)
    job.start(Job(jobs_for_tests.slow, (30,)))
    win.show()
    qtbot.wait(300)
    assert len(win.gameTabs.built_pages()) == 1
    job.cancel()
    qtbot.waitUntil(lambda: len(win.gameTabs.built_pages()) == len(solvers.GAMES), timeout=20000)


def test_undo_and_redo_follow_the_current_tab(window: Any) -> None:
    nim = window.tabs["nim"]
    window.gameTabs.setCurrentWidget(nim)
    assert not window.undoAction.isEnabled()
    assert nim.import_judge_file(SAMPLES / "nim" / "s2.in")
    imported = nim.piles.model.values()
    assert window.undoAction.isEnabled() and "Import" in window.undoAction.text()
    window.gameTabs.setCurrentWidget(window.tabs["xoinc"])
    assert not window.undoAction.isEnabled()
    window.gameTabs.setCurrentWidget(nim)
    before = nim.undo_stack.index()
    window.undoAction.trigger()
    assert nim.undo_stack.index() == before - 1 and nim.piles.model.values() != imported
    assert window.redoAction.isEnabled()
    window.redoAction.trigger()
    assert nim.piles.model.values() == imported


def test_edit_menu_shortcuts_are_the_standard_ones(window: Any) -> None:
    from PySide6.QtGui import QKeySequence

    assert QKeySequence(QKeySequence.StandardKey.Undo) in window.undoAction.shortcuts()
    assert QKeySequence(QKeySequence.StandardKey.Redo) in window.redoAction.shortcuts()
    assert QKeySequence("Ctrl+E") in window.exportAction.shortcuts()
    assert QKeySequence("Ctrl+Return") in window.solveAction.shortcuts()
    assert QKeySequence("Esc") in window.cancelAction.shortcuts()


def test_cancel_follows_panel_jobs_of_the_current_tab(window: Any, qtbot: Any) -> None:
    tab = window.tabs["coverup"]
    window.gameTabs.setCurrentWidget(tab)
    panel_job = SolveController(tab)
    assert not window.cancelAction.isEnabled()
    panel_job.start(Job(jobs_for_tests.slow, (30,)))
    assert window.cancelAction.isEnabled() and not tab.busy
    assert window.runningLabel.text()
    window.cancelAction.trigger()
    assert not panel_job.busy and not running_jobs()
    assert not window.cancelAction.isEnabled() and not window.runningLabel.text()


def test_status_bar_speaks_of_the_current_tab(window: Any, qtbot: Any, solve_and_wait: Any) -> None:
    nim, xoinc = window.tabs["nim"], window.tabs["xoinc"]
    window.gameTabs.setCurrentWidget(xoinc)
    nim.load_example()
    solve_and_wait(nim)
    assert "Nim" not in window.statusBar().currentMessage()
    assert window.lastSolveLabel.text() == ""
    window.gameTabs.setCurrentWidget(nim)
    assert "Nim solved" in window.statusBar().currentMessage()
    assert window.lastSolveLabel.text().startswith("Last solve:")


def test_rules_and_about(window: Any) -> None:
    from gui.rules import about_html, rules_html, version

    for game_id in solvers.GAMES:
        text = rules_html(window.tabs[game_id])
        assert len(text) > 100 and "Traceback" not in text
    # Dice Yut's marks, each named by its colour and drawn in it.
    from gui.tabs.yut.board_view import BLUE_SQUARE
    from gui.widgets.theme import BEST, SELECTED

    yut_rules = rules_html(window.tabs["yut"])
    for word, colour in (("Yellow", SELECTED), ("Green", BEST), ("Blue", BLUE_SQUARE)):
        assert f"<b>{word}</b>" in yut_rules and colour.name() in yut_rules
    assert version() in about_html("Strategy Workbench") and version() != ""


def test_splitter_sizes_are_remembered(qtbot: Any, settings: Any) -> None:
    win = main_window.MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1280, 820)
    win.show()
    tab = win.tabs["nim"]
    win.gameTabs.setCurrentWidget(tab)  # the user drags what they see
    assert tab.splitters
    splitter = tab.splitters[0]
    before = splitter.sizes()
    handle = splitter.handle(1)
    centre = handle.rect().center()
    step = QPoint(0, 60) if splitter.orientation() == Qt.Orientation.Vertical else QPoint(60, 0)
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton, pos=centre)
    qtbot.mouseMove(handle, centre + step)
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=centre + step)
    wanted = splitter.sizes()
    assert wanted != before, "the drag moved the splitter"
    win.close()
    # The same window size again (offscreen Qt clamps a restored geometry to its small screen).
    settings.remove("geometry")
    again = main_window.MainWindow(settings)
    qtbot.addWidget(again)
    again.resize(1280, 820)
    again.show()
    again.gameTabs.setCurrentWidget(again.tabs["nim"])
    qtbot.waitUntil(lambda: again.tabs["nim"].splitters[0].sizes() == wanted, timeout=2000)


def test_splitters_never_dragged_are_not_saved_and_crushed_sizes_ignored(
    qtbot: Any, settings: Any
) -> None:
    win = main_window.MainWindow(settings)
    qtbot.addWidget(win)
    win.show()
    win.tabs["greatgame"].splitters[0].setSizes([0, 500])  # a page never shown, laid out tiny
    win.close()
    assert not [key for key in settings.allKeys() if key.startswith("splitters/")]
    name = win.tabs["nim"].splitters[0].objectName()
    settings.setValue(f"splitters/{name}", [0, 900])
    again = main_window.MainWindow(settings)
    qtbot.addWidget(again)
    again.resize(1280, 820)
    again.show()
    assert min(again.tabs["nim"].splitters[0].sizes()) > 0


def test_unreachable_display_says_so_and_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: Any, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":987")
    assert main_window.main([]) == 2
    err = capsys.readouterr().err
    assert "DISPLAY=:987" in err and len(err.strip().splitlines()) == 1


def test_a_listening_local_display_counts_as_reachable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A socket standing in for an X server, at the path the check uses for display :N.
    folder = Path("/tmp/.X11-unix")
    if not folder.is_dir():
        pytest.skip("no /tmp/.X11-unix")
    number = next(n for n in range(900, 999) if not (folder / f"X{n}").exists())
    path = folder / f"X{number}"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(path))
        server.listen(1)
        assert display._x_server_reachable(f":{number}")
        assert display._x_server_reachable(f":{number}.0")
    finally:
        server.close()
        path.unlink(missing_ok=True)
    assert not display._x_server_reachable(f":{number}")


def test_python_m_gui_without_a_display_prints_one_line(tmp_path: Path) -> None:
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    done = subprocess.run(
        [sys.executable, "-m", "gui"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "no display" in done.stderr


def test_make_run_without_a_display_ends_on_the_one_line(tmp_path: Path) -> None:
    import os
    import shutil
    import subprocess

    if shutil.which("make") is None:
        pytest.skip("no make")
    root = Path(__file__).resolve().parents[2]
    # A copy of the Makefile whose environment counts as installed: nothing is installed.
    shutil.copy(root / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("")
    stamp = tmp_path / ".venv" / ".installed"
    stamp.parent.mkdir()
    stamp.write_text("")
    os.utime(tmp_path / "pyproject.toml", (1, 1))
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    env["PYTHONPATH"] = str(root)
    done = subprocess.run(
        ["make", "--no-print-directory", "run", f"PY={sys.executable}"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr.strip().splitlines() == [
        "strategy-workbench: no display found (set DISPLAY or WAYLAND_DISPLAY, or "
        "QT_QPA_PLATFORM=offscreen)"
    ]


def test_file_menu_exports_the_current_tabs_picture(window: Any, monkeypatch: Any) -> None:
    tab = window.tabs["xoinc"]
    window.gameTabs.setCurrentWidget(tab)
    asked: list[str] = []
    monkeypatch.setattr(tab, "choose_image_file", lambda: asked.append(tab.game_id))
    window.pictureAction.trigger()
    assert asked == ["xoinc"]


def test_the_shown_tab_is_remembered_at_close(qtbot: Any, settings: Any) -> None:
    win = main_window.MainWindow(settings)
    qtbot.addWidget(win)
    win.gameTabs.setCurrentIndex(3)
    win.close()
    again = main_window.MainWindow(settings)
    qtbot.addWidget(again)
    assert again.gameTabs.currentIndex() == 3
    assert again.gameTabs.built_pages() == [again.tabs["xoinc"]]


def test_closing_the_window_mid_solve_exits_0_cleanly(tmp_path: Path) -> None:
    """The script bench/bench_startup.py times (goal: exit within a second of the close)."""
    import os
    import subprocess

    script = Path(__file__).resolve().parents[2] / "bench" / "close_mid_solve.py"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, str(script), str(tmp_path / "settings.ini")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert done.stdout.strip(), "the window was never closed"


def test_edit_menu_copies_and_pastes_table_cells(window: Any, qtbot: Any) -> None:
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    tab = window.tabs["nim"]
    window.gameTabs.setCurrentWidget(tab)
    window.show()
    window.activateWindow()
    tab.piles.model.set_values([4, 9, 16])
    view = tab.piles.view
    view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view, timeout=3000)
    view.setCurrentIndex(tab.piles.model.index(1, 0))
    actions = {a.text().replace("&", ""): a for a in window.menuBar().actions()}
    edit = {a.text().replace("&", ""): a for a in actions["Edit"].menu().actions()}
    edit["Copy"].trigger()
    assert QGuiApplication.clipboard().text().strip() == "9"
    view.setCurrentIndex(tab.piles.model.index(0, 0))
    edit["Paste"].trigger()  # one number: into the current cell, as in every table
    assert tab.piles.model.values() == [9, 9, 16]
    window.undoAction.trigger()
    assert tab.piles.model.values() == [4, 9, 16]


def test_a_recent_session_that_is_gone_leaves_the_menu(
    window: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    from PySide6.QtWidgets import QMessageBox

    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warned.append(args[2]))
    path = tmp_path / "gone.json"
    assert window.save_session(path) is None
    assert window.recent_files() == [str(path.resolve())]
    path.unlink()
    window.recentMenu.actions()[0].trigger()
    assert warned and "gone.json" in warned[0]
    assert window.recent_files() == [] and not window.recentMenu.isEnabled()


def test_a_solved_subtraction_game_fits_a_1024x700_window(window: Any, qtbot: Any) -> None:
    window.resize(1024, 700)
    window.show()
    tab = window.tabs["nim"]
    window.gameTabs.setCurrentWidget(tab)
    tab.subtractionEdit.setText("2,5,7")
    tab.piles.model.set_values([17, 23, 9, 41])
    tab.solve()
    qtbot.waitUntil(lambda: tab.result is not None and not tab.working, timeout=20000)
    qtbot.wait(50)
    assert window.minimumSizeHint().height() <= 700
    assert window.height() <= 700


def test_the_first_window_fits_a_small_screen(qtbot: Any, settings: Any) -> None:
    win = main_window.MainWindow(settings)
    qtbot.addWidget(win)
    room = win.screen().availableGeometry()  # offscreen: 800x800, smaller than 1280x820
    assert win.width() <= room.width() and win.height() <= room.height()
    assert room.contains(win.geometry())


def test_save_session_suggests_the_last_sessions_name(
    window: Any, tmp_path: Any, monkeypatch: Any
) -> None:
    from gui import main_window

    asked: list[str] = []
    monkeypatch.setattr(
        main_window, "save_file", lambda *args: (asked.append(args[3]), ("", ""))[1]
    )
    window.choose_save_session()
    assert window.save_session(tmp_path / "evening.json") is None
    window.choose_save_session()
    assert asked == ["session.json", "evening.json"]
