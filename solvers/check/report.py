"""A check's report: in words for people (``text_report``), as JSON for programs."""

from __future__ import annotations

import shlex
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from solvers.check.model import COMPILE_ERROR, SKIPPED, CaseResult, Report, Settings
from solvers.files import atomic_write

__all__ = ["json_report", "rerun_command", "save_failure", "text_report"]

#: Lines of an input printed in the text report; --save writes the whole input.
SHOWN_LINES = 60
SHOWN_WIDTH = 200
_WITH_OUTPUT = ("wrong answer", "presentation", "runtime error", "output limit", "memory limit")
_WITH_STDERR = ("runtime error", "memory limit")


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
    return "?" if kb is None else f"{kb / 1024:.1f} MB"


def _name(case: CaseResult) -> str:
    return f"sample {case.sample}" if case.sample else f"case {case.number}"


def _measured(report: Report) -> str:
    """``slowest case 12 (0.031 s), peak memory 9.8 MB (case 40)``."""
    judged = report.judged
    if not judged:
        return "no run measured"
    slowest = max(judged, key=lambda c: c.seconds)
    text = f"slowest {_name(slowest)} ({slowest.seconds:.3f} s)"
    measured = [c for c in judged if c.memory_kb is not None]
    if measured:
        peak = max(measured, key=lambda c: c.memory_kb or 0)
        text += f", peak memory {_megabytes(peak.memory_kb)} ({_name(peak)})"
    return text


def _notes(report: Report) -> list[str]:
    count = report.other_roundings
    if not count:
        return []
    return [
        f"note: {count} answer{'s' if count > 1 else ''} rounded an exact half the other way; "
        "accepted, as judges accept either rounding of an exact half"
    ]


def text_report(report: Report, saved: Sequence[str] = (), save_error: str = "") -> str:
    """The report for people."""
    s = report.settings
    head = f"check {report.game}: seed {s.seed}, size {s.size}"
    failure = report.failure
    lines: list[str]
    if failure is None:
        done = [c for c in report.cases if c.verdict != SKIPPED]
        skipped = len(report.cases) - len(done)
        note = f" ({skipped} beyond our solver's bounds, skipped)" if skipped else ""
        samples = f"{len(report.samples)} samples and " if report.samples else ""
        if report.cancelled:  # never "all accepted" for a check that did not finish
            judged = [c for c in done if c.verdict != "cancelled"]
            lines = [f"{head}: cancelled after {len(judged)} of {s.cases} cases, none wrong"]
        else:
            lines = [f"{head}: {samples}all {len(done)} cases accepted{note}; {_measured(report)}"]
        return "\n".join([*lines, *_notes(report)]) + "\n"
    if failure.verdict == COMPILE_ERROR:
        lines = [f"{head}: compile error", *failure.stderr.rstrip("\n").split("\n")]
        return "\n".join([*lines, *_save_lines(saved, save_error)]) + "\n"
    where = f"sample {failure.sample}" if failure.sample else f"case {failure.number} of {s.cases}"
    lines = [f"{head}: {failure.verdict} on {where}"]
    if failure.detail:
        lines[0] += f" ({failure.detail})"
    if failure.sample and failure.input_text != failure.original_text:
        lines += [
            f"--- sample {failure.sample} of the statement ---",
            *_shown(failure.original_text),
        ]
    if failure.verdict == "time limit":
        lines.append(f"no answer within {s.timeout:g} s; the input as it was (not shrunk):")
    else:
        state = "smallest failing input" if failure.shrink_complete else "smallest found in time"
        lines.append(
            f"shrunk in {failure.shrink_steps} steps ({failure.shrink_runs} runs) to the {state}:"
        )
    lines += ["--- input ---", *_shown(failure.input_text)]
    lines += ["--- expected (optimal) ---", *_shown(failure.expected)]
    if failure.verdict in _WITH_OUTPUT:
        lines += ["--- your output ---", *_shown(failure.output or "(nothing)\n")]
    if failure.stderr and failure.verdict in _WITH_STDERR:
        lines += ["--- end of your stderr ---", *failure.stderr.rstrip("\n").split("\n")[-20:]]
    lines.append("---")
    lines.append(
        f"this run: {failure.seconds:.3f} s, peak memory {_megabytes(failure.memory_kb)}; "
        f"of all runs: {_measured(report)}"
    )
    lines += _notes(report)
    lines += _save_lines(saved, save_error)
    lines.append(f"again: {rerun_command(report)}")
    return "\n".join(lines) + "\n"


def _save_lines(saved: Sequence[str], save_error: str) -> list[str]:
    return [f"saved {path}" for path in saved] + (
        [f"not saved: {save_error}"] if save_error else []
    )


def _shown(text: str) -> Iterator[str]:
    lines = text.rstrip("\n").split("\n")
    for line in lines[:SHOWN_LINES]:
        yield line if len(line) <= SHOWN_WIDTH else f"{line[:SHOWN_WIDTH]}... ({len(line)} chars)"
    if len(lines) > SHOWN_LINES:
        yield f"... ({len(lines) - SHOWN_LINES} more lines; --save DIR writes them all)"


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
