"""Known throws: the maximum score and an optimal line, by memoised search.

Pieces are interchangeable, so a position is the sorted tuple of the squares
the pieces stand on; the best score still to come depends only on the turn
and that tuple. This collapses the 4^10 piece choices of the plain search to
a few hundred positions on the standard board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from solvers.protocol import Progress, report
from solvers.yut.board import MAX_FACE, Board, standard_board

__all__ = [
    "MAX_PIECES",
    "MAX_THROWS",
    "Step",
    "YutInputs",
    "YutResult",
    "legal_targets",
    "solve_known",
]

MAX_PIECES = 6
MAX_THROWS = 20
#: New memo entries between two progress reports (a few ms of work).
_REPORT_EVERY = 4096


@dataclass(frozen=True)
class YutInputs:
    """Throws known in advance, the number of pieces, die faces 1..``faces``, the board."""

    throws: tuple[int, ...]
    pieces: int = 4
    faces: int = 5
    board: Board = field(default_factory=standard_board)

    def __post_init__(self) -> None:
        if not 1 <= self.faces <= MAX_FACE:
            raise ValueError(f"the die must have between 1 and {MAX_FACE} faces, got {self.faces}")
        if not 1 <= self.pieces <= MAX_PIECES:
            raise ValueError(f"between 1 and {MAX_PIECES} pieces, got {self.pieces}")
        if not 1 <= len(self.throws) <= MAX_THROWS:
            raise ValueError(f"between 1 and {MAX_THROWS} throws, got {len(self.throws)}")
        for turn, throw in enumerate(self.throws, start=1):
            if not 1 <= throw <= self.faces:
                raise ValueError(f"throw {turn}: must be between 1 and {self.faces}, got {throw}")


@dataclass(frozen=True)
class Step:
    """One turn of a line; ``piece`` is 1-based, None when no piece could move.

    ``path`` lists the squares the piece passed, ending at ``to_square``;
    ``positions`` are all pieces' squares after the step (piece 1 first).
    """

    turn: int
    throw: int
    piece: int | None
    from_square: str | None
    to_square: str | None
    points: int
    total: int
    path: tuple[str, ...]
    positions: tuple[str, ...]


@dataclass(frozen=True)
class YutResult:
    """The maximum score and one line of play that reaches it."""

    inputs: YutInputs
    best: int
    line: tuple[Step, ...]
    positions_searched: int


def legal_targets(board: Board, positions: tuple[str, ...], throw: int) -> list[tuple[int, str]]:
    """``(piece index, target square)`` of every legal move for ``throw``.

    A piece on the end may not move; a move may end on the end or on the
    piece's own square, never on a square another piece holds.
    """
    moves: list[tuple[int, str]] = []
    for p, here in enumerate(positions):
        if here == board.end:
            continue
        path = board.path(here, throw)
        there = path[-1]
        others = positions[:p] + positions[p + 1 :]
        if there != board.end and there in others:
            continue
        moves.append((p, there))
    return moves


def solve_known(inputs: YutInputs, progress: Progress | None = None) -> YutResult:
    """Maximise the total score for the known throws; return it with an optimal line."""
    report(progress, 0.0)
    board = inputs.board
    dest = board.destinations(inputs.faces).tolist()
    score = board.scores().tolist()
    end = board.end_index
    throws = inputs.throws
    turns = len(throws)
    memo: dict[tuple[int, tuple[int, ...]], int] = {}
    ticker = _Ticker(progress)

    def best_from(turn: int, state: tuple[int, ...]) -> int:
        if turn == turns:
            return 0
        key = (turn, state)
        known = memo.get(key)
        if known is not None:
            return known
        face = throws[turn]
        best: int | None = None
        previous = -1
        for i, sq in enumerate(state):
            # Equal squares (pieces at the start) give the same move: try one.
            if sq == end or sq == previous:
                previous = sq
                continue
            previous = sq
            target = dest[sq][face]
            if target != end and target != sq and target in state:
                continue
            after = tuple(sorted((*state[:i], target, *state[i + 1 :])))
            value = score[target] + best_from(turn + 1, after)
            if best is None or value > best:
                best = value
        if best is None:  # no piece may move: the throw is lost
            best = best_from(turn + 1, state)
        memo[key] = best
        ticker.tick(len(memo))
        return best

    start = (board.start_index,) * inputs.pieces
    total = best_from(0, start)
    line = _line(inputs, dest, score, best_from)
    report(progress, 1.0)
    return YutResult(inputs, total, line, len(memo))


class _Ticker:
    """Calls ``progress`` every few thousand positions, so a cancel lands quickly."""

    def __init__(self, progress: Progress | None) -> None:
        self.progress = progress
        self.next_report = _REPORT_EVERY

    def tick(self, count: int) -> None:
        if self.progress is not None and count >= self.next_report:
            self.next_report = count + _REPORT_EVERY
            # The number of positions is not known in advance: show a rough,
            # steadily rising fraction; its real job is to let a cancel in.
            report(self.progress, 0.95 * count / (count + 50_000))


def _line(
    inputs: YutInputs,
    dest: list[list[int]],
    score: list[int],
    best_from: Callable[[int, tuple[int, ...]], int],
) -> tuple[Step, ...]:
    """Follow the memo from the start, moving labelled pieces, to get an optimal line."""
    board = inputs.board
    end = board.end_index
    labelled = [board.start_index] * inputs.pieces
    steps: list[Step] = []
    total = 0
    for turn, face in enumerate(inputs.throws):
        state = tuple(sorted(labelled))
        want = best_from(turn, state)
        chosen: tuple[int, int] | None = None
        for p, sq in enumerate(labelled):
            if sq == end:
                continue
            target = dest[sq][face]
            if target != end and target != sq and target in labelled:
                continue
            after = list(labelled)
            after[p] = target
            if score[target] + best_from(turn + 1, tuple(sorted(after))) == want:
                chosen = (p, target)
                break
        names = tuple(board.squares[sq].id for sq in labelled)
        if chosen is None:
            steps.append(Step(turn + 1, face, None, None, None, 0, total, (), names))
            continue
        p, target = chosen
        path = tuple(board.path(board.squares[labelled[p]].id, face))
        labelled[p] = target
        total += score[target]
        steps.append(
            Step(
                turn + 1,
                face,
                p + 1,
                names[p],
                board.squares[target].id,
                score[target],
                total,
                path,
                tuple(board.squares[sq].id for sq in labelled),
            )
        )
    return tuple(steps)
