"""Unknown throws: expected total under optimal adaptive play (expectimax).

Positions (sorted tuples of piece squares) are found breadth first from the
start, one wave per turn, with NumPy: a wave's moves for every face and piece
are computed as whole arrays. Turn ``t``'s value of a position is exact when
the position can be reached in ``t`` moves or fewer (its later positions then
all lie inside the explored waves), so the backward sweep at turn ``t`` only
touches that prefix of the position list. Queries for any other position
fall back to a small memoised recursion over the same tables.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from solvers.protocol import Progress, report
from solvers.yut.board import MAX_FACE, Board, standard_board
from solvers.yut.known import MAX_PIECES, MAX_THROWS

__all__ = [
    "MAX_POSITIONS",
    "ExpectInputs",
    "ExpectResult",
    "MoveOption",
    "solve_expected",
    "uniform",
]

#: Positions explored before the expectation is refused (memory: about 16 bytes
#: per position, face and piece).
MAX_POSITIONS = 400_000
#: Positions handled per NumPy batch: bounds temporaries and spaces progress reports.
_CHUNK = 20_000

IntArray = npt.NDArray[np.int64]
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
            raise ValueError(f"between 1 and {MAX_PIECES} pieces, got {self.pieces}")
        if not 1 <= self.turns <= MAX_THROWS:
            raise ValueError(f"between 1 and {MAX_THROWS} turns, got {self.turns}")
        if not 1 <= len(self.probabilities) <= MAX_FACE:
            raise ValueError(
                f"the die must have between 1 and {MAX_FACE} faces, got {len(self.probabilities)}"
            )
        for face, p in enumerate(self.probabilities, start=1):
            if not (math.isfinite(p) and 0.0 <= p <= 1.0):
                raise ValueError(f"face {face}: probability must be between 0 and 1, got {p}")
        total = math.fsum(self.probabilities)
        if abs(total - 1.0) > 1e-6:
            raise ValueError(f"face probabilities sum to {total:.6g}, expected 1")

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


@dataclass(frozen=True, eq=False)
class ExpectResult:
    """The expectation and the tables that answer "I threw a k here: what now?".

    ``states[i]`` is a position (sorted square indices); ``values[t, i]`` the
    expected points still to come when ``t`` turns have been played, valid
    where ``depth[i] <= t``. ``first_turn[k-1]`` lists the moves for a first
    throw of ``k``.
    """

    inputs: ExpectInputs
    expected: float
    states: IntArray
    depth: IntArray
    values: FloatArray
    first_turn: tuple[tuple[MoveOption, ...], ...]

    def value(self, turn: int, positions: tuple[str, ...]) -> float:
        """Expected points from turn ``turn`` (1-based, ``turns + 1``: over) onwards."""
        return Lookup(self).value(turn - 1, _indices(self.inputs.board, positions))

    def options(self, turn: int, positions: tuple[str, ...], throw: int) -> tuple[MoveOption, ...]:
        """Every legal move (piece 1-based) for ``throw`` at 1-based ``turn``, best flagged."""
        inputs = self.inputs
        if not 1 <= turn <= inputs.turns:
            raise ValueError(f"turn must be between 1 and {inputs.turns}, got {turn}")
        if not 1 <= throw <= inputs.faces:
            raise ValueError(f"throw must be between 1 and {inputs.faces}, got {throw}")
        if len(positions) != inputs.pieces:
            raise ValueError(f"expected {inputs.pieces} piece squares, got {len(positions)}")
        return Lookup(self).options(turn - 1, _indices(inputs.board, positions), throw)


def _indices(board: Board, positions: tuple[str, ...]) -> list[int]:
    try:
        return [board.index(sq) for sq in positions]
    except KeyError as exc:
        raise ValueError(f"unknown square {exc.args[0]!r}") from None


class Lookup:
    """Table lookups with a memoised recursion for positions outside the tables."""

    def __init__(self, result: ExpectResult) -> None:
        self.result = result
        inputs = result.inputs
        self.board = inputs.board
        self.dest = self.board.destinations(inputs.faces).tolist()
        self.score = self.board.scores().tolist()
        self.base = len(self.board.squares)
        keys = _keys(result.states, self.base)
        self.order = np.argsort(keys)
        self.sorted_keys = keys[self.order]
        self.memo: dict[tuple[int, tuple[int, ...]], float] = {}

    def _row(self, state: tuple[int, ...]) -> int | None:
        key = 0
        for sq in state:
            key = key * self.base + sq
        pos = int(np.searchsorted(self.sorted_keys, key))
        if pos < len(self.sorted_keys) and int(self.sorted_keys[pos]) == key:
            return int(self.order[pos])
        return None

    def moves(self, labelled: list[int], throw: int) -> list[tuple[int, int]]:
        end = self.board.end_index
        found = []
        for p, sq in enumerate(labelled):
            if sq == end:
                continue
            target = self.dest[sq][throw]
            if target != end and target != sq and target in labelled:
                continue
            found.append((p, target))
        return found

    def value(self, played: int, labelled: list[int]) -> float:
        inputs = self.result.inputs
        if played >= inputs.turns:
            return 0.0
        state = tuple(sorted(labelled))
        row = self._row(state)
        if row is not None and self.result.depth[row] <= played:
            return float(self.result.values[played, row])
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


def _keys(states: IntArray, base: int) -> IntArray:
    keys = np.zeros(len(states), dtype=np.int64)
    for column in range(states.shape[1]):
        keys = keys * base + states[:, column]
    return keys


def solve_expected(inputs: ExpectInputs, progress: Progress | None = None) -> ExpectResult:
    """Expected total under optimal play when each throw is seen only when made."""
    report(progress, 0.0)
    board = inputs.board
    faces = [f for f, p in enumerate(inputs.probabilities, start=1) if p > 0]
    probs = np.array([inputs.probabilities[f - 1] for f in faces])
    dest = board.destinations(inputs.faces)
    score = board.scores()
    base = len(board.squares)
    end = board.end_index

    waves: list[IntArray] = [np.full((1, inputs.pieces), board.start_index, dtype=np.int64)]
    known = _keys(waves[0], base)
    wave_next: list[IntArray] = []
    wave_gain: list[npt.NDArray[np.float32]] = []
    count = 1
    for played in range(inputs.turns):
        wave = waves[-1]
        parts = []
        # At least one batch, even for an empty wave, so the arrays keep their shape.
        for first in range(0, max(1, len(wave)), _CHUNK):
            report(progress, 0.6 * (played + first / max(1, len(wave))) / inputs.turns)
            parts.append(_wave_moves(wave[first : first + _CHUNK], faces, dest, score, end, base))
        next_keys = np.concatenate([keys for keys, _ in parts])
        # Scores are whole numbers up to 1e6: float32 holds them exactly in half the memory.
        wave_gain.append(np.concatenate([gain for _, gain in parts]).astype(np.float32))
        found = np.unique(next_keys[next_keys >= 0])
        new_keys = found[~np.isin(found, known, assume_unique=True)]
        count += len(new_keys)
        if count > MAX_POSITIONS:
            raise ValueError(
                f"more than {MAX_POSITIONS:,} positions to explore; "
                "use fewer pieces, turns or faces for the expectation"
            )
        wave_next.append(next_keys)
        waves.append(_decode(new_keys, base, inputs.pieces))
        known = np.union1d(known, new_keys)

    states = np.concatenate(waves)
    depth = np.concatenate([np.full(len(w), d, dtype=np.int64) for d, w in enumerate(waves)])
    keys = _keys(states, base)
    order = np.argsort(keys)
    sorted_keys = keys[order]
    # Rows are in wave order, so the positions reachable within t moves are a prefix.
    limits = np.cumsum([len(w) for w in waves])
    all_keys = np.concatenate(wave_next)
    del wave_next
    found_rows = order[np.searchsorted(sorted_keys, np.maximum(all_keys, 0))]
    all_next = np.where(all_keys >= 0, found_rows, -1).astype(np.int32)
    del all_keys, found_rows
    all_gain = np.concatenate(wave_gain)
    del wave_gain
    values = np.zeros((inputs.turns + 1, len(states)))
    for played in range(inputs.turns - 1, -1, -1):
        later = values[played + 1]
        span = int(limits[played])
        for first in range(0, span, _CHUNK):
            done = inputs.turns - 1 - played + first / span
            report(progress, 0.6 + 0.4 * done / inputs.turns)
            rows = slice(first, min(span, first + _CHUNK))
            next_rows = all_next[rows]
            legal = next_rows >= 0
            candidate = np.where(legal, all_gain[rows] + later[np.maximum(next_rows, 0)], -np.inf)
            best = np.where(legal.any(axis=2), candidate.max(axis=2), later[rows, None])
            values[played, rows] = best @ probs
    result = _with_first_turn(inputs, states, depth, values)
    report(progress, 1.0)
    return result


def _with_first_turn(
    inputs: ExpectInputs, states: IntArray, depth: IntArray, values: FloatArray
) -> ExpectResult:
    bare = ExpectResult(inputs, float(values[0, 0]), states, depth, values, ())
    start = [inputs.board.start_index] * inputs.pieces
    lookup = Lookup(bare)
    table = tuple(lookup.options(0, start, face) for face in range(1, inputs.faces + 1))
    return ExpectResult(inputs, float(values[0, 0]), states, depth, values, table)


def _wave_moves(
    wave: IntArray, faces: list[int], dest: IntArray, score: IntArray, end: int, base: int
) -> tuple[IntArray, IntArray]:
    """Next-position keys (-1: illegal) and points, shape (positions, faces, pieces)."""
    count, pieces = wave.shape
    next_keys = np.full((count, len(faces), pieces), -1, dtype=np.int64)
    gains = np.zeros((count, len(faces), pieces), dtype=np.int64)
    for j, face in enumerate(faces):
        for i in range(pieces):
            here = wave[:, i]
            target = dest[here, face]
            occupied = (wave == target[:, None]).any(axis=1)
            legal = (here != end) & ((target == end) | (target == here) | ~occupied)
            after = wave.copy()
            after[:, i] = target
            after.sort(axis=1)
            next_keys[:, j, i] = np.where(legal, _keys(after, base), -1)
            gains[:, j, i] = np.where(legal, score[np.maximum(target, 0)], 0)
    return next_keys, gains


def _decode(keys: IntArray, base: int, pieces: int) -> IntArray:
    states = np.empty((len(keys), pieces), dtype=np.int64)
    rest = keys.copy()
    for column in range(pieces - 1, -1, -1):
        states[:, column] = rest % base
        rest //= base
    return states
