"""The Dice Yut tab: throws and board on the left; the board, the line and play-along right."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gui.tabs.base import GameTab
from gui.tabs.yut.board_editor import BoardEditor
from gui.tabs.yut.board_view import BoardView, Sketch
from gui.tabs.yut.expect_panel import ExpectPanel
from gui.tabs.yut.line_panel import LinePanel
from gui.widgets.theme import BAD
from solvers import yut

__all__ = ["YutTab"]

RULES = """<p><b>Dice Yut</b> (Baekjoon 17825). Pieces start on <i>start</i>. Each turn,
pick a piece not on <i>end</i> and move it as many squares as the die shows, along the
arrows. A move that <i>starts</i> on a blue square takes the blue arrow first. A piece
reaching <i>end</i> stops there. A move may not end on a square another piece holds
(except <i>end</i>). Each move scores the number on the square it ends on.</p>
<p><b>Known throws</b>: the maximum total and an optimal line. <b>Unknown throws</b>: the
expected total with the best adaptive play, and for a throw just made the best move with the
expected total of every legal move. If no piece can move, the throw is lost.</p>"""

BAD_CSS = f"background: {BAD.name()};"


def parse_numbers(text: str, what: str, kind: type[int] | type[float]) -> list[Any]:
    """Numbers separated by spaces or commas; ``ValueError`` names the bad one."""
    values: list[Any] = []
    for n, word in enumerate(text.replace(",", " ").split(), start=1):
        try:
            values.append(kind(word))
        except ValueError:
            noun = "a whole number" if kind is int else "a number"
            raise ValueError(f"{what} {n}: {word!r} is not {noun}") from None
    return values


class YutTab(GameTab):
    """Dice Yut on an editable board: exact best line or expectimax play-along."""

    game_id = "yut"
    rules_html = RULES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.knownRadio = QRadioButton("Known throws (maximum score)")
        self.knownRadio.setObjectName("knownRadio")
        self.unknownRadio = QRadioButton("Unknown throws (expected score)")
        self.unknownRadio.setObjectName("unknownRadio")
        self.knownRadio.setChecked(True)
        self.modeButtons = QButtonGroup(self)
        self.modeButtons.addButton(self.knownRadio, 0)
        self.modeButtons.addButton(self.unknownRadio, 1)
        self.throwsEdit = QLineEdit("1 2 3 4 1 2 3 4 1 2")
        self.throwsEdit.setObjectName("throwsEdit")
        self.throwsEdit.setToolTip("The die results in order, 1 to 20 of them")
        self.randomButton = QPushButton("Random")
        self.randomButton.setObjectName("randomButton")
        self.randomButton.setToolTip("Random throws (as many as now, 10 if none)")
        self.piecesSpin = QSpinBox()
        self.piecesSpin.setObjectName("piecesSpin")
        self.piecesSpin.setRange(1, yut.MAX_PIECES)
        self.piecesSpin.setValue(4)
        self.facesSpin = QSpinBox()
        self.facesSpin.setObjectName("facesSpin")
        self.facesSpin.setRange(1, yut.MAX_FACE)
        self.facesSpin.setValue(5)
        self.turnsSpin = QSpinBox()
        self.turnsSpin.setObjectName("turnsSpin")
        self.turnsSpin.setRange(1, yut.MAX_THROWS)
        self.turnsSpin.setValue(10)
        self.probabilitiesEdit = QLineEdit()
        self.probabilitiesEdit.setObjectName("probabilitiesEdit")
        self.probabilitiesEdit.setPlaceholderText("equally likely")
        self.probabilitiesEdit.setToolTip(
            "P(face 1) … P(face F), summing to 1 (or percentages summing to 100); "
            "empty: every face equally likely"
        )
        throws_row = QHBoxLayout()
        throws_row.addWidget(self.throwsEdit, 1)
        throws_row.addWidget(self.randomButton)
        game_box = QGroupBox("Game")
        form = QFormLayout(game_box)
        form.addRow(self.knownRadio)
        form.addRow("Throws:", throws_row)
        form.addRow(self.unknownRadio)
        form.addRow("Turns:", self.turnsSpin)
        form.addRow("Face probabilities:", self.probabilitiesEdit)
        form.addRow("Pieces:", self.piecesSpin)
        form.addRow("Die faces 1 to", self.facesSpin)
        self.editor = BoardEditor()
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(game_box)
        left_layout.addWidget(self.editor)
        left_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(left)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        self.boardView = BoardView()
        self.linePanel = LinePanel()
        self.expectPanel = ExpectPanel()
        self.views = QTabWidget()
        self.views.setObjectName("yutViews")
        self.views.addTab(self.linePanel, "Optimal line")
        self.views.addTab(self.expectPanel, "Unknown throws: play along")
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.boardView)
        right.addWidget(self.views)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        self.add_form_and_views(scroll, right, (400, 900))

        for widget in (self.throwsEdit, self.probabilitiesEdit):
            widget.textChanged.connect(lambda _: self.inputs_changed())
        for spin in (self.piecesSpin, self.facesSpin, self.turnsSpin):
            spin.valueChanged.connect(lambda _: self.inputs_changed())
        self.modeButtons.idToggled.connect(lambda *_: self._mode_changed())
        self.randomButton.clicked.connect(self.random_throws)
        self.editor.changed.connect(self._board_edited)
        self.editor.selection_changed.connect(
            lambda square_id: self.boardView.select_square(square_id or None)
        )
        self.editor.editCheck.toggled.connect(self.boardView.set_editable)
        self.boardView.squareClicked.connect(self.editor.square_clicked)
        self.boardView.squareMoved.connect(self.editor.move_square)
        self.linePanel.step_selected.connect(self.show_step)
        self.expectPanel.position_changed.connect(self._show_position)
        self._mode_changed()
        self._draw_start()
        self.revalidate()

    # ----- inputs ----------------------------------------------------------------------------
    @property
    def unknown_mode(self) -> bool:
        """Whether the form asks for the expectation rather than the best line."""
        return self.unknownRadio.isChecked()

    def _mark(self, edit: QLineEdit, reason: str | None) -> None:
        edit.setStyleSheet(BAD_CSS if reason else "")
        edit.setToolTip(reason or edit.property("plainTip") or "")

    def _throws(self) -> tuple[int, ...]:
        try:
            throws = tuple(parse_numbers(self.throwsEdit.text(), "throw", int))
            faces = self.facesSpin.value()
            for n, t in enumerate(throws, start=1):
                if not 1 <= t <= faces:
                    raise ValueError(f"throw {n}: must be between 1 and {faces}, got {t}")
            if not 1 <= len(throws) <= yut.MAX_THROWS:
                raise ValueError(f"give between 1 and {yut.MAX_THROWS} throws, got {len(throws)}")
        except ValueError as exc:
            self._mark(self.throwsEdit, str(exc))
            raise
        self._mark(self.throwsEdit, None)
        return throws

    def _probabilities(self) -> tuple[float, ...]:
        faces = self.facesSpin.value()
        text = self.probabilitiesEdit.text()
        try:
            values = parse_numbers(text, "probability", float)
            if not values:
                probabilities = yut.uniform(faces)
            else:
                if len(values) != faces:
                    raise ValueError(f"give {faces} face probabilities, got {len(values)}")
                total = sum(values)
                if abs(total - 100) < 1e-6:
                    values = [v / 100 for v in values]
                probabilities = tuple(values)
                yut.ExpectInputs(1, 1, probabilities)
        except ValueError as exc:
            self._mark(self.probabilitiesEdit, str(exc))
            raise
        self._mark(self.probabilitiesEdit, None)
        return probabilities

    def read_inputs(self) -> yut.YutInputs | yut.ExpectInputs:
        """The known-throw or the unknown-throw problem described by the form."""
        try:
            board = self.editor.board()
        except ValueError as exc:
            raise ValueError(f"board: {exc}") from None
        pieces = self.piecesSpin.value()
        if self.unknown_mode:
            self._mark(self.throwsEdit, None)
            return yut.ExpectInputs(self.turnsSpin.value(), pieces, self._probabilities(), board)
        self._mark(self.probabilitiesEdit, None)
        return yut.YutInputs(self._throws(), pieces, self.facesSpin.value(), board)

    def set_inputs(self, inputs: yut.YutInputs | yut.ExpectInputs) -> None:
        """Show ``inputs`` in the form (and their board in the editor)."""
        self.piecesSpin.setValue(inputs.pieces)
        if isinstance(inputs, yut.ExpectInputs):
            self.unknownRadio.setChecked(True)
            self.facesSpin.setValue(inputs.faces)
            self.turnsSpin.setValue(inputs.turns)
            uniform = inputs.probabilities == yut.uniform(inputs.faces)
            self.probabilitiesEdit.setText(
                "" if uniform else " ".join(f"{p:g}" for p in inputs.probabilities)
            )
        else:
            self.knownRadio.setChecked(True)
            self.facesSpin.setValue(inputs.faces)
            self.throwsEdit.setText(" ".join(map(str, inputs.throws)))
        try:
            same = self.editor.board() == inputs.board
        except ValueError:
            same = False
        if not same:
            self.editor.set_board(inputs.board)

    def parse_judge_text(self, text: str) -> list[Any]:
        """Judge files hold throws only: keep the board and pieces of the form."""
        try:
            board = self.editor.board()
        except ValueError:
            board = yut.standard_board()
        faces = max(5, self.facesSpin.value())
        return list(yut.parse_judge(text, board, self.piecesSpin.value(), faces))

    def apply_options(self, options: Mapping[str, Any]) -> None:
        """Set pieces, faces, turns, mode and board from ``{Option.name: value}``."""
        self.piecesSpin.setValue(int(options.get("pieces", 4)))
        self.facesSpin.setValue(int(options.get("faces", 5)))
        self.turnsSpin.setValue(int(options.get("turns", 10)))
        (self.unknownRadio if options.get("expected") else self.knownRadio).setChecked(True)
        board = options.get("board")
        if isinstance(board, yut.Board):
            self.editor.set_board(board)

    def random_throws(self) -> None:
        """Fill the throws with random die results."""
        try:
            count = len(parse_numbers(self.throwsEdit.text(), "throw", int)) or 10
        except ValueError:
            count = 10
        faces = self.facesSpin.value()
        count = min(count, yut.MAX_THROWS)
        self.throwsEdit.setText(" ".join(str(random.randint(1, faces)) for _ in range(count)))

    def state(self) -> dict[str, Any]:
        """The form as typed, the board as edited."""
        return {
            "mode": "unknown" if self.unknown_mode else "known",
            "throws": self.throwsEdit.text(),
            "pieces": self.piecesSpin.value(),
            "faces": self.facesSpin.value(),
            "turns": self.turnsSpin.value(),
            "probabilities": self.probabilitiesEdit.text(),
            "board": self.editor.data,
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the form from a session."""
        mode = state["mode"]
        if mode not in ("known", "unknown"):
            raise ValueError(f"unknown mode {mode!r}")
        numbers = [state[k] for k in ("pieces", "faces", "turns")]
        if not all(isinstance(n, int) for n in numbers):
            raise ValueError("pieces, faces and turns must be whole numbers")
        texts = [state[k] for k in ("throws", "probabilities")]
        if not all(isinstance(t, str) for t in texts):
            raise ValueError("throws and probabilities must be text")
        self.editor.set_data(state["board"])
        (self.unknownRadio if mode == "unknown" else self.knownRadio).setChecked(True)
        self.piecesSpin.setValue(numbers[0])
        self.facesSpin.setValue(numbers[1])
        self.turnsSpin.setValue(numbers[2])
        self.throwsEdit.setText(texts[0])
        self.probabilitiesEdit.setText(texts[1])

    def _mode_changed(self) -> None:
        unknown = self.unknown_mode
        self.throwsEdit.setEnabled(not unknown)
        self.randomButton.setEnabled(not unknown)
        self.turnsSpin.setEnabled(unknown)
        self.probabilitiesEdit.setEnabled(unknown)
        self.inputs_changed()

    def _board_edited(self) -> None:
        self.inputs_changed()
        view = self.boardView
        self.boardView.show_board(
            Sketch.from_data(self.editor.data), view.positions, view.path, view.moved_piece
        )
        view.select_square(self.editor.selected)

    # ----- results ---------------------------------------------------------------------------
    def result_text(self, result: yut.YutResult | yut.ExpectResult) -> str:
        """The maximum (judge answer) or the expectation."""
        if isinstance(result, yut.ExpectResult):
            inputs = result.inputs
            return (
                f"Expected score with best play: {result.expected:.3f} "
                f"({inputs.turns} unknown throws, {inputs.pieces} pieces)"
            )
        return f"Maximum score: {result.best}"

    def show_result(self, result: yut.YutResult | yut.ExpectResult) -> None:
        """The line (known throws) or the play-along panel (unknown throws)."""
        if isinstance(result, yut.ExpectResult):
            self.linePanel.clear()
            self.views.setCurrentWidget(self.expectPanel)
            self.expectPanel.set_result(result)
            return
        self.expectPanel.set_result(None)
        self.views.setCurrentWidget(self.linePanel)
        self.linePanel.show_line(result.inputs.board, result.line)

    def clear_result(self) -> None:
        """Back to the bare board with every piece on the start."""
        self.linePanel.clear()
        self.expectPanel.set_result(None)
        self._draw_start()

    def show_step(self, index: int) -> None:
        """Draw the board after step ``index`` of the line (-1: before the first)."""
        result = self.result
        if not isinstance(result, yut.YutResult):
            return
        board = result.inputs.board
        if index < 0:
            self._show_position((board.start,) * result.inputs.pieces, (), 0)
            return
        step = result.line[index]
        self._show_position(step.positions, step.path, step.piece or 0)

    def _show_position(self, positions: Any, path: Any, piece: int) -> None:
        sketch = Sketch.from_data(self.editor.data)
        self.boardView.show_board(sketch, tuple(positions), tuple(path), piece or None)
        self.boardView.select_square(self.editor.selected)

    def _draw_start(self) -> None:
        sketch = Sketch.from_data(self.editor.data)
        self._show_position((sketch.start,) * self.piecesSpin.value(), (), 0)

    # ----- screenshots -----------------------------------------------------------------------
    def screenshot_invalid(self) -> None:
        """A bad throw in the form."""
        self.throwsEdit.setText("1 2 3 9 1 2 3 4 1 2")

    def screenshot_states(self) -> list[tuple[str, Any]]:
        """A step of the line, board editing, unknown-throws advice."""

        def step() -> None:
            self.linePanel.go(3)

        def edit() -> None:
            self.editor.editCheck.setChecked(True)
            self.editor.select("o20")

        def unknown() -> None:
            self.editor.editCheck.setChecked(False)
            self.editor.select(None)
            self.unknownRadio.setChecked(True)
            self.solve()
            while self.busy:
                QApplication.processEvents()
            self.expectPanel.throwSpin.setValue(4)
            self.expectPanel.play_selected()
            self.expectPanel.throwSpin.setValue(3)

        return [("step4", step), ("edit", edit), ("unknown", unknown)]
