"""Playing along: a Dice Yut game as an immutable play state (``solvers.protocol.PlayState``).

Known throws: every node is the player's (``to_move == 0``); a move names the
1-based piece that makes the next throw's move (``None`` when no piece may
move and the throw is lost) and ``values()`` is the best total reachable after
it. Unknown throws: a chance node (the die: one outcome per face) alternates
with the player's choice for the face thrown; ``values()`` is the points so far
plus the expected points still to come under optimal play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from solvers.i18n import _
from solvers.protocol import Progress
from solvers.yut.board import legal_moves
from solvers.yut.known import KnownSearch, YutInputs
from solvers.yut.unknown import ExpectInputs, ExpectResult, Lookup, solve_expected

__all__ = ["ExpectGame", "KnownGame", "Move", "YutGame", "new_game"]

#: A 1-based piece number, or None: the throw is lost (no piece may move).
Move = int | None


@dataclass(frozen=True)
class _Pieces:
    """What both kinds of game share: the board position, the turn and the points."""

    labelled: tuple[int, ...]  # square index of each piece, piece 1 first
    turn: int = 0  # throws made so far
    total: int = 0
    #: The last move: the piece (1-based) and the squares it passed, for drawing.
    last: tuple[int, tuple[str, ...]] | None = None

    def _inputs(self) -> YutInputs | ExpectInputs:
        raise NotImplementedError

    def _turns(self) -> int:
        inputs = self._inputs()
        return len(inputs.throws) if isinstance(inputs, YutInputs) else inputs.turns

    @property
    def positions(self) -> tuple[str, ...]:
        """Every piece's square id, piece 1 first."""
        squares = self._inputs().board.squares
        return tuple(squares[sq].id for sq in self.labelled)

    @property
    def over(self) -> bool:
        """Every throw made, or every piece on the end."""
        end = self._inputs().board.end_index
        return self.turn >= self._turns() or all(sq == end for sq in self.labelled)

    @property
    def score(self) -> float:
        """Points scored so far (the game's result once over)."""
        return float(self.total)

    def move_path(self, move: Move, throw: int) -> tuple[str, ...]:
        """Squares piece ``move`` passes with ``throw``, ending where it stops (None: none)."""
        if move is None or not 1 <= move <= len(self.labelled):
            return ()
        board = self._inputs().board
        return tuple(board.path(board.squares[self.labelled[move - 1]].id, throw))

    def _move_values(
        self,
        targets: dict[Move, int],
        score: Sequence[int],
        future: Callable[[int, tuple[int, ...]], float],
    ) -> dict[Move, float]:
        """Points so far, plus the move's points, plus ``future(next turn, positions after)``."""
        out: dict[Move, float] = {}
        for move, target in targets.items():
            after = list(self.labelled)
            gain = 0
            if move is not None:
                after[move - 1] = target
                gain = score[target]
            out[move] = float(self.total + gain + future(self.turn + 1, tuple(sorted(after))))
        return out

    def _targets(self, face: int, dest: list[list[int]]) -> dict[Move, int]:
        """Square each movable piece reaches with ``face`` (``{None: -1}``: none may move)."""
        found = legal_moves(self.labelled, dest, face, self._inputs().board.end_index)
        return {p + 1: target for p, target in found} or {None: -1}

    def _moved(self, move: Move, face: int, target: int, points: int) -> _Pieces:
        """The position, turn, points and last move after ``move`` with ``face``."""
        if move is None:
            return _Pieces(self.labelled, self.turn + 1, self.total, None)
        board = self._inputs().board
        here = board.squares[self.labelled[move - 1]].id
        labelled = list(self.labelled)
        labelled[move - 1] = target
        last = (move, tuple(board.path(here, face)))
        return _Pieces(tuple(labelled), self.turn + 1, self.total + points, last)


def _check(move: object, legal: Mapping[Move, int]) -> Move:
    if move is not None and (not isinstance(move, int) or isinstance(move, bool)):
        raise ValueError(_("a move is a piece number or None, got {move}").format(move=repr(move)))
    if move not in legal:
        raise ValueError(_("piece {piece} cannot move with this throw").format(piece=move))
    return move


