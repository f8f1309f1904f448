"""Editing the board: select, add, delete and drag squares, set scores and arrows, files.

The editor keeps the board as plain dicts (as in the JSON file) so it can be
invalid while the user works on it; ``board()`` builds the checked ``Board``
or raises ``ValueError`` listing what is wrong.
"""

from __future__ import annotations

import copy
import html
import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.files import atomic_write, load_json
from gui.widgets.fields import NumberField
from gui.widgets.theme import ROLE, colour_css
from solvers.i18n import N_, _
from solvers.yut import MAX_BOARD_BYTES, Board, board_from_json, board_to_json, standard_board
from solvers.yut.board import MAX_NAME_CHARS, MAX_SCORE

from .model import check_board
from .names import data_names

__all__ = ["BoardEditor"]

NO_ARROW = N_("— none —")
#: Added to the name of a board whose rules were edited here (the file keeps it in English).
EDITED = " (edited)"
#: Board names the app writes itself, translated where they are shown (a file's own name
#: is shown as it is).
KNOWN_NAMES = (N_("Standard (Baekjoon 17825)"), N_("custom board"))


def shown_name(name: str) -> str:
    """A board's name as the editor shows it: the app's own names in the language spoken."""
    if name.endswith(EDITED):
        base = name[: -len(EDITED)]
        return _("{name} (edited)").format(name=_(base) if base in KNOWN_NAMES else base)
    return _(name) if name in KNOWN_NAMES else name


