"""The Cover Up form as plain data (no Qt; see ``gui.form_state``): the digit table's rows.

``{"columns": [{"digits": "1 2 3", "candidates": [1], "p": "0.5"}, ...]}``: per column
the digits offered and p as typed, and the digits ticked as likely. The table's own
checks (digits that read as digits, p in [0, 1]) mark bad cells rather than refuse
them, so a session keeps what was typed; only a state no table can show is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gui.form_state import list_too_long, text
from solvers import coverup as cu
from solvers.i18n import N_, _
from solvers.protocol import JudgeFormatError

__all__ = [
    "PRESETS",
    "DigitRow",
    "check_state",
    "default_state",
    "judge_line_inputs",
    "rows_of_inputs",
    "rows_of_state",
    "state_of",
    "state_of_rows",
]

# What a list of columns is called in a refusal (``gui.form_state.noun`` says it).
N_("columns")


@dataclass
class DigitRow:
    """One column as typed: digits text, the digits ticked as likely, p text."""

    digits_text: str
    candidates: set[int] = field(default_factory=set)
    p_text: str = "0"


#: The preset layouts by their English names (the combo box shows them translated); the
#: first is what a new tab shows.
PRESETS = {
    N_("Show layout: 2, 3, 4, 5, 6 choices"): [
        DigitRow(" ".join(str(d) for d in range(1, k + 1))) for k in (2, 3, 4, 5, 6)
    ],
    N_("Judge size: 5 columns of 10 digits"): [DigitRow("0123456789") for _k in range(5)],
    N_("One column of 10 digits"): [DigitRow("0123456789")],
}


def default_state() -> dict[str, Any]:
    """The first preset, nothing ticked."""
    return state_of_rows(next(iter(PRESETS.values())))


def check_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """The columns as the table shows them: texts stripped, likely digits sorted once each.

    A number given for the digits or p becomes its text (a hand-written session may
    write ``"p": 0.5``); a list of more columns than the game has is refused before any
    column is read.
    """
    columns = state["columns"]
    if isinstance(columns, list):
        reason = list_too_long(len(columns), cu.MAX_COLUMNS, "columns")
        if reason is not None:
            raise ValueError(_("'columns' holds {reason}").format(reason=reason))
    if not isinstance(columns, list) or not columns:
        raise ValueError(
            _("'columns' must be a list of 1 to {most} columns").format(most=cu.MAX_COLUMNS)
        )
    return {"columns": [_checked_column(column) for column in columns]}


def _checked_column(column: Any) -> dict[str, Any]:
    if not isinstance(column, dict):
        raise TypeError(_("each column must be a mapping of 'digits', 'candidates' and 'p'"))
    digits, candidates, p = column["digits"], column["candidates"], column["p"]
    if not isinstance(candidates, list) or not all(
        isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 9 for d in candidates
    ):
        raise ValueError(_("'candidates' must be a list of digits"))
    return {
        "digits": _typed(digits, "'digits'", (int,)),
        "candidates": sorted(set(candidates)),
        "p": _typed(p, "'p'", (int, float)),
    }


def _typed(value: Any, name: str, numbers: tuple[type, ...]) -> str:
    """A text cell's entry as the table keeps it (stripped); a number given becomes its text."""
    if isinstance(value, numbers) and not isinstance(value, bool):
        return str(value)
    return text(value, name).strip()  # the table strips what is typed into a cell


def state_of(inputs: cu.CoverUpInputs) -> dict[str, Any]:
    """The table showing ``inputs``."""
    return state_of_rows(rows_of_inputs(inputs))


def rows_of_inputs(inputs: cu.CoverUpInputs) -> list[DigitRow]:
    """Digits 0..m-1 per column; the first l of them are ticked as likely."""
    rows = []
    for column in inputs.columns:
        digits = list(range(column.choices))
        typed = "".join(map(str, digits)) if column.choices == 10 else " ".join(map(str, digits))
        rows.append(DigitRow(typed, set(digits[: column.candidates]), _p_text(column.p)))
    return rows


def state_of_rows(rows: Sequence[DigitRow]) -> dict[str, Any]:
    """The table as typed, for a session file."""
    return {
        "columns": [
            {"digits": r.digits_text, "candidates": sorted(r.candidates), "p": r.p_text}
            for r in rows
        ]
    }


def rows_of_state(state: Mapping[str, Any]) -> list[DigitRow]:
    """The rows of a state ``check_state`` made (the table shows them)."""
    return [DigitRow(c["digits"], set(c["candidates"]), c["p"]) for c in state["columns"]]


def _p_text(p: float) -> str:
    return repr(p) if p not in (0.0, 1.0) else str(int(p))


def judge_line_inputs(line: str) -> cu.CoverUpInputs:
    """The case typed on one line as judge triplets ``m l p ...`` (the leading n optional).

    ValueError with the reason (a judge file's own reason, without its line number).
    """
    words = line.split()
    text = (
        f"{words[0]}\n{' '.join(words[1:])}"
        if len(words) % 3 == 1
        else f"{len(words) // 3}\n{line}"
    )
    try:
        cases = cu.parse_judge(text)
    except JudgeFormatError as exc:  # one line in the box: its reason, not a line number
        raise ValueError(exc.reason) from None
    if not cases:
        raise ValueError(_("type m l p for each column"))
    return cases[0]
