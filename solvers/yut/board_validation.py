"""Dice Yut boards: the limits of a board and every reason why squares make no playable board.

``Board`` (``solvers.yut.board``) checks itself with ``board_problems`` and ``text_problems``
when built; the limits are here so that the checks and what they allow are read together.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from solvers.i18n import N_, _

if TYPE_CHECKING:
    from solvers.yut.board import Square

__all__ = [
    "MAX_ID_CHARS",
    "MAX_NAME_CHARS",
    "MAX_SCORE",
    "MAX_SQUARES",
    "board_problems",
    "text_problems",
]

MAX_SQUARES = 200
MAX_SCORE = 10**6
#: Longest board name: a name is drawn in one line above the board and in window titles.
MAX_NAME_CHARS = 100
#: Longest square id: ids label squares on the drawing and fill the CSV's columns.
MAX_ID_CHARS = 40


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
