"""The main window: one tab per game, menus, status bar, sessions and settings.

It only assembles: every game's behaviour lives in its tab (``gui.tabs``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QWidget,
)

from gui.session import read_session, write_session
from gui.tabs import GameTab, tab_classes

__all__ = ["MainWindow", "main"]

APP_NAME = "Strategy Workbench"
MAX_RECENT = 8


class MainWindow(QMainWindow):
    """Tabs of the five games with File / Solve / Help menus."""

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings or QSettings("StrategyWorkbench", "Strategy Workbench")
        self.setWindowTitle(APP_NAME)
        self.gameTabs = QTabWidget()
        self.gameTabs.setObjectName("gameTabs")
        self.gameTabs.setDocumentMode(True)
        self.tabs: dict[str, GameTab] = {}
        for cls in tab_classes():
            tab = cls()
            self.tabs[tab.game_id] = tab
            self.gameTabs.addTab(tab, tab.title)
            tab.status_message.connect(self._status)
            tab.busy_changed.connect(self._busy_changed)
        self.setCentralWidget(self.gameTabs)
        self.lastSolveLabel = QLabel("")
        self.statusBar().addPermanentWidget(self.lastSolveLabel)
        self.statusBar().showMessage("Ready")
        self.gameTabs.currentChanged.connect(self._tab_changed)
        self._build_menus()
        self._restore_settings()

    # ----- menus -------------------------------------------------------------------------------
    def _action(self, menu: Any, text: str, slot: Any, shortcut: Any = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda: slot())
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self._action(
            file_menu, "&Open Session…", self.choose_open_session, QKeySequence.StandardKey.Open
        )
        self.recentMenu = file_menu.addMenu("Open &Recent")
        self._action(
            file_menu, "&Save Session…", self.choose_save_session, QKeySequence.StandardKey.Save
        )
        file_menu.addSeparator()
        self._action(
            file_menu,
            "&Import Judge File…",
            lambda: self.current_tab().choose_import_file(),
            "Ctrl+I",
        )
        self._action(
            file_menu, "Load &Example", lambda: self.current_tab().load_example(), "Ctrl+L"
        )
        self._action(
            file_menu, "&Export CSV…", lambda: self.current_tab().choose_export_file(), "Ctrl+E"
        )
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        solve_menu = bar.addMenu("&Solve")
        self.solveAction = self._action(
            solve_menu, "&Solve", lambda: self.current_tab().solve(), "Ctrl+Return"
        )
        self.solveAction.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.cancelAction = self._action(
            solve_menu, "&Cancel", lambda: self.current_tab().cancel(), "Esc"
        )
        solve_menu.addSeparator()
        self.checkAction = self._action(solve_menu, "Check a S&olution…", self.open_check_dialog)
        help_menu = bar.addMenu("&Help")
        self._action(
            help_menu, "&Rules of This Game", self.show_rules, QKeySequence.StandardKey.HelpContents
        )
        self._action(help_menu, "&About", self.show_about)
        self._refresh_recent()

    def open_check_dialog(self) -> None:
        """Solve → Check a solution… for the current tab's game (imported when first used)."""
        from gui.check_dialog import open_check_dialog

        open_check_dialog(self.current_tab(), self)

    def current_tab(self) -> GameTab:
        """The tab the user is looking at."""
        widget = self.gameTabs.currentWidget()
        assert isinstance(widget, GameTab)
        return widget

    def show_rules(self) -> None:
        """Explain the current game's rules."""
        tab = self.current_tab()
        text = tab.rules_html or f"<pre>{tab.module.__doc__}</pre>"
        QMessageBox.information(self, f"Rules of {tab.title}", text)

    def show_about(self) -> None:
        """Say what the application is."""
        QMessageBox.about(
            self,
            f"About {APP_NAME}",
            f"<b>{APP_NAME}</b><p>Exact optimal play for Dice Yut, Cover Up, The Great Game, "
            "Xoinc and Nim, with the optimal strategy shown on each game's board.</p>",
        )

    # ----- status ------------------------------------------------------------------------------
    def _status(self, text: str) -> None:
        self.statusBar().showMessage(text)
        tab = self.sender()
        if isinstance(tab, GameTab) and tab.last_solve_seconds is not None and not tab.busy:
            seconds = tab.last_solve_seconds
            shown = f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
            self.lastSolveLabel.setText(f"Last solve: {tab.title}, {shown}")

    def _busy_changed(self, busy: bool) -> None:
        self.cancelAction.setEnabled(any(t.busy for t in self.tabs.values()))

    def _tab_changed(self, index: int) -> None:
        self.settings.setValue("currentTab", index)

    # ----- sessions ----------------------------------------------------------------------------
    def save_session(self, path: str | Path) -> str | None:
        """Write every tab's inputs; returns an error message or None."""
        try:
            states = {game_id: tab.state() for game_id, tab in self.tabs.items()}
            write_session(path, states, self.current_tab().game_id)
        except (OSError, ValueError) as exc:
            return f"Could not save the session: {exc}"
        self._remember(path)
        self.statusBar().showMessage(f"Session saved to {Path(path).name}")
        return None

    def open_session(self, path: str | Path) -> str | None:
        """Load every tab's inputs; on any error nothing changes and the reason is returned."""
        try:
            states, current = read_session(path)
            snapshots = {game_id: tab.state() for game_id, tab in self.tabs.items()}
            done: list[str] = []
            try:
                for game_id, state in states.items():
                    if game_id in self.tabs:
                        self.tabs[game_id].restore_session(state)
                        done.append(game_id)
            except ValueError:
                for game_id in done:
                    self.tabs[game_id].restore_session(snapshots[game_id])
                raise
        except ValueError as exc:
            message = f"{Path(path).name} was not loaded: {exc}"
            self.statusBar().showMessage(message)
            return message
        if current in self.tabs:
            self.gameTabs.setCurrentWidget(self.tabs[current])
        self._remember(path)
        self.statusBar().showMessage(f"Session loaded from {Path(path).name}")
        return None

    def choose_open_session(self) -> None:
        """Ask for a session file and open it."""
        path, _ = QFileDialog.getOpenFileName(self, "Open session", "", "Sessions (*.json)")
        if path:
            self._open_and_report(path)

    def _open_and_report(self, path: str) -> None:
        error = self.open_session(path)
        if error:
            QMessageBox.warning(
                self, "Session not loaded", error + "\n\nYour current inputs are kept."
            )

    def choose_save_session(self) -> None:
        """Ask where to save the session."""
        path, _ = QFileDialog.getSaveFileName(
            self, "Save session", "session.json", "Sessions (*.json)"
        )
        if path:
            error = self.save_session(path)
            if error:
                QMessageBox.warning(self, "Session not saved", error)

    def recent_files(self) -> list[str]:
        """Recently opened or saved sessions, newest first."""
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value or []]

    def _remember(self, path: str | Path) -> None:
        path = str(Path(path).resolve())
        recent = [path, *[p for p in self.recent_files() if p != path]][:MAX_RECENT]
        self.settings.setValue("recentFiles", recent)
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        self.recentMenu.clear()
        recent = self.recent_files()
        for path in recent:
            action = self.recentMenu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self._open_and_report(p))
        self.recentMenu.setEnabled(bool(recent))

    # ----- window life -------------------------------------------------------------------------
    def _restore_settings(self) -> None:
        geometry = self.settings.value("geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1280, 820)
        index = self.settings.value("currentTab", 0)
        try:
            self.gameTabs.setCurrentIndex(int(index))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            pass

    def closeEvent(self, event: QCloseEvent) -> None:
        """Cancel running solves (their worker processes stop at quit), remember the geometry."""
        for tab in self.tabs.values():
            tab.cancel()
        self.settings.setValue("geometry", self.saveGeometry())
        super().closeEvent(event)


def has_display() -> bool:
    """Whether Qt can open a window here (always on Windows and macOS)."""
    if not sys.platform.startswith("linux"):
        return True
    return any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def main(argv: list[str] | None = None) -> int:
    """Open the application window; exit non-zero without a display."""
    if not has_display():
        print(
            "strategy-workbench: no display found (set DISPLAY or WAYLAND_DISPLAY, "
            "or QT_QPA_PLATFORM=offscreen)",
            file=sys.stderr,
        )
        return 2
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName("StrategyWorkbench")
    window = MainWindow()
    window.show()
    return int(app.exec())
