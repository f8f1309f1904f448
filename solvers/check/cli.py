"""``python -m solvers check GAME [OPTIONS] -- COMMAND [ARG ...]``: the local judge's CLI.

Exit status: 0 every case agreed, 1 a failure was found (reported, shrunk), 2 bad usage
(or a program that cannot be started), 130 interrupted (every program killed first).
"""

from __future__ import annotations

import contextlib
import json
import random
import shlex
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from solvers import GAMES, load
from solvers.check.engine import SKIPPED, CaseResult, Check, CheckError, Report, Settings
from solvers.check.runner import ProgramError
from solvers.files import atomic_write
from solvers.protocol import OptionError, parse_options

__all__ = ["USAGE", "main", "parse_arguments", "text_report"]

USAGE = (
    "usage: python -m solvers check GAME [--cases N] [--seed S] [--size small|judge|max]\n"
    "         [--timeout SEC] [--save DIR] [--json] [--tolerance X] [--jobs N]\n"
    "         [--shrink-time SEC] [GAME OPTIONS] -- COMMAND [ARG ...]\n"
)
HELP = USAGE + (
    "\nRun COMMAND (no shell; input on stdin, answer on stdout) on random inputs of GAME and\n"
    "compare its answers with the exact solver's. The first case it gets wrong is shrunk to\n"
    "a smallest failing input, printed with our answer and the program's.\n"
    "\n  --cases N          how many random cases (default 200)\n"
    "  --seed S           the same seed gives the same cases (default: random, printed)\n"
    "  --size SIZE        small, judge (the judge's limits, default) or max\n"
    "  --timeout SEC      wall time per run (default 5)\n"
    "  --save DIR         write the failing case to DIR/GAME-N.in and DIR/GAME-N.out\n"
    "  --json             print a machine-readable report\n"
    "  --tolerance X      accept numbers within X of ours (percentages, probabilities)\n"
    "  --jobs N           runs at once (default: the number of cores, at least 2)\n"
    "  --shrink-time SEC  stop shrinking after SEC seconds (default 30)\n"
    "\nExit status: 0 all agree, 1 a failure was found, 2 bad usage.\n"
)
#: Lines of an input printed in the text report; --save writes the whole input.
SHOWN_LINES = 60
SHOWN_WIDTH = 200
_VALUED = {
    "--cases": "cases",
    "--seed": "seed",
    "--size": "size",
    "--timeout": "timeout",
    "--save": "save",
    "--tolerance": "tolerance",
    "--jobs": "jobs",
    "--shrink-time": "shrink_seconds",
}


class Usage(Exception):
    """Bad usage: the message is printed, exit status 2."""


def parse_arguments(words: Sequence[str]) -> tuple[str, dict[str, str], list[str], list[str]]:
    """Split ``words`` into the game, check settings (as text), game option words, command."""
    if "--" not in words:
        raise Usage("check: give the program after --, e.g. check xoinc -- ./a.out")
    split = list(words).index("--")
    head, command = list(words[:split]), list(words[split + 1 :])
    settings: dict[str, str] = {}
    game_words: list[str] = []
    game = ""
    items = iter(head)
    for word in items:
        flag, has_value, inline = word.partition("=")
        if flag in _VALUED:
            value = inline if has_value else next(items, None)
            if value is None:
                raise Usage(f"{flag}: needs a value")
            settings[_VALUED[flag]] = value
        elif word == "--json":
            settings["json"] = "1"
        elif not game and not word.startswith("-"):
            game = word
        else:
            game_words.append(word)
    if not game:
        raise Usage(f"check: name a game ({', '.join(GAMES)})")
    if game not in GAMES:
        raise Usage(f"check: unknown game {game!r}; choose one of {', '.join(GAMES)}")
    if not command:
        raise Usage("check: give the program after --, e.g. check xoinc -- ./a.out")
    return game, settings, game_words, command


def _number(flag: str, text: str, kind: Callable[[str], Any]) -> Any:
    try:
        return kind(text)
    except ValueError:
        raise Usage(f"{flag}: not a number: {text!r}") from None


