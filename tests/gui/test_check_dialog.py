"""Solve → Check a solution…: the dialog drives the local judge off the UI thread.

Driven with the toy game of ``tests/check_programs/fake_sum.py`` (through a stand-in
tab), so it does not depend on any game's generator; one test opens it from the menu.
"""

from __future__ import annotations

import gc
import shlex
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from processes import running as _running
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from gui.check_dialog import CheckDialog, command_for

PROGRAMS = Path(__file__).resolve().parents[1] / "check_programs"
# Last on the path and kept there: the worker processes (spawned after collection, with this
# path) import the toy game by name, as they import a job's function.
sys.path.append(str(PROGRAMS))
import fake_sum  # noqa: E402

#: How long a cancelled check's programs may live on (the sleeper sleeps 120 s).
STOP_MS = 5_000


class StandInTab:
    """What the dialog needs of a game tab, recording what it is asked to do."""

    game_id = "sum"
    title = "Sum"
    module = fake_sum

    def __init__(self) -> None:
        self.loaded: list[Any] = []
        self.solved = 0

    def load_inputs(self, inputs: Any) -> None:
        self.loaded.append(inputs)

    def solve(self) -> None:
        self.solved += 1


@pytest.fixture()
def dialog(qtbot):  # type: ignore[no-untyped-def]
    box = CheckDialog(StandInTab())
    qtbot.addWidget(box)
    box.casesSpin.setValue(6)
    box.sizeCombo.setCurrentText("small")
    box.seedSpin.setValue(4)
    yield box
    box.stop()
    assert box.wait(10_000)


def run_to_the_end(qtbot, box: CheckDialog) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(box.runButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: box.runButton.isEnabled(), timeout=60_000)


