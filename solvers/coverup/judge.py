"""Baekjoon 4045 judge format, its rounding, and CSV export."""

from __future__ import annotations

import math

from solvers.coverup.model import MAX_COLUMNS, MAX_DIGITS, Column, CoverUpInputs, Pick, State
from solvers.coverup.result import CoverUpResult, PolicyEntry
from solvers.protocol import Tokens, checked

__all__ = ["csv_rows", "format_judge", "format_probability", "parse_judge"]

#: Float noise allowed below a half-thousandth that still rounds up.
HALF_SLACK = 1e-9


def parse_judge(text: str) -> list[CoverUpInputs]:
    """Cases of ``n`` then ``n`` triplets ``m l p``; a line ``0`` ends the input."""
    tokens = Tokens(text)
    cases: list[CoverUpInputs] = []
    while not tokens.at_end():
        n = tokens.integer("the number of columns n", 0, MAX_COLUMNS)
        if n == 0:
            tokens.expect_end()
            break
        columns = []
        for number in range(1, n + 1):
            line = tokens.line
            m = tokens.integer(f"m of column {number}", 1, MAX_DIGITS)
            known = tokens.integer(f"l of column {number}", 0, MAX_DIGITS - 1)
            p = tokens.real(f"p of column {number}", 0.0, 1.0)
            columns.append(checked(line, _column, number, m, known, p))
        cases.append(CoverUpInputs(tuple(columns)))
    return cases


def _column(number: int, m: int, known: int, p: float) -> Column:
    try:
        return Column(m, known, p)
    except ValueError as exc:
        raise ValueError(f"column {number}: {exc}") from None


def format_probability(value: float) -> str:
    """Round to the nearest thousandth (halves up), drop trailing zeros; ``1`` and ``0`` bare.

    The DP's float error is far below 1e-9, so a value within that of a
    half-thousandth is taken to be exactly the half and rounds up.
    """
    thousandths = math.floor(value * 1000.0 + 0.5 + HALF_SLACK)
    thousandths = min(max(thousandths, 0), 1000)
    if thousandths == 1000:
        return "1"
    if thousandths == 0:
        return "0"
    return f"0.{thousandths:03d}".rstrip("0")


def format_judge(result: CoverUpResult) -> str:
    """The winning probability as the judge prints it."""
    return format_probability(result.value)


def describe_state(state: State) -> str:
    """``2c+7o | solved | ...``: known candidates and other digits left per column."""
    return " | ".join("solved" if s is None else f"{s[0]}c+{s[1]}o" for s in state.columns)


def describe_picks(picks: tuple[Pick | None, ...], reserve: tuple[bool, ...] = ()) -> str:
    """``candidate | other (reserve) | -`` per column."""
    words = []
    for i, pick in enumerate(picks):
        word = "-" if pick is None else pick.value
        if reserve and reserve[i]:
            word += " (reserve)"
        words.append(word)
    return " | ".join(words)


def _policy_row(entry: PolicyEntry) -> list[str]:
    others = "; ".join(f"{describe_picks(a.picks)}: {a.value:.6f}" for a in entry.alternatives)
    return [
        "policy",
        str(entry.turn + 1),
        "",
        "",
        "",
        describe_state(entry.state),
        describe_picks(entry.picks, entry.reserve),
        f"{entry.value:.9f}",
        others,
    ]


def csv_rows(inputs: CoverUpInputs, result: CoverUpResult | None) -> list[list[str]]:
    """Columns first, then the answer and one row per policy state; header first."""
    rows = [
        [
            "section",
            "column / turn",
            "m",
            "l",
            "p",
            "state (candidates+others left)",
            "optimal picks",
            "winning probability",
            "alternatives",
        ]
    ]
    for i, c in enumerate(inputs.columns, start=1):
        rows.append(
            ["column", str(i), str(c.choices), str(c.candidates), repr(c.p), "", "", "", ""]
        )
    if result is not None:
        rows.append(["answer", "", "", "", "", "", "", format_judge(result), ""])
        rows.extend(_policy_row(entry) for entry in result.entries())
    return rows
