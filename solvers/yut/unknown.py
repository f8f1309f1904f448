"""Unknown throws: expected total under optimal adaptive play (expectimax).

Positions (sorted tuples of piece squares: pieces are identical) are found
breadth first from the start, one wave per turn, with NumPy
(``solvers.yut.explore``, which numbers them densely on the standard board and
refuses with ``TooBig`` past the memory bound). Turn ``t``'s value of a position is exact when
the position can be reached in ``t`` moves or fewer (its later positions then
all lie inside the explored waves), so the backward sweep at turn ``t``
(``solvers.yut.backward``) only touches that prefix of the position list. Queries for
any other position fall back to a small memoised recursion over the same tables.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from solvers.i18n import _
from solvers.protocol import Progress, report
from solvers.yut.backward import EXPLORE_SHARE, backward_sweep
from solvers.yut.board import MAX_FACE, Board, legal_moves, standard_board
from solvers.yut.known import (
    MAX_PIECES,
    MAX_THROWS,
    faces_problem,
    pieces_problem,
    unknown_square,
)

__all__ = [
    "MAX_POSITIONS",
    "MAX_TABLE_BYTES",
    "ExpectInputs",
    "ExpectResult",
    "ExpectTables",
    "Lookup",
    "MoveOption",
    "expected_by_turns",
    "position_limit",
    "solve_expected",
    "uniform",
]

#: Positions explored before the expectation is refused (6 pieces and 20 turns
#: on the standard board reach 1.1 million).
MAX_POSITIONS = 2_000_000
#: Memory the tables of one expectation may take (moves, values, squares).
MAX_TABLE_BYTES = 600 * 1024 * 1024

if TYPE_CHECKING:  # NumPy loads with the first expectation, not with the game
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
    #: Square indices of positions: at most 200 squares, so two bytes each.
    SquareArray = npt.NDArray[np.int16]
    FloatArray = npt.NDArray[np.float64]


def uniform(faces: int) -> tuple[float, ...]:
    """Equal probabilities for faces 1..``faces``."""
    return (1.0 / faces,) * faces


@dataclass(frozen=True)
class ExpectInputs:
    """Turns to play, pieces, P(face k) = ``probabilities[k-1]``, the board."""

    turns: int = 10
    pieces: int = 4
    probabilities: tuple[float, ...] = uniform(5)
    board: Board = field(default_factory=standard_board)

    def __post_init__(self) -> None:
        if not 1 <= self.pieces <= MAX_PIECES:
            raise ValueError(pieces_problem(self.pieces))
        if not 1 <= self.turns <= MAX_THROWS:
            raise ValueError(
                _("between 1 and {most} turns, got {count}").format(
                    most=MAX_THROWS, count=self.turns
                )
            )
        if not 1 <= len(self.probabilities) <= MAX_FACE:
            raise ValueError(faces_problem(len(self.probabilities)))
        for face, p in enumerate(self.probabilities, start=1):
            if not (math.isfinite(p) and 0.0 <= p <= 1.0):
                raise ValueError(
                    _("face {face}: probability must be between 0 and 1, got {p}").format(
                        face=face, p=p
                    )
                )
        total = math.fsum(self.probabilities)
        if abs(total - 1.0) > 1e-6:
            raise ValueError(
                _("face probabilities sum to {total}, expected 1").format(total=f"{total:.6g}")
            )

    @property
    def faces(self) -> int:
        """Number of die faces."""
        return len(self.probabilities)


@dataclass(frozen=True)
class MoveOption:
    """A legal move for a throw: ``expected`` = ``points`` + expected later points."""

    piece: int
    from_square: str
    to_square: str
    points: int
    expected: float
    best: bool


class ExpectTables:
    """The tables behind an expectation (NumPy arrays, millions of numbers at 6 x 20).

    ``states[i]`` is a position (sorted square indices), rows in the order they
    are first reached. ``values[offsets[t] + i]`` is the expected points still
    to come when ``t`` turns have been played, for the rows ``i`` reachable in
    ``t`` moves: ``i < offsets[t + 1] - offsets[t]`` (other rows cannot be on
    the board then; a quarter of a full table at 6 pieces x 20 turns, which
    matters when the result travels from the worker process). ``index`` holds
    the position keys sorted and the rows in that order, found once in the solve
    so that a play state is built in no time on the UI thread.
    """

    __slots__ = ("index", "offsets", "states", "values")

    def __init__(
        self,
        states: SquareArray,
        offsets: IntArray,
        values: FloatArray,
        index: tuple[IntArray, npt.NDArray[np.int32]] | None = None,
    ) -> None:
        self.states = states
        self.offsets = offsets
        self.values = values
        self.index = index

    def tolist(self) -> dict[str, int]:
        """What ``--json`` shows: the tables' size, not their numbers (hundreds of MB)."""
        return {"positions": len(self.states), "values": len(self.values)}


