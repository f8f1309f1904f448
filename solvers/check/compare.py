"""Comparing a program's output with ours, the way a judge does.

Trailing spaces at line ends and trailing blank lines are ignored (as most judges
do). The same tokens laid out differently, or the same values written in another form
("0.250" for "0.25", "79.318" for "79.318%", "Koosaga"), are a ``presentation`` error:
the output is not in the judge's format. Anything else is a ``wrong answer``. With a
``tolerance``, numbers (a trailing ``%`` allowed) within it of ours are accepted.
"""

from __future__ import annotations

import math

from solvers.i18n import N_

__all__ = ["ACCEPTED", "PRESENTATION", "WRONG_ANSWER", "compare"]

#: The verdicts, in English (reports for programs keep them so; see ``verdict_text``).
ACCEPTED = N_("accepted")
PRESENTATION = N_("presentation")
WRONG_ANSWER = N_("wrong answer")


def compare(expected: str, output: str, tolerance: float | None = None) -> str:
    """Return ``accepted``, ``presentation`` or ``wrong answer`` for ``output``."""
    if _lines(expected) == _lines(output):
        return ACCEPTED
    ours, theirs = expected.split(), output.split()
    if len(ours) != len(theirs):
        return WRONG_ANSWER
    if tolerance is not None and all(
        _close(a, b, tolerance) for a, b in zip(ours, theirs, strict=True)
    ):
        return ACCEPTED
    if all(a == b or _same_value(a, b) for a, b in zip(ours, theirs, strict=True)):
        return PRESENTATION
    return WRONG_ANSWER


def _lines(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _number(token: str) -> float | None:
    try:
        value = float(token.removesuffix("%"))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _close(ours: str, theirs: str, tolerance: float) -> bool:
    if ours == theirs:
        return True
    a, b = _number(ours), _number(theirs)
    return (
        a is not None
        and b is not None
        and ours.endswith("%") == theirs.endswith("%")
        and abs(a - b) <= tolerance + 1e-12
    )


def _same_value(ours: str, theirs: str) -> bool:
    if ours.casefold() == theirs.casefold():
        return True
    a, b = _number(ours), _number(theirs)
    return a is not None and a == b