def test_the_buttons_stay_put_when_a_run_starts(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.resize(700, 500)
    dialog.show()
    qtbot.waitExposed(dialog)
    names = ("runButton", "cancelButton", "showButton", "closeButton")
    before = [dialog.findChild(QPushButton, name).geometry() for name in names]
    dialog._set_running(True)
    QApplication.processEvents()
    assert dialog.progressBar.isVisible()
    assert [dialog.findChild(QPushButton, name).geometry() for name in names] == before
    dialog._set_running(False)


def toy(mode: str) -> str:
    return f"{shlex.quote(str(PROGRAMS / 'sum_contestant.py'))} {mode}"


def test_command_for_source_files_executables_and_command_lines(tmp_path: Path) -> None:
    for name in ("my solution.py", "sol.cpp", "Main.java", "sol.c", "sol.rs", "sol.cc"):
        source = tmp_path / name
        source.write_text("\n")
        # Kept as typed: the check builds a source file (and runs .py with this Python).
        assert command_for(shlex.quote(str(source))) == [str(source)]
    assert command_for("./a.out --fast") == ["./a.out", "--fast"]
    assert command_for("java -cp . Main") == ["java", "-cp", ".", "Main"]
    for bad in ("", "   ", "'unclosed", str(tmp_path / "missing.py"), str(tmp_path / "no.cpp")):
        with pytest.raises(ValueError):
            command_for(bad)


def test_the_program_picker_offers_source_files(
    qtbot, dialog, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    asked: list[str] = []

    def pick(parent: Any, caption: str, folder: str, filters: str) -> tuple[str, str]:
        asked.append(filters)
        return "/home/me/my sol.cpp", filters

    monkeypatch.setattr("gui.check_dialog.QFileDialog.getOpenFileName", pick)
    dialog.choose_program()
    assert dialog.programEdit.text() == "'/home/me/my sol.cpp'"
    first = asked[0].split(";;")[0]
    assert all(f"*{suffix}" in first for suffix in (".cpp", ".cc", ".c", ".java", ".py", ".rs"))


def test_wrong_program_found_shrunk_and_shown_in_tab(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.programEdit.setText(toy("wrong"))
    dialog.sizeCombo.setCurrentText("judge")
    run_to_the_end(qtbot, dialog)
    report = dialog.report
    assert report is not None and report.failure is not None
    assert report.failure.verdict == "wrong answer"
    table = dialog.casesTable
    assert table.rowCount() == len(report.cases) >= 1
    assert table.item(table.rowCount() - 1, 1).text() == "wrong answer"
    assert "--- input ---\n1\n7\n" in dialog.reportText.toPlainText()
    assert dialog.showButton.isEnabled()
    qtbot.mouseClick(dialog.showButton, Qt.MouseButton.LeftButton)
    assert dialog.tab.loaded == [fake_sum.Inputs((7,))] and dialog.tab.solved == 1
    assert "your program: 8" in dialog.statusLabel.text()


def test_right_program_lists_every_case(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.programEdit.setText(toy("right"))
    run_to_the_end(qtbot, dialog)
    assert dialog.report is not None and dialog.report.passed
    assert dialog.casesTable.rowCount() == 6
    assert {dialog.casesTable.item(r, 1).text() for r in range(6)} == {"accepted"}
    assert not dialog.showButton.isEnabled()
    assert "All 6 cases accepted" in dialog.statusLabel.text()


def test_cancel_kills_the_program_at_once(qtbot, dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pids = tmp_path / "pids"
    dialog.programEdit.setText(f"{shlex.quote(str(PROGRAMS / 'sleeper.py'))} {pids}")
    dialog.timeoutSpin.setValue(120)
    qtbot.mouseClick(dialog.runButton, Qt.MouseButton.LeftButton)
    assert dialog.cancelButton.isEnabled() and not dialog.runButton.isEnabled()
    qtbot.waitUntil(lambda: pids.exists() and pids.read_text().strip() != "", timeout=30_000)
    qtbot.mouseClick(dialog.cancelButton, Qt.MouseButton.LeftButton)
    # Far below the program's 120 s limit: the cancel, not the limit, ended the run.
    qtbot.waitUntil(lambda: dialog.runButton.isEnabled(), timeout=30_000)
    assert dialog.report is not None and dialog.report.cancelled
    assert "Cancelled" in dialog.statusLabel.text()
    # The worker kills them as soon as it sees the cancel: far below their 120 s of sleep.
    qtbot.waitUntil(lambda: _all_stopped(pids), timeout=STOP_MS)


@pytest.mark.parametrize("how", ["escape", "close button", "window close"])
def test_closing_the_dialog_in_any_way_stops_the_check(  # type: ignore[no-untyped-def]
    qtbot, dialog, tmp_path: Path, how: str
) -> None:
    pids = tmp_path / "pids"
    dialog.programEdit.setText(f"{shlex.quote(str(PROGRAMS / 'sleeper.py'))} {pids}")
    dialog.timeoutSpin.setValue(120)
    dialog.show()
    qtbot.mouseClick(dialog.runButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pids.exists() and pids.read_text().strip() != "", timeout=30_000)
    if how == "escape":
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    elif how == "close button":
        qtbot.mouseClick(dialog.findChild(QPushButton, "closeButton"), Qt.MouseButton.LeftButton)
    else:
        dialog.close()
    assert not dialog.isVisible()
    assert not dialog.controller.busy  # the job is cancelled; closing never waits for it
    qtbot.waitUntil(lambda: _all_stopped(pids), timeout=STOP_MS)


def test_buttons_stay_put_when_a_run_starts(qtbot, dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dialog.programEdit.setText(f"{shlex.quote(str(PROGRAMS / 'sleeper.py'))} {tmp_path / 'p'}")
    dialog.timeoutSpin.setValue(120)
    dialog.show()
    qtbot.waitExposed(dialog)
    names = ("runButton", "cancelButton", "showButton", "closeButton")
    before = [dialog.findChild(QPushButton, name).geometry() for name in names]
    qtbot.mouseClick(dialog.runButton, Qt.MouseButton.LeftButton)
    assert dialog.progressBar.isVisible()
    QApplication.processEvents()
    assert [dialog.findChild(QPushButton, name).geometry() for name in names] == before


def _all_stopped(pids: Path) -> bool:
    return not any(_running(int(pid)) for pid in pids.read_text().split())


def test_bad_program_or_options_are_explained(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.programEdit.setText("")
    qtbot.mouseClick(dialog.runButton, Qt.MouseButton.LeftButton)
    assert "choose a program" in dialog.statusLabel.text()
    dialog.programEdit.setText(toy("right"))
    dialog.optionsEdit.setText("--misere")
    qtbot.mouseClick(dialog.runButton, Qt.MouseButton.LeftButton)
    assert "--misere: unknown option" in dialog.statusLabel.text()
    assert dialog.runButton.isEnabled()


def test_program_that_cannot_start_is_reported(qtbot, dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dialog.programEdit.setText(str(tmp_path / "no-such-program"))
    run_to_the_end(qtbot, dialog)
    assert "could not run" in dialog.statusLabel.text()


def test_menu_opens_the_dialog_for_the_current_tab(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.gameTabs.setCurrentWidget(window.tabs["nim"])
    window.checkAction.trigger()
    dialogs = [d for d in window.findChildren(CheckDialog) if d.isVisible()]
    assert len(dialogs) == 1
    assert dialogs[0].game == "nim" and dialogs[0].tab is window.tabs["nim"]
    assert "--misere" in dialogs[0].optionsEdit.placeholderText() or not hasattr(
        dialogs[0].module, "OPTIONS"
    )
    dialogs[0].close()


def test_a_source_that_does_not_compile_is_reported(qtbot, dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    source = tmp_path / "sol.py"
    source.write_text("print(\n")
    dialog.programEdit.setText(shlex.quote(str(source)))
    run_to_the_end(qtbot, dialog)
    assert dialog.report is not None and dialog.report.failure is not None
    assert dialog.report.failure.verdict == "compile error"
    assert "Compile error: see the report" in dialog.statusLabel.text()
    assert "compile error" in dialog.reportText.toPlainText()
    assert not dialog.showButton.isEnabled()  # nothing to load into the tab


def test_rows_show_time_and_memory(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.programEdit.setText(toy("right"))
    run_to_the_end(qtbot, dialog)
    table = dialog.casesTable
    header = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert header == ["Case", "Verdict", "Time (s)", "Memory (MB)"]
    if sys.platform.startswith("linux"):
        assert all(float(table.item(r, 3).text()) > 1 for r in range(table.rowCount()))


def _other_threads() -> list[str]:
    """Python threads of this (the window's) process besides the main one and the watchdog."""
    return [
        thread.name
        for thread in threading.enumerate()
        if thread is not threading.main_thread()
        and not isinstance(thread, threading._DummyThread)
        and thread.name != "hang-watchdog"
    ]


def test_the_check_runs_in_a_worker_and_rows_appear_as_cases_end(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    # At each note: rows, whether a report is shown, the status, other threads.
    seen: list[tuple[int, bool, str, list[str]]] = []
    dialog.controller.noted.connect(
        lambda note: seen.append(
            (
                dialog.casesTable.rowCount(),
                dialog.report is not None,
                dialog.statusLabel.text(),
                _other_threads(),
            )
        )
    )
    dialog.programEdit.setText(toy("wrong"))
    dialog.sizeCombo.setCurrentText("judge")
    assert gc.isenabled()
    qtbot.mouseClick(dialog.runButton, Qt.MouseButton.LeftButton)
    assert _other_threads() == []
    run_to_the_end(qtbot, dialog)
    report = dialog.report
    assert report is not None and report.failure is not None and report.failure.shrink_steps
    cases = len(report.cases)
    # Each case's row is there when its note arrives, long before the report; then the
    # shrinking steps, one note each.
    assert [rows for rows, *_ in seen] == [*range(1, cases + 1)] + [cases] * (
        report.failure.shrink_steps
    )
    assert not any(shown for _, shown, *_ in seen)
    assert all(threads == [] for *_, threads in seen) and _other_threads() == []
    assert gc.isenabled()
    assert f"{report.failure.shrink_steps} smaller failing inputs" in seen[-1][2]


def test_a_crashing_program_ends_in_a_report(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.programEdit.setText(shlex.quote(str(PROGRAMS / "crash.py")))
    run_to_the_end(qtbot, dialog)
    report = dialog.report
    assert report is not None and report.failure is not None
    assert report.failure.verdict == "runtime error"
    assert dialog.casesTable.item(0, 1).text() == "runtime error"
    assert "IndexError" in dialog.reportText.toPlainText()
    assert dialog.statusLabel.text().startswith("Runtime error on case 1, shrunk to")
    assert dialog.showButton.isEnabled()


def test_a_cancelled_check_reports_the_cases_it_judged(qtbot, dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    program, gate, pids = tmp_path / "gated.py", tmp_path / "gate", tmp_path / "pids"
    program.write_text(  # right at once until the gate exists; then it never answers
        "import os, sys, time\n"
        f"if os.path.exists({str(gate)!r}):\n"
        f"    with open({str(pids)!r}, 'a') as handle:\n"
        "        handle.write(f'{os.getpid()}\\n')\n"
        "    time.sleep(120)\n"
        "print(sum(int(w) for w in sys.stdin.read().split()[1:]))\n"
    )
    dialog.programEdit.setText(shlex.quote(str(program)))
    dialog.casesSpin.setValue(1000)
    dialog.timeoutSpin.setValue(120)
    qtbot.mouseClick(dialog.runButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.casesTable.rowCount() >= 1, timeout=30_000)
    gate.touch()
    qtbot.waitUntil(lambda: pids.exists() and pids.read_text().strip() != "", timeout=30_000)
    qtbot.mouseClick(dialog.cancelButton, Qt.MouseButton.LeftButton)
    report = dialog.report
    assert report is not None and report.cancelled and report.failure is None
    assert 1 <= len(report.cases) == dialog.casesTable.rowCount() < 1000
    assert [case.number for case in report.cases] == list(range(1, len(report.cases) + 1))
    shown = dialog.reportText.toPlainText().split("\n")[0]
    assert "cancelled after" in shown and "of 1000 cases" in shown and "accepted" not in shown
    assert "Cancelled" in dialog.statusLabel.text()
    qtbot.waitUntil(lambda: _all_stopped(pids), timeout=STOP_MS)
