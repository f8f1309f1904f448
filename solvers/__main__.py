"""Command line: ``python -m solvers GAME [OPTIONS] [FILE ...] [--json]``.

Reads judge-format input (stdin when no file is named) and prints the judge output
byte for byte, or with ``--json`` the full results. ``python -m solvers check GAME ...
-- COMMAND`` is the local judge (``solvers.check``).

Only the named game is imported (the game word is found before anything else is
built), so ``python -m solvers nim`` loads neither NumPy nor the other games.

Exit status: 0 answered; 2 the input or an option is at fault (``FILE:LINE: reason``
or ``OPTION: reason`` on stderr, ``TooBig`` included: the case's line is named);
1 an unexpected error inside a solver, reported on one line (``SOLVERS_DEBUG=1``
prints the traceback); 130 interrupted. A reader closing the pipe early
(``--json | head``) ends the program quietly with status 0.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solvers import GAMES, TITLES, load
from solvers.protocol import (
    GameModule,
    JudgeFormatError,
    Option,
    OptionError,
    jsonable,
    parse_options,
)

__all__ = ["MAX_INPUT_BYTES", "main"]

PROG = "python -m solvers"
#: Judge files (and stdin) larger than this are refused before being parsed.
MAX_INPUT_BYTES = 64 * 1024 * 1024
#: Errors a bad input can cause inside a parser or a solver: the input's fault, exit 2.
INPUT_FAULTS = (ValueError, ArithmeticError, RecursionError, MemoryError, IndexError, KeyError)


class UsageError(Exception):
    """A bad command line or input: printed as is, exit status 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(words)
    except UsageError as exc:
        _print_error(str(exc))
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # one line, never a traceback (unless asked for)
        if os.environ.get("SOLVERS_DEBUG"):
            raise
        _print_error(f"{PROG}: internal error: {type(exc).__name__}: {exc}")
        return 1


def _print_error(message: str) -> None:
    try:
        print(message, file=sys.stderr)
    except (OSError, ValueError):  # stderr closed as well: nothing left to tell
        pass


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _dispatch(words: list[str]) -> int:
    command = next((w for w in words if not w.startswith("-")), None)
    if command is None:
        if words and any(w in ("-h", "--help") for w in words):
            sys.stdout.write(_main_help())
            return 0
        raise UsageError(
            f"{PROG}: name a game ({', '.join(GAMES)}) or check; see {PROG} --help"
            if not words
            else f"{words[0]}: unknown option before the game; see {PROG} --help"
        )
    rest = list(words)
    rest.remove(command)
    if command == "check":
        from solvers.check.cli import main as check_main

        return check_main(rest)
    if command not in GAMES:
        raise UsageError(f"{PROG}: unknown game {command!r}; choose one of {', '.join(GAMES)}")
    return _run_game(command, rest)


def _main_help() -> str:
    games = "\n".join(f"  {game:<10} {TITLES[game]}" for game in GAMES)
    return (
        f"usage: {PROG} GAME [OPTIONS] [FILE ...] [--json]\n"
        f"       {PROG} check GAME [--cases N] [--seed S] [--size small|judge|max]\n"
        "             [--timeout SEC] [--save DIR] [--json] [--tolerance X] -- COMMAND [ARG ...]\n"
        "\nSolve games given in their original judge format (stdin when no FILE).\n"
        f"\ngames:\n{games}\n"
        "  check      run a program on random inputs and shrink the first it gets wrong\n"
        f"\n{PROG} GAME --help lists the game's options.\n"
    )


def _run_game(game: str, words: list[str]) -> int:
    module = load(game)
    declared = tuple(module.OPTIONS)
    if "-h" in words or "--help" in words:
        sys.stdout.write(game_help(game, module, declared))
        return 0
    files, as_json, option_words = split_arguments(declared, words)
    try:
        options = parse_options(declared, option_words)
    except OptionError as exc:
        raise UsageError(str(exc)) from None
    standalone = [o for o in declared if o.standalone and options[o.name] != o.default]
    if standalone:
        if files:
            raise UsageError(f"{standalone[0].flag}: reads no input, but {files[0]} was given")
        batches = [Batch(standalone[0].flag, "", _parse("", standalone[0].flag, module, options))]
    else:
        batches = []
        for path in files or ["-"]:
            name = "<stdin>" if path == "-" else path
            text = read_judge_text(path, name)
            batches.append(Batch(name, text, _parse(text, name, module, options)))
    _write_answers(module, batches, as_json)
    return 0


@dataclass(frozen=True)
class Batch:
    """The cases read from one file; ``text`` is empty when a standalone option made them."""

    name: str
    text: str
    cases: list[Any]

    def where(self, module: GameModule, index: int) -> str:
        """``FILE:LINE`` of case ``index`` (the option's flag for a standalone batch)."""
        if not self.text:
            return self.name
        return f"{self.name}:{case_line(module, self.text, self.cases, index)}"


