"""The digit table: one row per Cover Up column, its digits, the likely ones, and p.

Built on the shared ``ValidatedGridModel``: the typed texts are the digits,
p, and the likely digits (the judge's "known candidates"), each kept as typed
and marked with its reason when bad; ticking a digit's cell edits the likely
digits. During play-along the tab lays an overlay on the rows
(``views.overlay_of``): tried digits struck out and crossed, the right digit
marked, the chance of every remaining digit, and this turn's pick highlighted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont

from gui.widgets.grid_model import Index, ValidatedGridModel
from gui.widgets.theme import BEST, BEST_TEXT, ROLE, SELECTED
from solvers import coverup as cu
from solvers.i18n import N_, _, ngettext

from .model import DigitRow

__all__ = [
    "DIGIT_SLOTS",
    "FIRST_SLOT",
    "LIKELY_COL",
    "PICK_COL",
    "DigitTableModel",
    "RowOverlay",
    "parse_digits",
    "slot_digits",
]

DIGITS_COL, P_COL, LIKELY_COL, PICK_COL = 0, 1, 2, 3
FIRST_SLOT = 4
DIGIT_SLOTS = cu.MAX_DIGITS
HEADERS = [
    N_("Digits offered"),
    N_("p: likely right"),
    N_("Likely digits"),
    N_("Cover this turn"),
] + [f"#{k}" for k in range(1, DIGIT_SLOTS + 1)]
TIPS = {
    DIGITS_COL: N_("The digits offered in this column (e.g. 1 2 3, or 0-9 as 0123456789)"),
    P_COL: N_(
        "p: the chance that the right digit is one of the ticked (likely) digits, shared"
        " equally among them; the unticked digits share the rest"
    ),
    LIKELY_COL: N_(
        "The likely digits (the judge's known candidates): type them, or tick their cells"
    ),
}


def parse_digits(text: str) -> list[int]:
    """``"1 2 3"``, ``"123"`` or ``"1,2,3"`` -> distinct digits; ValueError says why not."""
    words = text.replace(",", " ").split()
    if len(words) == 1 and len(words[0]) > 1:
        words = list(words[0])
    if not words:
        raise ValueError(_("type the digits offered in this column, e.g. 1 2 3"))
    if not all(len(w) == 1 and w.isdigit() for w in words):
        raise ValueError(_("digits must be single digits 0-9, got {text}").format(text=repr(text)))
    digits = [int(w) for w in words]
    if len(set(digits)) != len(digits):
        raise ValueError(_("a digit is offered twice"))
    return digits


def slot_digits(digits: list[int], likely: set[int]) -> list[int]:
    """The column's digits in the solver's slot order: the likely ones first, then the others."""
    return [d for d in digits if d in likely] + [d for d in digits if d not in likely]


def _likely_text(digits: set[int]) -> str:
    return " ".join(str(d) for d in sorted(digits))


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


class DigitTableModel(ValidatedGridModel):
    """Rows: columns of the game. Cells: digits, p, likely digits, this turn's pick, digits."""

    #: A pick was ticked or unticked as "came up right".
    marks_changed = Signal()

    def __init__(self) -> None:
        super().__init__(HEADERS, editable=(DIGITS_COL, P_COL, LIKELY_COL))
        self.overlay: list[RowOverlay] | None = None
        self.edited.connect(self._drop_overlay)

    # ----- inputs ------------------------------------------------------------------------------
    def set_digit_rows(self, rows: Sequence[DigitRow]) -> None:
        """Replace every row (drops the play-along overlay)."""
        self.set_rows([[r.digits_text, r.p_text, _likely_text(r.candidates)] for r in rows])

    def digit_rows(self) -> list[DigitRow]:
        """The rows as typed (likely digits that do not read as digits are left out)."""
        out = []
        for digits, p, likely in self.rows():
            out.append(DigitRow(digits, self._likely(likely), p))
        return out

    @staticmethod
    def _likely(text: str) -> set[int]:
        try:
            return set(parse_digits(text)) if text.strip() else set()
        except ValueError:
            return set()

    def digits(self, row: int) -> list[int]:
        """Digits of a row (empty when the text is bad)."""
        try:
            return parse_digits(self.rows()[row][0])
        except ValueError:
            return []

    def check_cell(self, row: int, column: int, text: str) -> str | None:
        """Digits read as digits, p in [0, 1], likely digits among the digits offered."""
        digits, p_text, likely_text = (self._cell(row, c) for c in (DIGITS_COL, P_COL, LIKELY_COL))
        try:
            offered = parse_digits(digits)
        except ValueError as exc:
            return str(exc) if column == DIGITS_COL else None
        likely: set[int] = set()
        if likely_text.strip():
            try:
                likely = set(parse_digits(likely_text))
            except ValueError as exc:
                return str(exc) if column == LIKELY_COL else None
        if column == LIKELY_COL and not likely <= set(offered):
            return _("{digits} is not offered in this column").format(
                digits=_likely_text(likely - set(offered))
            )
        if column == DIGITS_COL and set(offered) <= likely:
            return _("at least one digit must stay unticked (not likely)")
        if column == P_COL:
            if not p_text.strip():
                return _("p is empty: type a number from 0 to 1")
            try:
                p = float(p_text)
            except ValueError:
                return _("p must be a number between 0 and 1, got {p}").format(p=repr(p_text))
            if not 0.0 <= p <= 1.0:
                return _("p must be between 0 and 1, got {p}").format(p=p_text)
            if not likely and p != 0.0:
                return _("p must be 0 when no digit is ticked as likely")
        return None

    def display_text(self, row: int, column: int, text: str) -> str:
        """Likely digits in words: a bare "0" read as "none" when it meant the digit zero."""
        if column != LIKELY_COL:
            return text
        digits = sorted(self._likely(text))
        if not digits:
            return _("none")
        shown = " ".join(map(str, digits))
        return ngettext("digit {digits}", "digits {digits}", len(digits)).format(digits=shown)

    def _cell(self, row: int, column: int) -> str:
        # Read the stored text directly: check_cell also runs while rows are being inserted.
        return self._cells[row][column]

    def inputs(self) -> cu.CoverUpInputs:
        """Judge-compatible inputs; ValueError names the first bad column."""
        if not self.rowCount():
            raise ValueError(_("add at least one column"))
        for row in range(self.rowCount()):
            for column in (DIGITS_COL, P_COL, LIKELY_COL):
                reason = self.cell_error(row, column)
                if reason:
                    raise ValueError(
                        _("column {number}: {reason}").format(number=row + 1, reason=reason)
                    )
        columns = []
        for row, typed in enumerate(self.digit_rows()):
            digits = parse_digits(typed.digits_text)
            known = sum(d in typed.candidates for d in digits)
            try:
                columns.append(cu.Column(len(digits), known, float(typed.p_text)))
            except ValueError as exc:
                raise ValueError(
                    _("column {number}: {reason}").format(number=row + 1, reason=exc)
                ) from None
        return cu.CoverUpInputs(tuple(columns))

    # ----- the play-along overlay ----------------------------------------------------------
    def set_overlay(self, overlay: list[RowOverlay] | None) -> None:
        """Show (or with None remove) the play-along view."""
        self.overlay = overlay
        if self.rowCount():
            last = self.index(self.rowCount() - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def _drop_overlay(self) -> None:
        self.overlay = None

    def slot_digit(self, row: int, column: int) -> int | None:
        """The digit shown in a slot cell, if any."""
        digits = self.digits(row)
        slot = column - FIRST_SLOT
        return digits[slot] if 0 <= slot < len(digits) else None

    # ----- Qt model ------------------------------------------------------------------------
    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        """Column titles, and "Column N" for the rows, in the language spoken now."""
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Vertical:
            return _("Column {number}").format(number=section + 1)
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            return _(TIPS[section]) if section in TIPS else None
        if role == Qt.ItemDataRole.DisplayRole and section < FIRST_SLOT:
            return _(HEADERS[section])
        return super().headerData(section, orientation, role)

    def retranslate(self) -> None:
        """Say every reason, header and tooltip again in the language spoken now.

        The reasons of bad cells are kept as computed, so they are computed again.
        """
        self._errors = [self._check_row(r) for r in range(self.rowCount())]
        for orientation in (Qt.Orientation.Horizontal, Qt.Orientation.Vertical):
            count = (
                self.columnCount() if orientation == Qt.Orientation.Horizontal else self.rowCount()
            )
            if count:
                self.headerDataChanged.emit(orientation, 0, count - 1)
        if self.rowCount():
            last = self.index(self.rowCount() - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell contents, marks and highlights."""
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        if c in (DIGITS_COL, P_COL, LIKELY_COL):
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            if role == Qt.ItemDataRole.ToolTipRole and not self.cell_error(r, c):
                return _(TIPS[c])
            return super().data(index, role)
        overlay = self.overlay[r] if self.overlay is not None and r < len(self.overlay) else None
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
        if role == Qt.ItemDataRole.ForegroundRole:
            return BEST_TEXT if overlay.right is not None else ROLE.ink
        return None

    def _slot_data(self, r: int, c: int, overlay: RowOverlay | None, role: int) -> Any:
        digit = self.slot_digit(r, c)
        if digit is None:
            return None
        candidate = digit in self._likely(self._cell(r, LIKELY_COL))
        tried = overlay is not None and digit in overlay.tried
        right = overlay is not None and overlay.right == digit
        suggested = overlay is not None and overlay.suggested == digit
        if role == Qt.ItemDataRole.DisplayRole:
            if right:
                return f"{digit} ✓"
            if tried:
                return f"{digit} ✗"
            if overlay is None or overlay.right is not None or not overlay.posterior:
                return str(digit)  # no chances: solved, or the game is over
            return f"{digit}\n{overlay.posterior.get(digit, 0.0):.0%}"
        if role == Qt.ItemDataRole.CheckStateRole:
            return Qt.CheckState.Checked if candidate else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.FontRole and (tried or right or suggested):
            font = QFont()
            font.setStrikeOut(tried)
            font.setBold(right or suggested)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            if tried:
                return ROLE.neutral
            if right:
                return BEST_TEXT
            return ROLE.ink if suggested else None
        if role == Qt.ItemDataRole.BackgroundRole and suggested:
            return SELECTED if overlay is not None and overlay.reserve else BEST
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._slot_tip(digit, candidate, overlay, tried, right)
        return None

    @staticmethod
    def _slot_tip(
        digit: int, candidate: bool, overlay: RowOverlay | None, tried: bool, right: bool
    ) -> str:
        kind = _("a likely digit (ticked)") if candidate else _("another digit (not ticked)")
        if overlay is None:
            return _("{digit}: {kind}; tick the digits that are likely").format(
                digit=digit, kind=kind
            )
        if tried:
            return _("{digit}: tried, wrong").format(digit=digit)
        if right:
            return _("{digit}: the right digit").format(digit=digit)
        if not overlay.posterior:
            return _("{digit}: {kind}; the game is over").format(digit=digit, kind=kind)
        chance = f"{overlay.posterior.get(digit, 0.0):.1%}"
        return _("{digit}: {kind}; chance it is right now {chance}").format(
            digit=digit, kind=kind, chance=chance
        )

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Edit a cell, tick a likely digit or a right pick; False when the value is invalid."""
        if not index.isValid():
            return False
        r, c = index.row(), index.column()
        if role == Qt.ItemDataRole.CheckStateRole:
            if c == PICK_COL:
                return self._mark_right(index, value)
            digit = self.slot_digit(r, c)
            if digit is None:
                return False
            likely = self._likely(self._cell(r, LIKELY_COL))
            likely.discard(digit)
            if _checked(value):
                likely.add(digit)
            self.setData(self.index(r, LIKELY_COL), _likely_text(likely))
            return True
        return bool(super().setData(index, value, role))

    def _mark_right(self, index: Index, value: Any) -> bool:
        row = index.row()
        if self.overlay is None or self.overlay[row].suggested is None:
            return False
        self.overlay[row].marked_right = _checked(value)
        self.dataChanged.emit(index, index)
        self.marks_changed.emit()
        return True

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Editable, tickable or inert cells."""
        base = super().flags(index)
        if not index.isValid() or index.column() in (DIGITS_COL, P_COL, LIKELY_COL):
            return base
        plain = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == PICK_COL:
            overlay = self.overlay[index.row()] if self.overlay is not None else None
            if overlay is not None and overlay.suggested is not None:
                return plain | Qt.ItemFlag.ItemIsUserCheckable
            return plain
        if self.slot_digit(index.row(), index.column()) is None:
            return Qt.ItemFlag.NoItemFlags
        return plain | Qt.ItemFlag.ItemIsUserCheckable


def _checked(value: Any) -> bool:
    if isinstance(value, Qt.CheckState):
        return value == Qt.CheckState.Checked
    return bool(value == Qt.CheckState.Checked.value or value is True)
