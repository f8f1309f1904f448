"""The Cover Up tab: digit table, optimal picks, play-along, simulation."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gui.tabs.base import GameTab
from solvers import coverup as cu

from .panels import PlayPanel, SimulationPanel
from .play import PlayAlong
from .table import PICK_COL, DigitRow, DigitTableModel, parse_digits

__all__ = ["TAB", "CoverUpTab"]

RULES = """<p><b>Cover Up</b> (The Price Is Right). Guess a number of up to 5 digits; each
column offers a few digits. Some digits may be <i>known candidates</i>: together they hold the
right digit with probability p (shared equally), the other digits share 1 - p.</p>
<p>Each turn you cover one untried digit in every unsolved column and are told which are right.
A turn with at least one new right digit lets you go on; a turn with none loses; all columns
right wins. After wrong picks the remaining digits' probabilities follow Bayes' rule.</p>
<p>Optimal play is not always the likeliest digit: sometimes a column is deliberately covered
with an unlikely (even known-wrong) digit, keeping it <i>in reserve</i> for a later turn in
which all other columns might miss. Such picks are shown in amber.</p>"""

PRESETS = {
    "Show layout: 2, 3, 4, 5, 6 choices": [
        DigitRow(" ".join(str(d) for d in range(1, k + 1))) for k in (2, 3, 4, 5, 6)
    ],
    "Judge size: 5 columns of 10 digits": [DigitRow("0123456789") for _ in range(5)],
    "One column of 10 digits": [DigitRow("0123456789")],
}


class CoverUpTab(GameTab):
    """Edit the digits, solve, follow the optimal picks turn by turn, simulate."""

    game_id = "coverup"
    rules_html = RULES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game: PlayAlong | None = None
        self.model = DigitTableModel()
        self.view = QTableView()
        self.view.setObjectName("digitTable")
        self.view.setModel(self.model)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setMinimumSectionSize(40)
        self.view.setColumnWidth(0, 110)
        self.view.setColumnWidth(1, 50)
        self.view.setColumnWidth(PICK_COL, 215)
        for c in range(PICK_COL + 1, self.model.columnCount()):
            self.view.setColumnWidth(c, 74)
        self.model.edited.connect(self._edited)
        self.model.marks_changed.connect(self._marks_changed)

        self.presetCombo = QComboBox()
        self.presetCombo.setObjectName("presetCombo")
        self.presetCombo.addItems(list(PRESETS))
        self.presetButton = QPushButton("Use preset")
        self.presetButton.clicked.connect(lambda: self.apply_preset(self.presetCombo.currentText()))
        self.judgeEdit = QLineEdit()
        self.judgeEdit.setObjectName("judgeEdit")
        self.judgeEdit.setPlaceholderText("judge input: m l p per column, e.g. 10 2 0.5 4 1 1.0")
        self.judgeButton = QPushButton("Fill from judge input")
        self.judgeButton.clicked.connect(lambda: self.apply_judge_line(self.judgeEdit.text()))
        self.addButton = QPushButton("Add column")
        self.addButton.clicked.connect(lambda: self.add_column())
        self.removeButton = QPushButton("Remove column")
        self.removeButton.clicked.connect(lambda: self.remove_column())
        presets = QHBoxLayout()
        presets.addWidget(QLabel("Preset:"))
        presets.addWidget(self.presetCombo, 1)
        presets.addWidget(self.presetButton)
        presets.addWidget(self.addButton)
        presets.addWidget(self.removeButton)
        judge = QHBoxLayout()
        judge.addWidget(self.judgeEdit, 1)
        judge.addWidget(self.judgeButton)
        hint = QLabel(
            "Tick a digit to make it a known candidate; p is the chance that the right digit is"
            " one of the ticked ones. After Solve, the green (or amber: reserve) digit of each"
            " row is the one to cover; tick “Pick this turn” for those that came up right."
        )
        hint.setWordWrap(True)
        table_box = QGroupBox("Digits")
        table_layout = QVBoxLayout(table_box)
        table_layout.addLayout(presets)
        table_layout.addLayout(judge)
        table_layout.addWidget(self.view, 1)
        table_layout.addWidget(hint)

        self.playPanel = PlayPanel()
        self.playPanel.nextButton.clicked.connect(lambda: self.next_turn())
        self.playPanel.restartButton.clicked.connect(lambda: self.restart_game())
        self.playPanel.picks_chosen.connect(self.choose_picks)
        self.simulation = SimulationPanel(lambda: self.result)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.playPanel, 1)
        side_layout.addWidget(self.simulation)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(table_box)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([1000, 420])
        self.body.addWidget(splitter)
        self.apply_preset(next(iter(PRESETS)))
        self.revalidate()

    # ----- editing -------------------------------------------------------------------------
    def apply_preset(self, name: str) -> None:
        """Replace the table by a preset layout."""
        self.model.set_rows(PRESETS[name])

    def apply_judge_line(self, text: str) -> bool:
        """Fill the table from judge triplets ``m l p ...`` (with or without the leading n)."""
        words = text.split()
        if len(words) % 3 == 1:
            text = f"{words[0]}\n{' '.join(words[1:])}"
        else:
            text = f"{len(words) // 3}\n{text}"
        try:
            cases = cu.parse_judge(text)
        except ValueError as exc:
            self.show_message(f"Judge input: {exc}", error=True)
            return False
        if not cases:
            self.show_message("Judge input: type m l p for each column", error=True)
            return False
        self.load_inputs(cases[0])
        return True

    def add_column(self) -> None:
        """Append a column of three digits."""
        if len(self.model.rows) < cu.MAX_COLUMNS:
            self.model.set_rows([*self.model.rows, DigitRow("1 2 3")])

    def remove_column(self) -> None:
        """Remove the selected column (else the last)."""
        rows = list(self.model.rows)
        if len(rows) <= 1:
            return
        selected = self.view.selectionModel().selectedIndexes()
        rows.pop(selected[0].row() if selected else len(rows) - 1)
        self.model.set_rows(rows)

    def _fit_slots(self) -> None:
        # Only as many digit slots as the longest column needs: no horizontal scrolling.
        used = max((len(self.model.digits(r)) for r in range(self.model.rowCount())), default=0)
        for slot in range(cu.MAX_DIGITS):
            self.view.setColumnHidden(PICK_COL + 1 + slot, slot >= max(used, 2))

    def _edited(self) -> None:
        self._fit_slots()
        if self.game is not None:
            self.game = None
            self.model.set_overlay(None)
            self.playPanel.show_game(None)
        self.simulation.clear()
        self.inputs_changed()

    # ----- protocol hooks ------------------------------------------------------------------
    def read_inputs(self) -> cu.CoverUpInputs:
        """Judge-compatible inputs (m, l, p per column) from the digit table."""
        return self.model.inputs()

    def set_inputs(self, inputs: cu.CoverUpInputs) -> None:
        """Digits 0..m-1 per column; the first l of them are the known candidates."""
        rows = []
        for column in inputs.columns:
            digits = list(range(column.choices))
            text = "".join(map(str, digits)) if column.choices == 10 else " ".join(map(str, digits))
            rows.append(DigitRow(text, set(digits[: column.candidates]), _p_text(column.p)))
        self.model.set_rows(rows)

    def state(self) -> dict[str, Any]:
        """The table as typed."""
        return {
            "columns": [
                {"digits": r.digits_text, "candidates": sorted(r.candidates), "p": r.p_text}
                for r in self.model.rows
            ]
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the table from a session."""
        columns = state["columns"]
        if not isinstance(columns, list) or not 1 <= len(columns) <= cu.MAX_COLUMNS:
            raise ValueError(f"'columns' must be a list of 1 to {cu.MAX_COLUMNS} columns")
        rows = []
        for column in columns:
            digits, candidates, p = column["digits"], column["candidates"], column["p"]
            if not isinstance(digits, str) or not isinstance(p, str):
                raise TypeError("'digits' and 'p' must be text")
            if not isinstance(candidates, list) or not all(
                isinstance(d, int) and 0 <= d <= 9 for d in candidates
            ):
                raise ValueError("'candidates' must be a list of digits")
            rows.append(DigitRow(digits, set(candidates), p))
        self.model.set_rows(rows)

    def result_text(self, result: cu.CoverUpResult) -> str:
        """The judge's rounding first, then more digits."""
        return (
            f"Winning probability {cu.format_judge(result)}  ({result.value:.6f}) with optimal play"
        )

    def show_result(self, result: cu.CoverUpResult) -> None:
        """Start the play-along at the first turn, its picks highlighted."""
        digits = [parse_digits(r.digits_text) for r in self.model.rows]
        candidates = [set(r.candidates) for r in self.model.rows]
        self.game = PlayAlong(result, digits, candidates)
        self.simulation.clear()
        self._show_game()

    def clear_result(self) -> None:
        """Drop the play-along view and the simulation."""
        self.game = None
        self.model.set_overlay(None)
        self.playPanel.show_game(None)
        self.simulation.clear()

    # ----- play-along ----------------------------------------------------------------------
    def _show_game(self) -> None:
        self.model.set_overlay(self.game.overlay() if self.game is not None else None)
        self.playPanel.show_game(self.game)

    def _marks_changed(self) -> None:
        marked = self.marked_right()
        if self.game is not None and not self.game.over:
            note = "none yet (that loses)" if not marked else ", ".join(str(i + 1) for i in marked)
            self.show_message(f"Right this turn: column {note}. Press Next turn.")

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
        """Apply the ticked (or given) right picks and show the next optimal picks."""
        if self.game is None or self.game.over:
            return False
        chosen = set(self.marked_right() if right is None else right)
        try:
            self.game.next_turn(chosen)
        except ValueError as exc:
            self.show_message(str(exc), error=True)
            return False
        self.show_message("")
        self._show_game()
        return True

    def restart_game(self) -> None:
        """Back to the first turn of the solved game."""
        if self.game is not None:
            self.game.restart()
            self._show_game()

    def choose_picks(self, picks: tuple[cu.Pick | None, ...]) -> None:
        """Play another pick combination this turn (from the alternatives table)."""
        if self.game is not None and not self.game.over:
            self.game.choose(picks)
            self._show_game()

    # ----- screenshots ---------------------------------------------------------------------
    def screenshot_invalid(self) -> None:
        """A p without candidates, and a repeated digit."""
        self.model.setData(self.model.index(1, 1), "0.4")
        self.model.setData(self.model.index(2, 0), "1 2 2 4")

    def screenshot_states(self) -> list[tuple[str, Any]]:
        """After two turns of play-along, and after a simulation."""

        def two_turns() -> None:
            self.next_turn([0])
            self.next_turn([1])

        def simulated() -> None:
            if self.result is not None:
                self.simulation.show_simulation(cu.simulate(self.result, 100_000, seed=1))

        return [("play-along", two_turns), ("simulated", simulated)]


def _p_text(p: float) -> str:
    return repr(p) if p not in (0.0, 1.0) else str(int(p))


TAB = CoverUpTab