@dataclass(frozen=True, eq=False)
class ExpectResult:
    """The expectation and the tables that answer "I threw a k here: what now?".

    ``first_turn[k-1]`` lists the moves for a first throw of ``k``; ``tables``
    give the value of any position at any turn (``value``, ``options``).
    """

    inputs: ExpectInputs
    expected: float
    first_turn: tuple[tuple[MoveOption, ...], ...]
    tables: ExpectTables = field(repr=False)

    @property
    def states(self) -> SquareArray:
        """Every position reachable in the game (see ``ExpectTables``)."""
        return self.tables.states

    def value(self, turn: int, positions: tuple[str, ...]) -> float:
        """Expected points from turn ``turn`` (1-based, ``turns + 1``: over) onwards."""
        return Lookup(self).value(turn - 1, _indices(self.inputs.board, positions))

    def options(self, turn: int, positions: tuple[str, ...], throw: int) -> tuple[MoveOption, ...]:
        """Every legal move (piece 1-based) for ``throw`` at 1-based ``turn``, best flagged."""
        inputs = self.inputs
        if not 1 <= turn <= inputs.turns:
            raise ValueError(
                _("turn must be between 1 and {most}, got {turn}").format(
                    most=inputs.turns, turn=turn
                )
            )
        if not 1 <= throw <= inputs.faces:
            raise ValueError(
                _("throw must be between 1 and {most}, got {throw}").format(
                    most=inputs.faces, throw=throw
                )
            )
        if len(positions) != inputs.pieces:
            raise ValueError(
                _("expected {pieces} piece squares, got {count}").format(
                    pieces=inputs.pieces, count=len(positions)
                )
            )
        return Lookup(self).options(turn - 1, _indices(inputs.board, positions), throw)


def _indices(board: Board, positions: tuple[str, ...]) -> list[int]:
    try:
        return [board.index(sq) for sq in positions]
    except KeyError as exc:
        raise ValueError(unknown_square(exc.args[0])) from None


class Lookup:
    """Table lookups with a memoised recursion for positions outside the tables."""

    def __init__(self, result: ExpectResult) -> None:
        self.result = result
        inputs = result.inputs
        self.board = inputs.board
        self.dest = self.board.destination_lists(inputs.faces)
        self.score = self.board.score_list()
        self.base = len(self.board.squares)
        tables = result.tables
        if tables.index is None:
            import numpy as np

            keys = _keys(tables.states, self.base)
            self.order = np.argsort(keys).astype(np.int32)
            self.sorted_keys = keys[self.order]
        else:
            self.sorted_keys, self.order = tables.index
        self.memo: dict[tuple[int, tuple[int, ...]], float] = {}

    def _row(self, state: tuple[int, ...]) -> int | None:
        key = 0
        for sq in state:
            key = key * self.base + sq
        pos = int(self.sorted_keys.searchsorted(key))
        if pos < len(self.sorted_keys) and int(self.sorted_keys[pos]) == key:
            return int(self.order[pos])
        return None

    def moves(self, labelled: list[int], throw: int) -> list[tuple[int, int]]:
        """``(piece index, target)`` of every legal move of ``throw`` (pieces labelled)."""
        return legal_moves(labelled, self.dest, throw, self.board.end_index)

    def value(self, played: int, labelled: Sequence[int]) -> float:
        """Expected points still to come after ``played`` throws with pieces on ``labelled``."""
        inputs = self.result.inputs
        if played >= inputs.turns:
            return 0.0
        state = tuple(sorted(labelled))
        row = self._row(state)
        offsets = self.result.tables.offsets
        if row is not None and row < offsets[played + 1] - offsets[played]:
            return float(self.result.tables.values[offsets[played] + row])
        known = self.memo.get((played, state))
        if known is not None:
            return known
        total = 0.0
        for face, p_face in enumerate(inputs.probabilities, start=1):
            if p_face > 0:
                total += p_face * self._best(played, list(state), face)
        self.memo[(played, state)] = total
        return total

    def _best(self, played: int, labelled: list[int], face: int) -> float:
        best: float | None = None
        for p, target in self.moves(labelled, face):
            after = list(labelled)
            after[p] = target
            value = self.score[target] + self.value(played + 1, after)
            best = value if best is None else max(best, value)
        return self.value(played + 1, labelled) if best is None else best

    def options(self, played: int, labelled: list[int], throw: int) -> tuple[MoveOption, ...]:
        """Every legal move of ``throw`` with its expected total, the best one flagged."""
        squares = self.board.squares
        found = []
        for p, target in self.moves(labelled, throw):
            after = list(labelled)
            after[p] = target
            expected = self.score[target] + self.value(played + 1, after)
            found.append((p, target, expected))
        if not found:
            return ()
        top = max(e for _, _, e in found)
        best_piece = next(p for p, _, e in found if e >= top - 1e-9)
        return tuple(
            MoveOption(
                p + 1,
                squares[labelled[p]].id,
                squares[target].id,
                self.score[target],
                expected,
                p == best_piece,
            )
            for p, target, expected in found
        )


