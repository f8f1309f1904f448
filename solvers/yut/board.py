"""Dice Yut boards as data: squares, arrows and the JSON format.

A board is a set of squares, each with an id, a score, a drawing position,
a red successor and optionally a blue successor; one square is the start
and one the end. A move of ``k`` steps starting on a square with a blue
arrow takes the blue arrow first and red arrows afterwards; a piece reaching
the end stops there. The JSON form is::

    {"name": "...", "start": "start", "end": "end",
     "squares": [{"id": "o10", "score": 10, "x": 10, "y": 10,
                  "red": "o12", "blue": "a13"}, ...]}

A board checks itself when built, by the rules and limits of ``solvers.yut.board_validation``
(re-exported here, where the callers have always found them).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from solvers.i18n import N_, _
from solvers.yut.board_validation import (
    MAX_ID_CHARS,
    MAX_NAME_CHARS,
    MAX_SCORE,
    MAX_SQUARES,
    board_problems,
    text_problems,
)

if TYPE_CHECKING:  # NumPy is imported only by what needs arrays: a judge case does not
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "MAX_FACE",
    "MAX_ID_CHARS",
    "MAX_NAME_CHARS",
    "MAX_SCORE",
    "MAX_SQUARES",
    "Board",
    "Square",
    "board_from_json",
    "board_problems",
    "board_to_json",
    "legal_moves",
    "load_board",
    "load_board_text",
    "standard_board",
]

#: Largest die face the solvers accept (faces are 1..f).
MAX_FACE = 12


@dataclass(frozen=True)
class Square:
    """One square: ``red`` is None only for the end; ``blue`` is the shortcut arrow."""

    id: str
    score: int
    x: float = 0.0
    y: float = 0.0
    red: str | None = None
    blue: str | None = None


@dataclass(frozen=True)
class Board:
    """A validated board; ``ValueError`` lists every problem found."""

    squares: tuple[Square, ...]
    start: str
    end: str
    name: str = N_("custom board")

    def __post_init__(self) -> None:
        found = text_problems(_("the board name"), self.name, MAX_NAME_CHARS)
        found += board_problems(self.squares, self.start, self.end)
        if found:
            raise ValueError(_("invalid board: {problems}").format(problems="; ".join(found)))

    @functools.cached_property
    def _index(self) -> dict[str, int]:
        # A cached property, not a field: it stays out of equality and of JSON.
        return {sq.id: i for i, sq in enumerate(self.squares)}

    def index(self, square_id: str) -> int:
        """Position of ``square_id`` in ``squares``; ``KeyError`` when unknown."""
        return self._index[square_id]

    def square(self, square_id: str) -> Square:
        """The square with id ``square_id``."""
        return self.squares[self._index[square_id]]

    @property
    def start_index(self) -> int:
        """Index of the start square."""
        return self._index[self.start]

    @property
    def end_index(self) -> int:
        """Index of the end square."""
        return self._index[self.end]

    def score_list(self) -> list[int]:
        """Score of every square, by index."""
        return [sq.score for sq in self.squares]

    def scores(self) -> npt.NDArray[np.int64]:
        """Score of every square, by index, as an array."""
        import numpy as np

        return np.array(self.score_list(), dtype=np.int64)

    def path(self, square_id: str, steps: int) -> list[str]:
        """Squares visited by a move of ``steps`` from ``square_id`` (start excluded)."""
        visited: list[str] = []
        current = self.square(square_id)
        for step in range(steps):
            if current.id == self.end:
                break
            target = current.blue if step == 0 and current.blue is not None else current.red
            assert target is not None  # only the end lacks a red arrow
            visited.append(target)
            current = self.square(target)
        return visited

    def destination_lists(self, faces: int) -> list[list[int]]:
        """Table ``D[square][face]``: where a move of ``face`` steps ends (-1: not allowed).

        Column 0 is unused (-1) so faces index directly; moves from the end are
        not allowed.
        """
        return [list(row) for row in _destinations(self, faces)]

    def destinations(self, faces: int) -> npt.NDArray[np.int64]:
        """``destination_lists`` as an array."""
        import numpy as np

        return np.array(_destinations(self, faces), dtype=np.int64)


def legal_moves(
    labelled: Sequence[int], dest: Sequence[Sequence[int]], face: int, end: int
) -> list[tuple[int, int]]:
    """``(piece index, target)`` of every legal move of ``face``: the rule of a move.

    Pieces are square indices and ``dest`` is ``destination_lists``. A piece on the end may
    not move; a move may end on the end or where it began (a loop of arrows), never on a
    square another piece holds. Only the start and the end hold several pieces, and no
    arrow leads to the start, so "where it began" is never another piece's square.
    """
    found = []
    for p, here in enumerate(labelled):
        if here == end:
            continue
        target = dest[here][face]
        if target == end or target == here or target not in labelled:
            found.append((p, target))
    return found


@functools.lru_cache(maxsize=64)
def _destinations(board: Board, faces: int) -> tuple[tuple[int, ...], ...]:
    red = [board.index(sq.red) if sq.red else -1 for sq in board.squares]
    end = board.end_index
    table: list[tuple[int, ...]] = []
    for i, sq in enumerate(board.squares):
        row = [-1] * (faces + 1)
        if i != end:
            current = board.index(sq.blue) if sq.blue is not None else red[i]
            for face in range(1, faces + 1):
                row[face] = current
                if current != end:
                    current = red[current]
        table.append(tuple(row))
    return tuple(table)


#: What a square's arrow that is not an id is told.
_ARROW_ID = {
    "red": N_("square {id}: red must be a square id"),
    "blue": N_("square {id}: blue must be a square id"),
}


def board_from_json(data: Any) -> Board:
    """Build a board from parsed JSON; ``ValueError`` explains what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(_("a board file must hold a JSON object with squares, start and end"))
    for key in ("squares", "start", "end"):
        if key not in data:
            raise ValueError(_("the board has no {key} entry").format(key=repr(key)))
    raw = data["squares"]
    if not isinstance(raw, list):
        raise ValueError(_("'squares' must be a list"))
    squares = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, dict):
            raise ValueError(_("square #{number} must be an object").format(number=number))
        unknown = set(item) - {"id", "score", "x", "y", "red", "blue"}
        if unknown:
            shown = ", ".join(
                key if len(key) <= 20 else key[:17] + "..." for key in sorted(unknown)
            )
            raise ValueError(
                _("square #{number}: unknown keys {keys}").format(number=number, keys=shown[:200])
            )
        if "id" not in item:
            raise ValueError(_("square #{number} has no id").format(number=number))
        sq_id = str(item["id"])
        for key in ("red", "blue"):
            if item.get(key) is not None and not isinstance(item[key], (str, int)):
                raise ValueError(_(_ARROW_ID[key]).format(id=repr(sq_id)))
        squares.append(
            Square(
                sq_id,
                item.get("score", 0),
                item.get("x", 0.0),
                item.get("y", 0.0),
                None if item.get("red") is None else str(item["red"]),
                None if item.get("blue") is None else str(item["blue"]),
            )
        )
    name = data.get("name", Board.name)
    if not isinstance(name, str):
        raise ValueError(_("the board name must be a text"))
    return Board(tuple(squares), str(data["start"]), str(data["end"]), str(name))


