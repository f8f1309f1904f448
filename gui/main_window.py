"""The main window: one tab per game, menus, status bar, sessions and settings.

It only assembles: every game's behaviour lives in its tab (``gui.tabs``). Tabs
are built when first needed (``gui.lazy_tabs``) so the window paints quickly;
``window.tabs[game_id]`` and the tab widget's lookups always return real tabs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QObject, QSettings, QSize
from PySide6.QtGui import QCloseEvent, QShowEvent, QUndoGroup
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QLabel,
    QMessageBox,
    QWidget,
)

from gui import controller
from gui import i18n as gui_i18n
from gui.display import display_problem, has_display
from gui.lazy_tabs import LazyTabWidget, Pages
from gui.menus import MenuWindow
from gui.rules import about_html, rules_html
from gui.session import read_session_job, restore_all, saved_states, write_session
from gui.shortcuts import ForcedShortcuts
from gui.tabs import GameTab
from gui.tabs.base import stop_every_tab
from gui.tabs.live import duration
from gui.widgets.dialogs import open_file, save_file, use_settings
from gui.widgets.splitters import restore_splitter
from solvers.i18n import N_, _

__all__ = ["MainWindow", "has_display", "main"]

APP_NAME = "Strategy Workbench"
#: The window's first size, unless the screen is smaller.
DEFAULT_SIZE = (1280, 820)
#: Room a window manager's title bar and borders may take around it.
FRAME_ROOM = (16, 48)
SESSION_FILTER = N_("Sessions (*.json);;All files (*)")
#: Pause between building the hidden tabs after the window is shown.
IDLE_BUILD_MS = 1500


class MainWindow(MenuWindow):
    """Tabs of the five games with File / Edit / Solve / Help menus."""

    def __init__(
        self,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
        *,
        eager: bool = False,
    ) -> None:
        super().__init__(parent)
        self.settings = settings or QSettings("StrategyWorkbench", "Strategy Workbench")
        # The window speaks the language chosen in View > Language, else the locale's.
        gui_i18n.install(gui_i18n.start_language(self.settings))
        self.setWindowTitle(APP_NAME)
        self.gameTabs = LazyTabWidget()
        self.gameTabs.setObjectName("gameTabs")
        self.gameTabs.setDocumentMode(True)
        self.tabs = Pages(self.gameTabs)
        #: The last status line of each tab (the status bar speaks of the current tab).
        self._messages: dict[str, str | Callable[[], str]] = {}
        self._dragged: set[str] = set()
        self.undoGroup = QUndoGroup(self)
        self.setCentralWidget(self.gameTabs)
        self.runningLabel = QLabel("")
        self.lastSolveLabel = QLabel("")
        self.statusBar().addPermanentWidget(self.runningLabel)
        self.statusBar().addPermanentWidget(self.lastSolveLabel)
        self._build_menus()
        self.gameTabs.built.connect(self._wire_tab)
        self.gameTabs.currentChanged.connect(self._tab_changed)
        controller.activity.any_busy_changed.connect(self._activity_changed)
        self.gameTabs.is_busy = lambda: bool(controller.running_jobs())
        controller.activity.any_busy_changed.connect(self.gameTabs.postpone_idle_build)
        self._restore_settings()
        if eager:
            self.gameTabs.build_all()
        self._tab_changed(self.gameTabs.currentIndex())
        self._forced = ForcedShortcuts(self, lambda: self.window_actions)

    # ----- language and menus' dialogs (the menus are built by gui.menus) ----------------------
    def retranslate(self) -> None:
        """Draw again, in the language now spoken, what was made from the state."""
        super().retranslate()  # the menus' Undo and Redo
        self.gameTabs.retranslate()
        for tab in self.gameTabs.built_pages():
            tab.retranslate()
        # Open dialogs (Check a solution) say their state again; QObject's own lookup
        # builds no page.
        for dialog in QObject.findChildren(self, QDialog):
            again = getattr(dialog, "retranslate", None)
            if callable(again):
                again()
        # A status line said in the old language goes ("Ready" in the new one); one kept
        # as a function of the language is said again.
        self._messages = {k: text for k, text in self._messages.items() if callable(text)}
        self._tab_changed(self.gameTabs.currentIndex())

    def open_check_dialog(self) -> None:
        """Solve → Check a solution… for the current tab's game (imported when first used)."""
        from gui.check_dialog import open_check_dialog

        open_check_dialog(self.current_tab(), self)

    def current_tab(self) -> GameTab:
        """The tab the user is looking at (built if needed)."""
        widget = self.gameTabs.currentWidget()
        assert isinstance(widget, GameTab)
        return widget

    def show_rules(self) -> None:
        """Explain the current game's rules, for a player."""
        tab = self.current_tab()
        title = _("Rules of {game}").format(game=tab.title)
        QMessageBox.information(self, title, rules_html(tab))

    def show_about(self) -> None:
        """Say what the application is, with its version."""
        QMessageBox.about(self, _("About {name}").format(name=APP_NAME), about_html(APP_NAME))

    # ----- tabs and status -----------------------------------------------------------------------
    def _wire_tab(self, tab: GameTab) -> None:
        """Connect a page just built: status lines, busy state, undo, remembered splitters."""
        tab.status_message.connect(lambda text, t=tab: self._status(t, text))
        tab.busy_changed.connect(lambda _busy: self._activity_changed())
        self.undoGroup.addStack(tab.undo_stack)
        for splitter in tab.splitters:
            restore_splitter(splitter, self.settings.value(f"splitters/{splitter.objectName()}"))
            # Only a splitter the user dragged is remembered: a page built in idle time and
            # never shown has meaningless sizes that would crush it at the next start.
            splitter.splitterMoved.connect(lambda *_, s=splitter: self._dragged.add(s.objectName()))

    def _status(self, tab: GameTab, text: str | Callable[[], str]) -> None:
        """Keep ``tab``'s status line (a function of the language is said again later)."""
        self._messages[tab.game_id] = text
        if tab is self.gameTabs.currentWidget():
            self._show_status(tab)

    def _show_status(self, tab: GameTab) -> None:
        text = self._messages.get(tab.game_id, _("Ready"))
        self.statusBar().showMessage(text() if callable(text) else text)
        seconds = tab.last_solve_seconds
        shown = "" if seconds is None else _("Last solve: {time}").format(time=duration(seconds))
        self.lastSolveLabel.setText(shown)
        self._activity_changed()

    def _activity_changed(self, *_args: Any) -> None:
        """Cancel and Esc follow everything running in the current tab (panel jobs too)."""
        index = self.gameTabs.currentIndex()
        if not 0 <= index < len(self.gameTabs.ids):
            return
        tab = self.tabs[self.gameTabs.ids[index]]
        self.cancelAction.setEnabled(tab.working)
        self.runningLabel.setText(
            _("Solving…") if tab.busy else _("Working…") if tab.working else ""
        )

    def _tab_changed(self, index: int) -> None:
        if not 0 <= index < len(self.gameTabs.ids):
            return
        tab = self.current_tab()
        self.undoGroup.setActiveStack(tab.undo_stack)
        self._show_status(tab)

    def findChild(self, *args: Any, **kwargs: Any) -> Any:
        """Like ``QObject.findChild``, after building every tab (lookups see real pages)."""
        self.gameTabs.build_all()
        return super().findChild(*args, **kwargs)

    def findChildren(self, *args: Any, **kwargs: Any) -> Any:
        """Like ``QObject.findChildren``, after building every tab."""
        self.gameTabs.build_all()
        return super().findChildren(*args, **kwargs)

    def showEvent(self, event: QShowEvent) -> None:
        """After the first paint, build the hidden tabs one by one while the window idles."""
        super().showEvent(event)
        if len(self.gameTabs.built_pages()) < len(self.gameTabs.ids):
            self.gameTabs.build_in_idle_time(IDLE_BUILD_MS)

    # ----- sessions ----------------------------------------------------------------------------
    def save_session(self, path: str | Path) -> str | None:
        """Write every tab's inputs atomically; returns None or the message shown."""
        try:
            write_session(path, saved_states(self.gameTabs), self.current_tab().game_id)
        except (OSError, ValueError) as exc:
            text = _("Could not save the session to {name}: {reason}")
            message = text.format(name=Path(path).name, reason=_reason(exc))
            self.statusBar().showMessage(message)
            return message
        self.recent.remember(path)
        self.statusBar().showMessage(_("Session saved to {name}").format(name=Path(path).name))
        return None

    def open_session(self, path: str | Path) -> str | None:
        """Load every tab's inputs, all or nothing; returns None or the message shown.

        Every tab's state is checked in full before any tab changes; running solves
        are cancelled only when the session is accepted.
        """
        try:
            # Parsed and checked in a worker: a file of up to 4 MB never holds the window still.
            job = controller.Job(read_session_job, (str(path),), progress=False)
            states, current = controller.run_and_wait(job)
            restore_all(self.gameTabs, states)
        except ValueError as exc:
            message = _("{name} was not loaded: {reason}").format(name=Path(path).name, reason=exc)
            self.statusBar().showMessage(message)
            return message
        if current is not None and current in self.tabs:
            self.gameTabs.setCurrentWidget(self.tabs[current])
        self.recent.remember(path)
        self.statusBar().showMessage(_("Session loaded from {name}").format(name=Path(path).name))
        return None

    def choose_open_session(self) -> None:
        """Ask for a session file (in the folder of the last one) and open it."""
        path = open_file(self, "session", _("Open session"), _(SESSION_FILTER))
        if path:
            self._open_and_report(path)

    def _open_and_report(self, path: str) -> None:
        error = self.open_session(path)
        if error:
            if not Path(path).exists():  # a recent file moved or deleted: stop offering it
                self.recent.forget(path)
            kept = _("Your current inputs are kept.")
            QMessageBox.warning(self, _("Session not loaded"), f"{error}\n\n{kept}")

    def choose_save_session(self) -> None:
        """Ask where to save the session (in the folder of the last one, under its name)."""
        title, filters = _("Save session"), _(SESSION_FILTER)
        recent = self.recent.paths()
        name = Path(recent[0]).name if recent else "session.json"
        path, _chosen = save_file(self, "session", title, name, filters)
        if path:
            error = self.save_session(path)
            if error:
                QMessageBox.warning(self, _("Session not saved"), error)

    def recent_files(self) -> list[str]:
        """Recently opened or saved sessions, newest first."""
        return self.recent.paths()

    # ----- window life -------------------------------------------------------------------------
    def _restore_settings(self) -> None:
        geometry = self.settings.value("geometry")
        if not isinstance(geometry, (QByteArray, bytes)) or not self.restoreGeometry(geometry):
            self._default_geometry()
        index = self.settings.value("currentTab", 0)
        try:
            number = int(str(index))
        except ValueError:
            number = 0
        if 0 <= number < len(self.gameTabs.ids):
            self.gameTabs.setCurrentIndex(number)

    def _default_geometry(self) -> None:
        """1280x820, or the whole screen when it is smaller (1024x700: Solve stays in sight)."""
        size = QSize(*DEFAULT_SIZE)
        screen = self.screen()
        if screen is None:
            self.resize(size)
            return
        room = screen.availableGeometry()
        # The size is the inside of the window: leave room for a title bar and borders.
        self.resize(size.boundedTo(room.size() - QSize(*FRAME_ROOM)))
        corner = room.center() - self.rect().center()
        self.move(max(corner.x(), room.left()), max(corner.y(), room.top()))

    def closeEvent(self, event: QCloseEvent) -> None:
        """Cancel running jobs (worker processes stop at quit), remember geometry and splitters."""
        for tab in self.gameTabs.built_pages():
            tab.cancel()
            for splitter in tab.splitters:
                if splitter.objectName() in self._dragged:
                    self.settings.setValue(f"splitters/{splitter.objectName()}", splitter.sizes())
        self.settings.setValue("geometry", self.saveGeometry())
        self.settings.setValue("currentTab", self.gameTabs.currentIndex())
        super().closeEvent(event)


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def main(argv: list[str] | None = None) -> int:
    """Open the application window; one line and exit 2 without a usable display."""
    problem = display_problem()
    if problem is not None:
        print(f"strategy-workbench: {problem}", file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName("StrategyWorkbench")
    window = MainWindow()
    use_settings(window.settings)  # file dialogs remember their folders across restarts
    window.show()
    # Ctrl+C and SIGTERM close the window as Quit does (running work cancelled, workers ended).
    from gui import signals

    signals.install(app, window.close)
    app.aboutToQuit.connect(stop_every_tab)  # every tab, built or not, any window
    return int(app.exec())
