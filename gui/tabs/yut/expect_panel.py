"""Unknown throws, played along: "I threw a k" → every legal move with its expected total.

The position starts with every piece on the start; playing a move (the best,
or the one selected in the table) advances it. The queries are table lookups
of the solved expectation, fast enough for the UI thread.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.tabs.yut.line_panel import square_text
from gui.widgets.tables import readonly_table
from gui.widgets.theme import BEST, BEST_TEXT
from solvers.yut import ExpectResult, MoveOption

__all__ = ["ExpectPanel"]

HEADERS = ("Piece", "From", "To", "Points", "Expected total")


class ExpectPanel(QWidget):
    """Play along with the expectimax policy; ``position_changed`` redraws the board."""

    #: positions, path of the highlighted move, its piece (0: none)
    position_changed = Signal(object, object, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: ExpectResult | None = None
        self.positions: tuple[str, ...] = ()
        self.turn = 1
        self.points = 0
        self.options: tuple[MoveOption, ...] = ()
        self.statusLabel = QLabel("Solve in unknown-throws mode to play along.")
        self.statusLabel.setObjectName("expectStatusLabel")
        self.statusLabel.setWordWrap(True)
        self.throwSpin = QSpinBox()
        self.throwSpin.setObjectName("threwSpin")
        self.throwSpin.setRange(1, 5)
        self.throwSpin.setPrefix("I threw a ")
        self.adviseButton = QPushButton("Best move?")
        self.adviseButton.setObjectName("adviseButton")
        self.playButton = QPushButton("Play move")
        self.playButton.setToolTip("Play the move selected in the table (the best one if none)")
        self.playButton.setObjectName("playMoveButton")
        self.restartButton = QPushButton("Restart")
        self.restartButton.setObjectName("restartButton")
        self.table = readonly_table(HEADERS, "optionsTable")
        self.table.itemSelectionChanged.connect(self._highlight_selected)
        self.adviseButton.clicked.connect(self.advise)
        self.throwSpin.valueChanged.connect(lambda _: self.advise() if self.result else None)
        self.playButton.clicked.connect(self.play_selected)
        self.restartButton.clicked.connect(self.restart)
        row = QHBoxLayout()
        for widget in (self.throwSpin, self.adviseButton, self.playButton, self.restartButton):
            row.addWidget(widget)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.statusLabel)
        layout.addLayout(row)
        layout.addWidget(self.table, 1)
        self._enable()

    def set_result(self, result: ExpectResult | None) -> None:
        """Start playing along with a new expectation (None: nothing solved)."""
        self.result = result
        if result is not None:
            self.throwSpin.setRange(1, result.inputs.faces)
        self.restart()

    def restart(self) -> None:
        """All pieces back on the start."""
        self.table.setRowCount(0)
        self.options = ()
        if self.result is None:
            self.positions = ()
            self.statusLabel.setText("Solve in unknown-throws mode to play along.")
            self._enable()
            return
        board = self.result.inputs.board
        self.positions = (board.start,) * self.result.inputs.pieces
        self.turn = 1
        self.points = 0
        self._status()
        self.advise()

    def advise(self) -> None:
        """List every legal move for the throw, best first-flagged and selected."""
        result = self.result
        if result is None or self.turn > result.inputs.turns:
            self._enable()
            return
        throw = self.throwSpin.value()
        self.options = result.options(self.turn, self.positions, throw)
        board = result.inputs.board
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.options))
        for r, option in enumerate(self.options):
            cells = (
                str(option.piece),
                square_text(board, option.from_square),
                square_text(board, option.to_square),
                str(option.points),
                f"{self.points + option.expected:.3f}",
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if option.best:
                    item.setBackground(QBrush(BEST))
                    item.setForeground(QBrush(BEST_TEXT))
                self.table.setItem(r, column, item)
        # Nothing selected: the best row keeps its green; playing then plays the best move.
        self.table.clearSelection()
        self.table.blockSignals(False)
        if not self.options:
            self.statusLabel.setText(self._status_text() + f" No piece can move a {throw}.")
        self._highlight_selected()
        self._enable()

    def selected_option(self) -> MoveOption | None:
        """The move selected in the table, else the best one (None: no legal move)."""
        rows = self.table.selectionModel().selectedRows()
        if rows and rows[0].row() < len(self.options):
            return self.options[rows[0].row()]
        return next((o for o in self.options if o.best), None)

    def play_selected(self) -> None:
        """Make the selected move (or lose the throw when none is legal) and go on."""
        result = self.result
        if result is None or self.turn > result.inputs.turns:
            return
        option = self.selected_option()
        if option is not None:
            where = list(self.positions)
            where[option.piece - 1] = option.to_square
            self.positions = tuple(where)
            self.points += option.points
        elif self.options:
            return
        self.turn += 1
        self._status()
        if self.turn <= result.inputs.turns:
            self.advise()
        else:
            self.table.setRowCount(0)
            self.options = ()
            self.position_changed.emit(self.positions, (), 0)
            self._enable()

    def _status_text(self) -> str:
        result = self.result
        assert result is not None
        if self.turn > result.inputs.turns:
            return f"Game over: {self.points} points."
        expected = self.points + result.value(self.turn, self.positions)
        return (
            f"Turn {self.turn} of {result.inputs.turns}; {self.points} points so far; "
            f"expected final total with best play: {expected:.3f}."
        )

    def _status(self) -> None:
        self.statusLabel.setText(self._status_text())

    def _highlight_selected(self) -> None:
        option = self.selected_option()
        if self.result is None:
            return
        if option is None:
            self.position_changed.emit(self.positions, (), 0)
            return
        path = tuple(self.result.inputs.board.path(option.from_square, self.throwSpin.value()))
        self.position_changed.emit(self.positions, path, option.piece)

    def _enable(self) -> None:
        live = self.result is not None and self.turn <= self.result.inputs.turns
        for widget in (self.throwSpin, self.adviseButton, self.playButton):
            widget.setEnabled(live)
        self.restartButton.setEnabled(self.result is not None)