@dataclass(frozen=True)
class KnownGame(_Pieces):
    """A game with the throws known in advance; values are best reachable totals."""

    search: KnownSearch | None = field(default=None, repr=False, compare=False)

    def _inputs(self) -> YutInputs:
        assert self.search is not None
        return self.search.inputs

    @property
    def inputs(self) -> YutInputs:
        """The throws, pieces and board being played."""
        return self._inputs()

    @property
    def to_move(self) -> int | str:
        """Always the one player."""
        return 0

    @property
    def throw(self) -> int | None:
        """The throw the next move uses (None once every throw is made)."""
        throws = self.inputs.throws
        return throws[self.turn] if self.turn < len(throws) else None

    def _legal(self) -> dict[Move, int]:
        if self.over or self.throw is None:
            return {}
        assert self.search is not None
        return self._targets(self.throw, self.search.dest)

    def moves(self) -> list[Move]:
        """The pieces that may move (``[None]`` when the throw is lost)."""
        return list(self._legal())

    def values(self) -> dict[Move, float]:
        """Best total reachable after each move (points so far included)."""
        search = self.search
        assert search is not None
        return self._move_values(self._legal(), search.score, search.best)

    def chances(self) -> dict[Move, float]:
        """No chance nodes: the throws are known."""
        return {}

    def play(self, move: object) -> KnownGame:
        """Move piece ``move`` (1-based) with the next throw; ``ValueError`` when illegal."""
        if self.over or self.throw is None:
            raise ValueError(_("the game is over"))
        legal = self._legal()
        chosen = _check(move, legal)
        assert self.search is not None
        points = 0 if chosen is None else self.search.score[legal[chosen]]
        after = self._moved(chosen, self.throw, legal[chosen], points)
        return replace(
            self, labelled=after.labelled, turn=after.turn, total=after.total, last=after.last
        )


@dataclass(frozen=True)
class ExpectGame(_Pieces):
    """A game with throws seen one at a time: the die's node, then the player's."""

    lookup: Lookup | None = field(default=None, repr=False, compare=False)
    #: The face just thrown, waiting for the player's move (None: the die's turn).
    throw: int | None = None

    def _inputs(self) -> ExpectInputs:
        assert self.lookup is not None
        return self.lookup.result.inputs

    @property
    def inputs(self) -> ExpectInputs:
        """Turns, pieces, die and board being played."""
        return self._inputs()

    @property
    def result(self) -> ExpectResult:
        """The expectation tables the values come from."""
        assert self.lookup is not None
        return self.lookup.result

    @property
    def to_move(self) -> int | str:
        """``"chance"`` before the throw, ``0`` once it is made."""
        return "chance" if self.throw is None else 0

    def _legal(self) -> dict[Move, int]:
        if self.over or self.throw is None:
            return {}
        assert self.lookup is not None
        return self._targets(self.throw, self.lookup.dest)

    def moves(self) -> list[Move]:
        """Faces that can come up (chance node), or the pieces that may move."""
        if self.over:
            return []
        if self.throw is None:
            return list(self.chances())
        return list(self._legal())

    def chances(self) -> dict[Move, float]:
        """Probability of each face (chance node only)."""
        if self.over or self.throw is not None:
            return {}
        probabilities = self.inputs.probabilities
        return {face: p for face, p in enumerate(probabilities, start=1) if p > 0}

    def values(self) -> dict[Move, float]:
        """Points so far plus the expected points to come after each move."""
        lookup = self.lookup
        assert lookup is not None
        return self._move_values(self._legal(), lookup.score, lookup.value)

    @property
    def expected(self) -> float:
        """Expected final total from here under optimal play."""
        assert self.lookup is not None
        if self.throw is not None:
            return max(self.values().values(), default=float(self.total))
        return self.total + self.lookup.value(self.turn, list(self.labelled))

    def play(self, move: object) -> ExpectGame:
        """Throw a face (chance node) or move a piece; ``ValueError`` when illegal."""
        if self.over:
            raise ValueError(_("the game is over"))
        if self.throw is None:
            if move not in self.chances():
                raise ValueError(_("the die cannot show {face}").format(face=repr(move)))
            assert isinstance(move, int)
            return replace(self, throw=move)
        legal = self._legal()
        chosen = _check(move, legal)
        assert self.lookup is not None
        points = 0 if chosen is None else self.lookup.score[legal[chosen]]
        after = self._moved(chosen, self.throw, legal[chosen], points)
        return replace(
            self,
            labelled=after.labelled,
            turn=after.turn,
            total=after.total,
            last=after.last,
            throw=None,
        )


YutGame = KnownGame | ExpectGame


def new_game(
    inputs: YutInputs | ExpectInputs,
    result: ExpectResult | None = None,
    progress: Progress | None = None,
) -> KnownGame | ExpectGame:
    """The first turn of a game, with every value it can ask for already computed.

    Known throws: the whole search runs here (as long as ``solve``), so that the game
    can be made in a worker process and played on the UI thread without a wait.
    Unknown throws: solved first unless ``result`` (the solve's) is given; then it
    takes no time.
    """
    start = (inputs.board.start_index,) * inputs.pieces
    if isinstance(inputs, ExpectInputs):
        solved = solve_expected(inputs, progress) if result is None else result
        return ExpectGame(start, lookup=Lookup(solved))
    search = KnownSearch(inputs, progress)
    search.best(0, start)
    search.progress = None  # the game travels back from the worker without the callback
    return KnownGame(start, search=search)
