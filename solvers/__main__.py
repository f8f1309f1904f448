"""Command line: ``python -m solvers GAME [FILE ...] [--json]``.

Reads judge-format input (stdin when no file is named), prints the judge
output byte for byte, or with ``--json`` the full results. Bad input exits
with status 2 and ``FILE:LINE: reason`` on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from solvers import GAMES, TITLES, load
from solvers.protocol import JudgeFormatError, jsonable

__all__ = ["main"]


def _parser() -> tuple[argparse.ArgumentParser, dict[str, Any]]:
    parser = argparse.ArgumentParser(
        prog="python -m solvers",
        description="Solve games given in their original judge format.",
    )
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    modules: dict[str, Any] = {}
    for game_id in GAMES:
        try:
            module = load(game_id)
        except ModuleNotFoundError:
            continue
        modules[game_id] = module
        doc = (module.__doc__ or TITLES[game_id]).strip().splitlines()[0]
        sub = games.add_parser(game_id, help=doc, description=doc)
        sub.add_argument("files", nargs="*", metavar="FILE", help="judge input (default: stdin)")
        sub.add_argument("--json", action="store_true", help="print the full results as JSON")
        if hasattr(module, "add_cli_arguments"):
            module.add_cli_arguments(sub)
    return parser, modules


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser, modules = _parser()
    args = parser.parse_args(argv)
    module = modules[args.game]
    options: dict[str, Any] = module.judge_options(args) if hasattr(module, "judge_options") else {}
    paths = args.files or ["-"]
    cases: list[tuple[str, Any]] = []
    for path in paths:
        name = "<stdin>" if path == "-" else path
        try:
            text = _read(path)
        except (OSError, UnicodeDecodeError) as exc:
            print(f"{name}:1: cannot read: {exc}", file=sys.stderr)
            return 2
        try:
            cases.extend((name, inputs) for inputs in module.parse_judge(text, **options))
        except JudgeFormatError as exc:
            print(f"{name}:{exc.line}: {exc.reason}", file=sys.stderr)
            return 2
    if args.json:
        documents = []
        for name, inputs in cases:
            result = module.solve(inputs)
            documents.append(
                {
                    "file": name,
                    "inputs": jsonable(inputs),
                    "answer": module.format_judge(result),
                    "result": jsonable(result),
                }
            )
        json.dump(documents, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        out = [module.format_judge(module.solve(inputs)) + "\n" for _, inputs in cases]
        sys.stdout.write("".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
