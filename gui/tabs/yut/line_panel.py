"""The optimal line as a table, with start/back/step/play through its turns."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.widgets.tables import readonly_table
from gui.widgets.theme import BEST
from solvers.yut import Board, Step

__all__ = ["LinePanel"]

HEADERS = ("Turn", "Throw", "Piece", "From", "To", "Points", "Total")
#: Milliseconds between steps while playing.
PLAY_INTERVAL = 900


def square_text(board: Board, square_id: str | None) -> str:
    """How a square appears in tables: its id and score."""
    if square_id is None:
        return "—"
    if square_id in (board.start, board.end):
        return square_id
    return f"{square_id} ({board.square(square_id).score})"


class LinePanel(QWidget):
    """Shows a line; ``step_selected(i)`` fires with i = -1 for the start position."""

    step_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.steps: tuple[Step, ...] = ()
        self.current = -1
        self.table = readonly_table(HEADERS, "lineTable")
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.startButton = QPushButton("« Start")
        self.startButton.setObjectName("lineStartButton")
        self.backButton = QPushButton("◀ Back")
        self.backButton.setObjectName("lineBackButton")
        self.stepButton = QPushButton("Step ▶")
        self.stepButton.setObjectName("lineStepButton")
        self.playButton = QPushButton("Play")
        self.playButton.setObjectName("linePlayButton")
        self.playButton.setCheckable(True)
        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_INTERVAL)
        self.timer.timeout.connect(self._tick)
        self.startButton.clicked.connect(lambda: self.go(-1))
        self.backButton.clicked.connect(lambda: self.go(self.current - 1))
        self.stepButton.clicked.connect(lambda: self.go(self.current + 1))
        self.playButton.toggled.connect(self._play)
        buttons = QHBoxLayout()
        for button in (self.startButton, self.backButton, self.stepButton, self.playButton):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.table, 1)
        self._enable()

    def show_line(self, board: Board, steps: tuple[Step, ...]) -> None:
        """Fill the table; the last step is shown."""
        self.steps = steps
        self.table.setRowCount(len(steps))
        for row, step in enumerate(steps):
            cells = (
                str(step.turn),
                str(step.throw),
                "—" if step.piece is None else str(step.piece),
                square_text(board, step.from_square),
                square_text(board, step.to_square) if step.piece else "no legal move",
                str(step.points),
                str(step.total),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 4 and step.piece is not None:
                    item.setBackground(QBrush(BEST))
                self.table.setItem(row, column, item)
        self.go(len(steps) - 1)

    def clear(self) -> None:
        """Empty the table."""
        self.playButton.setChecked(False)
        self.steps = ()
        self.current = -1
        self.table.setRowCount(0)
        self._enable()

    def go(self, index: int) -> None:
        """Show step ``index`` (-1: the start), clamped to the line."""
        index = max(-1, min(len(self.steps) - 1, index))
        self.current = index
        self.table.blockSignals(True)
        self.table.clearSelection()
        if index >= 0:
            self.table.selectRow(index)
            self.table.scrollToItem(self.table.item(index, 0))
        self.table.blockSignals(False)
        self._enable()
        self.step_selected.emit(index)

    def _selection_changed(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows and rows[0].row() != self.current:
            self.go(rows[0].row())

    def _play(self, on: bool) -> None:
        if on:
            if self.current >= len(self.steps) - 1:
                self.go(-1)
            self.timer.start()
        else:
            self.timer.stop()
        self.playButton.setText("Pause" if on else "Play")

    def _tick(self) -> None:
        if self.current >= len(self.steps) - 1:
            self.playButton.setChecked(False)
            return
        self.go(self.current + 1)

    def _enable(self) -> None:
        has = bool(self.steps)
        self.startButton.setEnabled(has and self.current > -1)
        self.backButton.setEnabled(has and self.current > -1)
        self.stepButton.setEnabled(has and self.current < len(self.steps) - 1)
        self.playButton.setEnabled(has)