def build_settings(values: dict[str, str]) -> Settings:
    """Turn the check's flags into ``Settings`` (``Usage`` for a malformed number)."""
    seed = values.get("seed")
    return Settings(
        cases=_number("--cases", values.get("cases", "200"), int),
        seed=random.SystemRandom().randrange(10**6)
        if seed is None
        else _number("--seed", seed, int),
        size=values.get("size", "judge"),
        timeout=_number("--timeout", values.get("timeout", "5"), float),
        tolerance=_number("--tolerance", values["tolerance"], float)
        if "tolerance" in values
        else None,
        shrink_seconds=_number("--shrink-time", values.get("shrink_seconds", "30"), float),
        jobs=_number("--jobs", values.get("jobs", "0"), int),
    )


def main(words: Sequence[str]) -> int:
    """Run ``check`` with the words after it; return the exit status."""
    if any(word in ("-h", "--help") for word in words[: _end(words)]):
        sys.stdout.write(HELP)
        return 0
    try:
        game, values, game_words, command = parse_arguments(words)
        settings = build_settings(values)
        module = load(game)
        declared = getattr(module, "OPTIONS", ())
        options = parse_options(declared, game_words)
        standalone = [o.flag for o in declared if o.standalone and options[o.name] != o.default]
        if standalone:
            raise Usage(f"{standalone[0]}: reads no input, so there is nothing to check")
        if not hasattr(module, "generate") or not hasattr(module, "shrink"):
            raise Usage(f"check: {game} cannot generate inputs yet")
        check = Check(module, game, command, settings, options)
    except (Usage, CheckError, OptionError) as exc:
        print(exc, file=sys.stderr)
        return 2
    return _run(check, values, game_words)


def _end(words: Sequence[str]) -> int:
    return list(words).index("--") if "--" in words else len(words)


def _run(check: Check, values: dict[str, str], option_words: list[str]) -> int:
    progress = _Progress(sys.stderr, check.settings.cases)
    try:
        with _sigterm_as_interrupt():
            report = check.run(on_case=progress.case, on_shrink=progress.shrink)
    except KeyboardInterrupt:
        check.cancel()
        progress.clear()
        print("check: interrupted; every program was stopped", file=sys.stderr)
        return 130
    except (ProgramError, CheckError) as exc:
        progress.clear()
        print(exc, file=sys.stderr)
        return 2
    progress.clear()
    report.option_words = list(option_words)
    if "save" in values and report.failure is not None:
        try:
            saved = save_failure(report, Path(values["save"]))
        except OSError as exc:
            print(f"--save: {exc.strerror or exc}", file=sys.stderr)
            return 2
    else:
        saved = []
    if "json" in values:
        json.dump(json_report(report, saved), sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text_report(report, saved))
    sys.stdout.flush()
    return 0 if report.passed else 1