def split_arguments(
    declared: Sequence[Option], words: Sequence[str]
) -> tuple[list[str], bool, list[str]]:
    """Split a game's arguments into files, ``--json`` and the words of its options.

    A declared option that takes a value takes the next word even when it starts with
    ``-`` (``--pieces -1`` is then refused by the option with its range). Anything after
    ``--`` is a file.
    """
    by_flag = {option.flag: option for option in declared}
    files: list[str] = []
    option_words: list[str] = []
    as_json = False
    items = iter(words)
    for word in items:
        if word == "--":
            files.extend(items)
        elif word == "--json":
            as_json = True
        elif word.startswith("-") and word != "-":
            option_words.append(word)
            option = by_flag.get(word)
            if option is not None and option.kind != "flag":
                value = next(items, None)
                if value is not None:
                    option_words.append(value)
        else:
            files.append(word)
    return files, as_json, option_words


def game_help(game: str, module: GameModule, declared: Sequence[Option]) -> str:
    """The ``--help`` text of one game, built from its options."""
    doc = (module.__doc__ or TITLES[game]).strip().splitlines()[0]
    lines = [f"usage: {PROG} {game} [OPTIONS] [FILE ...] [--json]", "", doc, "", "options:"]
    rows = [("FILE", "judge input (default: stdin; - is stdin)"), ("--json", "print full results")]
    for option in declared:
        shown = option.flag if option.kind == "flag" else f"{option.flag} {option.metavar or 'X'}"
        default = "" if option.default in (None, False, ()) else f" (default: {option.default})"
        rows.append((shown, option.help + default))
    width = max(len(left) for left, _ in rows) + 2
    lines.extend(f"  {left:<{width}}{right}" for left, right in rows)
    from solvers.input_formats import INPUT_FORMATS  # only for --help

    description, sample, answer = INPUT_FORMATS[game]
    lines += ["", "input (the judge's format):", *(f"  {line}" for line in description)]
    lines += ["", "sample input:", *(f"  {line}" for line in sample.splitlines())]
    lines += ["", "its output:", f"  {answer}"]
    return "\n".join(lines) + "\n"


def read_judge_text(path: str, name: str, limit: int | None = None) -> str:
    """Read a judge file (``-``: stdin) as text, refusing more than ``limit`` bytes."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data: bytes | str = (stream or sys.stdin).read(limit + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as exc:
        raise UsageError(f"{name}:1: cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise UsageError(f"{name}:1: larger than {limit // (1024 * 1024)} MiB; split the file")
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise UsageError(f"{name}:{line}: not UTF-8 text (byte {exc.start + 1})") from None


def _parse(text: str, name: str, module: GameModule, options: dict[str, Any]) -> list[Any]:
    try:
        cases = list(module.parse_judge(text, **options))
    except JudgeFormatError as exc:
        raise UsageError(f"{name}:{exc.line}: {exc.reason}") from None
    except INPUT_FAULTS as exc:
        where = name if name.startswith("--") else f"{name}:1"  # a flag: a standalone option
        raise UsageError(f"{where}: {_reason(exc)}") from None
    if not cases:  # only a terminator, or nothing at all: surely not what was meant
        raise UsageError(f"{name}:1: no case in the input")
    return cases


def _reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "too deeply nested"
    if isinstance(exc, MemoryError):
        return "too large for memory"
    if isinstance(exc, ValueError) and str(exc):
        return str(exc)
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def case_line(module: GameModule, text: str, cases: Sequence[Any], index: int) -> int:
    """The line where case ``index`` starts in ``text``.

    Found by counting tokens: each earlier case takes as many whitespace-separated
    tokens as ``format_input`` writes for it, whatever the file's layout.
    """
    if index == 0 or not text:
        return _first_token_line(text, 0)
    try:
        skip = sum(len(module.format_input(case).split()) for case in cases[:index])
    except Exception:  # a game without format_input yet: name the file's first line
        return 1
    return _first_token_line(text, skip)


def _first_token_line(text: str, skip: int) -> int:
    seen = 0
    for number, line in enumerate(text.split("\n"), start=1):
        count = len(line.split())
        if seen + count > skip:
            return number
        seen += count
    return max(1, text.count("\n"))


def _write_answers(module: GameModule, batches: list[Batch], as_json: bool) -> None:
    """Solve and print case by case, so memory holds one result at a time."""
    out = sys.stdout
    first = True
    if as_json:
        import json

        out.write("[")
    for batch in batches:
        for index, inputs in enumerate(batch.cases):
            try:
                result = module.solve(inputs)
            except INPUT_FAULTS as exc:
                raise UsageError(f"{batch.where(module, index)}: {_reason(exc)}") from None
            answer = module.format_judge(result)
            if as_json:
                document = {
                    "file": batch.name,
                    "inputs": jsonable(inputs),
                    "answer": answer,
                    "result": jsonable(result),
                }
                out.write(("\n" if first else ",\n") + json.dumps(document, indent=1))
            else:
                out.write(answer + "\n")
            first = False
    out.write("\n]\n" if as_json else "")
    out.flush()


if __name__ == "__main__":
    sys.exit(main())
