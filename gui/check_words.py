"""The Check dialog's words: the check's verdicts and sizes, and the line a finished check says.

Kept apart from ``gui.check_dialog`` (no Qt here): the check names its verdicts and
sizes in English (its report and the CLI are a judge's words); the dialog shows them
in the user's language.
"""

from __future__ import annotations

from solvers.check import Report
from solvers.i18n import _, ngettext, pgettext
from solvers.protocol import split_numbers

__all__ = ["failed", "report_line", "shown"]


def shown(word: str) -> str:
    """A verdict or size of the check in the user's language (unknown words as they are).

    The check itself names them in English (its report and the CLI are a judge's words).
    A context keeps these short words apart from the same words elsewhere.
    """
    words = {
        "accepted": pgettext("verdict", "accepted"),
        "wrong answer": pgettext("verdict", "wrong answer"),
        "presentation": pgettext("verdict", "presentation"),
        "runtime error": pgettext("verdict", "runtime error"),
        "time limit": pgettext("verdict", "time limit"),
        "memory limit": pgettext("verdict", "memory limit"),
        "output limit": pgettext("verdict", "output limit"),
        "compile error": pgettext("verdict", "compile error"),
        "cancelled": pgettext("verdict", "cancelled"),
        "skipped": pgettext("verdict", "skipped"),
        "small": pgettext("check size", "small"),
        "judge": pgettext("check size", "judge"),
        "max": pgettext("check size", "max"),
    }
    return words.get(word, word)


def failed(report: Report) -> bool:
    """Whether ``report`` ends in a failure (shown as an error)."""
    return not report.cancelled and report.failure is not None


def report_line(report: Report) -> str:
    """The status line of a finished check."""
    failure = report.failure
    if report.cancelled:
        return _("Cancelled; every program it started is stopped.")
    if failure is None:
        count = len(report.samples) + len(report.cases)  # every run counts, samples too
        return ngettext("All {count} case accepted.", "All {count} cases accepted.", count).format(
            count=count
        )
    verdict = shown(failure.verdict).capitalize()
    if failure.inputs is None:
        return _("{verdict}: see the report.").format(verdict=verdict)
    count = len(split_numbers(failure.input_text))
    if failure.sample:
        return ngettext(
            "{verdict} on sample {name}, shrunk to {count} number. Show in Tab solves it there.",
            "{verdict} on sample {name}, shrunk to {count} numbers. Show in Tab solves it there.",
            count,
        ).format(verdict=verdict, name=failure.sample, count=count)
    return ngettext(
        "{verdict} on case {number}, shrunk to {count} number. Show in Tab solves it there.",
        "{verdict} on case {number}, shrunk to {count} numbers. Show in Tab solves it there.",
        count,
    ).format(verdict=verdict, number=failure.number, count=count)
