"""Solve → Check a solution…: the local judge (``solvers.check``) in a dialog.

The user picks a program (a source file, ``.cpp .cc .c .java .py .rs``, which the judge
builds; any other file as an executable; or a typed command line), the number of cases,
their size and the time limit. The check runs in a worker process like every solve
(``Job(run_check, ...)`` on a ``SolveController``): the window reads its case results as
they arrive and runs no thread of its own. Cancel kills every process the program
started at once, and so does closing the dialog in any way (Esc, Close, the window's
close button). The first failing case, shrunk, can be loaded into the tab and solved
there ("Show in tab") while the dialog keeps showing the answer.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer, Slot
from PySide6.QtGui import QCloseEvent, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.check_words import failed, report_line, shown
from gui.controller import Job, JobFailure, SolveController
from solvers.check import SIZES, CaseResult, Report, Settings
from solvers.check.build import SOURCES
from solvers.check.job import CheckRequest, Shrunk, run_check
from solvers.check.report import text_report
from solvers.i18n import _, ngettext
from solvers.protocol import parse_options

__all__ = ["CheckDialog", "command_for", "open_check_dialog"]


def command_for(text: str) -> list[str]:
    """The argument list for what the user typed or chose (``ValueError`` if unusable).

    A source file (``.py`` included) is kept as it is: the check builds it and runs the
    build (``.py`` with this application's interpreter); anything else is a command line
    split like a shell would, without running one.
    """
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise ValueError(
            _("the command line cannot be read: {reason}").format(reason=exc)
        ) from None
    if not words:
        raise ValueError(_("choose a program, or type the command that runs it"))
    if Path(words[0]).suffix.lower() in SOURCES and not Path(words[0]).is_file():
        raise ValueError(_("no such file: {name}").format(name=words[0]))
    return words


class CheckDialog(QDialog):
    """Check a program against the solver of ``tab``'s game."""

    def __init__(self, tab: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tab = tab
        self.game: str = tab.game_id
        self.module = tab.module
        self.report: Report | None = None
        #: What the running check found so far, from its notes: shown if it is cancelled.
        self._partial: Report | None = None
        self._settings = getattr(parent, "settings", None)
        # Quitting cancels the job with every other (the pool stops its workers), and a
        # deleted dialog's controller cancels it too: no program outlives the window.
        self.controller = SolveController(self)
        self.controller.noted.connect(self._on_note)
        self.controller.finished.connect(self._on_report)
        self.controller.failed.connect(self._on_failed)
        self.controller.cancelled.connect(self._on_cancelled)
        self.controller.busy_changed.connect(self._set_running)
        #: The status line as a function of the language, and whether it is an error.
        self._status: tuple[Any, bool] = (str, False)
        self.setWindowTitle(_("Check a {game} solution").format(game=tab.title))
        self.setObjectName("checkDialog")
        self._build()
        self._set_running(False)

    # ----- building ------------------------------------------------------------------------
    def _build(self) -> None:
        self.programEdit = QLineEdit(self._remembered())
        self.programEdit.setObjectName("programEdit")
        self.programEdit.setPlaceholderText(_("./a.out, sol.cpp, Main.java, sol.py, or a command"))
        browse = QPushButton(_("Browse…"))
        browse.setObjectName("browseButton")
        browse.clicked.connect(self.choose_program)
        program = QHBoxLayout()
        program.addWidget(self.programEdit, 1)
        program.addWidget(browse)
        self.optionsEdit = QLineEdit()
        self.optionsEdit.setObjectName("optionsEdit")
        flags = " ".join(option.flag for option in getattr(self.module, "OPTIONS", ()))
        self.optionsEdit.setPlaceholderText(flags or _("this game has no options"))
        self.casesSpin = _spin(QSpinBox(), "casesSpin", 1, 100_000, 200)
        self.sizeCombo = QComboBox()
        self.sizeCombo.setObjectName("sizeCombo")
        for size in SIZES:
            self.sizeCombo.addItem(shown(size), size)
        self.sizeCombo.setCurrentIndex(self.sizeCombo.findData("judge"))
        self.timeoutSpin = _spin(QDoubleSpinBox(), "timeoutSpin", 0.1, 3600, 5.0)
        self.timeoutSpin.setSuffix(_(" s"))
        self.seedSpin = _spin(QSpinBox(), "seedSpin", 0, 999_999, random.randrange(1_000_000))
        form = QFormLayout()
        form.addRow(_("Program:"), program)
        form.addRow(_("Game options:"), self.optionsEdit)
        form.addRow(_("Cases:"), self.casesSpin)
        form.addRow(_("Size:"), self.sizeCombo)
        form.addRow(_("Time limit:"), self.timeoutSpin)
        form.addRow(_("Seed:"), self.seedSpin)

        self.runButton = _button(_("Run"), "runButton", self.start)
        self.cancelButton = _button(_("Cancel"), "cancelButton", self.stop)
        self.showButton = _button(_("Show in Tab"), "showButton", self.show_in_tab)
        close = _button(_("Close"), "closeButton", self.close)
        self.progressBar = QProgressBar()
        self.progressBar.setObjectName("progressBar")
        # Hidden between runs but keeping its room: the buttons never move when a run
        # starts (a click meant for Close hit the button that had slid under it).
        policy = self.progressBar.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.progressBar.setSizePolicy(policy)
        buttons = QHBoxLayout()
        buttons.addWidget(self.progressBar, 1)
        for widget in (self.runButton, self.cancelButton, self.showButton, close):
            buttons.addWidget(widget)
        self.statusLabel = QLabel("")
        self.statusLabel.setObjectName("statusLabel")
        self.statusLabel.setWordWrap(True)

        self.casesTable = QTableWidget(0, 4)
        self.casesTable.setObjectName("casesTable")
        self.casesTable.setHorizontalHeaderLabels(
            [_("Case"), _("Verdict"), _("Time (s)"), _("Memory (MB)")]
        )
        self.casesTable.verticalHeader().hide()
        self.casesTable.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.casesTable.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.reportText = QPlainTextEdit()
        self.reportText.setObjectName("reportText")
        self.reportText.setReadOnly(True)
        self.reportText.setFont(QFont("monospace"))
        split = QSplitter()
        split.addWidget(self.casesTable)
        split.addWidget(self.reportText)
        split.setSizes([260, 520])

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.statusLabel)
        layout.addWidget(split, 1)
        self.resize(860, 620)

    def _remembered(self) -> str:
        if isinstance(self._settings, QSettings):
            return str(self._settings.value(f"check/{self.game}/command", "") or "")
        return ""

    # ----- actions -------------------------------------------------------------------------
    def choose_program(self) -> None:
        """Pick the program: an executable, or a source file the check builds."""
        sources = " ".join(f"*{suffix}" for suffix in SOURCES)
        filters = _("Programs and sources ({patterns});;All files (*)").format(patterns=sources)
        path, _filter = QFileDialog.getOpenFileName(self, _("Program to check"), "", filters)
        if path:
            self.programEdit.setText(shlex.quote(path))

    def settings(self) -> Settings:
        """The check's settings from the form."""
        return Settings(
            cases=self.casesSpin.value(),
            seed=self.seedSpin.value(),
            size=str(self.sizeCombo.currentData()),
            timeout=self.timeoutSpin.value(),
        )

    def start(self) -> None:
        """Start checking (the form's errors are shown instead when it is incomplete)."""
        if self.controller.busy:
            return
        try:
            command = command_for(self.programEdit.text())
            words = shlex.split(self.optionsEdit.text())
            parse_options(getattr(self.module, "OPTIONS", ()), words)  # refused here, at once
            settings = self.settings()
        except ValueError as exc:
            self._say(str(exc), error=True)
            return
        if isinstance(self._settings, QSettings):
            self._settings.setValue(f"check/{self.game}/command", self.programEdit.text())
        self.report = None
        self._partial = Report(self.game, command, settings, option_words=words)
        self.casesTable.setRowCount(0)
        self.reportText.clear()
        self.progressBar.setRange(0, settings.cases)
        self.progressBar.setValue(0)
        module = self.module.__name__  # the worker imports it, as pickle imports a function
        request = CheckRequest(module, self.game, tuple(command), settings, tuple(words))
        line = shlex.join(command)
        self._say(lambda: _("Running {command}…").format(command=line))
        self.controller.start(Job(run_check, (request,)))

    @Slot()
    def stop(self) -> None:
        """Cancel a running check: the worker kills every program it started at once."""
        self.controller.cancel()

    def show_in_tab(self) -> None:
        """Load the shrunk failing case into the tab and solve it there."""
        if self.report is None or self.report.failure is None:
            return
        failure = self.report.failure
        self.tab.load_inputs(failure.inputs)
        self.tab.solve()
        title = self.tab.title
        self._say(
            lambda: _(
                "Loaded into the {game} tab. Optimal: {optimal}; your program: {yours}."
            ).format(
                game=_(title),
                optimal=failure.expected.strip(),
                yours=failure.output.strip() or shown(failure.verdict),
            )
        )

    def wait(self, timeout_ms: int = 10_000) -> bool:
        """Run the event loop until the check has ended, at most ``timeout_ms`` (tests)."""
        if self.controller.busy:
            loop = QEventLoop()
            self.controller.busy_changed.connect(loop.quit)
            QTimer.singleShot(timeout_ms, loop.quit)
            loop.exec()
            self.controller.busy_changed.disconnect(loop.quit)
        return not self.controller.busy

    def reject(self) -> None:
        """Esc (and every close, through QDialog's ``closeEvent``) stops the check first.

        QDialog's own ``reject`` only hides the dialog, which left a check running unseen.
        """
        self.stop()
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing in any way cancels the check (its worker kills its programs at once)."""
        self.stop()
        super().closeEvent(event)

    # ----- the job's news ------------------------------------------------------------------
    @Slot(object)
    def _on_note(self, note: object) -> None:
        if isinstance(note, CaseResult):
            if self._partial is not None:
                (self._partial.samples if note.sample else self._partial.cases).append(note)
            self._on_case(note)
        elif isinstance(note, Shrunk):
            self._on_shrinking(note.steps)

    @Slot(object)
    def _on_case(self, case: CaseResult) -> None:
        row = self.casesTable.rowCount()
        self.casesTable.insertRow(row)
        name = _("sample {name}").format(name=case.sample) if case.sample else str(case.number)
        memory = "" if case.memory_kb is None else f"{case.memory_kb / 1024:.1f}"
        for column, text in enumerate((name, shown(case.verdict), f"{case.seconds:.3f}", memory)):
            item = QTableWidgetItem(text)
            if column == 1:  # the verdict as the check names it, for retranslate
                item.setData(Qt.ItemDataRole.UserRole, case.verdict)
            self.casesTable.setItem(row, column, item)
        if not case.sample:
            self.progressBar.setValue(case.number)
        if case.verdict != "accepted":
            self.casesTable.scrollToBottom()

    @Slot(int)
    def _on_shrinking(self, steps: int) -> None:
        self._say(
            lambda: ngettext(
                "Shrinking the failing case: {count} smaller failing input found…",
                "Shrinking the failing case: {count} smaller failing inputs found…",
                steps,
            ).format(count=steps)
        )

    @Slot(object)
    def _on_report(self, report: Report) -> None:
        self.report, self._partial = report, None
        self.reportText.setPlainText(text_report(report))
        self._say(lambda: report_line(report), error=failed(report))
        self._set_running(self.controller.busy)  # Show in Tab follows the report

    @Slot(object)
    def _on_failed(self, failure: JobFailure) -> None:
        self._say(lambda: _("The check could not run: {reason}").format(reason=failure), error=True)

    @Slot()
    def _on_cancelled(self) -> None:
        partial, self._partial = self._partial, None
        if partial is not None:  # what ran before the cancel
            partial.cancelled = True
            self._on_report(partial)

    @Slot(bool)
    def _set_running(self, running: bool) -> None:
        self.runButton.setEnabled(not running)
        self.cancelButton.setEnabled(running)
        self.progressBar.setVisible(running)
        failure = self.report.failure if self.report is not None else None
        shown = failure is not None and failure.inputs is not None
        self.showButton.setEnabled(not running and shown)

    def _say(self, text: str | Callable[[], str], error: bool = False) -> None:
        """Show ``text`` on the status line (an error in bold).

        A function of the language is kept for ``retranslate``; a plain text (a reason
        already translated where it was raised) stays as it is.
        """
        render: Callable[[], str] = text if callable(text) else (lambda: text)
        self._status = (render, error)
        self.statusLabel.setText(render())
        self.statusLabel.setStyleSheet("font-weight: 600;" if error else "")

    def retranslate(self) -> None:
        """Say again, in the language spoken now, what is built from the dialog's state."""
        self.setWindowTitle(_("Check a {game} solution").format(game=_(self.tab.title)))
        for index in range(self.sizeCombo.count()):
            self.sizeCombo.setItemText(index, shown(str(self.sizeCombo.itemData(index))))
        for row in range(self.casesTable.rowCount()):
            item = self.casesTable.item(row, 1)
            verdict = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
            if item is not None and isinstance(verdict, str):
                item.setText(shown(verdict))
        render, error = self._status
        self._say(render, error)


def _spin(box: Any, name: str, lo: float, hi: float, value: float) -> Any:
    box.setObjectName(name)
    box.setRange(lo, hi)
    box.setValue(value)
    return box


def _button(text: str, name: str, slot: Any) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.clicked.connect(lambda: slot())
    return button


def open_check_dialog(tab: Any, parent: QWidget | None = None) -> CheckDialog:
    """Show a (non-modal) check dialog for ``tab``'s game and return it."""
    dialog = CheckDialog(tab, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