def _keys(states: SquareArray, base: int) -> IntArray:
    from solvers.yut.explore import sparse_keys

    return sparse_keys(states, base)


def position_limit(inputs: ExpectInputs) -> int:
    """Most positions this game may explore: ``MAX_POSITIONS`` or less when memory says so.

    Each position keeps its moves (int32 per face and piece), its value at every
    turn (float64) and its squares.
    """
    per_position = 4 * inputs.faces * inputs.pieces + 8 * (inputs.turns + 1) + 8 * inputs.pieces
    return min(MAX_POSITIONS, MAX_TABLE_BYTES // per_position)


def solve_expected(inputs: ExpectInputs, progress: Progress | None = None) -> ExpectResult:
    """Expected total under optimal play when each throw is seen only when made."""
    import numpy as np

    from solvers.yut.explore import explore

    report(progress, 0.0)
    board = inputs.board
    faces = np.array([f for f, p in enumerate(inputs.probabilities, start=1) if p > 0])
    probs = np.array([inputs.probabilities[f - 1] for f in faces])
    limit = position_limit(inputs)
    found = explore(board, inputs.pieces, inputs.turns, faces, limit, progress, EXPLORE_SHARE)
    offsets, values = backward_sweep(inputs, found, faces, probs, progress)
    report(progress, 0.99)  # a last chance to cancel before the lookup index is sorted
    result = _with_first_turn(inputs, found.states, offsets, values)
    report(progress, 1.0)
    return result


def expected_by_turns(inputs: ExpectInputs, progress: Progress | None = None) -> list[float]:
    """The expectation of the games of 1, 2, .., ``inputs.turns`` turns, from one solve.

    The backward sweep of a T-turn game values the start (row 0, reachable in every
    turn) with 1, 2, .., T turns to go on its way, each exactly as a game of that
    many turns does (the same rows, batches and operations): a sweep over the turns
    costs one solve of the longest game.
    """
    import numpy as np

    from solvers.yut.explore import explore

    report(progress, 0.0)
    faces = np.array([f for f, p in enumerate(inputs.probabilities, start=1) if p > 0])
    probs = np.array([inputs.probabilities[f - 1] for f in faces])
    limit = position_limit(inputs)
    found = explore(
        inputs.board, inputs.pieces, inputs.turns, faces, limit, progress, EXPLORE_SHARE
    )
    starts: list[float] = []
    backward_sweep(inputs, found, faces, probs, progress, starts)
    report(progress, 1.0)
    return starts


def _with_first_turn(
    inputs: ExpectInputs, states: SquareArray, offsets: IntArray, values: FloatArray
) -> ExpectResult:
    expected = float(values[0])
    bare = ExpectResult(inputs, expected, (), ExpectTables(states, offsets, values))
    start = [inputs.board.start_index] * inputs.pieces
    lookup = Lookup(bare)
    table = tuple(lookup.options(0, start, face) for face in range(1, inputs.faces + 1))
    index = (lookup.sorted_keys, lookup.order)
    return ExpectResult(inputs, expected, table, ExpectTables(states, offsets, values, index))
