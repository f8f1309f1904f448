"""Dice Yut (Baekjoon 17825): best score for known throws, expectation for unknown ones.

``solve(YutInputs)`` maximises the score for throws known in advance and
returns an optimal line; ``solve(ExpectInputs)`` gives the expected score
under optimal adaptive play when each throw is seen only when it is made,
with tables answering "I threw a k: which move?". When no piece may move
(all on the end, or every move blocked on a board with loops) the throw is
lost and the next turn begins; on the standard board a move always exists
while some piece is off the end, so this never changes a judge answer.
"""

from __future__ import annotations

import argparse
from typing import Any, overload

from solvers.protocol import Progress, Tokens, checked
from solvers.yut.board import (
    MAX_FACE,
    Board,
    Square,
    board_from_json,
    board_problems,
    board_to_json,
    load_board,
    load_board_text,
    standard_board,
)
from solvers.yut.known import (
    MAX_PIECES,
    MAX_THROWS,
    Step,
    YutInputs,
    YutResult,
    legal_targets,
    solve_known,
)
from solvers.yut.unknown import ExpectInputs, ExpectResult, MoveOption, solve_expected, uniform

__all__ = [
    "MAX_FACE",
    "MAX_PIECES",
    "MAX_THROWS",
    "Board",
    "ExpectInputs",
    "ExpectResult",
    "MoveOption",
    "Square",
    "Step",
    "YutInputs",
    "YutResult",
    "add_cli_arguments",
    "board_from_json",
    "board_problems",
    "board_to_json",
    "csv_rows",
    "format_judge",
    "judge_options",
    "legal_targets",
    "load_board",
    "load_board_text",
    "parse_judge",
    "solve",
    "solve_expected",
    "solve_known",
    "standard_board",
    "uniform",
]

#: Throws per case in the judge format.
JUDGE_THROWS = 10


@overload
def solve(inputs: YutInputs, progress: Progress | None = None) -> YutResult: ...


@overload
def solve(inputs: ExpectInputs, progress: Progress | None = None) -> ExpectResult: ...


def solve(
    inputs: YutInputs | ExpectInputs, progress: Progress | None = None
) -> YutResult | ExpectResult:
    """Known throws: max score and line; unknown throws: the expectation tables."""
    if isinstance(inputs, ExpectInputs):
        return solve_expected(inputs, progress)
    return solve_known(inputs, progress)


def parse_judge(
    text: str,
    board: Board | None = None,
    pieces: int = 4,
    faces: int = 5,
    throws: int = JUDGE_THROWS,
) -> list[YutInputs]:
    """Baekjoon 17825: ten throws 1..5 per case; several cases may follow each other."""
    chosen = standard_board() if board is None else board
    tokens = Tokens(text)
    cases: list[YutInputs] = []
    while not tokens.at_end() or not cases:
        line = tokens.line
        values = tuple(tokens.integers(throws, "a throw", 1, faces))
        cases.append(checked(line, YutInputs, values, pieces, faces, chosen))
    return cases


def format_judge(result: YutResult | ExpectResult) -> str:
    """The maximum score (or the expectation with six decimals)."""
    if isinstance(result, ExpectResult):
        return f"{result.expected:.6f}"
    return str(result.best)


def add_cli_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``python -m solvers yut`` beyond the judge format."""
    parser.add_argument("--board", metavar="JSON", help="board file (default: the standard board)")
    parser.add_argument("--pieces", type=int, default=4, help="number of pieces (1..6)")
    parser.add_argument("--faces", type=int, default=5, help="die faces 1..F (default 5)")
    parser.add_argument(
        "--throws", type=int, default=JUDGE_THROWS, help="throws per case (default 10)"
    )


def judge_options(args: argparse.Namespace) -> dict[str, Any]:
    """Turn the CLI options into ``parse_judge`` keywords; bad ones stop the program."""

    def fail(message: str) -> SystemExit:
        return SystemExit(f"python -m solvers yut: error: {message}")

    board = None
    if args.board is not None:
        try:
            with open(args.board, encoding="utf-8") as handle:
                board = load_board_text(handle.read())
        except (OSError, ValueError) as exc:
            raise fail(f"--board {args.board}: {exc}") from None
    if not 1 <= args.pieces <= MAX_PIECES:
        raise fail(f"--pieces must be between 1 and {MAX_PIECES}")
    if not 1 <= args.faces <= MAX_FACE:
        raise fail(f"--faces must be between 1 and {MAX_FACE}")
    if not 1 <= args.throws <= MAX_THROWS:
        raise fail(f"--throws must be between 1 and {MAX_THROWS}")
    return {"board": board, "pieces": args.pieces, "faces": args.faces, "throws": args.throws}


def csv_rows(
    inputs: YutInputs | ExpectInputs, result: YutResult | ExpectResult | None
) -> list[list[str]]:
    """Known throws: one row per turn of the line; unknown: first-turn moves per face."""
    if isinstance(inputs, ExpectInputs):
        return _expect_rows(inputs, result if isinstance(result, ExpectResult) else None)
    rows = [["turn", "throw", "piece", "from", "to", "points", "total", "path"]]
    if not isinstance(result, YutResult):
        rows.extend(
            [str(t), str(k), "", "", "", "", "", ""] for t, k in enumerate(inputs.throws, 1)
        )
        return rows
    for step in result.line:
        rows.append(
            [
                str(step.turn),
                str(step.throw),
                "" if step.piece is None else str(step.piece),
                step.from_square or "",
                step.to_square or "(no legal move)",
                str(step.points),
                str(step.total),
                " ".join(step.path),
            ]
        )
    rows.append(["max score", "", "", "", "", "", str(result.best), ""])
    return rows


def _expect_rows(inputs: ExpectInputs, result: ExpectResult | None) -> list[list[str]]:
    rows = [["face", "probability", "piece", "from", "to", "points", "expected total", "best"]]
    for face, p in enumerate(inputs.probabilities, start=1):
        options = result.first_turn[face - 1] if result is not None else ()
        if not options:
            rows.append([str(face), f"{p:.6g}", "", "", "", "", "", ""])
        for o in options:
            rows.append(
                [
                    str(face),
                    f"{p:.6g}",
                    str(o.piece),
                    o.from_square,
                    o.to_square,
                    str(o.points),
                    f"{o.expected:.6f}",
                    "yes" if o.best else "",
                ]
            )
    if result is not None:
        rows.append(["expected", "", "", "", "", "", f"{result.expected:.6f}", ""])
    return rows
