"""Baekjoon 4045 judge format, its rounding, and CSV export."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from solvers.coverup.exact import TIE
from solvers.coverup.model import MAX_COLUMNS, MAX_DIGITS, Column, CoverUpInputs, Pick
from solvers.coverup.result import CoverUpResult, PolicyEntry
from solvers.i18n import _
from solvers.protocol import Tokens, checked, tokens_of
from solvers.tokens import TextReader

__all__ = [
    "csv_rows",
    "decimals_apart",
    "describe_left",
    "describe_pick",
    "format_judge",
    "format_probability",
    "iter_judge",
    "judge_answers",
    "parse_judge",
]

#: Float noise allowed below a half-thousandth that still rounds up.
HALF_SLACK = 1e-9


def parse_judge(text: str) -> list[CoverUpInputs]:
    """Cases of ``n`` then ``n`` triplets ``m l p``; a line ``0`` ends the input.

    Empty or blank text is refused (``JudgeFormatError``); a lone ``0`` gives no case.
    """
    return list(iter_judge(text))


def iter_judge(source: str | TextReader | Tokens) -> Iterator[CoverUpInputs]:
    """The cases of ``parse_judge`` one by one, reading ``source`` only as far as each needs."""
    tokens = tokens_of(source)
    if tokens.at_end():
        raise tokens.error(
            _(
                "the input is empty: expected the number of columns n (1 to 5), and a line 0 at"
                " the end"
            )
        )
    while not tokens.at_end():
        n = tokens.integer(_("the number of columns n"), 0, MAX_COLUMNS)
        if n == 0:
            tokens.expect_end()
            return
        columns = []
        for number in range(1, n + 1):
            line = tokens.line
            m = tokens.integer(_("m of column {number}").format(number=number), 1, MAX_DIGITS)
            known = tokens.integer(
                _("l of column {number}").format(number=number), 0, MAX_DIGITS - 1
            )
            p = tokens.real(_("p of column {number}").format(number=number), 0.0, 1.0)
            columns.append(checked(line, _column, number, m, known, p))
        yield CoverUpInputs(tuple(columns))


def _column(number: int, m: int, known: int, p: float) -> Column:
    try:
        return Column(m, known, p)
    except ValueError as exc:
        raise ValueError(_("column {number}: {reason}").format(number=number, reason=exc)) from None


def format_probability(value: float) -> str:
    """Round to the nearest thousandth (halves up), drop trailing zeros; ``1`` and ``0`` bare.

    The solver's float error is far below 1e-9, so a value within that of a
    half-thousandth is taken to be exactly the half and rounds up.
    """
    return _thousandths_text(math.floor(value * 1000.0 + 0.5 + HALF_SLACK))


def _thousandths_text(thousandths: int) -> str:
    thousandths = min(max(thousandths, 0), 1000)
    if thousandths == 1000:
        return "1"
    if thousandths == 0:
        return "0"
    return f"0.{thousandths:03d}".rstrip("0")


def format_judge(result: CoverUpResult) -> str:
    """The winning probability as the judge prints it."""
    return format_probability(result.value)


def judge_answers(result: CoverUpResult) -> tuple[str, ...]:
    """Every answer a judge accepts: ours, and at an exact half-thousandth the rounding down.

    A solution's floats decide which way it rounds a half, and judges take both.
    """
    scaled = result.value * 1000.0
    up = format_probability(result.value)
    if abs(scaled - math.floor(scaled + HALF_SLACK) - 0.5) > HALF_SLACK:
        return (up,)
    down = _thousandths_text(math.floor(scaled + 0.5 + HALF_SLACK) - 1)
    return (up, down)


def describe_left(left: tuple[int, int] | None) -> str:
    """``solved`` or ``2 likely + 7 other digits left``."""
    if left is None:
        return _("solved")
    return _("{likely} likely + {others} other digits left").format(likely=left[0], others=left[1])


def describe_pick(pick: Pick | None, reserve: bool = False) -> str:
    """``a likely digit``, ``another digit``, ``… (kept in reserve)`` or ``-``."""
    if pick is None:
        return "-"
    word = _("a likely digit") if pick is Pick.CANDIDATE else _("another digit")
    return (
        _("{pick} (deliberate miss: column kept in reserve)").format(pick=word) if reserve else word
    )


def _header(inputs: CoverUpInputs) -> list[str]:
    names = [
        _("column {number} ({m} digits, {known} likely holding p={p})").format(
            number=i, m=c.choices, known=c.candidates, p=repr(c.p)
        )
        for i, c in enumerate(inputs.columns, start=1)
    ]
    return [
        _("turn"),
        *(_("{column}: before the turn").format(column=name) for name in names),
        *(_("{column}: pick").format(column=name) for name in names),
        _("winning probability with these picks"),
        _("optimal"),
        _("winning probability as the judge rounds it"),
    ]


def _rows(entry: PolicyEntry) -> list[list[str]]:
    before = [describe_left(left) for left in entry.state.columns]
    top = entry.alternatives[0].value
    # A tie with the best is optimal too (the solver's own tolerance, TIE).
    optimal = [alternative.value >= top - TIE for alternative in entry.alternatives]
    worse = [a.value for a, best in zip(entry.alternatives, optimal, strict=True) if not best]
    digits = decimals_apart(top, worse)
    rows = []
    for alternative, best in zip(entry.alternatives, optimal, strict=True):
        picks = [
            describe_pick(pick, reserve)
            for pick, reserve in zip(alternative.picks, alternative.reserve, strict=True)
        ]
        rows.append(
            [
                str(entry.turn + 1),
                *before,
                *picks,
                f"{alternative.value:.{digits}f}",
                _("yes") if best else _("no"),
                format_probability(alternative.value),
            ]
        )
    return rows


def decimals_apart(best: float, worse: Iterable[float], least: int = 6) -> int:
    """Decimals (``least`` or more) that print every value of ``worse`` apart from ``best``.

    A state's rows all get this many, so a truly worse pick never reads like the
    best one ("1.000000,no"); rounding keeps the order, so it reads below it.
    """
    digits = least
    for value in worse:
        while digits < 17 and f"{value:.{digits}f}" == f"{best:.{digits}f}":
            digits += 1
    return digits


def csv_rows(inputs: CoverUpInputs, result: CoverUpResult | None) -> list[list[str]]:
    """One table: every state and every pick combination in it, the optimal one first.

    The first row is the first turn's optimal picks: its last cell is the judge answer.

    The header names each column's inputs; before a solve the table has the header only.
    """
    rows = [_header(inputs)]
    if result is not None:
        for entry in result.policy:
            rows.extend(_rows(entry))
    return rows
