"""The frame every game tab shares: buttons, solving in a worker process, files, undo, messages.

A game tab subclasses ``GameTab``, sets ``game_id``, puts its form and views
into ``self.body`` (``add_form_and_views``), calls ``self.inputs_changed()``
after every edit, ends its ``__init__`` with ``self.revalidate()`` and
implements the hooks ``read_inputs``, ``set_inputs``, ``show_result``,
``clear_result``, ``state`` and ``restore`` (and, when the game has options,
``apply_options``/``form_options``; ``main_view`` for the picture;
``solve_job`` to solve with something else than ``module.solve(inputs)``).
Everything else lives here once: solve/cancel/progress/errors through a
``SolveController``, live results, judge import with CLI options, CSV and
picture export (atomic), examples, sessions, and ``undo_stack``.

Live results, one rule for every tab: every input change (typing, import, undo,
example, session) starts a solve by itself ``AUTO_SOLVE_MS`` after the last
edit, cancelling the previous one. Until the new answer arrives the old one
stays on screen, greyed, and ``result_is_current()`` is False; nothing shows it
as current for other inputs. Solve (Ctrl+Return) is the explicit command. The
last few results are kept by their job, so undo brings an answer back at once.
"""

from __future__ import annotations

import functools
import logging
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QEventLoop, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QUndoStack
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

import solvers
from gui.controller import Job, JobFailure, SolveController, activity, warm_up
from gui.tabs import tab_files
from gui.tabs.pages import SweepRunner, WhyRunner
from gui.widgets.fields import NumberField
from gui.widgets.grid_view import commit_open_editors
from gui.widgets.judge_line import JudgeLine
from gui.widgets.message_area import MessageArea
from gui.widgets.options import OptionFields
from gui.widgets.play_panel import GameRestarter
from gui.widgets.progress import job_progress_bar
from gui.widgets.sweep_panel import SweepPanel
from gui.widgets.undo import InputHistory
from gui.widgets.why_view import WhyView

__all__ = ["GameTab", "stop_every_tab"]

log = logging.getLogger(__name__)

_PLACEHOLDER = "The answer appears here as soon as the inputs are valid."
#: The answer line while a first solve runs (it said "Press Solve" under a running solve).
_SOLVING = "Solving…"
#: Delay before a tab has the worker process import its game.
WARM_UP_MS = 400
#: The pause after the last edit before the new inputs are solved by themselves.
AUTO_SOLVE_MS = 300
#: Results kept by their job (undo and redo bring them back without a solve).
CACHED_RESULTS = 4


#: Every tab alive, of every window: quitting stops them all (``stop_every_tab``).
_LIVE: weakref.WeakSet[GameTab] = weakref.WeakSet()


def stop_every_tab() -> None:
    """Cancel every tab's running and pending work (its live solve waiting for its pause too)."""
    for tab in list(_LIVE):
        if shiboken6.isValid(tab):
            tab.cancel()


