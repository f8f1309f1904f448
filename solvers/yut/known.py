"""Known throws: the maximum score and an optimal line, by memoised search.

Pieces are interchangeable, so a position is the sorted tuple of the squares
the pieces stand on; the best score still to come depends only on the turn
and that tuple. This collapses the 4^10 piece choices of the plain search to
a few hundred positions on the standard board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from solvers.i18n import _
from solvers.protocol import Progress, TooBig, report
from solvers.yut.board import MAX_FACE, Board, standard_board

__all__ = [
    "MAX_KNOWN_POSITIONS",
    "MAX_PIECES",
    "MAX_THROWS",
    "KnownSearch",
    "Step",
    "YutInputs",
    "YutResult",
    "faces_problem",
    "pieces_problem",
    "solve_known",
    "throw_problem",
    "unknown_square",
]

MAX_PIECES = 6
MAX_THROWS = 20
#: Memo entries (positions) before a known-throws search is refused: about
#: 120 bytes each, so a search stays near 300 MB (the standard board needs
#: under 500,000 even for 6 pieces, 20 throws and 12 faces).
MAX_KNOWN_POSITIONS = 2_000_000
#: New memo entries between two progress reports (a few ms of work).
_REPORT_EVERY = 4096


def faces_problem(faces: int) -> str:
    """Why a die of ``faces`` faces is refused (known and unknown throws alike)."""
    return _("the die must have between 1 and {most} faces, got {faces}").format(
        most=MAX_FACE, faces=faces
    )


def pieces_problem(pieces: int) -> str:
    """Why ``pieces`` pieces are refused."""
    return _("between 1 and {most} pieces, got {pieces}").format(most=MAX_PIECES, pieces=pieces)


def throw_problem(turn: int, faces: int, throw: int) -> str:
    """Why throw number ``turn`` (1-based) cannot be ``throw`` with a die of ``faces``."""
    return _("throw {turn}: must be between 1 and {faces}, got {throw}").format(
        turn=turn, faces=faces, throw=throw
    )


def unknown_square(square: object) -> str:
    """Why a square id that is not on the board is refused."""
    return _("unknown square {square}").format(square=repr(square))


@dataclass(frozen=True)
class YutInputs:
    """Throws known in advance, the number of pieces, die faces 1..``faces``, the board."""

    throws: tuple[int, ...]
    pieces: int = 4
    faces: int = 5
    board: Board = field(default_factory=standard_board)

    def __post_init__(self) -> None:
        if not 1 <= self.faces <= MAX_FACE:
            raise ValueError(faces_problem(self.faces))
        if not 1 <= self.pieces <= MAX_PIECES:
            raise ValueError(pieces_problem(self.pieces))
        if not 1 <= len(self.throws) <= MAX_THROWS:
            raise ValueError(
                _("between 1 and {most} throws, got {count}").format(
                    most=MAX_THROWS, count=len(self.throws)
                )
            )
        for turn, throw in enumerate(self.throws, start=1):
            if not 1 <= throw <= self.faces:
                raise ValueError(throw_problem(turn, self.faces, throw))


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


def solve_known(inputs: YutInputs, progress: Progress | None = None) -> YutResult:
    """Maximise the total score for the known throws; return it with an optimal line."""
    report(progress, 0.0)
    search = KnownSearch(inputs, progress)
    start = (inputs.board.start_index,) * inputs.pieces
    total = search.best(0, start)
    line = _line(inputs, search.dest, search.score, search.best)
    report(progress, 1.0)
    return YutResult(inputs, total, line, len(search.memo))


class KnownSearch:
    """The memoised search: ``best(turn, state)`` is the most still to score.

    Keys are ``bytes((turn, *state))`` (square indices fit a byte: at most 200
    squares), about a third of the memory of a tuple key. The memo is the work:
    past ``MAX_KNOWN_POSITIONS`` entries the search refuses with ``TooBig``,
    which keeps any accepted input far below 1 GB.
    """

    def __init__(self, inputs: YutInputs, progress: Progress | None = None) -> None:
        self.inputs = inputs
        board = inputs.board
        self.dest = board.destination_lists(inputs.faces)
        self.score = board.score_list()
        self.end = board.end_index
        self.memo: dict[bytes, int] = {}
        self.progress = progress
        self.next_report = _REPORT_EVERY
        self.limit = MAX_KNOWN_POSITIONS

    def best(self, turn: int, state: tuple[int, ...]) -> int:
        """Most points still to score from ``turn`` (0-based) with pieces on ``state``."""
        throws = self.inputs.throws
        if turn >= len(throws):
            return 0
        key = bytes((turn, *state))
        known = self.memo.get(key)
        if known is not None:
            return known
        face = throws[turn]
        dest, score, end = self.dest, self.score, self.end
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
            value = score[target] + self.best(turn + 1, after)
            if best is None or value > best:
                best = value
        if best is None:  # no piece may move: the throw is lost
            best = self.best(turn + 1, state)
        memo = self.memo
        memo[key] = best
        if len(memo) >= self.next_report:
            self._tick(len(memo))
        return best

    def _tick(self, count: int) -> None:
        self.next_report = count + _REPORT_EVERY
        if count > self.limit:
            raise TooBig(
                _(
                    "more than {limit} positions to search; "
                    "use fewer pieces, fewer throws, fewer die faces or a smaller board"
                ).format(limit=f"{self.limit:,}")
            )
        # The number of positions is not known in advance: show a steadily rising
        # fraction of the bound; its real job is to let a cancel in.
        report(self.progress, 0.95 * count / self.limit)


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
