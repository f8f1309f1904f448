"""The Cover Up tab: the digit table (inputs and main view), play-along, simulation.

The digit table sits on top at full width; under it the play-along panel and
the simulation panel. After a solve the tab keeps the play state
(``solvers.coverup.CoverUpGame``) of the turn being played and sends it the
user's moves: the picks, then which of them came up right.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gui.controller import Job
from gui.tabs.base import GameTab
from gui.widgets.labels import caption
from gui.widgets.play_panel import GameRestarter
from solvers import coverup as cu
from solvers.coverup.why import explain_position
from solvers.i18n import N_, _
from solvers.play_session import PlaySession

from .form import (
    FIRST_SLOT,
    PICK_COL,
    DigitTableModel,
    parse_digits,
    slot_digits,
)
from .model import PRESETS, check_state, judge_line_inputs, rows_of_state, state_of, state_of_rows
from .picture import ColumnsPicture
from .play import IDLE, PlayPanel
from .rules_text import RULES
from .simulation import SimulationPanel
from .views import TABLE_LEGEND, digit_view, fit_rows, overlay_of

__all__ = ["TAB", "CoverUpTab"]


class CoverUpTab(GameTab):
    """Edit the digits, solve, follow the optimal picks turn by turn, simulate."""

    game_id = "coverup"
    rules = RULES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: The game in play: this turn's picks made, waiting for which came up right.
        self.session: PlaySession | None = None
        self._slots: list[list[int]] = []
        #: The game's log, each entry said in the language spoken when it is shown.
        self._log: list[Callable[[], str]] = []
        #: Why no game is shown (a marked English text), said again on a language change.
        self._idle = IDLE
        self.model = DigitTableModel()
        self.view = digit_view(self.model)
        self.model.edited.connect(self._edited)
        self.model.marks_changed.connect(self._marks_changed)

        self.presetCombo = QComboBox()
        self.presetCombo.setObjectName("presetCombo")
        for name in PRESETS:
            self.presetCombo.addItem(_(name), name)
        self.presetButton = QPushButton(_("Use preset"))
        self.presetButton.clicked.connect(lambda: self.apply_preset(self.presetCombo.currentData()))
        self.judgeEdit = QLineEdit()
        self.judgeEdit.setObjectName("judgeEdit")
        self.judgeEdit.setPlaceholderText(_("judge input: m l p per column, e.g. 10 2 0.5 4 1 1.0"))
        self.judgeButton = QPushButton(_("Fill from judge input"))
        self.judgeButton.clicked.connect(lambda: self.apply_judge_line(self.judgeEdit.text()))
        self.judgeEdit.returnPressed.connect(self.judgeButton.click)  # Enter fills too
        self.addButton = QPushButton(_("Add column"))
        self.addButton.clicked.connect(lambda: self.add_column())
        self.removeButton = QPushButton(_("Remove column"))
        self.removeButton.clicked.connect(lambda: self.remove_column())
        controls = QHBoxLayout()
        controls.addWidget(QLabel(_("Preset:")))
        for widget in (self.presetCombo, self.presetButton, self.addButton, self.removeButton):
            controls.addWidget(widget)
        controls.addWidget(self.judgeEdit, 1)
        controls.addWidget(self.judgeButton)
        table_box = self.tableBox = QGroupBox(_("Digits"))
        table_layout = QVBoxLayout(table_box)
        # Thin margins: Korean and Chinese lines are taller, and the window must fit 1024x700.
        table_layout.setContentsMargins(8, 4, 8, 2)
        table_layout.setSpacing(2)
        table_layout.addLayout(controls)
        table_layout.addWidget(self.view, 1)
        # Two lines at 1024 px in every language (CJK lines are taller: no third one spare).
        table_layout.addWidget(caption(_(TABLE_LEGEND), "tableLegend", lines=2))

        self.playPanel = PlayPanel()
        self.playPanel.nextButton.clicked.connect(lambda: self.next_turn())
        self.playPanel.restartButton.clicked.connect(lambda: self.restart_game())
        self.playPanel.picks_chosen.connect(self.choose_picks)
        # The play state comes from the solve: a change of the inputs during a game solves
        # them again (Solve's worker job) and show_result restarts the game.
        self.restarter = GameRestarter(
            self.checked_inputs,
            lambda: self.session is not None,
            self._end_game,
            lambda _inputs: self.solve(seal=False),
            self,
        )
        self.simulation = SimulationPanel(lambda: self.result)
        below = QSplitter(Qt.Orientation.Horizontal)
        below.addWidget(self.playPanel)
        below.addWidget(self.simulation)
        below.setStretchFactor(0, 3)
        below.setStretchFactor(1, 1)
        below.setSizes([700, 300])
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(table_box)
        splitter.addWidget(below)
        splitter.setChildrenCollapsible(False)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        self.body.addWidget(splitter)
        # Named, so that the window remembers where the user dragged them.
        for name, split in (("coverupTableSplitter", splitter), ("coverupPanelSplitter", below)):
            split.setObjectName(name)
            self.splitters.append(split)
        self.apply_preset(next(iter(PRESETS)))
        self.revalidate()

    # ----- editing -------------------------------------------------------------------------
    def apply_preset(self, name: str) -> None:
        """Replace the table by a preset layout."""
        self.model.set_digit_rows(PRESETS[name])

    def apply_judge_line(self, text: str) -> bool:
        """Fill the table from judge triplets ``m l p ...`` (with or without the leading n)."""
        try:
            inputs = judge_line_inputs(text)
        except ValueError as exc:
            self.show_message(_("Judge input: {reason}").format(reason=exc), error=True)
            return False
        self.load_inputs(inputs)
        return True

    def parse_judge_text(self, text: str) -> list[cu.CoverUpInputs]:
        """Cases of a judge file; a file with only the terminating 0 is refused."""
        cases = cu.parse_judge(text)
        if not cases:
            raise ValueError(_("the file has no case, only the terminating 0"))
        return cases

    def add_column(self) -> None:
        """Append a column of three digits."""
        if self.model.rowCount() < cu.MAX_COLUMNS:
            self.model.insert_rows(self.model.rowCount(), [["1 2 3", "0", ""]])

    def remove_column(self) -> None:
        """Remove the selected column (else the last)."""
        count = self.model.rowCount()
        if count <= 1:
            return
        selected = self.view.selectionModel().selectedIndexes()
        self.model.remove_rows([selected[0].row() if selected else count - 1])

    def _fit_slots(self) -> None:
        # As many digit slots as the longest column needs; past six (at 1024 px) they scroll
        # sideways, and the table keeps room for the bar.
        used = max((len(self.model.digits(r)) for r in range(self.model.rowCount())), default=0)
        for slot in range(cu.MAX_DIGITS):
            self.view.setColumnHidden(FIRST_SLOT + slot, slot >= max(used, 2))
        fit_rows(self.view, scroll=used > 6)

    def _column_buttons(self) -> None:
        """Add and Remove are off at the game's limits, and say why."""
        count = self.model.rowCount()
        self.addButton.setEnabled(count < cu.MAX_COLUMNS)
        self.addButton.setToolTip(
            _("Add a column of digits")
            if count < cu.MAX_COLUMNS
            else _("The game has at most {most} columns").format(most=cu.MAX_COLUMNS)
        )
        self.removeButton.setEnabled(count > 1)
        self.removeButton.setToolTip(
            _("Remove the selected column (else the last)")
            if count > 1
            else _("One column is left")
        )

    def _edited(self) -> None:
        self._column_buttons()
        self._fit_slots()
        self.simulation.clear()
        self.inputs_changed()
        # The old game never continues on the new inputs: it ends, then restarts on them.
        self.restarter.inputs_changed()

    # ----- protocol hooks ------------------------------------------------------------------
    def read_inputs(self) -> cu.CoverUpInputs:
        """Judge-compatible inputs (m, l, p per column) from the digit table."""
        return self.model.inputs()

    def set_inputs(self, inputs: cu.CoverUpInputs) -> None:
        """Digits 0..m-1 per column; the first l of them are ticked as likely."""
        self.restore(state_of(inputs))

    def state(self) -> dict[str, Any]:
        """The table as typed."""
        return state_of_rows(self.model.digit_rows())

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the table from ``state()`` data (``model.check_state`` refuses a bad one first)."""
        state = check_state(state)
        self.model.set_digit_rows(rows_of_state(state))

    def solve_job(self, inputs: cu.CoverUpInputs) -> Job[Any]:
        """Solve, and build every state's policy in the worker too (the CSV export reads it)."""
        return Job(cu.solve, (inputs,), {"policy": True})

    def result_text(self, result: cu.CoverUpResult) -> str:
        """The judge's rounding and what it means."""
        # Four decimals, as the play panel writes them; the judge's rounding beside them.
        judge = cu.format_judge(result)
        return _("Best picks win with probability {value} (judge: {judge})").format(
            value=f"{result.value:.4f}", judge=judge
        )

    def show_result(self, result: cu.CoverUpResult) -> None:
        """Start the play-along at the first turn, its picks highlighted."""
        self._slots = [
            slot_digits(parse_digits(r.digits_text), r.candidates) for r in self.model.digit_rows()
        ]
        # The play state shares the solve's memo, so every state it reaches is valued already.
        first = PlaySession.of("coverup", cu.new_game(result.inputs, result.solver))
        self.simulation.clear()
        self.simulation.set_ready(True)
        note = self.restarter.take_note()
        self._start_turn(first, [lambda: _(note)] if note else [])

    def retranslate(self) -> None:
        """Say again what is built from state: tooltips, table, game and simulation."""
        super().retranslate()
        for row, name in enumerate(PRESETS):
            self.presetCombo.setItemText(row, _(name))
        self.tableBox.setTitle(_("Digits"))  # a word of several meanings: said by its key
        self._column_buttons()
        self._fit_slots()  # rows as high as two lines of the new language
        self.model.retranslate()
        self.playPanel.retranslate()
        self.simulation.retranslate()
        marked = self.marked_right()
        self._show_game()  # a new overlay: the ticks of the turn are put back
        if marked:
            self.mark_right(marked)

    def clear_result(self) -> None:
        """Drop the play-along view and the simulation."""
        self._end_game(self.restarter.idle_text(IDLE))
        self.simulation.clear()

    def main_view(self) -> QWidget:
        """The digit table: the inputs and, after a solve, the picks of the turn."""
        return self.view

    def picture(self) -> QWidget:
        """Export picture draws the digit table: the columns, and the turn's picks if solved."""
        return self.view

    def why_picture(self) -> QWidget | None:
        """The Why page's picture: the columns' digits and the turns, steps marking them."""
        return ColumnsPicture()

    # ----- play-along ----------------------------------------------------------------------
    @property
    def game(self) -> cu.CoverUpGame | None:
        """The state being shown: this turn's picks made, waiting for which came up right."""
        state = None if self.session is None else self.session.state
        return state if isinstance(state, cu.CoverUpGame) else None

    def _end_game(self, reason: str = IDLE) -> None:
        self._idle = reason
        self.session = None
        self.model.set_overlay(None)
        self.playPanel.show_game(None, [], reason)
        self.follow_play(None, "")

    def _start_turn(self, node: PlaySession, log: list[Callable[[], str]]) -> None:
        """Show the turn starting at ``node`` with the best picks made."""
        self._log = log
        self.session = node if node.over else node.play(node.solver_move())
        self._show_game()

    def _show_game(self) -> None:
        game = self.game
        self.model.set_overlay(None if game is None else overlay_of(game, self._slots))
        self.playPanel.show_game(self.session, [entry() for entry in self._log], self._idle)
        self._follow(game)

    def _follow(self, game: cu.CoverUpGame | None) -> None:
        """The Why page shows the turn in play: its pick options; the result's otherwise.

        A game starts with every answer, on the best picks: until the player changes them
        or plays a turn, the answer's own derivation says all there is (as in the Great Game).
        """
        result = self.result
        if game is None or game.over or game.state is None or result is None or self._untouched():
            self.follow_play(None, "")
            return
        job = Job(explain_position, (result.inputs, result, game.state, game.picks), progress=False)
        self.follow_play(job, _("Cover Up in play: turn {turn}").format(turn=game.turn))

    def _untouched(self) -> bool:
        """Whether the game in play is still at its first turn with the solver's picks."""
        game, session = self.game, self.session
        if game is None or session is None or game.turn != 1:
            return False
        return bool(session.undo().solver_move() == game.picks)

    def _marks_changed(self) -> None:
        marked = self.marked_right()
        if self.game is not None and not self.game.over:
            columns = ", ".join(str(i + 1) for i in marked)
            # A function: the message is made again in the language chosen next.
            self.show_message(
                lambda: (
                    _("Right this turn: column {columns}. Press Next turn.").format(columns=columns)
                    if columns
                    else _("Right this turn: none yet (that loses). Press Next turn.")
                )
            )

    def marked_right(self) -> list[int]:
        """Rows whose pick is ticked as right."""
        overlay = self.model.overlay or []
        return [i for i, row in enumerate(overlay) if row.marked_right]

    def mark_right(self, columns: list[int]) -> None:
        """Tick the picks of ``columns`` (0-based) as right, untick the others."""
        for row in range(self.model.rowCount()):
            state = Qt.CheckState.Checked if row in columns else Qt.CheckState.Unchecked
            index = self.model.index(row, PICK_COL)
            self.model.setData(index, state, Qt.ItemDataRole.CheckStateRole)

    def next_turn(self, right: list[int] | None = None) -> bool:
        """Send which picks came up right (the ticked or given columns); show the next turn."""
        session, game = self.session, self.game
        if session is None or game is None or game.over:
            return False
        chosen = tuple(sorted(set(self.marked_right() if right is None else right)))
        try:
            after = session.play(chosen)
        except ValueError as exc:
            self.show_message(str(exc), error=True)
            return False
        # One short entry per column, left to right (the log's tooltip says so): a turn fits
        # one line of the narrow log, so every turn of a game stays in view.
        covered = [
            "·" if s is None else f"{self._slots[i][s]}{'✓' if i in chosen else '✗'}"
            for i, s in enumerate(game.slots())
        ]
        turn, picks = game.turn, " ".join(covered)
        log = [*self._log, lambda: _("Turn {turn}: {picks}").format(turn=turn, picks=picks)]
        if after.over:
            end = (
                N_("Every column is right: won.")
                if after.score_for_user() == 1.0
                else N_("No pick was right: lost.")
            )
            log.append(lambda: _(end))
        self.show_message("")
        self._start_turn(after, log)
        return True

    def restart_game(self) -> None:
        """Back to the first turn of the solved game."""
        if self.session is not None:
            self._start_turn(self.session.restart(), [])

    def choose_picks(self, picks: cu.Picks) -> None:
        """Play another pick combination this turn (from the pick combinations table)."""
        session = self.session
        if session is not None and session.at_chance:
            try:
                self.session = session.instead(picks)
            except ValueError as exc:
                self.show_message(str(exc), error=True)
                return
            self._show_game()


#: What ``gui.tabs.tab_class`` builds for this game.
TAB = CoverUpTab
