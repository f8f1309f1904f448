"""The frame every game tab shares: buttons, solving in a worker process, files, undo, messages.

A game tab subclasses ``GameTab``, sets ``game_id``, puts its form and views
into ``self.body`` (``add_form_and_views``), calls ``self.inputs_changed()``
after every edit, ends its ``__init__`` with ``self.revalidate()`` and
implements the hooks ``read_inputs``, ``set_inputs``, ``show_result``,
``clear_result``, ``state`` and ``restore`` (and, when the game has options,
``apply_options``/``form_options``; ``main_view`` for the picture;
``solve_job`` to solve with something else than ``module.solve(inputs)``).
Everything else lives here once: solve/cancel/progress/errors through a
``SolveController``, live results (``gui.tabs.live``, one rule for every tab),
the Why and What-if pages, judge import with CLI options, CSV and picture export
(atomic), examples, sessions, and ``undo_stack``.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import weakref
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import shiboken6
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QUndoStack
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

import solvers
from gui.controller import Job, SolveController, activity, warm_up
from gui.form_state import as_typed
from gui.tabs.live import AUTO_SOLVE_MS, PLACEHOLDER, LiveResults
from gui.tabs.pages import SweepRunner, WhyRunner, page_switch
from gui.tabs.tab_files import TabFiles
from gui.tabs.tab_texts import TabTexts, page_names
from gui.widgets.fields import NumberField
from gui.widgets.grid_view import commit_open_editors
from gui.widgets.judge_line import JudgeLine
from gui.widgets.message_area import MessageArea, said
from gui.widgets.options import OptionFields
from gui.widgets.play_panel import GameRestarter
from gui.widgets.progress import job_progress_bar
from gui.widgets.sweep_panel import SweepPanel
from gui.widgets.undo import InputHistory
from gui.widgets.why_view import WhyView
from solvers.i18n import N_, _, gettext_in

__all__ = ["GameTab", "stop_every_tab"]

#: Delay before a tab has the worker process import its game.
WARM_UP_MS = 400


#: Every tab alive, of every window: quitting stops them all (``stop_every_tab``).
_LIVE: weakref.WeakSet[GameTab] = weakref.WeakSet()


def stop_every_tab() -> None:
    """Cancel every tab's running and pending work (its live solve waiting for its pause too)."""
    for tab in list(_LIVE):
        if shiboken6.isValid(tab):
            tab.cancel()


