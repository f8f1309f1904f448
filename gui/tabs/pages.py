"""The pages every game tab shares beside its own: "What if" (a sweep) and "Why" (a derivation).

``WhyRunner`` derives each shown result step by step (the game's ``explain``) in a
worker process, as soon as the result is shown, and puts the steps on the Why page.

``SweepRunner`` runs a ``SweepPanel``'s sweeps in the worker processes, cut into
parts (``solvers.sweep.split``) so that several cores work at once and points
appear as parts finish; Cancel (the panel's, or the tab's Esc) stops them all.
A clicked point becomes the form's inputs through the tab's undoable load.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QSplitter, QStackedWidget, QTabBar, QWidget

from gui.controller import Job, JobFailure, SolveController
from gui.widgets.sweep_panel import SweepPanel
from gui.widgets.sweep_range import done_words
from gui.widgets.why_view import WhyView
from solvers import sweep as sweeps
from solvers.explain import Ref, Step
from solvers.i18n import _, ngettext

__all__ = ["SWEEP_PARTS", "SweepRunner", "WhyPicture", "WhyRunner", "page_switch"]

#: A sweep is cut into at most this many parts: the pool runs them side by side and
#: each part's points appear when it ends.
SWEEP_PARTS = 12
#: The Why page's steps keep at least this width beside the game's picture (pixels).
STEPS_MIN_WIDTH = 480


def page_switch(*pages: tuple[QWidget, str, str]) -> tuple[QStackedWidget, QTabBar]:
    """The pages ``(widget, title, tooltip)`` stacked, and the bar of tabs that switches them.

    The bar sits beside the answer lines: a row of its own would cost the form its
    height at 1024x700.
    """
    stack = QStackedWidget()
    stack.setObjectName("pages")
    bar = QTabBar()
    bar.setObjectName("pagesBar")
    bar.setDocumentMode(True)
    bar.setExpanding(False)
    for page, title, tip in pages:
        stack.addWidget(page)
        bar.setTabToolTip(bar.addTab(title), tip)
    bar.currentChanged.connect(stack.setCurrentIndex)
    return stack, bar


class SweepRunner(QObject):
    """Runs the sweeps ``panel`` asks for, on inputs read by ``read_inputs``."""

    def __init__(
        self,
        game_id: str,
        panel: SweepPanel,
        read_inputs: Callable[[], Any],
        load: Callable[[Any], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.game_id = game_id
        self.panel = panel
        self._read_inputs = read_inputs
        self._running: list[SolveController] = []
        self._parts = 0
        panel.run_requested.connect(self.run)
        panel.cancel_requested.connect(self.cancel)
        panel.point_chosen.connect(load)

    @property
    def busy(self) -> bool:
        """Whether parts of a sweep are still running."""
        return bool(self._running)

    def run(self, key: str, values: list[float]) -> None:
        """Start the sweep ``key`` over ``values`` (a running one is cancelled first)."""
        self.cancel(quiet=True)
        try:
            inputs = self._read_inputs()
            jobs = sweeps.split(self.game_id, inputs, key, values, parts=SWEEP_PARTS)
        except ValueError as exc:
            self.panel.set_running(False, _("Cannot run: {reason}").format(reason=exc))
            return
        self._parts = len(jobs)
        for part in jobs:
            controller = SolveController(self)
            controller.finished.connect(lambda rows, c=controller: self._part_done(c, rows))
            controller.failed.connect(lambda failure, c=controller: self._failed(c, failure))
            controller.cancelled.connect(lambda c=controller: self._stopped(c))
            self._running.append(controller)
            controller.start(Job(sweeps.run_job, (part,)))
        self.panel.set_running(True, self._progress_text())

    def _progress_text(self) -> Callable[[], str]:
        """The caption while parts run (a function of the language: the panel says it again)."""
        done, parts = self._parts - len(self._running), self._parts
        return lambda: ngettext(
            "Running: {done} of {count} part done…", "Running: {done} of {count} parts done…", parts
        ).format(done=done, count=parts)

    def _forget(self, controller: SolveController) -> None:
        if controller in self._running:
            self._running.remove(controller)
        controller.deleteLater()

    def _part_done(self, controller: SolveController, rows: list[Any]) -> None:
        self._forget(controller)
        self.panel.add_points(rows)
        if self._running:
            self.panel.set_running(True, self._progress_text())
        else:
            self.panel.set_running(False, done_words(len(self.panel.rows())))

    def _failed(self, controller: SolveController, failure: JobFailure) -> None:
        self._forget(controller)
        self.cancel(quiet=True)
        self.panel.set_running(False, _("The sweep failed: {reason}").format(reason=failure))

    def _stopped(self, controller: SolveController) -> None:
        if controller in self._running:
            self._forget(controller)
            self.cancel(quiet=True)
            self.panel.set_running(False, lambda: _("Cancelled."))

    def cancel(self, quiet: bool = False) -> None:
        """Stop every part still running."""
        running, self._running = self._running, []
        for controller in running:
            controller.cancel()
            controller.deleteLater()
        if running and not quiet:
            self.panel.set_running(False, lambda: _("Cancelled."))


class WhyPicture(Protocol):
    """What a game's Why-page picture does (``GameTab.why_picture`` makes one)."""

    def show_result(self, inputs: Any, result: Any) -> None:
        """Draw the picture of this solved case."""

    def highlight(self, refs: Sequence[Ref]) -> None:
        """Mark what ``refs`` name (``()``: nothing)."""


