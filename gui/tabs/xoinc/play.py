"""Play Xoinc against the solver: the user takes coins, the solver answers optimally.

After every user take the log says what the take is worth, what the best take
was and how much the user lost by not making it. A table can show the value of
every legal take from the current position (the hint, in full).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHeaderView,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from gui.widgets.play_panel import PlayPanelFrame
from gui.widgets.theme import BEST
from solvers.xoinc import ValueTable
from solvers.xoinc.play import XoincGame, start

__all__ = ["XoincPlayPanel"]


def _coins_text(first: int, count: int) -> str:
    return f"coin #{first}" if count == 1 else f"coins #{first}\u2013{first + count - 1}"


class XoincPlayPanel(PlayPanelFrame):
    """A game on the solved stack: you against the solver, every take judged."""

    #: Emitted after every change of the game (new game, a take, a hint, reset).
    changed = Signal()

    def __init__(self, request_game: Callable[[bool], None], parent: QWidget | None = None) -> None:
        super().__init__(
            ["I am the first player", "I am the second player"],
            "New game",
            "Press “New game” to play on the stack in the form.",
            parent,
        )
        self._request_game = request_game
        self.state: XoincGame | None = None
        self.values: ValueTable | None = None
        self.user = 1
        self.hint: int | None = None
        self.newButton.setToolTip("Play on the stack in the form (solves it first if needed)")
        self.newButton.clicked.connect(
            lambda: self._request_game(self.sideCombo.currentIndex() == 0)
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
        self.valuesCheck.toggled.connect(lambda _: self._fill_options())
        self.optionsTable = QTableWidget(0, 3)
        self.optionsTable.setObjectName("takeOptions")
        self.optionsTable.setHorizontalHeaderLabels(["Take", "Your final total", "Loss"])
        self.optionsTable.verticalHeader().hide()
        self.optionsTable.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.optionsTable.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.optionsTable.cellDoubleClicked.connect(lambda row, _: self.user_take(row + 1))
        self.optionsTable.setToolTip("Double-click a row to make that take")
        self.optionsTable.hide()
        self.arrange([self.takeSpin], extras=[self.valuesCheck], middle=self.optionsTable)

    # ----- game flow ---------------------------------------------------------------------
    def begin(self, coins: tuple[int, ...], values: ValueTable, user_first: bool) -> None:
        """Start a game on ``coins``; the solver moves at once when the user is second."""
        self.sideCombo.setCurrentIndex(0 if user_first else 1)
        self.values = values
        self.state = start(values, coins)
        self.user = 1 if user_first else 2
        self.log.clear()
        you = "first (blue)" if user_first else "second (orange)"
        self.log.addItem(f"New game on {len(coins):,} coins; you play {you}.")
        if not user_first:
            self._solver_move()
        self._after_move()

    def reset(self, reason: str) -> None:
        """End the game (e.g. the stack was edited)."""
        if self.state is None:
            return
        self.state = None
        self.values = None
        self.hint = None
        self.log.clear()
        self.positionLabel.setText(reason)
        self.set_move_controls(False)
        self.optionsTable.hide()
        self.changed.emit()

    def user_take(self, count: int) -> bool:
        """Make the user's take; log its worth and loss, then let the solver answer."""
        state, values = self.state, self.values
        if state is None or values is None or state.over or state.player != self.user:
            return False
        try:
            after = state.play(count)
        except ValueError as exc:
            self.positionLabel.setText(f"Not a legal take: {exc}")
            return False
        judged = after.history[-1]
        text = (
            f"You took {count} ({_coins_text(state.top + 1, count)}) = {judged.gained:,}. "
            f"This take is worth {judged.value:,} in the end"
        )
        if judged.lost:
            text += (
                f"; the best take was {judged.best_take} (worth {judged.best_value:,}): "
                f"you lost {judged.lost:,}."
            )
        else:
            text += " — a best take."
        self.log.addItem(text)
        self.state = after
        if not after.over:
            self._solver_move()
        self._after_move()
        return True

    def _solver_move(self) -> None:
        assert self.state is not None and self.values is not None
        count = self.state.best_take()
        top = self.state.top
        self.state = self.state.play(count)
        gained = self.state.history[-1].gained
        self.log.addItem(f"Solver took {count} ({_coins_text(top + 1, count)}) = {gained:,}.")

    def _after_move(self) -> None:
        state = self.state
        assert state is not None
        self.hint = None
        self.log.scrollToBottom()
        mine, theirs = state.totals[self.user - 1], state.totals[2 - self.user]
        score = f"You {mine:,} · solver {theirs:,}"
        if state.over:
            lost = self.total_lost()
            verdict = (
                "you win!"
                if mine > theirs
                else ("a draw." if mine == theirs else "the solver wins.")
            )
            self.positionLabel.setText(
                f"Game over — {score}: {verdict} Your takes lost {lost:,} against best play."
            )
            self.set_move_controls(False)
        else:
            legal = state.moves()
            self.takeSpin.setRange(legal[0], legal[-1])
            assert self.values is not None
            outlook = state.outlook()
            self.positionLabel.setText(
                f"{score}. {state.coins_left:,} coins left, next is coin #{state.top + 1}; "
                f"you may take 1\u2013{legal[-1]:,}. With best play you end with {outlook:,}."
            )
            self.set_move_controls(True)
        self._fill_options()
        self.changed.emit()

    def total_lost(self) -> int:
        """What the user's takes lost in all, each against the best take at its moment."""
        if self.state is None:
            return 0
        return sum(t.lost for t in self.state.history if t.player == self.user)

    def option_values(self) -> list[int]:
        """The user's final total after each legal take (both optimal afterwards)."""
        state, values = self.state, self.values
        if state is None or values is None or state.over:
            return []
        return state.take_values()

    def show_hint(self) -> int | None:
        """Put the best take in the spin box and log it; returns it."""
        state, values = self.state, self.values
        if state is None or values is None or state.over:
            return None
        best = state.best_take()
        options = self.option_values()
        self.hint = best
        self.takeSpin.setValue(best)
        self.log.addItem(
            f"Hint: take {best} ({_coins_text(state.top + 1, best)}); "
            f"you then end with {options[best - 1]:,}."
        )
        self.log.scrollToBottom()
        self.changed.emit()
        return best

    # ----- widgets -----------------------------------------------------------------------
    def _fill_options(self) -> None:
        options = self.option_values()
        show = self.valuesCheck.isChecked() and bool(options)
        self.optionsTable.setVisible(show)
        if not show:
            return
        best = max(options)
        self.optionsTable.setRowCount(len(options))
        for row, value in enumerate(options):
            items = [
                QTableWidgetItem(f"{row + 1}"),
                QTableWidgetItem(f"{value:,}"),
                QTableWidgetItem("best" if value == best else f"\u2212{best - value:,}"),
            ]
            for column, item in enumerate(items):
                if value == best:
                    item.setBackground(BEST)
                self.optionsTable.setItem(row, column, item)
