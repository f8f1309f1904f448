"""Play Xoinc against the solver: the panel draws a play state and sends the user's takes.

The rules and the values live in ``solvers.xoinc.play.XoincGame``: the panel is
a view of a ``PlaySession`` over it, which gives the legal takes, what each is
worth, the best ones and what a take costs; the solver plays the session's move. A new
game on a stack that is not solved yet is built by ``solvers.xoinc.new_game``
in a worker process (``build``), so a 5000-coin stack never stalls the window.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
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
from gui.widgets.play_panel import (
    NEW_GAME,
    SIDES,
    PlayPanelFrame,
    best_label,
    costs_you,
    mistake_words,
)
from gui.widgets.tables import fill_rows, mark_best, readonly_table
from solvers.i18n import N_, _, pgettext
from solvers.play_session import PlaySession
from solvers.xoinc.play import XoincGame

from . import play_words as words
from .views import caption

__all__ = ["IDLE", "OPTIONS_LEGEND", "XoincPlayPanel"]

IDLE = N_("Press “New game” to play on the stack in the form.")
OPTIONS_LEGEND = N_(
    "★ on green: the best take now. “Costs you”: how much less value you end with than after"
    " the best take, both sides playing their best afterwards. Double-click a row to take."
)


class XoincPlayPanel(PlayPanelFrame):
    """A game on the stack: you against the solver, every take judged."""

    #: Emitted after every change of the game (new game, a take, a hint, reset).
    changed = Signal()
    #: The user pressed “New game”: True when they play first.
    game_requested = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            [_(side) for side in SIDES],
            _(NEW_GAME),
            _(IDLE),
            parent,
        )
        self.hint: int | None = None
        self._user_first = True
        #: The first log line of the game being built (why it started), or "".
        self._note = ""
        #: What the position line says with no game, made again when the language changes.
        self._idle: Callable[[], str] = lambda: _(IDLE)
        #: What makes each line of the log (the log is written again in a new language).
        self._log_lines: list[Callable[[], str]] = []
        self.controller = SolveController(self)
        self.controller.finished.connect(self._built)
        self.controller.failed.connect(self._build_failed)
        self.controller.cancelled.connect(
            lambda: self.show_idle(
                lambda: _("Cancelled. Press “New game” to play on the stack in the form.")
            )
        )
        self.newButton.setToolTip(_("Play on the stack in the form"))
        self.newButton.clicked.connect(
            lambda: self.game_requested.emit(self.sideCombo.currentIndex() == 0)
        )
        self.takeSpin = QSpinBox()
        self.takeSpin.setObjectName("takeSpin")
        self._spin_words()
        self.takeButton.clicked.connect(lambda: self.user_take(self.takeSpin.value()))
        self.hintButton.setToolTip(_("Show the best take (shaded green in the chart)"))
        self.hintButton.clicked.connect(lambda: self.show_hint())
        self.valuesCheck = QCheckBox(_("Show what every take is worth"))
        self.valuesCheck.setObjectName("valuesCheck")
        self.valuesCheck.setChecked(True)
        self.valuesCheck.toggled.connect(lambda _: self._fill_options())
        self.valuesCheck.toggled.connect(lambda _: self.changed.emit())  # the chart's band
        self.optionsTable = readonly_table(self._option_headers(), "takeOptions")
        self.optionsTable.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.optionsTable.cellClicked.connect(lambda row, _: self.takeSpin.setValue(row + 1))
        self.optionsTable.cellDoubleClicked.connect(lambda row, _: self.user_take(row + 1))
        self.optionsTable.setToolTip(_("Click a row to choose that take, double-click to take"))
        # At 1024x700 the table keeps three takes in sight and the log three lines; the page's
        # tab already says "Play against the solver", so the frame needs no title.
        rows = self.optionsTable.verticalHeader().defaultSectionSize()
        header = self.optionsTable.horizontalHeader().sizeHint().height()
        self.optionsTable.setMinimumHeight(header + 3 * rows + 4)
        self.log.setMinimumHeight(3 * self.log.fontMetrics().lineSpacing() + 8)
        self.setTitle("")
        self.legend = caption(_(OPTIONS_LEGEND))
        self.legend.setObjectName("takeLegend")
        middle = QWidget()
        column = QVBoxLayout(middle)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.optionsTable, 1)
        column.addWidget(self.legend)
        self.arrange([self.takeSpin], extras=[self.valuesCheck], middle=middle)
        self._fill_options()

    def _log(self, line: Callable[[], str]) -> str:
        """Keep what makes a log line and return the line (the frame adds the user's moves).

        Lines the panel adds itself go through ``_add``.
        """
        self._log_lines.append(line)
        return line()

    def _add(self, line: Callable[[], str]) -> None:
        self.log.addItem(self._log(line))

    def _clear_log(self) -> None:
        self.log.clear()
        self._log_lines = []

    @staticmethod
    def _option_headers() -> list[str]:
        return [pgettext("a take of coins", "Take"), _("You end with"), _("Costs you")]

    def _spin_words(self) -> None:
        # Two widget texts around the number, so each language words them its own way.
        self.takeSpin.setPrefix(pgettext("before the number of coins to take", "take "))
        self.takeSpin.setSuffix(pgettext("after the number of coins to take", " coin(s)"))

    def retranslate(self) -> None:
        """Make again every text built from the game (the language changed)."""
        self._spin_words()
        self.optionsTable.setHorizontalHeaderLabels(self._option_headers())
        if self.session is None:
            self.positionLabel.setText(self._idle())
        else:
            self._show_position()
        for row, line in enumerate(self._log_lines[: self.log.count()]):
            self.log.item(row).setText(line())
        self._fill_options()

    @property
    def state(self) -> XoincGame | None:
        """The play state of the game in play (None: no game)."""
        state = super().state
        return state if isinstance(state, XoincGame) else None

    # ----- starting a game ---------------------------------------------------------------
    def build(self, job: Job[Any], user_first: bool, note: str = "") -> None:
        """Build the game in a worker process (``solvers.xoinc.new_game``), then begin it.

        ``note`` opens the game's log (e.g. it restarted because the inputs changed).
        """
        self.reset(lambda: _("Preparing the game… (Cancel or Esc stops it)"))
        self._user_first = user_first
        self._note = note
        self.controller.start(job)

    def _built(self, state: XoincGame) -> None:
        self.begin(state, self._user_first)

    def _build_failed(self, failure: JobFailure) -> None:
        self.show_idle(lambda: _("The game could not be prepared: {reason}").format(reason=failure))

    def begin(self, state: XoincGame, user_first: bool) -> None:
        """Play ``state`` (a new game); the solver moves at once when the user is second."""
        self.controller.cancel()
        self.sideCombo.setCurrentIndex(0 if user_first else 1)
        self.session = PlaySession.of("xoinc", state, 0 if user_first else 1)
        self._clear_log()
        if self._note:
            # The frame's note is a marked constant: ``_`` finds it in any language.
            self._add(partial(_, self._note))
            self._note = ""
        self._add(partial(words.new_game, len(state.coins), user_first))
        if self.session.solver_to_move:
            self._solver_move()
        self._after_move()

    def reset(self, reason: str | Callable[[], str]) -> None:
        """End the game (e.g. the stack was edited) and stop preparing one; say ``reason``.

        ``reason`` may be a function making the text, so it follows a change of language.
        """
        self.controller.cancel()
        self.show_idle(reason)

    def show_idle(self, reason: str | Callable[[], str]) -> None:
        """No game: the controls off, ``reason`` (a text or what makes it) on the position line."""
        self._idle = reason if callable(reason) else lambda: reason
        had_game = self.session is not None
        self.session = None
        self.hint = None
        self._clear_log()
        self.positionLabel.setText(self._idle())
        self.set_move_controls(False)
        self._fill_options()
        if had_game:
            self.changed.emit()

    # ----- moves -------------------------------------------------------------------------
    def user_take(self, count: int) -> bool:
        """Make the user's take; log its worth and loss, then let the solver answer."""
        session = self.session
        if session is None or not session.user_to_move:
            return False
        try:
            after = session.play(count)
        except ValueError as exc:
            self.positionLabel.setText(_("Not a legal take: {reason}").format(reason=exc))
            return False
        top = session.state.top
        gained = sum(session.state.coins[top : top + count])
        value = round(session.values()[count])
        units, cost = session.units, session.cost(count)
        best, best_value = session.solver_move(), session.best_value()

        def line() -> str:
            mistake = mistake_words(units, cost, words.best_take(best, units.text(best_value)))
            return words.user_took(count, top + 1, gained, value, mistake)

        return self.record_user_move(after, self._log(line))

    def solver_words(self, before: PlaySession, move: Any) -> str:
        """``Solver took 2 (coins #1–2) = 7.``."""
        top = before.state.top
        gained = sum(before.state.coins[top : top + move])
        return self._log(partial(words.solver_took, move, top + 1, gained))

    def _after_move(self) -> None:
        session = self.session
        assert session is not None
        state = session.state
        self.hint = None
        self.log.scrollToBottom()
        if session.over:
            self.set_move_controls(False)
        else:
            self.takeSpin.setRange(1, state.most)
            # A fresh turn starts from the best take while the values are shown (they give it
            # away anyway), else from 1: never from the last turn's choice.
            self.takeSpin.setValue(session.solver_move() if self.valuesCheck.isChecked() else 1)
            self.set_move_controls(True)
        self._show_position()
        self._fill_options()
        self.changed.emit()

    def _show_position(self) -> None:
        """The position line of the game in play: the score and what may be taken, or the end."""
        session = self.session
        assert session is not None
        state = session.state
        mine, theirs = state.totals[session.user], state.totals[1 - session.user]
        if session.over:
            margin = session.margin_for_user()
            assert margin is not None
            cost = costs_you(session.units, self.total_lost())
            self.positionLabel.setText(words.game_over(mine, theirs, margin, cost))
            return
        best = session.units.text(session.best_value())
        self.positionLabel.setText(
            words.position(mine, theirs, state.coins_left, state.top + 1, state.most, best)
        )

    def shaded_take(self) -> int | None:
        """The take the chart shades green: the hint, or the best take while values show."""
        session = self.session
        if self.hint is not None:
            return self.hint
        if session is None or not session.user_to_move:
            return None
        move = session.solver_move() if self.valuesCheck.isChecked() else None
        return None if move is None else int(move)

    def total_lost(self) -> int:
        """What the user's takes lost in all, each against the best take at its moment."""
        return 0 if self.session is None else round(sum(self.session.user_costs()))

    def option_values(self) -> list[int]:
        """The user's final total after each legal take (both optimal afterwards)."""
        session = self.session
        if session is None or not session.user_to_move:
            return []
        return [round(value) for value in session.values().values()]

    def show_hint(self) -> int | None:
        """Put the best take in the spin box and log it; returns it."""
        session = self.session
        if session is None or not session.user_to_move:
            return None
        best = int(session.solver_move())
        self.hint = best
        self.takeSpin.setValue(best)
        value = session.units.text(session.values()[best])
        self._add(partial(words.hint, best, session.state.top + 1, value))
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
        session = self.session
        assert session is not None
        best_takes = session.best_moves()
        best_row = best_takes[0] - 1
        rows = []
        for row, value in enumerate(options):
            take = row + 1
            is_best = take in best_takes
            items = [
                QTableWidgetItem(
                    best_label(_("{take} (best)").format(take=take), True) if is_best else f"{take}"
                ),
                QTableWidgetItem(session.units.text(value)),
                QTableWidgetItem(costs_you(session.units, session.cost(take))),
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
