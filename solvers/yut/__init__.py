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

import importlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, overload

from solvers.i18n import N_, _
from solvers.protocol import Option, Progress, Tokens, checked, tokens_of
from solvers.tokens import TextReader
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
from solvers.yut.cases import JUDGE_FACES, JUDGE_THROWS, example, format_input, generate, shrink
from solvers.yut.export import csv_rows
from solvers.yut.known import (
    MAX_PIECES,
    MAX_THROWS,
    KnownSearch,
    Step,
    YutInputs,
    YutResult,
    solve_known,
)
from solvers.yut.sweeps import SWEEPS

if TYPE_CHECKING:
    from solvers.explain import Step as ExplainStep
    from solvers.yut.play import ExpectGame, KnownGame, Move, new_game
    from solvers.yut.unknown import ExpectInputs, ExpectResult, MoveOption, solve_expected, uniform

#: Names loaded on first use (``__getattr__``): a judge case needs neither the
#: unknown-throws solver nor the play states, and building their classes is a
#: good part of the start-up time of ``python -m solvers yut``.
_LAZY = {
    **dict.fromkeys(("ExpectGame", "KnownGame", "Move", "new_game"), "solvers.yut.play"),
    **dict.fromkeys(
        ("ExpectInputs", "ExpectResult", "MoveOption", "solve_expected", "uniform"),
        "solvers.yut.unknown",
    ),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "MAX_BOARD_BYTES",
    "MAX_FACE",
    "MAX_PIECES",
    "MAX_THROWS",
    "OPTIONS",
    "SWEEPS",
    "TITLE",
    "Board",
    "ExpectGame",
    "ExpectInputs",
    "ExpectResult",
    "Inputs",
    "KnownGame",
    "Move",
    "MoveOption",
    "Result",
    "Square",
    "Step",
    "YutInputs",
    "YutResult",
    "board_from_json",
    "board_problems",
    "board_to_json",
    "csv_rows",
    "example",
    "explain",
    "format_input",
    "format_judge",
    "generate",
    "iter_judge",
    "load_board",
    "load_board_text",
    "new_game",
    "parse_judge",
    "read_board_file",
    "shrink",
    "solve",
    "solve_expected",
    "solve_known",
    "standard_board",
    "uniform",
]

TITLE = N_("Dice Yut")
Inputs = YutInputs
Result = YutResult
#: A board file larger than this is refused before it is parsed (the largest
#: valid board, 200 squares, is about 20 KB).
MAX_BOARD_BYTES = 1024 * 1024


def read_board_file(path: str) -> Board:
    """The board in the JSON file ``path``; ``ValueError`` (or ``OSError``) says why not."""
    from solvers.files import read_text_limited

    return load_board_text(read_text_limited(path, MAX_BOARD_BYTES))


def _ranged(flag: str, what: str, hi: int, default: int, metavar: str = "N") -> Option:
    """A whole-number option 1..``hi`` (refused as "--pieces: must be between 1 and 6, got 0")."""
    return Option(flag, "int", default, what, lo=1, hi=hi, metavar=metavar)


OPTIONS: tuple[Option, ...] = (
    Option(
        "board",
        "file",
        None,
        N_("board JSON file (default: the standard board)"),
        metavar="JSON",
        convert=read_board_file,
    ),
    _ranged("pieces", N_("number of pieces (1..6)"), MAX_PIECES, 4),
    _ranged("faces", N_("die faces 1..F"), MAX_FACE, JUDGE_FACES),
    _ranged("throws", N_("throws per case"), MAX_THROWS, JUDGE_THROWS),
    Option(
        "expected",
        "flag",
        False,
        N_(
            "read no throws: print the expected score with best play when each throw is "
            "seen only when made (3 decimals)"
        ),
        standalone=True,
    ),
    _ranged("turns", N_("turns of the --expected game"), MAX_THROWS, 10, "T"),
)


@overload
def solve(inputs: YutInputs, progress: Progress | None = None) -> YutResult: ...


@overload
def solve(inputs: ExpectInputs, progress: Progress | None = None) -> ExpectResult: ...


def solve(
    inputs: YutInputs | ExpectInputs, progress: Progress | None = None
) -> YutResult | ExpectResult:
    """Known throws: max score and line; unknown throws: the expectation tables."""
    if isinstance(inputs, YutInputs):
        return solve_known(inputs, progress)
    from solvers.yut.unknown import solve_expected

    return solve_expected(inputs, progress)


def parse_judge(
    text: str,
    board: Board | None = None,
    pieces: int = 4,
    faces: int = JUDGE_FACES,
    throws: int = JUDGE_THROWS,
    expected: bool = False,
    turns: int = 10,
) -> list[YutInputs] | list[ExpectInputs]:
    """Baekjoon 17825: ten throws 1..5 per case; several cases may follow each other.

    With ``expected`` no throws are read: the one case is the unknown-throws game of
    ``turns`` turns with a fair die of ``faces`` faces.
    """
    chosen = standard_board() if board is None else board
    if expected:
        from solvers.yut.unknown import ExpectInputs, uniform

        return [ExpectInputs(turns, pieces, uniform(faces), chosen)]
    return list(_known_cases(tokens_of(text), chosen, pieces, faces, throws))


def iter_judge(
    source: str | TextReader | Tokens,
    board: Board | None = None,
    pieces: int = 4,
    faces: int = JUDGE_FACES,
    throws: int = JUDGE_THROWS,
    expected: bool = False,
    turns: int = 10,
) -> Iterator[YutInputs] | Iterator[ExpectInputs]:
    """The cases of ``parse_judge`` one by one, reading ``source`` only as far as each needs."""
    if expected:  # the one case is made from the options: nothing is read
        from solvers.yut.unknown import ExpectInputs, uniform

        chosen = standard_board() if board is None else board
        return iter([ExpectInputs(turns, pieces, uniform(faces), chosen)])
    chosen = standard_board() if board is None else board
    return _known_cases(tokens_of(source), chosen, pieces, faces, throws)


def _known_cases(
    tokens: Tokens, board: Board, pieces: int, faces: int, throws: int
) -> Iterator[YutInputs]:
    first = True
    while first or not tokens.at_end():
        first = False
        line = tokens.line
        values = tuple(tokens.integers(throws, _("a throw"), 1, faces))
        yield checked(line, YutInputs, values, pieces, faces, board)


def format_judge(result: YutResult | ExpectResult) -> str:
    """The maximum score (or the expectation rounded to 3 decimals, as the tab shows it)."""
    if isinstance(result, YutResult):
        return str(result.best)
    return f"{result.expected:.3f}"


def explain(
    inputs: YutInputs | ExpectInputs,
    result: YutResult | ExpectResult,
    *,
    turn: int = 1,
    positions: tuple[str, ...] | None = None,
    total: int = 0,
    search: KnownSearch | None = None,
) -> list[ExplainStep]:
    """The derivation of ``result``, step by step (``why.py``).

    Known throws: every move at every throw (``search``: a search already run for these
    inputs, e.g. a play state's, saves running it again). Unknown throws: each move's
    expected total per face at ``turn`` with the pieces on ``positions``. Loaded on first
    use (``why.py``): a judge case never pays for it.
    """
    from solvers.yut.why import explain as derive

    return derive(inputs, result, turn=turn, positions=positions, total=total, search=search)