def board_to_json(board: Board) -> dict[str, Any]:
    """The JSON object of ``board`` (``board_from_json`` reads it back)."""
    squares: list[dict[str, Any]] = []
    for sq in board.squares:
        item: dict[str, Any] = {"id": sq.id, "score": sq.score, "x": sq.x, "y": sq.y}
        if sq.red is not None:
            item["red"] = sq.red
        if sq.blue is not None:
            item["blue"] = sq.blue
        squares.append(item)
    return {"name": board.name, "start": board.start, "end": board.end, "squares": squares}


def load_board_text(text: str) -> Board:
    """Parse board JSON text; ``ValueError`` on bad JSON or a bad board."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(
            _("not valid JSON: line {line}: {reason}").format(line=exc.lineno, reason=exc.msg)
        ) from None
    except RecursionError:  # "[[[[...": a board is never nested deeply
        raise ValueError(_("not a board: the JSON is nested too deeply")) from None
    return board_from_json(data)


def load_board(name: str) -> Board:
    """A board shipped in ``resources/boards/NAME.json``."""
    # The folder of the ``resources`` package (not importlib.resources: a judge case
    # would load it, and its imports, just for this one file).
    import resources

    folder = Path(resources.__file__).parent / "boards"
    return load_board_text((folder / f"{name}.json").read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=1)
def standard_board() -> Board:
    """The Baekjoon 17825 board."""
    return load_board("standard")
