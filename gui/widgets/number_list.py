"""An editable list of whole numbers (Nim piles, Xoinc coins) with validation.

``NumberListModel`` keeps what the user typed: a bad entry stays in its cell,
marked red with the reason as tooltip, and ``setData`` returns False for it,
so nothing typed is lost and Solve can be disabled until it is fixed.
Read-only annotation columns (Grundy value, who takes the coin, ...) and row
highlights are set by the tab after a solve.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.form_state import list_too_long, noun, number_text
from gui.widgets.fields import NumberField
from gui.widgets.grid_model import Header, ValidatedGridModel
from gui.widgets.grid_view import GridView
from solvers.i18n import _, pgettext
from solvers.protocol import split_numbers

__all__ = ["NumberListEditor", "NumberListModel"]


class NumberListModel(ValidatedGridModel):
    """Column 0: the editable number; further columns: read-only annotations."""

    def __init__(
        self, header: Header, lo: int, hi: int, annotation_headers: Sequence[Header] = ()
    ) -> None:
        super().__init__([header, *annotation_headers], editable=(0,))
        self.header = header
        self.lo, self.hi = lo, hi

    def row_word(self) -> str:
        """What a row is called in errors ("pile 3: ..."), in the language spoken now."""
        return noun(self.row_name)

    def check(self, text: str) -> str | None:
        """Why ``text`` is not an allowed number, or None (worded as a number field's)."""
        lo, hi = f"{self.lo:,}", f"{self.hi:,}"
        if not text:
            return _("empty: type a whole number from {lo} to {hi}").format(lo=lo, hi=hi)
        try:
            value = int(text)
        except ValueError:
            reason = _("must be a whole number from {lo} to {hi}, not {text}")
            return reason.format(lo=lo, hi=hi, text=repr(text))
        if not self.lo <= value <= self.hi:
            reason = _("must be from {lo} to {hi}, not {value}")
            return reason.format(lo=lo, hi=hi, value=f"{value:,}")
        return None

    def check_cell(self, row: int, column: int, text: str) -> str | None:
        """Each entry is a whole number in range."""
        return self.check(text)

    def normalize(self, column: int, text: str) -> str:
        """Digit group separators typed by the user are dropped."""
        return number_text(text)

    def display_text(self, row: int, column: int, text: str) -> str:
        """Numbers with thousands separators."""
        return f"{int(text):,}" if column == 0 else text

    def set_texts(self, texts: Sequence[str]) -> None:
        """Replace every entry (bad ones are kept and marked)."""
        self.set_rows([[t] for t in texts])

    def set_values(self, values: Sequence[int]) -> None:
        """Replace every entry with ``values``."""
        self.set_texts([str(v) for v in values])

    def texts(self) -> list[str]:
        """What the user typed, row by row."""
        return [row[0] for row in self.rows()]

    def values(self) -> list[int]:
        """The numbers; ValueError naming the first bad row (1-based)."""
        if not self.rowCount():
            raise ValueError(_("add at least one {name}").format(name=self.row_word()))
        error = self.first_error()
        if error is not None:
            raise ValueError(error[1])
        return [int(t) for t in self.texts()]

    def values_or_zero(self) -> list[int]:
        """The numbers with 0 for each bad entry: a chart keeps the valid ones in place."""
        return [0 if self.check(t) else int(t) for t in self.texts()]

    def first_error_row(self) -> int | None:
        """0-based row of the first bad entry."""
        error = self.first_error()
        return None if error is None else error[0]

    def set_annotations(
        self, notes: Sequence[Sequence[str]] | None, colours: Sequence[QColor | None] | None = None
    ) -> None:
        """Fill the annotation columns and row colours (None clears them)."""
        self.set_notes(notes, colours)

    def insert(self, row: int, text: str) -> None:
        """Insert an entry before ``row``."""
        self.insert_rows(row, [[text]])

    def remove(self, rows: Sequence[int]) -> None:
        """Delete the given rows."""
        self.remove_rows(rows)

    def move(self, row: int, target: int) -> bool:
        """Move ``row`` so that it ends up before the row now at ``target``."""
        return self.move_row(row, target)


class NumberListEditor(QWidget):
    """A table of numbers with add/remove/reorder/paste/random controls.

    ``max_rows`` is the longest list the solver accepts: a longer paste is refused before
    any row is built (``refused`` says why), so a million pasted numbers never fill a table.
    """

    #: A paste was refused; the argument says why, for the tab's message line.
    refused = Signal(str)

    def __init__(
        self,
        header: Header,
        lo: int,
        hi: int,
        annotation_headers: Sequence[Header] = (),
        random_count: tuple[int, int, int] = (5, 1, 100),
        random_max: int = 20,
        parent: QWidget | None = None,
        max_rows: int | None = None,
        noun: str = "numbers",
    ) -> None:
        super().__init__(parent)
        self.max_rows = max_rows
        self.noun = noun
        self.model = NumberListModel(header, lo, hi, annotation_headers)
        self.model.row_name = {"piles": "pile", "coins": "coin"}.get(noun, "row")
        self.view = GridView()
        self.view.setObjectName("numberTable")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.paste_handler = self._paste_keys
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.view.setDragEnabled(True)
        self.view.setAcceptDrops(True)
        self.view.setDropIndicatorShown(True)
        self.view.verticalHeader().setDefaultSectionSize(22)
        header_view = self.view.horizontalHeader()
        header_view.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header_view.setStretchLastSection(True)
        # Wide enough for the largest number allowed ("1,000,000,000" for a Nim pile); a
        # note beside it (a Grundy value) is as big.
        width = max(90, self.view.fontMetrics().horizontalAdvance(f"{hi:,}") + 24)
        for column in range(len(annotation_headers)):
            self.view.setColumnWidth(column, width)

        buttons = QHBoxLayout()
        self.addButton = self._button(self.add_row)
        self.removeButton = self._button(self.remove_selected)
        self.upButton = self._button(lambda: self.move_selected(-1))
        self.downButton = self._button(lambda: self.move_selected(1))
        self.pasteButton = self._button(self.paste)
        for b in (
            self.addButton,
            self.removeButton,
            self.upButton,
            self.downButton,
            self.pasteButton,
        ):
            buttons.addWidget(b)
        buttons.addStretch(1)
        randoms = QHBoxLayout()
        self.randomCount = NumberField(solve_input=False)
        self.randomCount.setRange(random_count[1], random_count[2])
        self.randomCount.setValue(random_count[0])
        self.randomMax = NumberField(solve_input=False)
        self.randomMax.setRange(max(lo, 1), min(hi, 2**31 - 1))
        self.randomMax.setValue(random_max)
        self.randomMax.setGroupSeparatorShown(True)
        self.randomButton = self._button(self.randomize)
        for field in (self.randomCount, self.randomMax):
            field.lineEdit().textChanged.connect(lambda *_: self._random_ready())
            field.valueChanged.connect(lambda *_: self._random_ready())
        self._up_to = QLabel()
        randoms.addWidget(self.randomButton)
        randoms.addWidget(self.randomCount)
        randoms.addWidget(self._up_to)
        randoms.addWidget(self.randomMax)
        randoms.addStretch(1)
        self._name_parts()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addLayout(randoms)
        layout.addWidget(self.view, 1)

    def retranslate(self) -> None:
        """Say the buttons, headers and every reason again in the language spoken now.

        Short words (Add, Paste, Random) are other areas' words too, which ``gui.i18n``
        cannot tell apart: the editor says its own.
        """
        self._name_parts()
        self.model.retranslate()
        self.randomCount.retranslate()
        self.randomMax.retranslate()

    def _name_parts(self) -> None:
        for button, text, tip in (
            (self.addButton, _("Add"), _("Add an entry below the selection")),
            (self.removeButton, _("Remove"), _("Remove selected rows")),
            (self.upButton, "▲", _("Move up")),
            (self.downButton, "▼", _("Move down")),
            (self.pasteButton, _("Paste"), _("Replace the list with numbers from the clipboard")),
            (self.randomButton, _("Random"), _("Replace with random numbers")),
        ):
            button.setText(text)
            button.setToolTip(tip)
        self._up_to.setText(pgettext("random numbers", "up to"))
        self._random_ready()

    def _button(self, slot: Any) -> QPushButton:
        button = QPushButton()
        button.clicked.connect(lambda: slot())
        return button

    def selected_rows(self) -> list[int]:
        """Rows the user selected (0-based)."""
        return sorted({i.row() for i in self.view.selectionModel().selectedRows()})

    def add_row(self) -> None:
        """Insert a copy of the selected (or last) entry below it and start editing it."""
        rows = self.selected_rows()
        texts = self.model.texts()
        row = rows[-1] + 1 if rows else len(texts)
        text = (
            texts[row - 1]
            if texts and row > 0 and self.model.check(texts[row - 1]) is None
            else str(max(self.model.lo, 1))
        )
        self.model.insert(row, text)
        index = self.model.index(row, 0)
        self.view.setCurrentIndex(index)
        self.view.edit(index)

    def remove_selected(self) -> None:
        """Remove the selected rows."""
        self.model.remove(self.selected_rows())

    def move_selected(self, step: int) -> None:
        """Move the selected row up (-1) or down (+1)."""
        rows = self.selected_rows()
        if len(rows) != 1:
            return
        row = rows[0]
        if self.model.move(row, row + 2 if step > 0 else row - 1):
            self.view.selectRow(row + step)

    def paste(self, text: str | None = None) -> None:
        """Replace the list with the numbers in ``text`` (default: the clipboard)."""
        if text is None:
            text = QGuiApplication.clipboard().text()
        words = split_numbers(text)
        reason = self.too_many(len(words))
        if reason is not None:
            self.refused.emit(_("Paste refused: {reason}.").format(reason=reason))
        elif words:
            self.model.set_texts(words)

    def _paste_keys(self, text: str) -> None:
        """Ctrl+V: one number goes into the current cell, as in every table.

        A list of them replaces the list, as the Paste button does.
        """
        words = split_numbers(text)
        current = self.view.currentIndex()
        if len(words) == 1 and current.isValid():
            self.model.set_block(current.row(), 0, [words])
        else:
            self.paste(text)

    def too_many(self, count: int) -> str | None:
        """Why a list of ``count`` numbers cannot be loaded, or None."""
        return list_too_long(count, self.max_rows, self.noun)

    def random_problem(self) -> str | None:
        """Why Random cannot run now (its count or its top is marked red), or None."""
        return self.randomCount.problem() or self.randomMax.problem()

    def _random_ready(self) -> None:
        # A marked field is never used: Random waits until it is fixed (the red field and
        # its tooltip say why).
        self.randomButton.setEnabled(self.random_problem() is None)

    def randomize(self, seed: int | None = None) -> None:
        """Replace the list with random numbers (nothing while a random field is marked)."""
        if self.random_problem() is not None:
            return
        rng = random.Random(seed)
        top = self.randomMax.value()
        self.model.set_values(
            [rng.randint(max(self.model.lo, 1), top) for _ in range(self.randomCount.value())]
        )
