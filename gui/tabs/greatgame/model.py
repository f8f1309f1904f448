"""The Great Game form as plain data (no Qt; see ``gui.form_state``): throws as typed, W and L.

``{"rows": [["30", "30", "40"], ["50", "20", "30"]], "W": 2, "L": 2}``: one row per
throw of the opponent's rock, paper and scissors percentages as typed (a cell that is
not a percentage is kept, and the table marks it), then the two gaps. Sessions have
always had this shape; a hand-written one may give a percentage as a number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gui.form_state import default_options, list_too_long, whole_number
from solvers.greatgame import MAX_GAP, MAX_THROWS, GreatGameInputs
from solvers.i18n import N_, _
from solvers.protocol import Option

__all__ = [
    "FIRST_ROWS",
    "GAP_FIELDS",
    "GAP_LABELS",
    "check_state",
    "default_state",
    "percent_text",
    "state_of",
]

#: The throws shown when the tab opens.
FIRST_ROWS = (("30", "30", "40"), ("50", "20", "30"))

#: W and L as data: ``OptionFields`` builds their spin boxes (named ``option_<name>``).
GAP_FIELDS = (
    Option("W", "int", 2, N_("Win the match this many rounds ahead (W)"), lo=1, hi=MAX_GAP),
    Option("L", "int", 2, N_("Lose the match this many rounds behind (L)"), lo=1, hi=MAX_GAP),
)
#: The form's labels of W and L (in ``GAP_FIELDS`` order): a refusal names the field by them.
GAP_LABELS = (N_("Rounds ahead to win (W)"), N_("Rounds behind to lose (L)"))

#: What the list of throws is called in a refusal (``gui.form_state.noun``).
_THROWS = N_("throws")


def default_state() -> dict[str, Any]:
    """The first throws, W and L at their defaults."""
    return {"rows": [list(row) for row in FIRST_ROWS], **default_options(GAP_FIELDS)}


def check_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """Rows of three texts (1 to ``MAX_THROWS``), W and L in range, as the form shows them."""
    checked: dict[str, Any] = {"rows": _rows(state["rows"])}
    for option, label in zip(GAP_FIELDS, GAP_LABELS, strict=True):
        checked[option.name] = whole_number(state[option.name], _(label), 1, MAX_GAP)
    return checked


def _rows(value: Any) -> list[list[str]]:
    """The throws as typed; a percentage given as a number becomes its text."""
    shape = _("'rows' must be a list of [rock, paper, scissors] rows")
    if not isinstance(value, list):
        raise ValueError(shape)
    reason = list_too_long(len(value), MAX_THROWS, _THROWS)
    if reason is not None:  # refused before any row is read: a long table freezes the form
        raise ValueError(_("'{name}' holds {reason}").format(name="rows", reason=reason))
    if not value:
        text = _("a round has between 1 and {most} throws, got {count}")
        raise ValueError(text.format(most=MAX_THROWS, count=0))
    rows: list[list[str]] = []
    for number, row in enumerate(value, start=1):
        if not isinstance(row, list):
            raise ValueError(shape)
        if len(row) != 3 or not all(_is_cell(cell) for cell in row):
            reason = _("every row needs three percentages (rock, paper, scissors)")
            raise ValueError(_("throw {number}: {reason}").format(number=number, reason=reason))
        rows.append([cell if isinstance(cell, str) else str(cell) for cell in row])
    return rows


def _is_cell(cell: Any) -> bool:
    """Whether a table cell can hold ``cell``: text as typed, or a number (true is not one)."""
    return isinstance(cell, (str, int, float)) and not isinstance(cell, bool)


def percent_text(value: float) -> str:
    """A percentage as its cell shows it: short (``50``, ``33.5``), yet read back exactly."""
    short = f"{value:g}"
    return short if float(short) == value else repr(float(value))


def state_of(inputs: GreatGameInputs) -> dict[str, Any]:
    """The form showing ``inputs``."""
    rows = [[percent_text(value) for value in row] for row in inputs.percentages]
    return {"rows": rows, "W": inputs.win_by, "L": inputs.lose_by}
