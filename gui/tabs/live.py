"""Live results, one rule for every tab (``GameTab`` inherits it).

Every input change (typing, import, undo, example, session) starts a solve by
itself ``AUTO_SOLVE_MS`` after the last edit, cancelling the previous one. Until
the new answer arrives the old one stays on screen, greyed (answer line, judge
output, Why page), and ``result_is_current()`` is False; nothing shows it as
current for other inputs. Solve (Ctrl+Return) is the explicit command. The last
few results are kept by their job, so undo brings an answer back at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QWidget

from gui.controller import JobFailure, wait_idle
from gui.document import Document
from gui.widgets.fields import NumberField
from gui.widgets.message_area import said
from gui.widgets.play_panel import GameRestarter, PlayPanelFrame
from solvers.i18n import N_, _

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QLineEdit, QPushButton

    from gui.controller import Job, SolveController
    from gui.tabs.pages import WhyRunner
    from gui.widgets.judge_line import JudgeLine
    from gui.widgets.message_area import MessageArea
    from gui.widgets.sweep_panel import SweepPanel
    from gui.widgets.undo import InputHistory
    from gui.widgets.why_view import WhyView

__all__ = ["AUTO_SOLVE_MS", "PLACEHOLDER", "LiveResults", "duration"]

log = logging.getLogger("gui.tabs.base")

#: The answer line before anything is solved (English, marked: shown with ``_()``).
PLACEHOLDER = N_("The answer appears here as soon as the inputs are valid.")
#: The answer line while a first solve runs (shown with ``_()``).
SOLVING = N_("Solving…")
#: The pause after the last edit before the new inputs are solved by themselves.
AUTO_SOLVE_MS = 300


class LiveResults:
    """The result of a tab: solving, keeping, showing, greying (see the module docstring)."""

    if TYPE_CHECKING:  # what the tab provides (``GameTab``)
        controller: SolveController
        history: InputHistory
        messages: MessageArea
        resultLabel: Any
        judgeLine: JudgeLine
        judgeOutput: QLineEdit
        whyView: WhyView
        why: WhyRunner
        module: Any

        @property
        def title(self) -> str: ...  # noqa: D102

        status_message: SignalInstance
        busy_changed: SignalInstance
        solveButton: QPushButton
        sweepPanel: SweepPanel

        def read_inputs(self) -> Any: ...  # noqa: D102
        def solve_job(self, inputs: Any) -> Job[Any]: ...  # noqa: D102
        def result_text(self, result: Any) -> str: ...  # noqa: D102
        def show_result(self, result: Any) -> None: ...  # noqa: D102
        def clear_result(self) -> None: ...  # noqa: D102
        def commit_edits(self) -> None: ...  # noqa: D102
        def _working_changed(self, *_: Any) -> None: ...

    # ----- validation and messages -----------------------------------------------------------
    def inputs_changed(self) -> None:
        """Call after every edit: records undo, cancels a solve, marks the old result outdated."""
        if self.history.applying:
            return
        self.history.record()
        self._inputs_moved_on()

    def checked_inputs(self) -> Any:
        """The inputs on screen; ValueError with the reason of the first bad field.

        Number fields are read first: a field's ``value()`` is its last valid number, not
        what is on screen, so ``read_inputs()`` alone would pass over a bad one.
        """
        self._check_number_fields()
        return self.read_inputs()

    def field_typed(self) -> None:
        """A number field's text changed, its value perhaps not (an emptied field keeps it).

        A text that is not a valid number is an edit like any other (``inputs_changed``: the
        answer greys, the tab's pictures and game hear of it); a valid one typed back
        brings its answer back (its value never changed, so no edit did).
        """
        if self.history.applying:  # a state put back: its own rule (inputs_replaced) follows
            self.revalidate()
        elif not self.revalidate():
            self.inputs_changed()
        elif self.doc.stale and not self.controller.busy and not self._auto.isActive():
            self._inputs_moved_on()

    def revalidate(self) -> bool:
        """Enable Solve only for valid inputs and say why otherwise."""
        try:
            inputs = self.checked_inputs()
        except ValueError as exc:
            self.doc.validated(None)
            self._auto.stop()
            self.solveButton.setEnabled(False)
            self._tell_play_panels(str(exc))
            self.show_message(said(N_("Cannot solve yet: {reason}"), reason=str(exc)), error=True)
            return False
        self.doc.validated(inputs)
        self.solveButton.setEnabled(True)
        self._tell_play_panels(None)
        self.sweepPanel.set_inputs(inputs)
        self.show_message("")
        return True

    def _tell_play_panels(self, reason: str | None) -> None:
        for panel in cast(QObject, self).findChildren(PlayPanelFrame):
            panel.inputs_checked(reason)

    def _check_number_fields(self) -> None:
        """ValueError with the reason of the first number field in use whose text is not valid."""
        tab = cast(QWidget, self)
        for field in tab.findChildren(NumberField):
            if field.solve_input and field.isEnabled() and field.isVisibleTo(tab):
                problem = field.problem()
                if problem is not None:
                    raise ValueError(problem)

    def show_message(self, text: str | Callable[[], str], error: bool = False) -> None:
        """Show (or with "" clear) the line under the answer; red for errors. Nothing moves.

        ``text`` may be a function making the text: it is made again after a language change.
        """
        message = self.doc.say(text if callable(text) else lambda: text, error)
        self.messages.show_message(message.text, error)

    def _start_live_results(self) -> None:
        #: The tab's data: inputs, answer, whether it is current, kept answers, message.
        self.doc = Document()
        self._pending_inputs: Any = None
        #: The running solve's job key (a second request for the same job waits for it).
        self._solving_key: tuple[Any, ...] | None = None
        self._auto = QTimer(cast(QObject, self))  # the tab's: it goes with it
        self._auto.setSingleShot(True)
        self._auto.timeout.connect(self._auto_solve)

    @property
    def result(self) -> Any:
        """The answer shown (current or not), None before the first."""
        return self.doc.result

    @property
    def result_inputs(self) -> Any:
        """The inputs ``result`` was solved for."""
        return self.doc.result_inputs

    @property
    def last_solve_seconds(self) -> float | None:
        """How long the shown answer's solve took."""
        return self.doc.seconds

    @property
    def _stale(self) -> bool:
        return self.doc.stale

    def result_is_current(self) -> bool:
        """Whether the result shown belongs to the inputs the form shows now."""
        return self.doc.is_current()

    def _inputs_moved_on(self) -> None:
        """The inputs are not the solved ones any more: stop, grey, solve them after a pause."""
        self.controller.cancel()
        self._solving_key = None
        self._mark_stale()
        if not self.revalidate():
            self._auto.stop()
        elif not self._answer_from_cache(self.doc.inputs):  # undo, redo, a value typed back
            self._auto.start(AUTO_SOLVE_MS)

    def _answer_from_cache(self, inputs: Any, key: tuple[Any, ...] | None = None) -> bool:
        """Show the kept answer of ``inputs`` (the form's, read already), if there is one."""
        if key is None:
            try:
                key = self.solve_job(inputs).key()
            except ValueError:
                return False
        found, kept = self.doc.kept(key)
        if not found:
            return False
        self._auto.stop()
        self._pending_inputs = inputs
        result, seconds = kept
        self._accept(result, seconds, kept=True)
        return True

    def _mark_stale(self) -> None:
        if self.doc.edited():
            self.messages.set_stale()
            self.judgeLine.set_stale(True)
            self.whyView.set_stale(True)

    def _auto_solve(self) -> None:
        if not self.result_is_current():
            self.solve(seal=False)

    def _reset_result(self) -> None:
        self.doc.forget_result()
        self.messages.reset_result()
        self.judgeLine.show_output("")
        self.clear_result()

    def inputs_replaced(self) -> None:
        """The form was filled anew (example, import, undo, session): as after an edit.

        The views do what they do after an edit (``outdate_views``); the answer line keeps
        the old answer, greyed, until the new inputs are solved.
        """
        self._mark_stale()
        if self.result is None:  # nothing drawn to grey
            self.clear_result()
        else:
            self.outdate_views()
        self._inputs_moved_on()

    def outdate_views(self) -> None:
        """The inputs were replaced under an answer: the views show that it is old, as typing does.

        By default they drop it (``clear_result``): notes written beside the rows of an input
        table belong to rows that are gone. A tab whose pictures grey an old answer while
        the user types overrides this to grey them here too, so that an import, an example
        or an undo looks like any other edit.
        """
        self.clear_result()

    def solve(self, seal: bool = True) -> None:
        """Solve the current inputs in a worker process (cancelling a running solve).

        ``seal``: the user asked for it, so the undo history keeps what was solved as a step
        of its own (a game's automatic restart passes False).
        """
        self.commit_edits()
        self._auto.stop()
        try:
            inputs = self.checked_inputs()
            job = self.solve_job(inputs)
        except ValueError as exc:
            self.show_message(said(N_("Cannot solve yet: {reason}"), reason=str(exc)), error=True)
            return
        if seal:
            self.history.seal()
        key = job.key()
        if key is not None and key == self._solving_key and self.controller.busy:
            return  # this very solve is running: its answer is on its way
        self.controller.cancel()
        if self._answer_from_cache(inputs, key):
            return
        self._pending_inputs = inputs
        self._solving_key = key
        if self.resultLabel.text() == _(PLACEHOLDER):
            self.messages.set_result(_(SOLVING))
        # Here too: a game's headline may take the answer line.
        self.show_message(said(SOLVING if self.result is None else N_("Solving the new inputs…")))
        self.status_message.emit(said(N_("Solving {game}…"), game=lambda: self.title))
        self.controller.start(job)

    def wait_for_current_result(self, timeout_ms: int = 120_000) -> None:
        """Return once the result shown belongs to the current inputs (solving them if need be).

        Exports call it: what they write always belongs to the inputs on screen. The window
        stays live meanwhile. ValueError with the reason when the inputs are invalid or
        their solve fails, is cancelled or takes longer than ``timeout_ms``.
        """
        self.commit_edits()
        if self.result_is_current():
            return
        self.checked_inputs()  # invalid inputs: their own reason
        if not self.controller.busy:
            self.solve(seal=False)
        if not self.result_is_current():
            wait_idle(self.controller, timeout_ms)
        if not self.result_is_current():
            raise ValueError(_("these inputs have no answer yet (their solve stopped or failed)"))

    def _busy_changed(self, busy: bool) -> None:
        if not busy and self.result is None and self.resultLabel.text() == _(SOLVING):
            self.messages.reset_result()  # cancelled or failed: nothing was solved
        self._working_changed()
        self.busy_changed.emit(busy)

    def _on_finished(self, result: Any) -> None:
        seconds = self.controller.elapsed or 0.0
        self.doc.keep(self._solving_key, (result, seconds))
        self._solving_key = None
        self._accept(result, seconds)

    def _accept(self, result: Any, seconds: float, kept: bool = False) -> None:
        """Show ``result``, the answer for the inputs the form shows now.

        ``kept``: it was solved earlier (undo, a value typed back), in ``seconds`` then.
        """
        # What was solved is a point worth coming back to: typing on is a new undo step.
        self.history.seal()
        self.show_message("")
        self.doc.accept(result, self._pending_inputs, seconds)
        try:
            self.messages.set_result(self.result_text(result))
            self.judgeLine.show_output(str(self.module.format_judge(result)).rstrip("\n"))
            title = _("{game}: {answer}").format(game=self.title, answer=self.judgeOutput.text())
            # Derived first: a game that show_result starts then follows on the Why page.
            self.why.explain(self.result_inputs, result, title)
            self.show_result(result)
        except Exception:  # a drawing bug must not leave a half-drawn result as if current
            log.exception("%s: showing the result failed", self.title)
            self._reset_result()
            self.show_message(
                said(N_("The result could not be shown (the error is in the log).")), True
            )
            return
        text = (
            N_("{game}: the answer solved earlier, in {time}")
            if kept
            else N_("{game} solved in {time}")
        )
        self.status_message.emit(
            said(text, game=lambda: self.title, time=lambda: duration(seconds))
        )

    def _on_failed(self, failure: JobFailure) -> None:
        self._solving_key = None
        for restarter in cast(QObject, self).findChildren(GameRestarter):
            restarter.failed(_("The game did not restart: {reason}").format(reason=failure))
        self.show_message(said(N_("The solve failed: {reason}"), reason=str(failure)), error=True)
        self.status_message.emit(said(N_("{game}: the solve failed"), game=lambda: self.title))


def duration(seconds: float) -> str:
    """How long a solve took, as the status bar says it (milliseconds under a second)."""
    if seconds < 1:
        return _("{count} ms").format(count=f"{seconds * 1000:.1f}")
    return _("{count} s").format(count=f"{seconds:.2f}")
