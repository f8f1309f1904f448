"""The digit table's rows: the preset layouts, the rows of judge inputs, a session's rows."""

from __future__ import annotations

from typing import Any

from solvers import coverup as cu
from solvers.i18n import N_, _

from .form import DigitRow

__all__ = ["PRESETS", "rows_of_inputs", "rows_of_state", "state_of_rows"]

#: The preset layouts by their English names (the combo box shows them translated).
PRESETS = {
    N_("Show layout: 2, 3, 4, 5, 6 choices"): [
        DigitRow(" ".join(str(d) for d in range(1, k + 1))) for k in (2, 3, 4, 5, 6)
    ],
    N_("Judge size: 5 columns of 10 digits"): [DigitRow("0123456789") for _k in range(5)],
    N_("One column of 10 digits"): [DigitRow("0123456789")],
}


def rows_of_inputs(inputs: cu.CoverUpInputs) -> list[DigitRow]:
    """Digits 0..m-1 per column; the first l of them are ticked as likely."""
    rows = []
    for column in inputs.columns:
        digits = list(range(column.choices))
        text = "".join(map(str, digits)) if column.choices == 10 else " ".join(map(str, digits))
        rows.append(DigitRow(text, set(digits[: column.candidates]), _p_text(column.p)))
    return rows


def state_of_rows(rows: list[DigitRow]) -> dict[str, Any]:
    """The table as typed, for a session file."""
    return {
        "columns": [
            {"digits": r.digits_text, "candidates": sorted(r.candidates), "p": r.p_text}
            for r in rows
        ]
    }


def rows_of_state(state: dict[str, Any]) -> list[DigitRow]:
    """The rows a session file holds; ``ValueError``/``TypeError`` name what is wrong."""
    columns = state["columns"]
    if not isinstance(columns, list) or not 1 <= len(columns) <= cu.MAX_COLUMNS:
        raise ValueError(
            _("'columns' must be a list of 1 to {most} columns").format(most=cu.MAX_COLUMNS)
        )
    rows = []
    for column in columns:
        digits, candidates, p = column["digits"], column["candidates"], column["p"]
        if not isinstance(digits, str) or not isinstance(p, str):
            raise TypeError("'digits' and 'p' must be text")
        if not isinstance(candidates, list) or not all(
            isinstance(d, int) and 0 <= d <= 9 for d in candidates
        ):
            raise ValueError(_("'candidates' must be a list of digits"))
        rows.append(DigitRow(digits, set(candidates), p))
    return rows


def _p_text(p: float) -> str:
    return repr(p) if p not in (0.0, 1.0) else str(int(p))
