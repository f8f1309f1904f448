"""Command line: ``python -m solvers GAME [OPTIONS] [FILE ...] [--json | --explain]``.

Reads judge-format input (stdin when no file is named) and prints the judge output
byte for byte, or with ``--json`` the full results; ``--explain`` follows each answer
with its derivation as Markdown, and ``--sweep NAME=START:STOP[:STEP]`` prints a CSV
row per value of one input instead (``solvers.sweep_cli``). ``python -m solvers check GAME ...
-- COMMAND`` is the local judge (``solvers.check``).

Only the named game is imported (the game word is found before anything else is
built), so ``python -m solvers nim`` loads neither NumPy nor the other games.

Each file is read as a stream: every case is answered as soon as it is read, so
the first answer of a huge file comes at once and memory holds one case.

Exit status: 0 answered; 2 the input or an option is at fault (``FILE:LINE: reason``
or ``OPTION: reason`` on stderr, ``TooBig`` included: the case's line is named);
3 the output could not be written (``stdout: No space left on device``, a closed
stdout); 1 an unexpected error inside a solver, reported on one line
(``SOLVERS_DEBUG=1`` prints the traceback); 130 interrupted (Ctrl+C), 143 terminated
(SIGTERM), both quietly. A reader closing the pipe early (``--json | head``) ends
the program quietly with status 0.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from solvers import GAMES, TITLES, load
from solvers.cli_output import (
    OutputError,
    flush_out,
    print_error,
    silence_stdout,
    stdout_broken,
    write_out,
)
from solvers.i18n import LANGUAGES, set_language
from solvers.judge_files import judge_cases, open_judge
from solvers.protocol import (
    GameModule,
    JudgeFormatError,
    Option,
    OptionError,
    jsonable,
    parse_options,
)

__all__ = ["EXIT_OUTPUT", "MAX_INPUT_BYTES", "main", "run"]

PROG = "python -m solvers"
#: Judge files (and stdin) larger than this are refused before being parsed.
MAX_INPUT_BYTES = 64 * 1024 * 1024
#: Errors a bad input can cause inside a parser or a solver: the input's fault, exit 2.
INPUT_FAULTS = (ValueError, ArithmeticError, RecursionError, MemoryError, IndexError, KeyError)


#: Exit status when the answers could not be written (full disk, closed stdout).
EXIT_OUTPUT = 3


class UsageError(Exception):
    """A bad command line or input: printed as is, exit status 2."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl+C so that every clean-up for Ctrl+C runs for it too."""


def run() -> int:
    """``python -m solvers``: ``main`` with SIGTERM ending it as quietly as Ctrl+C."""

    def terminate(signum: int, frame: object) -> None:
        raise Terminated

    signal.signal(signal.SIGTERM, terminate)
    return main()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        status = _dispatch(words)
        flush_out()
        return status
    except UsageError as exc:
        print_error(str(exc))
        return 2
    except OutputError as exc:
        silence_stdout()
        print_error(f"stdout: {exc}")
        return EXIT_OUTPUT
    except BrokenPipeError:
        silence_stdout()
        return 0
    except KeyboardInterrupt as exc:  # the answers given so far still go out, if they can
        try:
            flush_out()
        except (OutputError, OSError):
            silence_stdout()
        return 128 + signal.SIGTERM if isinstance(exc, Terminated) else 130
    except Exception as exc:  # one line, never a traceback (unless asked for)
        if os.environ.get("SOLVERS_DEBUG"):
            raise
        print_error(f"{PROG}: internal error: {type(exc).__name__}: {exc}")
        return 1


def _dispatch(words: list[str]) -> int:
    command = next((w for w in words if not w.startswith("-")), None)
    if command is None:
        if words and any(w in ("-h", "--help") for w in words):
            write_out(_main_help())
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

        if sys.stdout is None:  # the report has nowhere to go: say so before any run
            raise OutputError(os.strerror(errno.EBADF))
        try:
            return check_main(rest)
        except OSError as exc:
            # The check reads no file and catches its own --save errors: a full disk is stdout's.
            written = exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO)
            if isinstance(exc, BrokenPipeError) or not (written or stdout_broken()):
                raise
            raise OutputError(exc.strerror or str(exc)) from None
    if command not in GAMES:
        raise UsageError(f"{PROG}: unknown game {command!r}; choose one of {', '.join(GAMES)}")
    return _run_game(command, rest)


