"""Dice Yut boards as data: squares, arrows, a validator and the JSON format.

A board is a set of squares, each with an id, a score, a drawing position,
a red successor and optionally a blue successor; one square is the start
and one the end. A move of ``k`` steps starting on a square with a blue
arrow takes the blue arrow first and red arrows afterwards; a piece reaching
the end stops there. The JSON form is::

    {"name": "...", "start": "start", "end": "end",
     "squares": [{"id": "o10", "score": 10, "x": 10, "y": 10,
                  "red": "o12", "blue": "a13"}, ...]}
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from solvers.i18n import N_, _

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

MAX_SQUARES = 200
MAX_SCORE = 10**6
#: Longest board name: a name is drawn in one line above the board and in window titles.
MAX_NAME_CHARS = 100
#: Longest square id: ids label squares on the drawing and fill the CSV's columns.
MAX_ID_CHARS = 40
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


def board_problems(squares: tuple[Square, ...], start: str, end: str) -> list[str]:
    """Every reason why these squares do not make a playable board (empty when fine)."""
    found: list[str] = []
    if len(squares) < 2:
        return [_("a board needs at least a start and an end square")]
    if len(squares) > MAX_SQUARES:
        return [
            _("at most {most} squares, got {count}").format(most=MAX_SQUARES, count=len(squares))
        ]
    found = _id_problems(squares, start, end)
    if found:  # nothing more is said of ids too long to be named
        return found
    ids: dict[str, Square] = {}
    for number, sq in enumerate(squares, start=1):
        name = (
            _("square {id}").format(id=repr(sq.id))
            if sq.id
            else _("square #{number}").format(number=number)
        )
        if not isinstance(sq.id, str) or not sq.id.strip():
            found.append(_("square #{number} has no id").format(number=number))
        elif sq.id in ids:
            found.append(_("{square}: the id is used twice").format(square=name))
        ids.setdefault(sq.id, sq)
        if isinstance(sq.score, bool) or not isinstance(sq.score, int):
            found.append(
                _("{square}: score must be a whole number, got {score}").format(
                    square=name, score=repr(sq.score)
                )
            )
        elif abs(sq.score) > MAX_SCORE:
            found.append(
                _("{square}: score must be between {low} and {high}").format(
                    square=name, low=-MAX_SCORE, high=MAX_SCORE
                )
            )
        if not all(isinstance(c, (int, float)) and math.isfinite(c) for c in (sq.x, sq.y)):
            found.append(_("{square}: x and y must be finite numbers").format(square=name))
    if start not in ids:
        found.append(_("the start {id} is not a square").format(id=repr(start)))
    if end not in ids:
        found.append(_("the end {id} is not a square").format(id=repr(end)))
    if start == end:
        found.append(_("the start and the end must be different squares"))
    found.extend(_arrow_problems(squares, ids, start, end))
    if found:
        return found
    return _reach_problems(ids, start, end)


def _id_problems(squares: tuple[Square, ...], start: str, end: str) -> list[str]:
    """Ids (of squares, arrows, start and end) too long, or not one printable line."""
    found = text_problems(_("the start"), start, MAX_ID_CHARS)
    found += text_problems(_("the end"), end, MAX_ID_CHARS)
    for number, sq in enumerate(squares, start=1):
        whats = (
            (N_("square #{number}'s id"), sq.id),
            (N_("square #{number}'s red arrow"), sq.red),
            (N_("square #{number}'s blue arrow"), sq.blue),
        )
        for what, text in whats:
            if isinstance(text, str):
                found += text_problems(_(what).format(number=number), text, MAX_ID_CHARS)
    return found


def text_problems(what: str, text: str, most: int) -> list[str]:
    """Why ``text`` cannot be ``what`` (a name or an id): too long, or not one printable line."""
    if len(text) > most:
        return [
            _("{what} holds {count} characters (at most {most})").format(
                what=what, count=f"{len(text):,}", most=most
            )
        ]
    if not text.isprintable():
        return [
            _("{what} must be one line of printable characters, got {text}").format(
                what=what, text=repr(text)
            )
        ]
    return []


def _arrow_problems(
    squares: tuple[Square, ...], ids: Mapping[str, Square], start: str, end: str
) -> list[str]:
    found: list[str] = []
    for sq in squares:
        if sq.id == end:
            if sq.red is not None or sq.blue is not None:
                found.append(
                    _("the end {id} must have no arrows (pieces stop there)").format(id=repr(end))
                )
            continue
        square = repr(sq.id)
        if sq.red is None:
            found.append(
                _("square {id} has no red successor (only the end may have none)").format(id=square)
            )
        arrows = (
            (sq.red, N_("square {id}: red successor {target} is not a square"),
             N_("square {id}: the red arrow points back to the start")),
            (sq.blue, N_("square {id}: blue successor {target} is not a square"),
             N_("square {id}: the blue arrow points back to the start")),
        )  # fmt: skip
        for target, missing, back in arrows:
            if target is None:
                continue
            if target not in ids:
                found.append(_(missing).format(id=square, target=repr(target)))
            elif target == start:
                found.append(_(back).format(id=square))
        if sq.blue is not None and sq.blue == sq.id:
            found.append(
                _("square {id}: the blue arrow points to the square itself").format(id=square)
            )
    return found


def _reach_problems(ids: Mapping[str, Square], start: str, end: str) -> list[str]:
    found: list[str] = []
    seen = {start}
    todo = [start]
    while todo:
        sq = ids[todo.pop()]
        for target in (sq.red, sq.blue):
            if target is not None and target not in seen:
                seen.add(target)
                todo.append(target)
    unreachable = [i for i in ids if i not in seen]
    if unreachable:
        listed = ", ".join(map(repr, unreachable))
        found.append(_("unreachable from the start: {squares}").format(squares=listed))
    # Red arrows form a function; every red walk must end at the end, or a
    # piece could circle forever. Colour squares: 0 unknown, 1 on the current
    # walk, 2 known to reach the end.
    state = dict.fromkeys(ids, 0)
    state[end] = 2
    cycles: list[list[str]] = []
    for first in ids:
        walk: list[str] = []
        current: str | None = first
        while current is not None and state[current] == 0:
            state[current] = 1
            walk.append(current)
            current = ids[current].red
        if current is not None and state[current] == 1:
            cycles.append(walk[walk.index(current) :])
        for sq_id in walk:
            state[sq_id] = 2
    for cycle in cycles:
        shown = " -> ".join(repr(c) for c in [*cycle, cycle[0]])
        found.append(
            _("the red arrows {cycle} form a cycle that never reaches the end").format(cycle=shown)
        )
    return found


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
