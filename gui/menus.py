"""The main window's menus: File, Edit, View (Language), Solve and Help.

``MenuWindow`` is the base of ``gui.main_window.MainWindow``: it builds the menu
bar and keeps the actions the window's shortcuts and the tests reach by name
(``solveAction``, ``undoAction``, ``languageGroup``, …). What the actions act on
(the current tab, session files, dialogs) is the window's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QMenu

from gui import i18n as gui_i18n
from gui.recent import RecentFiles
from gui.shortcuts import clipboard
from solvers.i18n import LANGUAGES, _, language

if TYPE_CHECKING:
    from gui.tabs import GameTab

__all__ = ["MenuWindow"]

Slot = Callable[[], Any]
Shortcut = QKeySequence.StandardKey | str | None


class MenuWindow(QMainWindow):
    """A main window with the application's menus (the window supplies their slots)."""

    settings: QSettings
    undoGroup: QUndoGroup

    # What the menus act on: the main window's.
    def current_tab(self) -> GameTab:
        """The tab the user is looking at."""
        raise NotImplementedError

    def choose_open_session(self) -> None:
        """Ask for a session file and open it (File > Open Session)."""
        raise NotImplementedError

    def choose_save_session(self) -> None:
        """Ask where to save the session (File > Save Session)."""
        raise NotImplementedError

    def open_check_dialog(self) -> None:
        """Check a solution for the current game (Solve > Check a Solution)."""
        raise NotImplementedError

    def show_rules(self) -> None:
        """Explain the current game's rules (Help > Rules of This Game)."""
        raise NotImplementedError

    def show_about(self) -> None:
        """Say what the application is (Help > About)."""
        raise NotImplementedError

    def _open_and_report(self, path: str) -> None:
        raise NotImplementedError

    def _action(self, menu: QMenu, text: str, slot: Slot, shortcut: Shortcut = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda: slot())
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(_("&File"))
        keys = QKeySequence.StandardKey
        self._action(file_menu, _("&Open Session…"), self.choose_open_session, keys.Open)
        self.recentMenu = file_menu.addMenu(_("Open &Recent"))
        self._action(file_menu, _("&Save Session…"), self.choose_save_session, keys.Save)
        file_menu.addSeparator()
        current = self.current_tab
        self.importAction = self._action(
            file_menu, _("&Import Judge File…"), lambda: current().choose_import_file(), "Ctrl+I"
        )
        self.exampleAction = self._action(
            file_menu, _("Load &Example"), lambda: current().load_example(), "Ctrl+L"
        )
        self.exportAction = self._action(
            file_menu, _("&Export CSV…"), lambda: current().choose_export_file(), "Ctrl+E"
        )
        self.pictureAction = self._action(
            file_menu, _("Export &Picture…"), lambda: current().choose_image_file(), "Ctrl+Shift+E"
        )
        file_menu.addSeparator()
        self._action(file_menu, _("&Quit"), self.close, keys.Quit)

        edit_menu = bar.addMenu(_("&Edit"))
        # No prefix of ours: Qt's own pattern, translated, puts the step's name where each
        # language wants it ("Undo Import x.txt", "x.txt 가져오기 실행 취소").
        self.undoAction = self.undoGroup.createUndoAction(self)
        self.undoAction.setShortcuts(QKeySequence.keyBindings(keys.Undo))
        self.redoAction = self.undoGroup.createRedoAction(self)
        self.redoAction.setShortcuts(QKeySequence.keyBindings(keys.Redo))
        self.editMenu = edit_menu
        edit_menu.addActions([self.undoAction, self.redoAction])
        edit_menu.addSeparator()
        for text, kind, key in (
            (_("Cu&t"), "cut", keys.Cut),
            (_("&Copy"), "copy", keys.Copy),
            (_("&Paste"), "paste", keys.Paste),
        ):
            self._action(edit_menu, text, functools.partial(clipboard, kind), key)

        self._build_view_menu(bar.addMenu(_("&View")))

        solve_menu = bar.addMenu(_("&Solve"))
        self.solveAction = self._action(solve_menu, _("&Solve"), lambda: current().solve())
        self.solveAction.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.cancelAction = self._action(
            solve_menu, _("&Cancel"), lambda: current().cancel(), "Esc"
        )
        self.cancelAction.setEnabled(False)
        solve_menu.addSeparator()
        self.checkAction = self._action(solve_menu, _("Check a S&olution…"), self.open_check_dialog)

        help_menu = bar.addMenu(_("&Help"))
        self._action(help_menu, _("&Rules of This Game"), self.show_rules, keys.HelpContents)
        self._action(help_menu, _("&About"), self.show_about)
        self.recent = RecentFiles(self.settings, self.recentMenu, self._open_and_report)

    def _build_view_menu(self, view_menu: QMenu) -> None:
        """View > Language: each language named in its own script, switched at once."""
        self.languageMenu = view_menu.addMenu(_("&Language"))
        self.languageGroup = QActionGroup(self)
        for code, name in LANGUAGES.items():
            action = self.languageMenu.addAction(name)
            action.setObjectName(f"language_{code}")
            action.setCheckable(True)
            action.setChecked(code == language())
            self.languageGroup.addAction(action)
            action.triggered.connect(lambda _=False, c=code: self.set_language(c))

    def set_language(self, code: str) -> None:
        """Speak ``code`` now (inputs, results and games in play stay) and remember it."""
        gui_i18n.switch(self, code)
        self.settings.setValue(gui_i18n.SETTING, code)
        for action in self.languageGroup.actions():
            action.setChecked(action.objectName() == f"language_{code}")

    def retranslate(self) -> None:
        """Make Undo and Redo again: they keep the pattern of the language they were made in."""
        for old, make in (
            (self.undoAction, self.undoGroup.createUndoAction),
            (self.redoAction, self.undoGroup.createRedoAction),
        ):
            new = make(self)
            new.setShortcuts(old.shortcuts())
            self.editMenu.insertAction(old, new)
            self.editMenu.removeAction(old)
            old.deleteLater()
            if old is self.undoAction:
                self.undoAction = new
            else:
                self.redoAction = new

    @property
    def window_actions(self) -> list[QAction]:
        """Actions whose shortcuts work wherever the focus is (text fields included)."""
        return [
            self.solveAction,
            self.cancelAction,
            self.exportAction,
            self.pictureAction,
            self.importAction,
            self.exampleAction,
            self.undoAction,
            self.redoAction,
        ]
