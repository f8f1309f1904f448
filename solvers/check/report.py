"""A check's report: in words for people (``text_report``), as JSON for programs."""

from __future__ import annotations

import shlex
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from solvers.check.compare import PRESENTATION, WRONG_ANSWER
from solvers.check.model import (
    COMPILE_ERROR,
    SKIPPED,
    CaseResult,
    Failure,
    Report,
    Settings,
    verdict_text,
)
from solvers.check.runner import (
    CANCELLED,
    MEMORY_LIMIT,
    OUTPUT_LIMIT,
    RUNTIME_ERROR,
    TIME_LIMIT,
)
from solvers.files import atomic_write
from solvers.i18n import _, ngettext

__all__ = ["json_report", "rerun_command", "save_failure", "text_report"]

#: Lines of an input printed in the text report; --save writes the whole input.
SHOWN_LINES = 60
SHOWN_WIDTH = 200
_WITH_OUTPUT = (WRONG_ANSWER, PRESENTATION, RUNTIME_ERROR, OUTPUT_LIMIT, MEMORY_LIMIT)
_WITH_STDERR = (RUNTIME_ERROR, MEMORY_LIMIT)


def save_failure(report: Report, folder: Path) -> list[str]:
    """Write the failing case as ``folder/GAME-N.in`` and ``.out``; return the paths."""
    failure = report.failure
    assert failure is not None
    folder.mkdir(parents=True, exist_ok=True)
    stem = folder / f"{report.game}-{failure.sample or failure.number}"
    paths = [stem.with_suffix(".in"), stem.with_suffix(".out")]
    atomic_write(paths[0], failure.input_text)
    atomic_write(paths[1], failure.expected)
    return [str(path) for path in paths]


def rerun_command(report: Report) -> str:
    """The command line that repeats this check."""
    s = report.settings
    options = "".join(f" {shlex.quote(word)}" for word in report.option_words)
    if s.timeout != Settings.timeout:
        options += f" --timeout {s.timeout:g}"
    if s.tolerance is not None:
        options += f" --tolerance {s.tolerance:g}"
    if s.memory_mb is not None:
        options += f" --memory {s.memory_mb}"
    return (
        f"python -m solvers check {report.game}{options} --seed {s.seed} --size {s.size} "
        f"--cases {s.cases} -- {shlex.join(report.command)}"
    )


def _megabytes(kb: int | None) -> str:
    return "?" if kb is None else _("{count} MB").format(count=f"{kb / 1024:.1f}")


def _name(case: CaseResult) -> str:
    if case.sample:
        return _("sample {name}").format(name=case.sample)
    return _("case {number}").format(number=case.number)


def _measured(report: Report) -> str:
    """``slowest case 12 (0.031 s), peak memory 9.8 MB (case 40)``."""
    judged = report.judged
    if not judged:
        return _("no run measured")
    slowest = max(judged, key=lambda c: c.seconds)
    seconds = f"{slowest.seconds:.3f}"
    measured = [c for c in judged if c.memory_kb is not None]
    if not measured:
        return _("slowest {case} ({seconds} s)").format(case=_name(slowest), seconds=seconds)
    peak = max(measured, key=lambda c: c.memory_kb or 0)
    return _("slowest {case} ({seconds} s), peak memory {memory} ({peak_case})").format(
        case=_name(slowest),
        seconds=seconds,
        memory=_megabytes(peak.memory_kb),
        peak_case=_name(peak),
    )


def _notes(report: Report) -> list[str]:
    count = report.other_roundings
    if not count:
        return []
    note = ngettext(
        "note: {count} answer rounded an exact half the other way; "
        "accepted, as judges accept either rounding of an exact half",
        "note: {count} answers rounded an exact half the other way; "
        "accepted, as judges accept either rounding of an exact half",
        count,
    )
    return [note.format(count=count)]


def _cases(count: int) -> str:
    return ngettext("{count} case", "{count} cases", count).format(count=count)


def _passed(report: Report, head: str) -> str:
    """The one line of a check that found nothing wrong (finished or cancelled)."""
    done = [c for c in report.cases if c.verdict != SKIPPED]
    if report.cancelled:  # never "all accepted" for a check that did not finish
        judged = [c for c in done if c.verdict != CANCELLED]
        return _("{head}: cancelled after {done} of {cases}, none wrong").format(
            head=head, done=len(judged), cases=_cases(report.settings.cases)
        )
    if report.samples:
        samples = ngettext("{count} sample", "{count} samples", len(report.samples))
        accepted = _("{samples} and all {cases} accepted").format(
            samples=samples.format(count=len(report.samples)), cases=_cases(len(done))
        )
    else:
        accepted = _("all {cases} accepted").format(cases=_cases(len(done)))
    skipped = len(report.cases) - len(done)
    if skipped:
        accepted = _("{accepted} ({skipped} beyond our solver's bounds, skipped)").format(
            accepted=accepted, skipped=skipped
        )
    return _("{head}: {accepted}; {measured}").format(
        head=head, accepted=accepted, measured=_measured(report)
    )