class WhyRunner(QObject):
    """Fills ``view`` with the derivation of the result shown, or of the position in play.

    ``page`` is the Why page: the steps, and beside them the game's picture
    (``make_picture``, built when the page is first shown) where a step pointed at
    (hovered or clicked) lights up what it refers to.
    """

    def __init__(
        self,
        explain: Callable[..., list[Step]],
        view: WhyView,
        make_picture: Callable[[], QWidget | None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._explain = explain
        self.view = view
        self.page = QSplitter(Qt.Orientation.Horizontal)
        self.page.setObjectName("whyPage")
        self.page.setChildrenCollapsible(False)
        self.page.addWidget(view)
        self._make_picture = make_picture
        self.picture: QWidget | None = None
        self._asked = False
        self._title = ""
        #: The result explained (inputs, result, title), and its steps once made.
        self._case: tuple[Any, Any, str] | None = None
        self._case_steps: list[Step] | None = None
        self._following = False
        #: The position's derivation asked for while the page was hidden, and its title.
        self._waiting: tuple[Job[list[Step]], str] | None = None
        self.controller = SolveController(self)
        self.controller.finished.connect(self._made)
        self.controller.failed.connect(self._failed)
        view.step_selected.connect(self._pointed)

    def explain(self, inputs: Any, result: Any, title: str) -> None:
        """Derive ``result`` (for ``inputs``) in a worker; the page shows it when done."""
        self._case = (inputs, result, title)
        self._case_steps = None
        self._following = False
        self._waiting = None
        if isinstance(self.picture, QWidget):
            cast(WhyPicture, self.picture).show_result(inputs, result)
        self._start(Job(self._explain, (inputs, result), progress=False), title)

    @property
    def following(self) -> bool:
        """Whether the page shows the position in play (not the result's derivation)."""
        return self._following

    def follow(self, job: Job[list[Step]] | None, title: str = "") -> None:
        """Show the derivation ``job`` makes for the position in play; None: the result's again.

        Only made while the page is in sight (a position changes at every move, and some
        derivations carry big tables): a hidden page makes the last one when it is shown.
        """
        self._waiting = None
        if job is not None:
            if self.page.isVisible():
                self._following = True
                self._start(job, title)
            else:
                self._waiting = (job, title)
            return
        if not self._following:
            return
        self._following = False
        if self._case is None:
            return
        if self._case_steps is not None:
            self.controller.cancel()
            self._title = self._case[2]
            self.view.show_steps(self._case_steps, self._title)
        else:
            self.explain(*self._case)

    def again(self, title: str = "") -> None:
        """Derive once more what is shown (the language changed), under ``title`` if given."""
        if self._case is not None and not self._following:
            inputs, result, old = self._case
            self.explain(inputs, result, title or old)

    def shown(self) -> None:
        """The page came into sight: the position's derivation waiting, the picture once."""
        if self._waiting is not None:
            job, title = self._waiting
            self.follow(job, title)
        if self._asked:
            return
        self._asked = True
        picture = self._make_picture()
        if picture is None:
            return
        self.picture = picture
        self.page.addWidget(picture)
        self.page.setStretchFactor(0, 3)
        self.page.setStretchFactor(1, 2)
        # The steps first: their tables need the room more than a picture does.
        width = max(self.page.width(), 2 * STEPS_MIN_WIDTH)
        steps = max(STEPS_MIN_WIDTH, width * 3 // 5)
        self.page.setSizes([steps, width - steps])
        if self._case is not None:
            cast(WhyPicture, picture).show_result(self._case[0], self._case[1])

    def _start(self, job: Job[list[Step]], title: str) -> None:
        self._title = title
        self.controller.start(job)

    def _made(self, steps: list[Step]) -> None:
        if not self._following:
            self._case_steps = steps
        self.view.show_steps(steps, self._title)
        self._pointed(None)

    def _pointed(self, step: Step | None) -> None:
        if isinstance(self.picture, QWidget):
            cast(WhyPicture, self.picture).highlight(step.refs if step is not None else ())

    def _failed(self, failure: JobFailure) -> None:
        note = Step(_("The derivation could not be made"), str(failure))
        self.view.show_steps([note], self._title)