def _main_help() -> str:
    games = "\n".join(f"  {game:<10} {TITLES[game]}" for game in GAMES)
    return (
        f"usage: {PROG} GAME [OPTIONS] [FILE ...] [--json | --explain]\n"
        f"       {PROG} GAME [OPTIONS] --sweep NAME=START:STOP[:STEP] [FILE ...]\n"
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
        write_out(game_help(game, module, declared))
        return 0
    sweep_text, sweep = None, None
    if any(word.startswith("--sweep") for word in words):  # what if
        from solvers import sweep_cli

        sweep_text, words = _sweeping(sweep_cli.take_sweep, words)
    explain = "--explain" in (words[: words.index("--")] if "--" in words else words)
    language = "en"
    if explain:  # the first one: any after ``--`` is a file
        words.remove("--explain")
        language = _explain_language(words)
    files, as_json, option_words = split_arguments(declared, words)
    if explain and as_json:
        raise UsageError("--explain: cannot be combined with --json")
    try:
        options = parse_options(declared, option_words)
    except OptionError as exc:
        raise UsageError(str(exc)) from None
    if sweep_text is not None:  # a bad sweep fails before any input is read
        sweep = _sweeping(sweep_cli.read_sweep, game, sweep_text, options)
        if as_json:
            raise UsageError("--sweep: prints CSV; it cannot be combined with --json")
    standalone = [o for o in declared if o.standalone and options[o.name] != o.default]
    if standalone:
        if files:
            raise UsageError(f"{standalone[0].flag}: reads no input, but {files[0]} was given")
        flag = standalone[0].flag
        cases: Iterator[tuple[str, Any]] = (
            (flag, inputs) for inputs in _parse("", flag, module, options)
        )
    else:
        cases = _read_cases(module, files or ["-"], options)
    if sweep is not None:  # one CSV row per value instead of the answers
        read = list(cases)
        inputs = [case for _, case in read]
        _sweeping(sweep_cli.write_sweep, sweep, inputs, lambda i: read[i][0])
        return 0
    _write_answers(module, cases, as_json, language if explain else None)
    return 0


T = TypeVar("T")


def _sweeping(step: Callable[..., T], *args: Any) -> T:
    """A step of ``--sweep`` (``solvers.sweep_cli``): its ``ValueError`` is the user's."""
    try:
        return step(*args)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _read_cases(
    module: GameModule, files: Sequence[str], options: dict[str, Any]
) -> Iterator[tuple[str, Any]]:
    """``("FILE:LINE", inputs)`` for every case of every file, read as they are needed."""
    for path in files:
        name = "<stdin>" if path == "-" else path
        try:
            with open_judge(path, MAX_INPUT_BYTES) as tokens:
                count = 0
                for line, inputs in judge_cases(module, tokens, options):
                    count += 1
                    yield f"{name}:{line}", inputs
                if not count:  # only a terminator, or nothing at all: surely not what was meant
                    raise UsageError(f"{name}:1: no case in the input")
        except JudgeFormatError as exc:
            raise UsageError(f"{name}:{exc.line}: {exc.reason}") from None
        except OSError as exc:
            raise UsageError(f"{name}:1: cannot read: {exc.strerror or exc}") from None
        except INPUT_FAULTS as exc:
            raise UsageError(f"{name}:1: {_reason(exc)}") from None


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


def _explain_language(words: list[str]) -> str:
    """``--lang CODE`` (with ``--explain``): the derivations in Korean or Chinese, not English.

    Only the derivation speaks it: answers and errors stay as judges print them.
    """
    options = words[: words.index("--")] if "--" in words else words
    if "--lang" not in options:
        return "en"
    at = options.index("--lang")
    code = words[at + 1] if at + 1 < len(options) else ""
    if code not in LANGUAGES:
        raise UsageError(f"--lang: choose one of {', '.join(LANGUAGES)}, not {code!r}")
    del words[at : at + 2]
    return code


def game_help(game: str, module: GameModule, declared: Sequence[Option]) -> str:
    """The ``--help`` text of one game, built from its options."""
    doc = (module.__doc__ or TITLES[game]).strip().splitlines()[0]
    usage = f"usage: {PROG} {game} [OPTIONS] [FILE ...] [--json | --explain]"
    lines = [usage, "", doc, "", "options:"]
    rows = [
        ("FILE", "judge input (default: stdin; - is stdin)"),
        ("--json", "print full results"),
        ("--explain", "follow each answer with its derivation, step by step (Markdown)"),
        ("--lang CODE", "with --explain: the derivation in ko (Korean) or zh_CN (Chinese)"),
    ]
    if module.SWEEPS:
        names = ", ".join(s.key(1) if s.indexed else s.name for s in module.SWEEPS)
        rows.append(("--sweep NAME=A:B[:S]", f"what if: a CSV row per value A..B ({names})"))
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


def _write_answers(
    module: GameModule,
    cases: Iterator[tuple[str, Any]],
    as_json: bool,
    explain: str | None = None,
) -> None:
    """Solve and print case by case, as the cases are read: memory holds one at a time.

    ``explain`` (a language code) follows each answer with its derivation as Markdown
    (``solvers.explain``) in that language; everything else stays English.
    """
    first = True
    if as_json:
        import json

        write_out("[")
    for where, inputs in cases:
        try:
            result = module.solve(inputs)
        except INPUT_FAULTS as exc:
            raise UsageError(f"{where}: {_reason(exc)}") from None
        answer = module.format_judge(result)
        if as_json:
            document = {
                "file": where.rpartition(":")[0] if ":" in where else where,
                "inputs": jsonable(inputs),
                "answer": answer,
                "result": jsonable(result),
            }
            write_out(("\n" if first else ",\n") + json.dumps(document, indent=1))
        else:
            write_out(answer + "\n")
        if explain is not None:
            from solvers.explain import to_markdown

            set_language(explain)
            try:
                write_out("\n" + to_markdown(module.explain(inputs, result)) + "\n")
            finally:
                set_language("en")
        first = False
    write_out("\n]\n" if as_json else "")
    flush_out()


if __name__ == "__main__":
    sys.exit(run())