@contextlib.contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """While checking, SIGTERM stops the check like Ctrl+C (programs killed first)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


class _Progress:
    """A one-line counter on stderr when it is a terminal (nothing in pipes and tests)."""

    def __init__(self, stream: TextIO, total: int) -> None:
        self._stream = stream
        self._total = total
        self._shown = stream.isatty()

    def case(self, result: CaseResult) -> None:
        if self._shown:
            self._stream.write(f"\rcase {result.number}/{self._total}: {result.verdict}   ")
            self._stream.flush()

    def shrink(self, steps: int, text: str) -> None:
        if self._shown:
            size = len(text.split())
            self._stream.write(f"\rshrinking: step {steps}, {size} numbers left        ")
            self._stream.flush()

    def clear(self) -> None:
        if self._shown:
            self._stream.write("\r" + " " * 60 + "\r")
            self._stream.flush()


def save_failure(report: Report, folder: Path) -> list[str]:
    """Write the failing case as ``folder/GAME-N.in`` and ``.out``; return the paths."""
    failure = report.failure
    assert failure is not None
    folder.mkdir(parents=True, exist_ok=True)
    stem = folder / f"{report.game}-{failure.number}"
    paths = [stem.with_suffix(".in"), stem.with_suffix(".out")]
    atomic_write(paths[0], failure.input_text)
    atomic_write(paths[1], failure.expected)
    return [str(path) for path in paths]


def _rerun(report: Report) -> str:
    s = report.settings
    options = "".join(f" {shlex.quote(word)}" for word in report.option_words)
    if s.timeout != Settings.timeout:
        options += f" --timeout {s.timeout:g}"
    if s.tolerance is not None:
        options += f" --tolerance {s.tolerance:g}"
    return (
        f"python -m solvers check {report.game}{options} --seed {s.seed} --size {s.size} "
        f"--cases {s.cases} -- {shlex.join(report.command)}"
    )


def text_report(report: Report, saved: Sequence[str] = ()) -> str:
    """The report for people."""
    s = report.settings
    judged = [c for c in report.cases if c.verdict != SKIPPED]
    head = f"check {report.game}: seed {s.seed}, size {s.size}"
    failure = report.failure
    if failure is None:
        slowest = max((c.seconds for c in judged), default=0.0)
        skipped = len(report.cases) - len(judged)
        note = f" ({skipped} beyond our solver's bounds, skipped)" if skipped else ""
        return f"{head}: all {len(judged)} cases accepted{note}; slowest run {slowest:.3f} s\n"
    lines = [f"{head}: {failure.verdict} on case {failure.number} of {s.cases}"]
    if failure.detail:
        lines[0] += f" ({failure.detail})"
    if failure.verdict == "time limit":
        lines.append(f"no answer within {s.timeout:g} s; the input as generated (not shrunk):")
    else:
        state = "smallest failing input" if failure.shrink_complete else "smallest found in time"
        lines.append(
            f"shrunk in {failure.shrink_steps} steps ({failure.shrink_runs} runs) to the {state}:"
        )
    lines += ["--- input ---", *_shown(failure.input_text)]
    lines += ["--- expected (optimal) ---", *_shown(failure.expected)]
    if failure.verdict in ("wrong answer", "presentation", "runtime error", "output limit"):
        lines += ["--- your output ---", *_shown(failure.output or "(nothing)\n")]
    if failure.stderr and failure.verdict == "runtime error":
        lines += ["--- end of your stderr ---", *failure.stderr.rstrip("\n").split("\n")[-20:]]
    lines.append("---")
    lines += [f"saved {path}" for path in saved]
    lines.append(f"again: {_rerun(report)}")
    return "\n".join(lines) + "\n"


def _shown(text: str) -> Iterator[str]:
    lines = text.rstrip("\n").split("\n")
    for line in lines[:SHOWN_LINES]:
        yield line if len(line) <= SHOWN_WIDTH else f"{line[:SHOWN_WIDTH]}... ({len(line)} chars)"
    if len(lines) > SHOWN_LINES:
        yield f"... ({len(lines) - SHOWN_LINES} more lines; --save DIR writes them all)"


def json_report(report: Report, saved: Sequence[str] = ()) -> dict[str, Any]:
    """The report for programs: settings, every case's verdict, the shrunk failure."""
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
        "tolerance": s.tolerance,
        "verdict": "accepted" if failure is None else failure.verdict,
        "results": [
            {"case": c.number, "verdict": c.verdict, "seconds": round(c.seconds, 4)}
            for c in report.cases
        ],
        "failure": None
        if failure is None
        else {
            "case": failure.number,
            "verdict": failure.verdict,
            "detail": failure.detail,
            "input": failure.input_text,
            "expected": failure.expected,
            "output": failure.output,
            "stderr": failure.stderr,
            "seconds": round(failure.seconds, 4),
            "original_input": failure.original_text,
            "shrink_steps": failure.shrink_steps,
            "shrink_runs": failure.shrink_runs,
            "shrink_complete": failure.shrink_complete,
        },
        "saved": list(saved),
    }