class GameTab(QWidget):
    """Base class of the five game tabs."""

    #: One line for the main window's status bar.
    status_message = Signal(str)
    #: True while a solve runs in this tab.
    busy_changed = Signal(bool)

    game_id = ""
    #: Rules shown by Help > Rules (HTML); the solver's docstring when empty.
    rules_html = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Start every tab's undo history once its own ``__init__`` has built the form."""
        super().__init_subclass__(**kwargs)
        init = cls.__dict__.get("__init__")
        if init is None:
            return

        @functools.wraps(init)
        def build_then_start_history(self: GameTab, *args: Any, **kw: Any) -> None:
            init(self, *args, **kw)
            # Only the outermost __init__ (the most derived one) sees the complete form.
            if type(self).__init__ is build_then_start_history:
                self.undo_stack.clear()
                self.history.reset()
                # Live results from the start: the first inputs are solved like any others.
                if self.revalidate():
                    self._auto.start(AUTO_SOLVE_MS)
                # An emptied or unfinished number changes no value: Solve hears of it all the same.
                for field in self.findChildren(NumberField):
                    if field.solve_input:
                        field.lineEdit().textChanged.connect(lambda *_: self.revalidate())

        cls.__init__ = build_then_start_history  # type: ignore[method-assign]

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _LIVE.add(self)
        self.setObjectName(self.game_id)
        self.module = solvers.load(self.game_id)
        self.title = solvers.TITLES[self.game_id]
        #: The solver module's import path (what worker-process jobs name).
        self.module_name = f"solvers.{solvers.GAMES[self.game_id]}"
        self.result: Any = None
        self.result_inputs: Any = None
        self._pending_inputs: Any = None
        self.last_solve_seconds: float | None = None
        self._stale = False
        #: The running solve's job key (a second request for the same job waits for it).
        self._solving_key: tuple[Any, ...] | None = None
        self._cache: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._auto = QTimer(self)
        self._auto.setSingleShot(True)
        self._auto.timeout.connect(self._auto_solve)
        self._views: QWidget | None = None
        #: Splitters whose positions the main window may save and restore (by objectName).
        self.splitters: list[QSplitter] = []
        #: The option fields, when the tab builds them with ``gui.widgets.options``.
        self.option_fields: OptionFields | None = None

        self.controller = SolveController(self)
        # In idle time after the first paint: a worker process with this game imported.
        modules = ("solvers", self.module_name)
        QTimer.singleShot(WARM_UP_MS, lambda: warm_up(modules))
        self.controller.finished.connect(self._on_finished)
        self.controller.failed.connect(self._on_failed)
        self.controller.busy_changed.connect(self._busy_changed)
        # Cancel also stops panel jobs (a simulation, a new play game): enabled while any runs.
        activity.any_busy_changed.connect(self._working_changed)
        #: One undo stack per tab: every input change, imports and examples included.
        self.undo_stack = QUndoStack(self)
        self.history = InputHistory(self.undo_stack, self.state, self._apply_snapshot)

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
        self.progressBar = job_progress_bar(self.controller, "progressBar")
        self.progressBar.setMaximumWidth(160)

        self.messages = MessageArea(_PLACEHOLDER)
        self.resultLabel = self.messages.resultLabel
        self.messageLabel = self.messages.messageLabel
        self.judgeLine = JudgeLine()
        self.judgeOutput = self.judgeLine.judgeOutput

        header = QHBoxLayout()
        for button in (self.exampleButton, self.importButton, self.exportButton):
            header.addWidget(button)
        header.addStretch(1)
        header.addWidget(self.judgeLine)
        for widget in (self.progressBar, self.solveButton, self.cancelButton):
            header.addWidget(widget)
        # The game's own page (form and views) and the pages every tab shares.
        solve_page = QWidget()
        self.body = QVBoxLayout(solve_page)
        self.body.setContentsMargins(0, 0, 0, 0)
        self.sweepPanel = SweepPanel(self.game_id)
        self.sweeps = SweepRunner(
            self.game_id,
            self.sweepPanel,
            self.read_inputs,
            lambda inputs: self.load_inputs(inputs, "What if: a point"),
            self,
        )
        # The page switch sits beside the answer lines: a row of its own would cost the
        # form its height at 1024x700.
        self.whyView = WhyView()
        self.explainView = self.whyView.explainView
        self.why = WhyRunner(self.module.explain, self.whyView, self)
        self.pages = QStackedWidget()
        self.pages.setObjectName("pages")
        self.pagesBar = QTabBar()
        self.pagesBar.setObjectName("pagesBar")
        self.pagesBar.setDocumentMode(True)
        self.pagesBar.setExpanding(False)
        for page, title, tip in (
            (solve_page, "Solve", "The inputs, the optimal play and playing along"),
            (self.whyView, "Why", "How the answer is derived, step by step"),
            (self.sweepPanel, "What if", "Vary one input over a range and see the answer move"),
        ):
            self.pages.addWidget(page)
            self.pagesBar.setTabToolTip(self.pagesBar.addTab(title), tip)
        self.pagesBar.currentChanged.connect(self.pages.setCurrentIndex)
        top = QHBoxLayout()
        top.addWidget(self.messages, 1)
        top.addWidget(self.pagesBar, 0, Qt.AlignmentFlag.AlignBottom)
        outer = QVBoxLayout(self)
        outer.addLayout(header)
        outer.addLayout(top)
        outer.addWidget(self.pages, 1)

    def add_form_and_views(
        self, form: QWidget, views: QWidget, sizes: tuple[int, int] = (380, 900)
    ) -> QSplitter:
        """Lay the form out left of the views; the views take the extra width."""
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(form)
        splitter.addWidget(views)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes(list(sizes))
        splitter.setObjectName(f"{self.game_id}Splitter{len(self.splitters)}")
        self.body.addWidget(splitter)
        self.splitters.append(splitter)
        self._views = views
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
        """The form's contents as JSON-ready data (sessions and undo snapshots)."""
        raise NotImplementedError

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the form from ``state``; raise ValueError/KeyError/TypeError if malformed."""
        raise NotImplementedError

    def apply_options(self, options: Mapping[str, Any]) -> None:
        """Set the form's option fields from ``{Option.name: value}`` (every option given).

        The default fills ``self.option_fields``; without it, only defaults are accepted.
        """
        if self.option_fields is not None:
            self.option_fields.set_values(options)
            return
        for option in self.options():
            if options.get(option.name, option.default) != option.default:
                raise ValueError(f"{option.flag}: this tab cannot set it")

    def form_options(self) -> dict[str, Any]:
        """The option values the form shows now; ValueError when a field is bad."""
        if self.option_fields is not None:
            return self.option_fields.values()
        return {option.name: option.default for option in self.options()}

    def main_view(self) -> QWidget:
        """The view ``export_image`` draws (board, table, heat map or chart)."""
        return self._views if self._views is not None else self

    def result_text(self, result: Any) -> str:
        """The answer line (must contain the judge's answer)."""
        return str(self.module.format_judge(result))

    def solve_job(self, inputs: Any) -> Job[Any]:
        """The job the worker process runs; override to call something else."""
        return Job(self.module.solve, (inputs,))

    def judge_options(self) -> dict[str, Any]:
        """The keywords of ``module.parse_judge`` for a file imported into this form."""
        return self.form_options()

    def csv_rows(self) -> list[list[str]]:
        """Rows of the CSV export, header first: the current inputs and their result.

        ValueError (with the reason) when the inputs are invalid or not solved yet.
        """
        if not self.result_is_current():
            self.read_inputs()  # the inputs' own reason first
            raise ValueError("the answer for these inputs is not ready yet")
        return list(self.module.csv_rows(self.result_inputs, self.result))

    def options(self) -> tuple[Any, ...]:
        """The game's options as data (``module.OPTIONS``)."""
        return tuple(getattr(self.module, "OPTIONS", ()))

    # ----- validation and messages -----------------------------------------------------------
    def inputs_changed(self) -> None:
        """Call after every edit: records undo, cancels a solve, marks the old result outdated."""
        if self.history.applying:
            return
        self.history.record()
        self._inputs_moved_on()

    def result_is_current(self) -> bool:
        """Whether the result shown belongs to the inputs the form shows now."""
        return self.result is not None and not self._stale

    def _inputs_moved_on(self) -> None:
        """The inputs are not the solved ones any more: stop, grey, solve them after a pause."""
        self.controller.cancel()
        self._solving_key = None
        self._mark_stale()
        if not self.revalidate():
            self._auto.stop()
        elif self._cached_inputs():
            self.solve(seal=False)  # undo, redo or a value typed back: its answer at once
        else:
            self._auto.start(AUTO_SOLVE_MS)

    def _cached_inputs(self) -> bool:
        try:
            key = self.solve_job(self.read_inputs()).key()
        except ValueError:
            return False
        return key is not None and key in self._cache

    def _mark_stale(self) -> None:
        if self.result is not None and not self._stale:
            self._stale = True
            self.messages.set_stale()
            self.judgeLine.set_stale(True)
            self.whyView.set_stale(True)

    def _auto_solve(self) -> None:
        if not self.result_is_current():
            self.solve(seal=False)

    def revalidate(self) -> bool:
        """Enable Solve only for valid inputs and say why otherwise."""
        try:
            self._check_number_fields()
            inputs = self.read_inputs()
        except ValueError as exc:
            self._auto.stop()
            self.solveButton.setEnabled(False)
            self.show_message(f"Cannot solve yet: {exc}", error=True)
            return False
        self.solveButton.setEnabled(True)
        self.sweepPanel.set_inputs(inputs)
        self.show_message("")
        return True

    def _check_number_fields(self) -> None:
        """ValueError with the reason of the first number field in use whose text is not valid.

        Read first: a field's ``value()`` is the last valid number, not what is on screen.
        """
        for field in self.findChildren(NumberField):
            if field.solve_input and field.isEnabled() and field.isVisibleTo(self):
                problem = field.problem()
                if problem is not None:
                    raise ValueError(problem)

    def show_message(self, text: str, error: bool = False) -> None:
        """Show (or with "" clear) the line under the answer; red for errors. Nothing moves."""
        self.messages.show_message(text, error)

    def _reset_result(self) -> None:
        self.result = None
        self.result_inputs = None
        self._stale = False
        self.messages.reset_result()
        self.judgeLine.show_output("")
        self.clear_result()

    def inputs_replaced(self) -> None:
        """The form was filled anew (example, import, undo, session): as after an edit.

        The views drop what belonged to the old inputs (``clear_result``); the answer line
        keeps the old answer, greyed, until the new inputs are solved.
        """
        self._mark_stale()
        self.clear_result()
        self._inputs_moved_on()

    def load_inputs(self, inputs: Any, what: str = "Load inputs") -> None:
        """Replace the form's inputs (one undo step); they are solved after the pause."""
        self.cancel()
        with self.history.group(what):
            self.set_inputs(inputs)
        self.inputs_replaced()

    def _put_back(self, snapshot: dict[str, Any]) -> None:
        """Undo a half-done refused change: the form as it was, result and history kept."""
        with self.history.silently():
            self.restore(snapshot)
        self.revalidate()

    def _apply_snapshot(self, state: dict[str, Any]) -> None:
        self.cancel()
        self.restore(state)
        self.inputs_replaced()

    # ----- solving ---------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether a solve is running in this tab."""
        return self.controller.busy

    def commit_edits(self) -> None:
        """Finish any cell being edited, keeping what was typed (see ``commit_open_editors``)."""
        commit_open_editors(self)

    def solve(self, seal: bool = True) -> None:
        """Solve the current inputs in a worker process (cancelling a running solve).

        ``seal``: the user asked for it, so the undo history keeps what was solved as a step
        of its own (a game's automatic restart passes False).
        """
        self.commit_edits()
        self._auto.stop()
        try:
            inputs = self.read_inputs()
            job = self.solve_job(inputs)
        except ValueError as exc:
            self.show_message(f"Cannot solve yet: {exc}", error=True)
            return
        if seal:
            self.history.seal()
        key = job.key()
        if key is not None and key == self._solving_key and self.controller.busy:
            return  # this very solve is running: its answer is on its way
        self._pending_inputs = inputs
        if key is not None and key in self._cache:
            self.controller.cancel()
            self._cache.move_to_end(key)
            self._accept(self._cache[key], 0.0)
            return
        self._solving_key = key
        if self.resultLabel.text() == _PLACEHOLDER:
            self.messages.set_result(_SOLVING)
        # Here too: a game's headline may take the answer line.
        self.show_message("Solving…" if self.result is None else "Solving the new inputs…")
        self.status_message.emit(f"Solving {self.title}…")
        self.controller.start(job)

    def closeEvent(self, event: QCloseEvent) -> None:
        """A tab closed as a window of its own stops its work (a main window does it too)."""
        self.cancel()
        super().closeEvent(event)

    def wait_for_current_result(self, timeout_ms: int = 120_000) -> None:
        """Return once the result shown belongs to the current inputs (solving them if need be).

        Exports call it: what they write always belongs to the inputs on screen. The window
        stays live meanwhile. ValueError with the reason when the inputs are invalid or
        their solve fails, is cancelled or takes longer than ``timeout_ms``.
        """
        self.commit_edits()
        if self.result_is_current():
            return
        self.read_inputs()  # invalid inputs: their own reason
        if not self.controller.busy:
            self.solve(seal=False)
        if not self.result_is_current() and self.controller.busy:
            loop = QEventLoop()
            self.controller.busy_changed.connect(loop.quit)
            QTimer.singleShot(timeout_ms, loop.quit)
            try:
                loop.exec()
            finally:
                self.controller.busy_changed.disconnect(loop.quit)
        if not self.result_is_current():
            raise ValueError("these inputs have no answer yet (their solve stopped or failed)")

    @property
    def working(self) -> bool:
        """Whether anything runs in this tab: the solve or a panel's job (simulation, play).

        ``gui.controller.activity.any_busy_changed`` fires whenever this may change.
        """
        return any(c.busy for c in self.findChildren(SolveController))

    def cancel(self) -> None:
        """Stop the solve and every panel job of this tab (Esc); late results are dropped."""
        self._auto.stop()
        for restarter in self.findChildren(GameRestarter):
            restarter.cancel()
        for other in self.findChildren(SolveController):
            if other is not self.controller:
                other.cancel()
        if self.controller.cancel():
            self.show_message("Cancelled.")
            self.status_message.emit(f"{self.title}: solve cancelled")

    def _busy_changed(self, busy: bool) -> None:
        if not busy and self.result is None and self.resultLabel.text() == _SOLVING:
            self.messages.reset_result()  # cancelled or failed: nothing was solved
        self._working_changed()
        self.busy_changed.emit(busy)

    def _working_changed(self, *_: Any) -> None:
        self.cancelButton.setEnabled(self.working)

    def _on_finished(self, result: Any) -> None:
        if self._solving_key is not None:
            self._cache[self._solving_key] = result
            while len(self._cache) > CACHED_RESULTS:
                self._cache.popitem(last=False)
        self._solving_key = None
        self._accept(result, self.controller.elapsed or 0.0)

    def _accept(self, result: Any, seconds: float) -> None:
        """Show ``result``, the answer for the inputs the form shows now."""
        self.last_solve_seconds = seconds
        # What was solved is a point worth coming back to: typing on is a new undo step.
        self.history.seal()
        self.show_message("")
        self.result = result
        self.result_inputs = self._pending_inputs
        self._stale = False
        try:
            self.messages.set_result(self.result_text(result))
            self.judgeLine.show_output(str(self.module.format_judge(result)).rstrip("\n"))
            self.show_result(result)
            self.why.explain(self.result_inputs, result, f"{self.title}: {self.judgeOutput.text()}")
        except Exception:  # a drawing bug must not leave a half-drawn result as if current
            log.exception("%s: showing the result failed", self.title)
            self._reset_result()
            self.show_message("The result could not be shown (the error is in the log).", True)
            return
        seconds = self.last_solve_seconds or 0.0
        self.status_message.emit(f"{self.title} solved in {_duration(seconds)}")

    def _on_failed(self, failure: JobFailure) -> None:
        self._solving_key = None
        for restarter in self.findChildren(GameRestarter):
            restarter.failed(f"The game did not restart: {failure}")
        self.show_message(f"The solve failed: {failure}", error=True)
        self.status_message.emit(f"{self.title}: the solve failed")

    # ----- files (gui/tabs/tab_files.py) -------------------------------------------------------
    def import_judge_file(self, path: str | Path, options: Sequence[str] = ()) -> bool:
        """Load the first case of a judge file; ``options`` are CLI strings (``["--misere"]``)."""
        return tab_files.import_judge_file(self, path, options)

    def load_example(self) -> bool:
        """Load the example shipped in ``resources/examples/<game>.txt``."""
        return tab_files.load_example(self)

    def export_csv(self, path: str | Path) -> bool:
        """Write inputs and results as CSV (header row first), atomically."""
        self.commit_edits()
        return tab_files.export_csv(self, path)

    def export_image(self, path: str | Path) -> bool:
        """Save ``main_view()`` as PNG or SVG (by the extension), atomically."""
        return tab_files.export_image(self, path)

    def choose_import_file(self) -> None:
        """Ask for a judge file and import it."""
        tab_files.choose_import_file(self)

    def choose_export_file(self) -> None:
        """Ask where to save the CSV export (on the What-if page: the sweep shown there)."""
        if self.pages.currentWidget() is self.sweepPanel and self.sweepPanel.rows():
            self.sweepPanel.choose_export_file()
            return
        self.commit_edits()
        tab_files.choose_export_file(self)

    def choose_image_file(self) -> None:
        """Ask where to save the picture of the main view."""
        tab_files.choose_image_file(self)

    def restore_session(self, state: dict[str, Any]) -> None:
        """Restore from a session (one undo step); on failure the form is left as it was."""
        tab_files.restore_session(self, state)


def _duration(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
