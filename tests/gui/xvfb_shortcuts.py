"""Run by test_shortcuts.py under Xvfb: real X key presses (xdotool) on the real window.

Prints one JSON object: for each check, whether the window action fired with
the focus in a text field or a table's cell editor.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jobs_for_tests
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from gui.controller import Job
from gui.main_window import MainWindow


def settle(app: QApplication, seconds: float = 0.3) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.01)


def wait(app: QApplication, condition: Callable[[], bool], seconds: float = 5.0) -> bool:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def press(app: QApplication, keys: str, until: Callable[[], bool]) -> bool:
    """Press ``keys`` and run the event loop until ``until`` holds (at most 3 s)."""
    subprocess.run(["xdotool", "key", "--clearmodifiers", *keys.split()], check=True)
    return wait(app, until, 3)


def focus(app: QApplication, window: MainWindow, widget: QWidget) -> None:
    window.activateWindow()
    window.raise_()
    widget.setFocus()
    wait(app, lambda: QApplication.focusWidget() is widget, 3)
    settle(app, 0.05)


def main() -> int:
    app = QApplication(sys.argv[:1])
    folder = Path(tempfile.mkdtemp())
    window = MainWindow(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    window.gameTabs.setCurrentWidget(window.tabs["nim"])
    window.show()
    window.activateWindow()  # no window manager under Xvfb gives it focus otherwise
    wait(app, lambda: window.isActiveWindow(), 1)
    settle(app, 0.1)
    tab: Any = window.tabs["nim"]
    calls: list[str] = []
    tab.choose_export_file = lambda: calls.append("export")
    real_solve = tab.solve
    tab.solve = lambda: calls.append("solve")
    report: dict[str, Any] = {"active": window.isActiveWindow()}

    focus(app, window, tab.subtractionEdit)
    report["field_focused"] = QApplication.focusWidget() is tab.subtractionEdit
    press(app, "ctrl+e", lambda: bool(calls))
    report["ctrl_e_in_field"] = calls == ["export"]
    press(app, "ctrl+Return", lambda: len(calls) > 1)
    report["ctrl_return_in_field"] = calls == ["export", "solve"]

    tab.subtractionEdit.setCursorPosition(len(tab.subtractionEdit.text()))
    before_text, before_index = tab.subtractionEdit.text(), tab.undo_stack.index()
    field = tab.subtractionEdit
    report["typed"] = press(app, "comma 7", lambda: field.text() == before_text + ",7")
    report["undo_in_field"] = press(
        app,
        "ctrl+z",
        lambda: field.text() == before_text and tab.undo_stack.index() == before_index,
    )
    report["redo_in_field"] = press(app, "ctrl+shift+z", lambda: field.text() == before_text + ",7")

    # A table's cell editor: open one on the first pile, then the same keys.
    view = tab.piles.view
    view.setFocus()
    view.setCurrentIndex(tab.piles.model.index(0, 0))
    view.edit(tab.piles.model.index(0, 0))
    wait(app, lambda: isinstance(QApplication.focusWidget(), QLineEdit), 3)
    report["editor_focused"] = isinstance(QApplication.focusWidget(), QLineEdit)
    calls.clear()
    press(app, "ctrl+e", lambda: bool(calls))
    press(app, "ctrl+Return", lambda: len(calls) > 1)
    report["keys_in_cell_editor"] = calls == ["export", "solve"]

    # Esc stops a running solve even with the focus in the text field.
    tab.solve = real_solve
    tab.solve_job = lambda inputs: Job(jobs_for_tests.slow, (30,))
    focus(app, window, tab.subtractionEdit)
    tab.solve()
    wait(app, lambda: window.cancelAction.isEnabled(), 5)
    report["cancel_enabled_while_busy"] = window.cancelAction.isEnabled()
    report["esc_cancels"] = press(app, "Escape", lambda: not tab.busy)
    report["cancel_disabled_after"] = wait(app, lambda: not window.cancelAction.isEnabled(), 3)
    window.close()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
