"""The digit table: one row per Cover Up column, its digits, the likely ones ticked, and p.

What the user typed stays in the cells; a bad entry is marked red with the
reason as tooltip. The judge calls the ticked digits "known candidates"; the
table calls them likely digits. During play-along the tab lays an overlay on
the rows (``views.overlay_of``): tried digits struck out, the right digit
marked, the chance of every remaining digit, and this turn's pick highlighted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QFont

from gui.widgets.theme import BAD, BEST, BEST_TEXT, SELECTED
from solvers import coverup as cu

__all__ = [
    "DIGIT_SLOTS",
    "FIRST_SLOT",
    "PICK_COL",
    "DigitRow",
    "DigitTableModel",
    "RowOverlay",
    "parse_digits",
    "slot_digits",
]

DIGITS_COL, P_COL, PICK_COL = 0, 1, 2
FIRST_SLOT = 3
DIGIT_SLOTS = cu.MAX_DIGITS
TRIED_TEXT = QColor("#9e9e9e")
Index = QModelIndex | QPersistentModelIndex


def parse_digits(text: str) -> list[int]:
    """``"1 2 3"``, ``"123"`` or ``"1,2,3"`` -> distinct digits; ValueError says why not."""
    words = text.replace(",", " ").split()
    if len(words) == 1 and len(words[0]) > 1:
        words = list(words[0])
    if not words:
        raise ValueError("type the digits offered in this column, e.g. 1 2 3")
    if not all(len(w) == 1 and w.isdigit() for w in words):
        raise ValueError(f"digits must be single digits 0-9, got {text!r}")
    digits = [int(w) for w in words]
    if len(set(digits)) != len(digits):
        raise ValueError("a digit is offered twice")
    return digits


def slot_digits(digits: list[int], likely: set[int]) -> list[int]:
    """The column's digits in the solver's slot order: the likely ones first, then the others."""
    return [d for d in digits if d in likely] + [d for d in digits if d not in likely]


@dataclass
class DigitRow:
    """One column as typed: digits text, the digits ticked as likely, p text."""

    digits_text: str
    candidates: set[int] = field(default_factory=set)
    p_text: str = "0"


@dataclass
class RowOverlay:
    """Play-along view of one row, set by the tab."""

    tried: set[int] = field(default_factory=set)
    right: int | None = None
    posterior: dict[int, float] = field(default_factory=dict)
    suggested: int | None = None
    pick_text: str = ""
    pick_tip: str = ""
    #: This turn's pick is a deliberate miss that keeps the column in reserve.
    reserve: bool = False
    marked_right: bool = False


class DigitTableModel(QAbstractTableModel):
    """Rows: columns of the game. Cells: digits, p, this turn's pick, then each digit."""

    edited = Signal()
    #: A pick was ticked or unticked as "came up right".
    marks_changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[DigitRow] = []
        self.overlay: list[RowOverlay] | None = None
        self.errors: dict[tuple[int, int], str] = {}

    # ----- contents ------------------------------------------------------------------------
    def set_rows(self, rows: Sequence[DigitRow]) -> None:
        """Replace every row (drops the play-along overlay)."""
        self.beginResetModel()
        self.rows = [DigitRow(r.digits_text, set(r.candidates), r.p_text) for r in rows]
        self.overlay = None
        self._validate()
        self.endResetModel()
        self.edited.emit()

    def digits(self, row: int) -> list[int]:
        """Digits of a row (empty when the text is bad)."""
        try:
            return parse_digits(self.rows[row].digits_text)
        except ValueError:
            return []

    def _validate(self) -> None:
        self.errors = {}
        for r, row in enumerate(self.rows):
            try:
                digits = parse_digits(row.digits_text)
            except ValueError as exc:
                self.errors[(r, DIGITS_COL)] = str(exc)
                continue
            known = [d for d in digits if d in row.candidates]
            if len(known) == len(digits):
                self.errors[(r, DIGITS_COL)] = "at least one digit must stay unticked (not likely)"
            try:
                p = float(row.p_text)
            except ValueError:
                self.errors[(r, P_COL)] = f"p must be a number between 0 and 1, got {row.p_text!r}"
                continue
            if not 0.0 <= p <= 1.0:
                self.errors[(r, P_COL)] = f"p must be between 0 and 1, got {row.p_text}"
            elif not known and p != 0.0:
                self.errors[(r, P_COL)] = "p must be 0 when no digit is ticked as likely"

    def inputs(self) -> cu.CoverUpInputs:
        """Judge-compatible inputs; ValueError names the first bad column."""
        if not self.rows:
            raise ValueError("add at least one column")
        for (r, _c), reason in sorted(self.errors.items()):
            raise ValueError(f"column {r + 1}: {reason}")
        columns = []
        for r, row in enumerate(self.rows):
            digits = parse_digits(row.digits_text)
            known = sum(d in row.candidates for d in digits)
            try:
                columns.append(cu.Column(len(digits), known, float(row.p_text)))
            except ValueError as exc:
                raise ValueError(f"column {r + 1}: {exc}") from None
        return cu.CoverUpInputs(tuple(columns))

    def set_overlay(self, overlay: list[RowOverlay] | None) -> None:
        """Show (or with None remove) the play-along view."""
        self.overlay = overlay
        self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, FIRST_SLOT + 9))

    def slot_digit(self, row: int, column: int) -> int | None:
        """The digit shown in a slot cell, if any."""
        digits = self.digits(row)
        slot = column - FIRST_SLOT
        return digits[slot] if 0 <= slot < len(digits) else None

    # ----- Qt model ------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One row per game column."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Digits, p, pick, then the digit slots."""
        return 0 if parent.isValid() else FIRST_SLOT + DIGIT_SLOTS

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        """Column titles and row names."""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Vertical:
            return f"Column {section + 1}"
        if section >= FIRST_SLOT:
            return f"#{section - FIRST_SLOT + 1}"
        return ("Digits offered", "p (ticked)", "Cover this turn")[section]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell contents, marks and highlights."""
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        row = self.rows[r]
        error = self.errors.get((r, c))
        if c in (DIGITS_COL, P_COL):
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
                return row.digits_text if c == DIGITS_COL else row.p_text
            if role == Qt.ItemDataRole.BackgroundRole and error:
                return BAD
            if role == Qt.ItemDataRole.ToolTipRole:
                return error or (
                    "The digits offered in this column (e.g. 1 2 3 or 0-9 as 0123456789)"
                    if c == DIGITS_COL
                    else "p: the chance that the right digit is one of the ticked (likely)"
                    " digits, shared equally among them; the unticked digits share the rest"
                )
            return None
        overlay = self.overlay[r] if self.overlay is not None else None
        if c == PICK_COL:
            return self._pick_data(overlay, role)
        return self._slot_data(r, c, overlay, role)

    def _pick_data(self, overlay: RowOverlay | None, role: int) -> Any:
        if overlay is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return overlay.pick_text
        if role == Qt.ItemDataRole.ToolTipRole:
            return overlay.pick_tip
        if role == Qt.ItemDataRole.CheckStateRole and overlay.suggested is not None:
            return Qt.CheckState.Checked if overlay.marked_right else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.BackgroundRole and overlay.suggested is not None:
            return SELECTED if overlay.reserve else BEST
        if role == Qt.ItemDataRole.ForegroundRole and overlay.right is not None:
            return BEST_TEXT
        return None

    def _slot_data(self, r: int, c: int, overlay: RowOverlay | None, role: int) -> Any:
        digit = self.slot_digit(r, c)
        if digit is None:
            return None
        candidate = digit in self.rows[r].candidates
        tried = overlay is not None and digit in overlay.tried
        right = overlay is not None and overlay.right == digit
        if role == Qt.ItemDataRole.DisplayRole:
            if right:
                return f"{digit} ✓"
            if tried:
                return f"{digit} ✗"
            if overlay is None or overlay.right is not None:
                return str(digit)
            return f"{digit}\n{overlay.posterior.get(digit, 0.0):.0%}"
        if role == Qt.ItemDataRole.CheckStateRole:
            return Qt.CheckState.Checked if candidate else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.FontRole and (tried or right or self._suggested(overlay, digit)):
            font = QFont()
            font.setStrikeOut(tried)
            font.setBold(right or self._suggested(overlay, digit))
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            if tried:
                return TRIED_TEXT
            if right:
                return BEST_TEXT
        if role == Qt.ItemDataRole.BackgroundRole and self._suggested(overlay, digit):
            return SELECTED if overlay is not None and overlay.reserve else BEST
        if role == Qt.ItemDataRole.ToolTipRole:
            kind = "a likely digit (ticked)" if candidate else "another digit (not ticked)"
            if overlay is None:
                return f"{digit}: {kind}; tick the digits that are likely"
            if tried:
                return f"{digit}: tried, wrong"
            if right:
                return f"{digit}: the right digit"
            chance = overlay.posterior.get(digit, 0.0)
            return f"{digit}: {kind}; chance it is right now {chance:.1%}"
        return None

    @staticmethod
    def _suggested(overlay: RowOverlay | None, digit: int) -> bool:
        return overlay is not None and overlay.suggested == digit

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Edit a cell; False when the new value is invalid."""
        if not index.isValid():
            return False
        r, c = index.row(), index.column()
        if c == PICK_COL and role == Qt.ItemDataRole.CheckStateRole:
            if self.overlay is None or self.overlay[r].suggested is None:
                return False
            self.overlay[r].marked_right = _checked(value)
            self.dataChanged.emit(index, index)
            self.marks_changed.emit()
            return True
        if c >= FIRST_SLOT and role == Qt.ItemDataRole.CheckStateRole:
            digit = self.slot_digit(r, c)
            if digit is None:
                return False
            self.rows[r].candidates.discard(digit)
            if _checked(value):
                self.rows[r].candidates.add(digit)
        elif c in (DIGITS_COL, P_COL) and role == Qt.ItemDataRole.EditRole:
            text = str(value).strip()
            if c == DIGITS_COL:
                self.rows[r].digits_text = text
            else:
                self.rows[r].p_text = text
        else:
            return False
        self._validate()
        self.dataChanged.emit(self.index(r, 0), self.index(r, self.columnCount() - 1))
        self.edited.emit()
        return (r, c) not in self.errors

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Editable, tickable or inert cells."""
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        c = index.column()
        if c in (DIGITS_COL, P_COL):
            return base | Qt.ItemFlag.ItemIsEditable
        if c == PICK_COL:
            overlay = self.overlay[index.row()] if self.overlay is not None else None
            if overlay is not None and overlay.suggested is not None:
                return base | Qt.ItemFlag.ItemIsUserCheckable
            return base
        if self.slot_digit(index.row(), c) is None:
            return Qt.ItemFlag.NoItemFlags
        return base | Qt.ItemFlag.ItemIsUserCheckable


def _checked(value: Any) -> bool:
    if isinstance(value, Qt.CheckState):
        return value == Qt.CheckState.Checked
    return bool(value == Qt.CheckState.Checked.value or value is True)
