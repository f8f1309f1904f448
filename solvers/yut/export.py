"""CSV rows of Dice Yut: one table per file, header first, summaries in their own columns.

Known throws: one row per turn of the optimal line, the maximum score in its own
column. Unknown throws: every move for every face at every position the pieces
may stand on at a turn, with its expected points to the end, for as many whole
turns as fit in ``MAX_EXPECT_ROWS`` rows (a 6-piece, 20-turn game has a million
positions; a spreadsheet wants thousands of rows, not tens of millions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solvers.i18n import N_
from solvers.yut.known import YutInputs, YutResult

if TYPE_CHECKING:
    from solvers.yut.unknown import ExpectInputs, ExpectResult, Lookup

__all__ = [
    "EXPECT_HEADER",
    "KNOWN_HEADER",
    "LISTED",
    "MAX_EXPECT_ROWS",
    "NO_MOVE",
    "YES",
    "csv_rows",
]

KNOWN_HEADER = [
    N_("turn"),
    N_("throw"),
    N_("piece"),
    N_("from"),
    N_("to"),
    N_("points"),
    N_("total"),
    N_("path"),
    N_("max score"),
]
EXPECT_HEADER = [
    N_("turn"),
    N_("pieces on"),
    N_("throw"),
    N_("probability"),
    N_("from"),
    N_("to"),
    N_("points"),
    N_("expected points from this move to the end"),
    N_("best"),
    N_("expected score of the game"),
    N_("turns listed"),
]
#: Rows of an unknown-throws table at most; whole turns only, so a turn is never cut.
MAX_EXPECT_ROWS = 10_000
NO_MOVE = N_("(no legal move)")
#: The "best" column of a best move.
YES = N_("yes")
#: Which turns an unknown-throws table lists (the rest would not fit).
LISTED = N_("1 to {listed} of {turns}")
#: Expected values this close are equal (the sweep's float error is far smaller).
TIE = 1e-9


def csv_rows(
    inputs: YutInputs | ExpectInputs, result: YutResult | ExpectResult | None
) -> list[list[str]]:
    """Known throws: one row per turn of the line; unknown: every move turn by turn."""
    if not isinstance(inputs, YutInputs):
        return _expect_rows(inputs, None if isinstance(result, YutResult) else result)
    rows = [list(KNOWN_HEADER)]
    if not isinstance(result, YutResult):
        rows.extend([str(t), str(k), *[""] * 7] for t, k in enumerate(inputs.throws, 1))
        return rows
    for step in result.line:
        rows.append(
            [
                str(step.turn),
                str(step.throw),
                "" if step.piece is None else str(step.piece),
                step.from_square or "",
                step.to_square or NO_MOVE,
                str(step.points),
                str(step.total),
                " ".join(step.path),
                "",
            ]
        )
    if len(rows) > 1:
        rows[1][-1] = str(result.best)
    return rows


def _expect_rows(inputs: ExpectInputs, result: ExpectResult | None) -> list[list[str]]:
    rows = [list(EXPECT_HEADER)]
    if result is None:
        return rows
    from solvers.yut.unknown import Lookup

    lookup = Lookup(result)
    tables = result.tables
    squares = inputs.board.squares
    faces = [(f, p) for f, p in enumerate(inputs.probabilities, start=1) if p > 0]
    listed = 0
    for played in range(inputs.turns):
        span = int(tables.offsets[played + 1] - tables.offsets[played])
        # A position has at most one move per piece for each face: a bound that fits
        # keeps the whole turn.
        if played and len(rows) - 1 + span * len(faces) * inputs.pieces > MAX_EXPECT_ROWS:
            break
        listed = played + 1
        for row in range(span):
            state = [int(sq) for sq in tables.states[row]]
            where = " ".join(squares[sq].id for sq in state)
            for face, p in faces:
                for cells in _moves(lookup, played, state, face):
                    rows.append([str(played + 1), where, str(face), f"{p:.6g}", *cells, "", ""])
    rows[1][-2] = f"{result.expected:.6f}"
    rows[1][-1] = LISTED.format(listed=listed, turns=inputs.turns)
    return rows


def _moves(lookup: Lookup, played: int, state: list[int], face: int) -> list[list[str]]:
    """from, to, points, expected, best: each distinct move (pieces on one square move alike)."""
    options = lookup.options(played, state, face)
    if not options:
        later = lookup.value(played + 1, state)
        return [["", NO_MOVE, "0", f"{later:.6f}", YES]]
    top = max(o.expected for o in options)
    cells = []
    seen = set()
    for o in options:
        if (o.from_square, o.to_square) in seen:
            continue
        seen.add((o.from_square, o.to_square))
        # Every move as good as the best says so (a tie is not a mistake).
        best = YES if o.expected >= top - TIE else ""
        cells.append([o.from_square, o.to_square, str(o.points), f"{o.expected:.6f}", best])
    return cells