class BoardEditor(QGroupBox):
    """The board being edited, its form, and the arrow-by-click mode."""

    changed = Signal()
    selection_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Board"), parent)
        self.data: dict[str, Any] = board_to_json(standard_board())
        self.selected: str | None = None
        #: "red" or "blue" while waiting for the click on an arrow's target.
        self.arrow_mode: str | None = None
        self._updating = False

        self.editCheck = QCheckBox(_("Edit on the drawing (drag squares, click to select)"))
        self.editCheck.setObjectName("editBoardCheck")
        self.nameLabel = QLabel()
        self.selectedLabel = QLabel(_("Click a square on the drawing."))
        self.selectedLabel.setObjectName("selectedSquareLabel")
        self.scoreSpin = NumberField()
        self.scoreSpin.setObjectName("squareScoreSpin")
        self.scoreSpin.setRange(-MAX_SCORE, MAX_SCORE)
        self.redCombo = QComboBox()
        self.redCombo.setObjectName("redArrowCombo")
        self.blueCombo = QComboBox()
        self.blueCombo.setObjectName("blueArrowCombo")
        self.redClickButton = QPushButton(_("Red arrow: click target"))
        self.redClickButton.setToolTip(_("Then click the square the red arrow should point to"))
        self.blueClickButton = QPushButton(_("Blue arrow: click target"))
        self.blueClickButton.setToolTip(_("Then click the square the blue arrow should point to"))
        for button, colour in ((self.redClickButton, "red"), (self.blueClickButton, "blue")):
            button.setCheckable(True)
            button.toggled.connect(lambda on, c=colour: self._arm(c if on else None))
        self.addButton = QPushButton(_("Add square"))
        self.addButton.setToolTip(_("A new square after the selected one, on its red path"))
        self.deleteButton = QPushButton(_("Delete square"))
        self.deleteButton.setToolTip(_("Arrows into it then skip to its red successor"))
        self.loadButton = QPushButton(_("Load JSON…"))
        self.saveButton = QPushButton(_("Save JSON…"))
        self.resetButton = QPushButton(_("Reset to standard"))
        self.problemsLabel = QLabel()
        self.problemsLabel.setObjectName("boardProblemsLabel")
        self.problemsLabel.setWordWrap(True)
        self.problemsLabel.setStyleSheet(colour_css(ROLE.error_text))

        form = QFormLayout()
        form.addRow(_("Square:"), self.selectedLabel)
        form.addRow(_("Score:"), self.scoreSpin)
        form.addRow(_("Red arrow to:"), self.redCombo)
        form.addRow(_("Blue arrow to:"), self.blueCombo)
        buttons = QGridLayout()
        for i, button in enumerate(
            (
                self.redClickButton,
                self.blueClickButton,
                self.addButton,
                self.deleteButton,
                self.loadButton,
                self.saveButton,
                self.resetButton,
            )
        ):
            buttons.addWidget(button, i // 2, i % 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.nameLabel)
        layout.addWidget(self.editCheck)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.problemsLabel)

        self.scoreSpin.valueChanged.connect(self._score_edited)
        # Items show square names; their data is the id the board JSON needs.
        self.redCombo.currentIndexChanged.connect(lambda _: self._arrow_edited("red"))
        self.blueCombo.currentIndexChanged.connect(lambda _: self._arrow_edited("blue"))
        self.addButton.clicked.connect(self.add_square)
        self.deleteButton.clicked.connect(self.delete_selected)
        self.resetButton.clicked.connect(lambda: self.set_board(standard_board()))
        self.loadButton.clicked.connect(self._choose_load)
        self.saveButton.clicked.connect(self._choose_save)
        self._refresh()

    # ----- the board -------------------------------------------------------------------------
    def board(self) -> Board:
        """The edited board, checked; ``ValueError`` says what is wrong."""
        return board_from_json(self.data)

    def set_board(self, board: Board) -> None:
        """Replace the edited board."""
        self.set_data(board_to_json(board))

    def set_data(self, data: dict[str, Any]) -> None:
        """Replace the edited board by JSON data (may be invalid: problems are shown).

        ValueError (``model.check_board``) when the editor cannot even list its squares.
        """
        # A copy: the editor changes its board in place, and ``data`` may be an undo step's.
        self.data = copy.deepcopy(check_board(data))
        self.selected = None
        self._changed()

    def load_file(self, path: str | Path) -> None:
        """Load board JSON; ``ValueError``/``OSError`` leave the board as it was."""
        # Size and nesting limits: a hostile file is refused, never a RecursionError.
        data = load_json(path, max_bytes=MAX_BOARD_BYTES)
        board_from_json(data)  # refuse broken files up front, with the reason
        self.set_data(data)

    def save_file(self, path: str | Path) -> None:
        """Write the edited board as JSON (the file format ``load_file`` reads)."""
        atomic_write(path, json.dumps(self.data, indent=1) + "\n")

    def _square(self, square_id: str | None) -> dict[str, Any] | None:
        return next((s for s in self.data["squares"] if s.get("id") == square_id), None)

    def ids(self) -> list[str]:
        """Every square id, in file order."""
        return [str(s["id"]) for s in self.data["squares"]]

    # ----- edits -----------------------------------------------------------------------------
    def select(self, square_id: str | None) -> None:
        """Make ``square_id`` the square the form edits."""
        self.selected = square_id if self._square(square_id) is not None else None
        self._refresh()
        self.selection_changed.emit(self.selected or "")

    def square_clicked(self, square_id: str) -> None:
        """A click on the drawing: set an armed arrow, else select."""
        if self.arrow_mode is not None and self.selected is not None:
            self.set_arrow(self.selected, self.arrow_mode, square_id)
            self.redClickButton.setChecked(False)
            self.blueClickButton.setChecked(False)
            return
        self.select(square_id)

    def set_arrow(self, source: str, colour: str, target: str | None) -> None:
        """Point ``source``'s red or blue arrow at ``target`` (None removes it)."""
        square = self._square(source)
        if square is None:
            return
        if target is None:
            square.pop(colour, None)
        else:
            square[colour] = target
        self._changed(rules=True)

    def set_score(self, square_id: str, score: int) -> None:
        """Change a square's score."""
        square = self._square(square_id)
        if square is not None and square.get("score") != score:
            square["score"] = score
            self._changed(rules=True)

    def move_square(self, square_id: str, x: float, y: float) -> None:
        """Move a square on the drawing."""
        square = self._square(square_id)
        if square is not None:
            square["x"], square["y"] = x, y
            self._changed()

    def add_square(self) -> str:
        """Insert a square after the selected one (or before the end) on its red path."""
        ids = set(self.ids())
        number = 1
        while f"n{number}" in ids:
            number += 1
        new_id = f"n{number}"
        after = self._square(self.selected)
        if after is None or after.get("id") == self.data.get("end"):
            after = next(
                (s for s in self.data["squares"] if s.get("red") == self.data.get("end")), None
            )
        item: dict[str, Any] = {"id": new_id, "score": 0, "x": 0.0, "y": 0.0}
        if after is not None:
            item["x"] = float(after.get("x", 0)) + 0.8
            item["y"] = float(after.get("y", 0)) + 0.8
            if after.get("red") is not None:
                item["red"] = after["red"]
            after["red"] = new_id
        else:
            item["red"] = self.data.get("end")
        self.data["squares"].append(item)
        self.selected = new_id
        self._changed(rules=True)
        return new_id

    def delete_selected(self) -> None:
        """Delete the selected square; arrows into it skip to its red successor."""
        square = self._square(self.selected)
        if square is None or square["id"] in (self.data.get("start"), self.data.get("end")):
            return
        gone, onward = square["id"], square.get("red")
        self.data["squares"].remove(square)
        for other in self.data["squares"]:
            for colour in ("red", "blue"):
                if other.get(colour) == gone:
                    if onward is None or (colour == "blue" and onward == other["id"]):
                        other.pop(colour)
                    else:
                        other[colour] = onward
        self.selected = None
        self._changed(rules=True)

    # ----- form ------------------------------------------------------------------------------
    def _arm(self, colour: str | None) -> None:
        self.arrow_mode = colour
        for button, c in ((self.redClickButton, "red"), (self.blueClickButton, "blue")):
            if c != colour and button.isChecked():
                button.setChecked(False)

    def _score_edited(self, value: int) -> None:
        if not self._updating and self.selected is not None:
            self.set_score(self.selected, value)

    def _arrow_edited(self, colour: str) -> None:
        combo = self.redCombo if colour == "red" else self.blueCombo
        if not self._updating and self.selected is not None and combo.currentIndex() >= 0:
            target = combo.currentData()
            self.set_arrow(self.selected, colour, None if target is None else str(target))

    def _changed(self, rules: bool = False) -> None:
        """``rules``: a score, an arrow or a square changed, not only where one is drawn."""
        if rules:  # the board is no longer the one its name says (the standard one, say)
            name = str(self.data.get("name") or Board.name)
            if not name.endswith(EDITED):  # cut to leave room: an edited board still loads
                self.data["name"] = name[: MAX_NAME_CHARS - len(EDITED)] + EDITED
        self._refresh()
        self.changed.emit()

    def retranslate(self) -> None:
        """The board's name, the squares' names and its problems in the language spoken now."""
        self._refresh()

    def _refresh(self) -> None:
        self._updating = True
        try:
            name = shown_name(str(self.data.get("name", Board.name)))
            self.nameLabel.setText("<b>" + html.escape(name) + "</b>")
            square = self._square(self.selected)
            enabled = square is not None
            for widget in (self.scoreSpin, self.redCombo, self.blueCombo, self.deleteButton):
                widget.setEnabled(enabled)
            for widget in (self.redClickButton, self.blueClickButton):
                widget.setEnabled(enabled)
            names = data_names(self.data)
            for combo, colour in ((self.redCombo, "red"), (self.blueCombo, "blue")):
                combo.clear()
                combo.addItem(_(NO_ARROW), None)
                for square_id in self.ids():
                    combo.addItem(names.get(square_id, square_id), square_id)
                if square is not None:
                    combo.setCurrentIndex(max(0, combo.findData(square.get(colour))))
            if square is not None:
                shown = html.escape(names.get(square["id"], square["id"]))
                self.selectedLabel.setText("<b>" + shown + "</b>")
                score = square.get("score", 0)
                # A score outside the spin box (2**31 from a file) is shown clamped;
                # the problems line below says it is out of range.
                value = score if isinstance(score, int) and not isinstance(score, bool) else 0
                self.scoreSpin.setValue(max(-MAX_SCORE, min(MAX_SCORE, value)))
            else:
                self.selectedLabel.setText(_("Click a square on the drawing."))
            try:
                self.board()
                self.problemsLabel.setText("")
            except ValueError as exc:
                self.problemsLabel.setText(str(exc))
        finally:
            self._updating = False

    def _choose_load(self) -> None:
        path, _kind = QFileDialog.getOpenFileName(
            self, _("Load board"), "", _("Board JSON (*.json)")
        )
        if path:
            try:
                self.load_file(path)
            except (OSError, ValueError) as exc:
                self.problemsLabel.setText(
                    _("Cannot load {file}: {reason}").format(file=Path(path).name, reason=exc)
                )

    def _choose_save(self) -> None:
        path, _kind = QFileDialog.getSaveFileName(
            self, _("Save board"), "board.json", "JSON (*.json)"
        )
        if path:
            try:
                self.save_file(path)
            except OSError as exc:
                self.problemsLabel.setText(_("Cannot save: {reason}").format(reason=exc))