def _shrunk(failure: Failure, settings: Settings) -> str:
    """How the failing input shown was found."""
    if failure.verdict == TIME_LIMIT:
        message = _("no answer within {seconds} s; the input as it was (not shrunk):")
        return message.format(seconds=f"{settings.timeout:g}")
    message = (
        _("shrunk in {steps} ({runs}) to the smallest failing input:")
        if failure.shrink_complete
        else _("shrunk in {steps} ({runs}) to the smallest found in time:")
    )
    steps = ngettext("{count} step", "{count} steps", failure.shrink_steps)
    runs = ngettext("{count} run", "{count} runs", failure.shrink_runs)
    return message.format(
        steps=steps.format(count=failure.shrink_steps), runs=runs.format(count=failure.shrink_runs)
    )


def text_report(report: Report, saved: Sequence[str] = (), save_error: str = "") -> str:
    """The report for people, in the language spoken (the command line's: English)."""
    s = report.settings
    head = _("check {game}: seed {seed}, size {size}").format(
        game=report.game, seed=s.seed, size=_(s.size)
    )
    failure = report.failure
    lines: list[str]
    if failure is None:
        return "\n".join([_passed(report, head), *_notes(report)]) + "\n"
    if failure.verdict == COMPILE_ERROR:
        lines = [
            _("{head}: compile error").format(head=head),
            *failure.stderr.rstrip("\n").split("\n"),
        ]
        return "\n".join([*lines, *_save_lines(saved, save_error)]) + "\n"
    if failure.sample:
        where = _("sample {name}").format(name=failure.sample)
    else:
        where = _("case {number} of {count}").format(number=failure.number, count=s.cases)
    lines = [
        _("{head}: {verdict} on {where}").format(
            head=head, verdict=verdict_text(failure.verdict), where=where
        )
    ]
    if failure.detail:
        lines[0] += f" ({failure.detail})"
    if failure.sample and failure.input_text != failure.original_text:
        lines += [
            _("--- sample {name} of the statement ---").format(name=failure.sample),
            *_shown(failure.original_text),
        ]
    lines.append(_shrunk(failure, s))
    lines += [_("--- input ---"), *_shown(failure.input_text)]
    lines += [_("--- expected (optimal) ---"), *_shown(failure.expected)]
    if failure.verdict in _WITH_OUTPUT:
        lines += [_("--- your output ---"), *_shown(failure.output or _("(nothing)") + "\n")]
    if failure.stderr and failure.verdict in _WITH_STDERR:
        stderr = failure.stderr.rstrip("\n").split("\n")[-20:]
        lines += [_("--- end of your stderr ---"), *stderr]
    lines.append("---")
    lines.append(
        _("this run: {seconds} s, peak memory {memory}; of all runs: {measured}").format(
            seconds=f"{failure.seconds:.3f}",
            memory=_megabytes(failure.memory_kb),
            measured=_measured(report),
        )
    )
    lines += _notes(report)
    lines += _save_lines(saved, save_error)
    lines.append(_("again: {command}").format(command=rerun_command(report)))
    return "\n".join(lines) + "\n"


def _save_lines(saved: Sequence[str], save_error: str) -> list[str]:
    lines = [_("saved {path}").format(path=path) for path in saved]
    if save_error:
        lines.append(_("not saved: {error}").format(error=save_error))
    return lines


def _shown(text: str) -> Iterator[str]:
    lines = text.rstrip("\n").split("\n")
    for line in lines[:SHOWN_LINES]:
        if len(line) <= SHOWN_WIDTH:
            yield line
        else:
            cut = ngettext("{start}... ({count} char)", "{start}... ({count} chars)", len(line))
            yield cut.format(start=line[:SHOWN_WIDTH], count=len(line))
    if len(lines) > SHOWN_LINES:
        more = len(lines) - SHOWN_LINES
        rest = ngettext(
            "... ({count} more line; --save DIR writes them all)",
            "... ({count} more lines; --save DIR writes them all)",
            more,
        )
        yield rest.format(count=more)


def _case(case: CaseResult) -> dict[str, Any]:
    return {
        "case": case.number,
        **({"sample": case.sample} if case.sample else {}),
        "verdict": case.verdict,
        "seconds": round(case.seconds, 4),
        "memory_kb": case.memory_kb,
        "other_rounding": case.other_rounding,
    }


def json_report(report: Report, saved: Sequence[str] = (), save_error: str = "") -> dict[str, Any]:
    """The report for programs: settings, every case's verdict, time and memory, the failure."""
    s = report.settings
    failure = report.failure
    return {
        "game": report.game,
        "options": report.option_words,
        "command": report.command,
        "seed": s.seed,
        "size": s.size,
        "cases": s.cases,
        "timeout": s.timeout,
        "memory_limit_mb": s.memory_mb,
        "tolerance": s.tolerance,
        "verdict": "accepted" if failure is None else failure.verdict,
        "samples": [_case(c) for c in report.samples],
        "results": [_case(c) for c in report.cases],
        "other_roundings": report.other_roundings,
        "failure": None
        if failure is None
        else {
            "case": failure.number,
            "sample": failure.sample or None,
            "verdict": failure.verdict,
            "detail": failure.detail,
            "input": failure.input_text,
            "expected": failure.expected,
            "output": failure.output,
            "stderr": failure.stderr,
            "seconds": round(failure.seconds, 4),
            "memory_kb": failure.memory_kb,
            "original_input": failure.original_text,
            "shrink_steps": failure.shrink_steps,
            "shrink_runs": failure.shrink_runs,
            "shrink_complete": failure.shrink_complete,
        },
        "saved": list(saved),
        "save_error": save_error or None,
    }
