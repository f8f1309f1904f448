"""``python -m solvers check GAME [OPTIONS] -- COMMAND [ARG ...]``: the local judge's CLI.

Exit status: 0 every case agreed, 1 a failure was found (reported, shrunk), 2 bad usage
(or a program that cannot be started), 130 interrupted (every program killed first).
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from solvers import GAMES, load
from solvers.check.build import BuildError
from solvers.check.engine import Check
from solvers.check.model import COMPILE_ERROR, CaseResult, CheckError, Settings
from solvers.check.report import json_report, save_failure, text_report
from solvers.check.runner import ProgramError
from solvers.protocol import OptionError, parse_options

__all__ = ["USAGE", "main", "parse_arguments", "text_report"]

USAGE = (
    "usage: python -m solvers check GAME [--cases N] [--seed S] [--size small|judge|max]\n"
    "         [--timeout SEC] [--memory MB] [--save DIR] [--json] [--tolerance X] [--jobs N]\n"
    "         [--shrink-time SEC] [--shrink-runs N] [GAME OPTIONS] -- COMMAND [ARG ...]\n"
)
HELP = USAGE + (
    "\nRun COMMAND (no shell; input on stdin, answer on stdout) on the statement's samples\n"
    "and random inputs of GAME and compare its answers with the exact solver's. The first\n"
    "case it gets wrong is shrunk to a smallest failing input, printed with our answer and\n"
    "the program's. COMMAND may be one source file (.cpp .cc .c .java .py .rs): it is\n"
    "built once and kept in a cache.\n"
    "\n  --cases N          how many random cases (default 200)\n"
    "  --seed S           the same seed gives the same cases (default: random, printed)\n"
    "  --size SIZE        small, judge (the judge's limits, default) or max\n"
    "  --timeout SEC      wall time per run (default 5)\n"
    "  --memory MB        memory per run (default: no limit; the peak is measured)\n"
    "  --save DIR         write the failing case to DIR/GAME-N.in and DIR/GAME-N.out\n"
    "  --json             print a machine-readable report\n"
    "  --tolerance X      accept numbers within X of ours (percentages, probabilities)\n"
    "  --jobs N           runs at once (default: the number of cores, at least 2)\n"
    "  --shrink-time SEC  stop shrinking after SEC seconds (default 30)\n"
    "  --shrink-runs N    stop shrinking after N runs (default 2000)\n"
    "\nExit status: 0 all agree, 1 a failure was found (or --save failed), 2 bad usage.\n"
)
_VALUED = {
    "--cases": "cases",
    "--seed": "seed",
    "--size": "size",
    "--timeout": "timeout",
    "--save": "save",
    "--tolerance": "tolerance",
    "--jobs": "jobs",
    "--shrink-time": "shrink_seconds",
    "--shrink-runs": "shrink_runs",
    "--memory": "memory",
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
        jobs=_jobs(values.get("jobs")),
        shrink_runs=_number("--shrink-runs", values.get("shrink_runs", "2000"), int),
        memory_mb=_number("--memory", values["memory"], int) if "memory" in values else None,
    )


def _jobs(text: str | None) -> int:
    """``--jobs``: at least 1 when given (0, the default, means one per core)."""
    if text is None:
        return 0
    jobs: int = _number("--jobs", text, int)
    if jobs < 1:
        raise Usage(f"--jobs: at least 1, got {jobs}")
    return jobs


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
    except (ProgramError, BuildError, CheckError) as exc:
        progress.clear()
        print(exc, file=sys.stderr)
        return 2
    progress.clear()
    report.option_words = list(option_words)
    saved: list[str] = []
    save_error = ""
    failure = report.failure
    if "save" in values and failure is not None and failure.verdict != COMPILE_ERROR:
        try:
            saved = save_failure(report, Path(values["save"]))
        except OSError as exc:
            # The report matters more than the files: it is printed all the same.
            save_error = f"{values['save']}: {exc.strerror or exc}"
    if "json" in values:
        json.dump(json_report(report, saved, save_error), sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text_report(report, saved, save_error))
    sys.stdout.flush()
    if save_error:
        print(f"--save: {save_error}", file=sys.stderr)
        return 1
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