@contextlib.contextmanager
def no_collection_while_building() -> Iterator[None]:
    """No automatic garbage collection while a tab builds its widgets (a tenth of a second).

    Building makes thousands of signal connections (pyqtgraph disconnects some again as
    items find their view). One test run in about ten hung inside such a PySide6
    ``disconnect`` (6.11.3); a collection reaching Qt objects right then is the likely
    cause. Collection is on again as soon as the tab is built, and never off in a solve.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class GameTab(LiveResults, TabFiles, TabTexts, QWidget):
    """Base class of the five game tabs."""

    #: One line for the main window's status bar: a text, or a function of the language
    #: (``said(...)``) that the window says again after a language change.
    status_message = Signal(object)
    #: True while a solve runs in this tab.
    busy_changed = Signal(bool)

    game_id = ""
    #: Rules shown by Help > Rules: HTML in English, marked ``N_`` (a tuple: its paragraphs,
    #: each translated on its own); the solver's docstring when empty.
    rules: str | tuple[str, ...] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Start every tab's undo history once its own ``__init__`` has built the form."""
        super().__init_subclass__(**kwargs)
        init = cls.__dict__.get("__init__")
        if init is None:
            return

        @functools.wraps(init)
        def build_then_start_history(self: GameTab, *args: Any, **kw: Any) -> None:
            with no_collection_while_building():
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
                        field.lineEdit().textChanged.connect(lambda *_: self.field_typed())

        cls.__init__ = build_then_start_history  # type: ignore[method-assign]

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _LIVE.add(self)
        self.setObjectName(self.game_id)
        self.module = solvers.load(self.game_id)
        #: The solver module's import path (what worker-process jobs name).
        self.module_name = f"solvers.{solvers.GAMES[self.game_id]}"
        self._start_live_results()
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

        self.exampleButton = self._button(_("Load example"), "exampleButton", self.load_example)
        self.importButton = self._button(_("Import…"), "importButton", self.choose_import_file)
        self.importButton.setToolTip(_("Load the first case of a judge-format input file"))
        self.exportButton = self._button(_("Export CSV…"), "exportButton", self.choose_export_file)
        self.exportButton.setToolTip(_("Save inputs and results as CSV (Ctrl+E)"))
        self.solveButton = self._button(_("Solve"), "solveButton", self.solve)
        self.solveButton.setToolTip(_("Compute optimal play (Ctrl+Return)"))
        self.solveButton.setDefault(True)
        self.cancelButton = self._button(_("Cancel"), "cancelButton", self.cancel)
        self.cancelButton.setToolTip(_("Stop the running solve (Esc)"))
        self.cancelButton.setEnabled(False)
        self.progressBar = job_progress_bar(self.controller, "progressBar")
        self.progressBar.setMaximumWidth(160)

        self.messages = MessageArea(PLACEHOLDER)
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
            self.checked_inputs,
            lambda inputs: self.load_inputs(inputs, N_("What if: a point")),
            self,
        )
        self.whyView = WhyView()
        self.explainView = self.whyView.explainView
        self.why = WhyRunner(self.module.explain, self.whyView, self.why_picture, self)
        self.pages, self.pagesBar = page_switch(
            *(
                (page, title, tip)
                for page, (title, tip) in zip(
                    (solve_page, self.why.page, self.sweepPanel), page_names(), strict=True
                )
            )
        )
        self.pages.currentChanged.connect(
            lambda index: self.why.shown() if self.pages.widget(index) is self.why.page else None
        )
        top = QHBoxLayout()
        top.addWidget(self.messages, 1)
        top.addWidget(self.pagesBar, 0, Qt.AlignmentFlag.AlignBottom)
        outer = QVBoxLayout(self)
        # Thin top and bottom margins: in Korean and Chinese every line is taller, and the
        # window must still fit 1024x700.
        outer.setContentsMargins(9, 5, 9, 3)
        outer.setSpacing(4)
        outer.addLayout(header)
        outer.addLayout(top)
        outer.addWidget(self.pages, 1)

    @property
    def rules_html(self) -> str:
        """The rules (Help > Rules) in the language spoken now, as the game words them."""
        parts = (self.rules,) if isinstance(self.rules, str) else self.rules
        return "\n".join(gettext_in(self.game_id, part) for part in parts if part)

    @property
    def title(self) -> str:
        """The game's name in the language spoken now."""
        return _(solvers.TITLES[self.game_id])

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
                raise ValueError(_("{flag}: this tab cannot set it").format(flag=option.flag))

    def form_options(self) -> dict[str, Any]:
        """The option values the form shows now; ValueError when a field is bad."""
        if self.option_fields is not None:
            return self.option_fields.values()
        return {option.name: option.default for option in self.options()}

    def main_view(self) -> QWidget:
        """The views beside the form (board, tables, charts)."""
        return self._views if self._views is not None else self

    def picture(self) -> QWidget:
        """The game's own picture (board, piles, coins…): what Export picture draws."""
        return self.main_view()

    def why_picture(self) -> QWidget | None:
        """A new picture of the game for the Why page (a ``WhyPicture``), or None."""
        return None

    def follow_play(self, job: Job[Any] | None, title: str = "") -> None:
        """The Why page follows the game in play (``job`` makes its steps); None: the result's."""
        self.why.follow(job, title)

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
            self.checked_inputs()  # the inputs' own reason first
            raise ValueError(_("the answer for these inputs is not ready yet"))
        return list(self.module.csv_rows(self.result_inputs, self.result))

    def options(self) -> tuple[Any, ...]:
        """The game's options as data (``module.OPTIONS``)."""
        return tuple(getattr(self.module, "OPTIONS", ()))

    # ----- inputs ------------------------------------------------------------------------
    def load_inputs(self, inputs: Any, what: str = N_("Load inputs")) -> None:
        """Replace the form's inputs (one undo step, named ``what``: English, marked ``N_``)."""
        self.cancel()
        with self.history.group(what):
            self.set_inputs(inputs)
        self.inputs_replaced()

    def _put_back(self, snapshot: dict[str, Any]) -> None:
        """Undo a half-done refused change: the form as it was, result and history kept."""
        with self.history.silently(), as_typed():
            self.restore(snapshot)
        self.revalidate()

    def _apply_snapshot(self, state: dict[str, Any]) -> None:
        self.cancel()
        with as_typed():  # the form made this state itself: a red number comes back red
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

    def closeEvent(self, event: QCloseEvent) -> None:
        """A tab closed as a window of its own stops its work (a main window does it too)."""
        self.cancel()
        super().closeEvent(event)

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
            self.show_message(said(N_("Cancelled.")))
            self.status_message.emit(said(N_("{game}: solve cancelled"), game=lambda: self.title))

    def _working_changed(self, *_: Any) -> None:
        self.cancelButton.setEnabled(self.working)
