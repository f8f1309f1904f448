"""The Dice Yut form: the mode, throws or turns, pieces, die faces and the board editor.

The form turns what is typed into ``YutInputs`` (known throws) or
``ExpectInputs`` (unknown throws), marks the field at fault, and reads and
writes sessions and judge options. It knows nothing of solving or playing.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from gui.widgets.fields import NumberField, mark_invalid
from solvers import yut
from solvers.i18n import N_, _
from solvers.protocol import split_numbers
from solvers.yut.known import throw_problem

from .board_editor import BoardEditor
from .model import FIRST, LABELS, RANGES, check_state, state_of

__all__ = ["YutForm", "parse_numbers"]


#: What a word that is not a number is told, by the list it is in.
NOT_A_THROW = N_("throw {n}: {word} is not a whole number")
NOT_A_PROBABILITY = N_("probability {n}: {word} is not a number")


def parse_numbers(text: str, refusal: str, kind: type[int] | type[float]) -> list[Any]:
    """Numbers separated by spaces or commas; ``ValueError`` names the bad one.

    ``refusal`` is the English message for a bad word, with fields ``{n}`` (its place)
    and ``{word}``, e.g. ``NOT_A_THROW``.
    """
    values: list[Any] = []
    for n, word in enumerate(split_numbers(text), start=1):
        try:
            values.append(kind(word))
        except ValueError:
            raise ValueError(_(refusal).format(n=n, word=repr(word))) from None
    return values


def _spin(field: str) -> NumberField:
    """The number field of state entry ``field`` (``piecesSpin`` for ``pieces``)."""
    spin = NumberField()
    spin.setObjectName(f"{field}Spin")
    spin.setRange(1, RANGES[field])
    spin.setValue(FIRST[field])
    return spin


class YutForm(QWidget):
    """Game options and the board; ``edited`` fires on every change the user makes."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.knownRadio = QRadioButton(_("Known throws (maximum score)"))
        self.knownRadio.setObjectName("knownRadio")
        self.unknownRadio = QRadioButton(_("Unknown throws (expected score)"))
        self.unknownRadio.setObjectName("unknownRadio")
        self.knownRadio.setChecked(True)
        self.modeButtons = QButtonGroup(self)
        self.modeButtons.addButton(self.knownRadio, 0)
        self.modeButtons.addButton(self.unknownRadio, 1)
        self.throwsEdit = QLineEdit(FIRST["throws"])
        self.throwsEdit.setObjectName("throwsEdit")
        self.retranslate()
        self.randomButton = QPushButton(_("Random"))
        self.randomButton.setObjectName("randomButton")
        self.randomButton.setToolTip(_("Random throws (as many as now, 10 if none)"))
        self.piecesSpin = _spin("pieces")
        self.facesSpin = _spin("faces")
        self.turnsSpin = _spin("turns")
        self.probabilitiesEdit = QLineEdit(FIRST["probabilities"])
        self.probabilitiesEdit.setObjectName("probabilitiesEdit")
        self.probabilitiesEdit.setPlaceholderText(_("equally likely"))
        self.probabilitiesEdit.setToolTip(
            _(
                "P(face 1) … P(face F), summing to 1 (or percentages summing to 100); "
                "empty: every face equally likely"
            )
        )
        throws_row = QHBoxLayout()
        throws_row.addWidget(self.throwsEdit, 1)
        throws_row.addWidget(self.randomButton)
        game_box = QGroupBox(_("Game"))
        form = QFormLayout(game_box)
        form.addRow(self.knownRadio)
        form.addRow(_("Throws:"), throws_row)
        form.addRow(self.unknownRadio)
        form.addRow(_(LABELS["turns"]), self.turnsSpin)
        form.addRow(_("Face probabilities:"), self.probabilitiesEdit)
        form.addRow(_(LABELS["pieces"]), self.piecesSpin)
        form.addRow(_(LABELS["faces"]), self.facesSpin)
        self.editor = BoardEditor()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(game_box)
        layout.addWidget(self.editor)
        layout.addStretch(1)

        for edit in (self.throwsEdit, self.probabilitiesEdit):
            edit.textChanged.connect(lambda _: self.edited.emit())
        for spin in (self.piecesSpin, self.facesSpin, self.turnsSpin):
            spin.valueChanged.connect(lambda _: self.edited.emit())
        self.modeButtons.idToggled.connect(lambda _id, on: self._mode_changed() if on else None)
        self.randomButton.clicked.connect(self.random_throws)
        self._mode_changed(notify=False)

    def retranslate(self) -> None:
        """The texts made with numbers, in the language spoken now."""
        most = yut.MAX_THROWS
        tip = _("The die results in order, 1 to {most} of them").format(most=most)
        self.throwsEdit.setToolTip(tip)

    @property
    def unknown_mode(self) -> bool:
        """Whether the form asks for the expectation rather than the best line."""
        return self.unknownRadio.isChecked()

    def _mode_changed(self, notify: bool = True) -> None:
        unknown = self.unknown_mode
        self.throwsEdit.setEnabled(not unknown)
        self.randomButton.setEnabled(not unknown)
        self.turnsSpin.setEnabled(unknown)
        self.probabilitiesEdit.setEnabled(unknown)
        if notify:
            self.edited.emit()

    # ----- reading -----------------------------------------------------------------------------
    def _throws(self) -> tuple[int, ...]:
        try:
            throws = tuple(parse_numbers(self.throwsEdit.text(), NOT_A_THROW, int))
            faces = self.facesSpin.value()
            for n, t in enumerate(throws, start=1):
                if not 1 <= t <= faces:
                    raise ValueError(throw_problem(n, faces, t))
            if not 1 <= len(throws) <= yut.MAX_THROWS:
                raise ValueError(
                    _("give between 1 and {most} throws, got {count}").format(
                        most=yut.MAX_THROWS, count=len(throws)
                    )
                )
        except ValueError as exc:
            mark_invalid(self.throwsEdit, str(exc))
            raise
        mark_invalid(self.throwsEdit, None)
        return throws

    def _probabilities(self) -> tuple[float, ...]:
        faces = self.facesSpin.value()
        try:
            values = parse_numbers(self.probabilitiesEdit.text(), NOT_A_PROBABILITY, float)
            if not values:
                probabilities = yut.uniform(faces)
            else:
                if len(values) != faces:
                    raise ValueError(
                        _("give {faces} face probabilities, got {count}").format(
                            faces=faces, count=len(values)
                        )
                    )
                if abs(sum(values) - 100) < 1e-6:
                    values = [v / 100 for v in values]
                probabilities = tuple(values)
                yut.ExpectInputs(1, 1, probabilities)  # checks every probability
        except ValueError as exc:
            mark_invalid(self.probabilitiesEdit, str(exc))
            raise
        mark_invalid(self.probabilitiesEdit, None)
        return probabilities

    def board(self) -> yut.Board:
        """The edited board; ``ValueError`` starting "board:" when it is not playable."""
        try:
            return self.editor.board()
        except ValueError as exc:
            raise ValueError(_("board: {problem}").format(problem=exc)) from None

    def read_inputs(self) -> yut.YutInputs | yut.ExpectInputs:
        """The known-throw or the unknown-throw problem described by the form."""
        board = self.board()
        pieces = self.piecesSpin.value()
        if self.unknown_mode:
            mark_invalid(self.throwsEdit, None)
            return yut.ExpectInputs(self.turnsSpin.value(), pieces, self._probabilities(), board)
        mark_invalid(self.probabilitiesEdit, None)
        return yut.YutInputs(self._throws(), pieces, self.facesSpin.value(), board)

    def judge_options(self) -> dict[str, Any]:
        """Keywords of ``yut.parse_judge`` for a judge file read into this form."""
        try:
            board = self.editor.board()
        except ValueError:
            board = yut.standard_board()
        # Judge files hold throws 1..5: a smaller die would refuse them.
        return {
            "board": board,
            "pieces": self.piecesSpin.value(),
            "faces": max(5, self.facesSpin.value()),
        }

    # ----- writing -----------------------------------------------------------------------------
    def set_inputs(self, inputs: yut.YutInputs | yut.ExpectInputs) -> None:
        """Show ``inputs`` in the form (and their board in the editor)."""
        self.restore(state_of(inputs))

    def apply_options(self, options: Mapping[str, Any]) -> None:
        """Set pieces, faces, turns, mode and board from ``{Option.name: value}``."""
        self.piecesSpin.setValue(int(options.get("pieces", FIRST["pieces"])))
        self.facesSpin.setValue(int(options.get("faces", FIRST["faces"])))
        self.turnsSpin.setValue(int(options.get("turns", FIRST["turns"])))
        (self.unknownRadio if options.get("expected") else self.knownRadio).setChecked(True)
        board = options.get("board")
        if isinstance(board, yut.Board):
            self.editor.set_board(board)

    def random_throws(self) -> None:
        """Fill the throws with random die results."""
        try:
            count = len(parse_numbers(self.throwsEdit.text(), NOT_A_THROW, int)) or 10
        except ValueError:
            count = 10
        faces = self.facesSpin.value()
        count = min(count, yut.MAX_THROWS)
        self.throwsEdit.setText(" ".join(str(random.randint(1, faces)) for _ in range(count)))

    # ----- sessions ----------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The form as typed, the board as edited."""
        return {
            "mode": "unknown" if self.unknown_mode else "known",
            "throws": self.throwsEdit.text(),
            "pieces": self.piecesSpin.value(),
            "faces": self.facesSpin.value(),
            "turns": self.turnsSpin.value(),
            "probabilities": self.probabilitiesEdit.text(),
            # A copy: the editor changes its board in place, and an undo step keeps this one.
            "board": copy.deepcopy(self.editor.data),
        }

    def restore(self, state: Mapping[str, Any]) -> None:
        """Fill the form from ``state()`` data (``model.check_state`` refuses a bad one first)."""
        state = check_state(state)
        if state["board"] != self.editor.data:  # an unchanged board keeps its selected square
            self.editor.set_data(state["board"])
        (self.unknownRadio if state["mode"] == "unknown" else self.knownRadio).setChecked(True)
        self.piecesSpin.setValue(state["pieces"])
        self.facesSpin.setValue(state["faces"])
        self.turnsSpin.setValue(state["turns"])
        self.throwsEdit.setText(state["throws"])
        self.probabilitiesEdit.setText(state["probabilities"])
