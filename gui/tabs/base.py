"""The frame every game tab shares: buttons, solving in a thread, files, messages.

A game tab subclasses ``GameTab``, sets ``game_id``, puts its form and views
into ``self.body`` and implements the hooks ``read_inputs``, ``set_inputs``,
``show_result``, ``clear_result``, ``state`` and ``restore``. Everything else
(solve/cancel, progress, errors, judge import, CSV export, examples, stale
results) lives here once.
"""

from __future__ import annotations

import csv
import time
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

import solvers
from gui.widgets.theme import bold_label_css
from gui.worker import SolveThread
from solvers.protocol import JudgeFormatError

__all__ = ["GameTab"]

_PLACEHOLDER = "Press Solve (Ctrl+Return) to compute optimal play."


class GameTab(QWidget):
    """Base class of the five game tabs."""

    #: One line for the main window's status bar.
    status_message = Signal(str)
    #: True while a solve runs in this tab.
    busy_changed = Signal(bool)

    game_id = ""
    #: Rules shown by Help > Rules (HTML); the solver's docstring when empty.
    rules_html = ""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(self.game_id)
        self.module = solvers.load(self.game_id)
        self.title = solvers.TITLES[self.game_id]
        self.result: Any = None
        self.result_inputs: Any = None
        self._pending_inputs: Any = None
        self.last_solve_seconds: float | None = None
        self._thread: SolveThread | None = None
        self._started = 0.0
        self._stale = False

        self.exampleButton = self._button("Load example", "exampleButton", self.load_example)
        self.importButton = self._button("Import…", "importButton", self.choose_import_file)
        self.importButton.setToolTip("Load the first case of a judge-format input file")
        self.exportButton = self._button("Export CSV…", "exportButton", self.choose_export_file)
        self.exportButton.setToolTip("Save inputs and results as CSV (Ctrl+E)")
        self.solveButton = self._button("Solve", "solveButton", self.solve)
        self.solveButton.setToolTip("Compute optimal play (Ctrl+Return)")
        self.solveButton.setDefault(True)
        self.cancelButton = self._button("Cancel", "cancelButton", self.cancel)
        self.cancelButton.setToolTip("Stop the running solve (Esc)")
        self.cancelButton.setEnabled(False)
        self.progressBar = QProgressBar()
        self.progressBar.setObjectName("progressBar")
        self.progressBar.setRange(0, 1000)
        self.progressBar.setMaximumWidth(160)
        self.progressBar.setTextVisible(False)
        self.progressBar.hide()

        self.resultLabel = QLabel(_PLACEHOLDER)
        self.resultLabel.setObjectName("resultLabel")
        self.resultLabel.setStyleSheet(bold_label_css())
        self.resultLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.resultLabel.setWordWrap(True)
        self.messageLabel = QLabel()
        self.messageLabel.setObjectName("messageLabel")
        self.messageLabel.setWordWrap(True)
        self.messageLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.messageLabel.hide()

        header = QHBoxLayout()
        for widget in (self.exampleButton, self.importButton, self.exportButton):
            header.addWidget(widget)
        header.addStretch(1)
        for widget in (self.progressBar, self.solveButton, self.cancelButton):
            header.addWidget(widget)
        self.body = QVBoxLayout()
        self.body.setContentsMargins(0, 0, 0, 0)
        outer = QVBoxLayout(self)
        outer.addLayout(header)
        outer.addWidget(self.resultLabel)
        outer.addWidget(self.messageLabel)
        outer.addLayout(self.body, 1)
        self.resultLabel.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def add_form_and_views(
        self, form: QWidget, views: QWidget, sizes: tuple[int, int] = (380, 900)
    ) -> QSplitter:
        """Lay the form out left of the views; the views take the extra width."""
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(form)
        splitter.addWidget(views)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes(list(sizes))
        self.body.addWidget(splitter)
        return splitter

    def _button(self, text: str, name: str, slot: Callable[[], Any]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(lambda: slot())
        return button

    # ----- hooks a game tab implements -------------------------------------------------------
    def read_inputs(self) -> Any:
        """Build the solver's input object from the form; ValueError says what is wrong."""
        raise NotImplementedError

    def set_inputs(self, inputs: Any) -> None:
        """Show ``inputs`` in the form."""
        raise NotImplementedError

    def show_result(self, result: Any) -> None:
        """Draw ``result`` (highlights, tables, plots)."""
        raise NotImplementedError

    def clear_result(self) -> None:
        """Remove every trace of the previous result from the views."""
        raise NotImplementedError

    def state(self) -> dict[str, Any]:
        """The form's contents as JSON-ready data (for sessions)."""
        raise NotImplementedError

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the form from ``state``; raise ValueError/KeyError/TypeError if malformed."""
        raise NotImplementedError

    def result_text(self, result: Any) -> str:
        """The answer line (must contain the judge's answer)."""
        return str(self.module.format_judge(result))

    def run_solver(self, inputs: Any, progress: Callable[[float], None]) -> Any:
        """What the worker thread runs; override to pass extra options."""
        return self.module.solve(inputs, progress=progress)

    def parse_judge_text(self, text: str) -> list[Any]:
        """Parse judge-format text into inputs (override to add options)."""
        return list(self.module.parse_judge(text))

    def csv_rows(self) -> list[list[str]]:
        """Rows of the CSV export, header first: solved inputs and result, else the form."""
        if self.result is not None:
            return list(self.module.csv_rows(self.result_inputs, self.result))
        return list(self.module.csv_rows(self.read_inputs(), None))

    # ----- validation and messages -----------------------------------------------------------
    def inputs_changed(self) -> None:
        """Call after every edit: re-validates and marks an old result as outdated."""
        if self.result is not None and not self._stale:
            self._stale = True
            self.resultLabel.setStyleSheet(bold_label_css() + "color: gray;")
            self.resultLabel.setToolTip("The inputs changed since this was solved.")
        self.revalidate()

    def revalidate(self) -> bool:
        """Enable Solve only for valid inputs and say why otherwise."""
        try:
            self.read_inputs()
        except ValueError as exc:
            self.solveButton.setEnabled(False)
            self.show_message(f"Cannot solve yet: {exc}", error=True)
            return False
        self.solveButton.setEnabled(True)
        self.show_message("")
        return True

    def show_message(self, text: str, error: bool = False) -> None:
        """Show (or with "" hide) the line under the answer; red for errors."""
        self.messageLabel.setText(text)
        self.messageLabel.setStyleSheet("color: #b71c1c;" if error else "color: palette(text);")
        self.messageLabel.setVisible(bool(text))

    def _reset_result(self) -> None:
        self.result = None
        self.result_inputs = None
        self._stale = False
        self.resultLabel.setText(_PLACEHOLDER)
        self.resultLabel.setStyleSheet(bold_label_css())
        self.resultLabel.setToolTip("")
        self.clear_result()

    def load_inputs(self, inputs: Any) -> None:
        """Replace the form's inputs and forget the old result."""
        self.cancel()
        self.set_inputs(inputs)
        self._reset_result()
        self.revalidate()

    # ----- solving ---------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether a solve is running in this tab."""
        return self._thread is not None

    def solve(self) -> None:
        """Solve the current inputs in a worker thread (cancelling a running solve)."""
        try:
            inputs = self.read_inputs()
        except ValueError as exc:
            self.show_message(f"Cannot solve yet: {exc}", error=True)
            return
        self.cancel()
        thread = SolveThread(lambda progress: self.run_solver(inputs, progress))
        thread.progressed.connect(self._on_progress)
        thread.returned.connect(self._on_returned)
        thread.errored.connect(self._on_errored)
        thread.cancelled.connect(self._on_cancelled)
        self._thread = thread
        self._pending_inputs = inputs
        self._started = time.perf_counter()
        self.progressBar.setValue(0)
        self.progressBar.show()
        self.cancelButton.setEnabled(True)
        self.show_message("Solving…")
        self.status_message.emit(f"Solving {self.title}…")
        self.busy_changed.emit(True)
        thread.start_solving()

    def cancel(self) -> None:
        """Stop the running solve, if any; its late signals are ignored."""
        if self._thread is None:
            return
        self._thread.cancel()
        self._end_solve("Cancelled.")
        self.status_message.emit(f"{self.title}: solve cancelled")

    def _current(self) -> bool:
        return self._thread is not None and self.sender() is self._thread

    def _end_solve(self, message: str, error: bool = False) -> None:
        self._thread = None
        self.progressBar.hide()
        self.cancelButton.setEnabled(False)
        self.show_message(message, error)
        self.busy_changed.emit(False)

    @Slot(float)
    def _on_progress(self, fraction: float) -> None:
        if self._current():
            self.progressBar.setValue(int(fraction * 1000))

    @Slot(object)
    def _on_returned(self, result: Any) -> None:
        if not self._current():
            return
        assert self._thread is not None
        self.last_solve_seconds = self._thread.elapsed
        self._end_solve("")
        self.result = result
        self.result_inputs = self._pending_inputs
        self._stale = False
        self.resultLabel.setStyleSheet(bold_label_css())
        self.resultLabel.setToolTip("")
        self.resultLabel.setText(self.result_text(result))
        self.show_result(result)
        self.status_message.emit(f"{self.title} solved in {_duration(self.last_solve_seconds)}")

    @Slot(str)
    def _on_errored(self, message: str) -> None:
        if self._current():
            self._end_solve(f"The solve failed: {message}", error=True)
            self.status_message.emit(f"{self.title}: the solve failed")

    @Slot()
    def _on_cancelled(self) -> None:
        if self._current():
            self._end_solve("Cancelled.")

    # ----- files -----------------------------------------------------------------------------
    def import_judge_file(self, path: str | Path) -> bool:
        """Load the first case of a judge-format file; on error keep the form and say why."""
        path = Path(path)
        try:
            cases = self.parse_judge_text(path.read_text(encoding="utf-8"))
        except JudgeFormatError as exc:
            self.show_message(f"{path.name}:{exc.line}: {exc.reason}", error=True)
            return False
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            self.show_message(f"Cannot read {path.name}: {exc}", error=True)
            return False
        self.load_inputs(cases[0])
        more = f" (case 1 of {len(cases)})" if len(cases) > 1 else ""
        self.show_message(f"Loaded {path.name}{more}.")
        return True

    def load_example(self) -> bool:
        """Load the example shipped in ``resources/examples/<game>.txt``."""
        example = files("resources").joinpath("examples", f"{self.game_id}.txt")
        try:
            cases = self.parse_judge_text(example.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            self.show_message(f"The example could not be loaded: {exc}", error=True)
            return False
        self.load_inputs(cases[0])
        self.show_message("Example loaded. Press Solve.")
        return True

    def export_csv(self, path: str | Path) -> bool:
        """Write inputs and results as CSV (header row first)."""
        try:
            rows = self.csv_rows()
            with open(path, "w", newline="", encoding="utf-8") as handle:
                csv.writer(handle).writerows(rows)
        except (OSError, ValueError) as exc:
            self.show_message(f"Export failed: {exc}", error=True)
            return False
        self.status_message.emit(f"Exported {Path(path).name}")
        return True

    def choose_import_file(self) -> None:
        """Ask for a judge file and import it."""
        path, _ = QFileDialog.getOpenFileName(
            self, f"Import {self.title} judge input", "", "Text files (*.txt *.in);;All files (*)"
        )
        if path:
            self.import_judge_file(path)

    def choose_export_file(self) -> None:
        """Ask where to save the CSV export."""
        path, _ = QFileDialog.getSaveFileName(
            self, f"Export {self.title} as CSV", f"{self.game_id}.csv", "CSV files (*.csv)"
        )
        if path:
            self.export_csv(path)

    def restore_session(self, state: dict[str, Any]) -> None:
        """Restore from a session; on failure the form is left exactly as it was."""
        snapshot = self.state()
        try:
            self.restore(state)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            self.restore(snapshot)
            raise ValueError(f"{self.title}: {exc}") from None
        self._reset_result()
        self.revalidate()


def _duration(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
