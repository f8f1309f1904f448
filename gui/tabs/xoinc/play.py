"""Play Xoinc against the solver: the panel draws a play state and sends the user's takes.

The rules and the values live in ``solvers.xoinc.play.XoincGame``: the panel
asks it for the legal takes, what each is worth and the best one, and sends
it the user's take; the solver's answer is the state's own best take. A new
game on a stack that is not solved yet is built by ``solvers.xoinc.new_game``
in a worker process (``build``), so a 5000-coin stack never stalls the window.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QSpinBox,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.controller import Job, JobFailure, SolveController
from gui.widgets.play_panel import PlayPanelFrame
from gui.widgets.tables import fill_rows, mark_best, readonly_table
from solvers.xoinc.play import XoincGame

from .views import caption

__all__ = ["IDLE", "OPTIONS_LEGEND", "XoincPlayPanel"]

IDLE = "Press “New game” to play on the stack in the form."
OPTIONS_LEGEND = (
    "★ on green: the best take now. “Costs you”: how much less value you end with than after"
    " the best take, both sides playing their best afterwards. Double-click a row to take."
)


def _coins_text(first: int, count: int) -> str:
    return f"coin #{first}" if count == 1 else f"coins #{first}\u2013{first + count - 1}"


def _cost_text(cost: int) -> str:
    """A loss in words, positive like the legend's "how much less value".

    Value, not coins: taking 1 instead of 2 may cost one coin of 89.
    """
    return f"{cost} in value"


class XoincPlayPanel(PlayPanelFrame):
    """A game on the stack: you against the solver, every take judged."""

    #: Emitted after every change of the game (new game, a take, a hint, reset).
    changed = Signal()
    #: The user pressed “New game”: True when they play first.
    game_requested = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            ["I am the first player", "I am the second player"], "New game", IDLE, parent
        )
        self.state: XoincGame | None = None
        self.user = 1
        self.hint: int | None = None
        self._user_first = True
        #: The first log line of the game being built (why it started), or "".
        self._note = ""
        self.controller = SolveController(self)
        self.controller.finished.connect(self._built)
        self.controller.failed.connect(self._build_failed)
        self.controller.cancelled.connect(lambda: self.show_idle("Cancelled. " + IDLE))
        self.newButton.setToolTip("Play on the stack in the form")
        self.newButton.clicked.connect(
            lambda: self.game_requested.emit(self.sideCombo.currentIndex() == 0)
        )
        self.takeSpin = QSpinBox()
        self.takeSpin.setObjectName("takeSpin")
        self.takeSpin.setPrefix("take ")
        self.takeSpin.setSuffix(" coin(s)")
        self.takeButton.clicked.connect(lambda: self.user_take(self.takeSpin.value()))
        self.hintButton.setToolTip("Show the best take (shaded green in the chart)")
        self.hintButton.clicked.connect(lambda: self.show_hint())
        self.valuesCheck = QCheckBox("Show what every take is worth")
        self.valuesCheck.setObjectName("valuesCheck")
        self.valuesCheck.setChecked(True)
        self.valuesCheck.toggled.connect(lambda _: self._fill_options())
        self.valuesCheck.toggled.connect(lambda _: self.changed.emit())  # the chart's band
        self.optionsTable = readonly_table(["Take", "You end with", "Costs you"], "takeOptions")
        self.optionsTable.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.optionsTable.cellClicked.connect(lambda row, _: self.takeSpin.setValue(row + 1))
        self.optionsTable.cellDoubleClicked.connect(lambda row, _: self.user_take(row + 1))
        self.optionsTable.setToolTip("Click a row to choose that take, double-click to take")
        # At 1024x700 the table keeps three takes in sight and the log three lines; the page's
        # tab already says "Play against the solver", so the frame needs no title.
        rows = self.optionsTable.verticalHeader().defaultSectionSize()
        header = self.optionsTable.horizontalHeader().sizeHint().height()
        self.optionsTable.setMinimumHeight(header + 3 * rows + 4)
        self.log.setMinimumHeight(3 * self.log.fontMetrics().lineSpacing() + 8)
        self.setTitle("")
        self.legend = caption(OPTIONS_LEGEND)
        self.legend.setObjectName("takeLegend")
        middle = QWidget()
        column = QVBoxLayout(middle)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.optionsTable, 1)
        column.addWidget(self.legend)
        self.arrange([self.takeSpin], extras=[self.valuesCheck], middle=middle)
        self._fill_options()

    # ----- starting a game ---------------------------------------------------------------
    def build(self, job: Job[Any], user_first: bool, note: str = "") -> None:
        """Build the game in a worker process (``solvers.xoinc.new_game``), then begin it.

        ``note`` opens the game's log (e.g. it restarted because the inputs changed).
        """
        self.reset("Preparing the game… (Cancel or Esc stops it)")
        self._user_first = user_first
        self._note = note
        self.controller.start(job)

    def _built(self, state: XoincGame) -> None:
        self.begin(state, self._user_first)

    def _build_failed(self, failure: JobFailure) -> None:
        self.show_idle(f"The game could not be prepared: {failure}")

    def begin(self, state: XoincGame, user_first: bool) -> None:
        """Play ``state`` (a new game); the solver moves at once when the user is second."""
        self.controller.cancel()
        self.sideCombo.setCurrentIndex(0 if user_first else 1)
        self.state = state
        self.user = 1 if user_first else 2
        self.log.clear()
        if self._note:
            self.log.addItem(self._note)
            self._note = ""
        you = "first (blue)" if user_first else "second (orange)"
        self.log.addItem(f"New game on {len(state.coins)} coins; you play {you}.")
        if not user_first:
            self._solver_move()
        self._after_move()

    def reset(self, reason: str) -> None:
        """End the game (e.g. the stack was edited) and stop preparing one; say ``reason``."""
        self.controller.cancel()
        self.show_idle(reason)

    def show_idle(self, reason: str) -> None:
        """No game: the controls off, ``reason`` on the position line."""
        had_game = self.state is not None
        self.state = None
        self.hint = None
        self.log.clear()
        self.positionLabel.setText(reason)
        self.set_move_controls(False)
        self._fill_options()
        if had_game:
            self.changed.emit()

    # ----- moves -------------------------------------------------------------------------
    def user_take(self, count: int) -> bool:
        """Make the user's take; log its worth and loss, then let the solver answer."""
        state = self.state
        if state is None or state.over or state.player != self.user:
            return False
        try:
            after = state.play(count)
        except ValueError as exc:
            self.positionLabel.setText(f"Not a legal take: {exc}")
            return False
        judged = after.history[-1]
        text = (
            f"You took {count} ({_coins_text(state.top + 1, count)}) = {judged.gained}. "
            f"This take is worth {judged.value} in the end"
        )
        if judged.lost:
            text += (
                f"; the best take was {judged.best_take} (worth {judged.best_value}): "
                f"you lost {judged.lost}."
            )
        else:
            text += " — a best take."
        return self.record_user_move(after, text)

    def _solver_move(self) -> None:
        assert self.state is not None
        count = self.state.best_take()
        top = self.state.top
        self.state = self.state.play(count)
        gained = self.state.history[-1].gained
        self.log.addItem(f"Solver took {count} ({_coins_text(top + 1, count)}) = {gained}.")

    def _after_move(self) -> None:
        state = self.state
        assert state is not None
        self.hint = None
        self.log.scrollToBottom()
        mine, theirs = state.totals[self.user - 1], state.totals[2 - self.user]
        score = f"You {mine} · solver {theirs}"
        if state.over:
            verdict = (
                "you win!"
                if mine > theirs
                else ("a draw." if mine == theirs else "the solver wins.")
            )
            self.positionLabel.setText(
                f"Game over. {score}: {verdict} Your takes lost {self.total_lost()} in value"
                " against best play."
            )
            self.set_move_controls(False)
        else:
            most = state.most
            self.takeSpin.setRange(1, most)
            # A fresh turn starts from the best take while the values are shown (they give it
            # away anyway), else from 1: never from the last turn's choice.
            self.takeSpin.setValue(state.best_take() if self.valuesCheck.isChecked() else 1)
            self.positionLabel.setText(
                f"{score}. {state.coins_left} coins left, next is coin #{state.top + 1}; "
                f"you may take 1\u2013{most}. With best play you end with {state.outlook()}."
            )
            self.set_move_controls(True)
        self._fill_options()
        self.changed.emit()

    def shaded_take(self) -> int | None:
        """The take the chart shades green: the hint, or the best take while values show."""
        state = self.state
        if self.hint is not None:
            return self.hint
        if state is None or state.over or state.player != self.user:
            return None
        return state.best_take() if self.valuesCheck.isChecked() else None

    def total_lost(self) -> int:
        """What the user's takes lost in all, each against the best take at its moment."""
        if self.state is None:
            return 0
        return sum(t.lost for t in self.state.history if t.player == self.user)

    def option_values(self) -> list[int]:
        """The user's final total after each legal take (both optimal afterwards)."""
        state = self.state
        if state is None or state.over or state.player != self.user:
            return []
        return state.take_values()

    def show_hint(self) -> int | None:
        """Put the best take in the spin box and log it; returns it."""
        state = self.state
        if state is None or state.over:
            return None
        best = state.best_take()
        self.hint = best
        self.takeSpin.setValue(best)
        self.log.addItem(
            f"Hint: take {best} ({_coins_text(state.top + 1, best)}); "
            f"you then end with {state.take_values()[best - 1]}."
        )
        self.log.scrollToBottom()
        self.changed.emit()
        return best

    # ----- the table of every take's value ------------------------------------------------
    def _fill_options(self) -> None:
        options = self.option_values() if self.valuesCheck.isChecked() else []
        self.optionsTable.setEnabled(bool(options))
        if not options:
            self.optionsTable.setRowCount(0)
            return
        best = max(options)
        best_row = options.index(best)
        rows = []
        for row, value in enumerate(options):
            is_best = value == best
            take = f"{row + 1}"
            items = [
                QTableWidgetItem(f"★ {take} (best)" if is_best else take),
                QTableWidgetItem(f"{value}"),
                QTableWidgetItem("nothing" if is_best else _cost_text(best - value)),
            ]
            for column, item in enumerate(items):
                alignment = Qt.AlignmentFlag.AlignRight if column else Qt.AlignmentFlag.AlignLeft
                item.setTextAlignment(alignment | Qt.AlignmentFlag.AlignVCenter)
            if is_best:
                mark_best(items)
            rows.append(items)
        fill_rows(self.optionsTable, rows)
        # Long lists (a big allowance) open on the best take, not on "take 1". The scroll
        # range follows the new rows only after a layout pass: run it first.
        self.optionsTable.updateGeometries()
        self.optionsTable.scrollTo(self.optionsTable.model().index(best_row, 0))
