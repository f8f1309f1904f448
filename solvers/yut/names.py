"""Plain names of Dice Yut squares: "25 (centre)", "22 (shortcut from 20)", "16 (outer ring)".

Square ids ("o34", "a19") are file keys, not words a player knows; the UI, its CSV
and the Why steps name a square by its score and its route instead, in the language
spoken when the names are asked for. The route is read
from the arrows, so an edited board gets names too: the red walk from the
start is the outer ring; squares reached through a blue arrow belong to the
shortcut from that square's score; where shortcuts meet is the centre (when
every shortcut meets there) and the shared squares after it lead on to the
ring square where they rejoin it. Names that would still be equal get the
step along their route. Ids stay only in the board JSON and judge formats.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any

from solvers.i18n import _, language
from solvers.yut.board import Board

__all__ = ["Arrows", "board_names", "data_names", "square_names"]

#: id -> (score, red successor, blue successor).
Arrows = Mapping[str, tuple[object, str | None, str | None]]


def _walk(arrows: Arrows, first: str | None, stop: set[str]) -> list[str]:
    """Red walk from ``first`` up to (not into) ``stop``; boards being edited may loop."""
    walk: list[str] = []
    seen: set[str] = set()
    current = first
    while current is not None and current in arrows and current not in stop:
        if current in seen:
            break
        seen.add(current)
        walk.append(current)
        current = arrows[current][1]
    return walk


def square_names(arrows: Arrows, start: str, end: str) -> dict[str, str]:
    """A readable, unique name for every square of ``arrows``."""
    ring = _walk(arrows, arrows[start][1] if start in arrows else None, {start, end})
    on_ring = set(ring)
    # Each square's shortcuts (by the score of the square whose blue arrow starts them),
    # and its step along the first one; a shortcut ends where it rejoins the ring.
    branches: dict[str, list[str]] = {}
    steps: dict[str, int] = {}
    rejoin: dict[str, str | None] = {}
    previous_branch: dict[str, set[str]] = {}
    for source, (score, _red, blue) in arrows.items():
        if blue is None:
            continue
        label = _("start") if source == start else str(score)
        walk = _walk(arrows, blue, on_ring | {start, end})
        after = arrows[walk[-1]][1] if walk else None
        for step, square in enumerate(walk, start=1):
            branches.setdefault(square, [])
            if label not in branches[square]:
                branches[square].append(label)
            steps.setdefault(square, step)
            rejoin[square] = after
            previous_branch.setdefault(square, set()).add(walk[step - 2] if step > 1 else source)
    every = {b for found in branches.values() for b in found}
    # A square's score and its route, joined (with its step when names repeat) at the end.
    routes: dict[str, tuple[object, str]] = {}
    for step, square in enumerate(ring, start=1):
        routes[square] = (arrows[square][0], _("outer ring"))
        steps[square] = step
    meeting = {
        s
        for s, found in branches.items()
        if len(found) > 1 and _meets(s, previous_branch, branches)
    }
    for square, found in branches.items():
        score = arrows[square][0]
        if len(found) == 1:
            routes[square] = (score, _("shortcut from {source}").format(source=found[0]))
            continue
        centre = set(found) == every
        if square in meeting:
            where = _("centre") if centre else _("where shortcuts from {sources} meet")
            routes[square] = (score, where.format(sources=_and(found)))
            continue
        target = rejoin.get(square)
        if target == end or target is None:
            onward = (
                _("centre to the end")
                if centre
                else _("where shortcuts from {sources} meet to the end")
            )
        else:
            onward = (
                _("centre to {score}")
                if centre
                else _("where shortcuts from {sources} meet to {score}")
            )
        score_on = arrows[target][0] if target is not None and target in arrows else ""
        routes[square] = (score, onward.format(sources=_and(found), score=score_on))
    for square, (score, _red, _blue) in arrows.items():
        if square not in (start, end):
            routes.setdefault(square, (score, _("off the routes")))
    names = _unique(routes, steps)
    names[start], names[end] = _("start"), _("end")
    return names


def _meets(
    square: str, previous: Mapping[str, set[str]], branches: Mapping[str, list[str]]
) -> bool:
    """Whether shortcuts arrive at ``square`` from different squares (it is where they meet)."""
    before = previous.get(square, set())
    return len(before) > 1 or any(len(branches.get(b, [])) < len(branches[square]) for b in before)


def _number_first(word: str) -> tuple[bool, int, str]:
    number = word.lstrip("-").isdigit()
    return (not number, int(word) if number else 0, word)


def _and(words: Iterable[str]) -> str:
    listed = sorted(words, key=_number_first)
    if len(listed) == 1:
        return listed[0]
    return _("{first} and {last}").format(first=", ".join(listed[:-1]), last=listed[-1])


def _unique(routes: dict[str, tuple[object, str]], steps: Mapping[str, int]) -> dict[str, str]:
    """Each square's "score (route)"; the step along the route where names would repeat."""
    count: dict[tuple[object, str], int] = {}
    for both in routes.values():
        count[both] = count.get(both, 0) + 1
    result: dict[str, str] = {}
    taken: set[str] = set()
    for square, (score, route) in routes.items():
        if count[(score, route)] > 1:
            name = _("{score} ({route}, step {step})").format(
                score=score, route=route, step=steps.get(square, 0)
            )
            base, n = name, 2
            while name in taken:  # same route and step: number them
                name, n = f"{base} #{n}", n + 1
        else:
            name = _("{score} ({route})").format(score=score, route=route)
        taken.add(name)
        result[square] = name
    return result


def board_names(board: Board) -> dict[str, str]:
    """Names of a valid board's squares (cached: tables ask for them row by row)."""
    return dict(_board_names(board, language()))


@functools.lru_cache(maxsize=16)
def _board_names(board: Board, spoken: str) -> tuple[tuple[str, str], ...]:
    # ``spoken`` keys the cache: the names are words of the language spoken now.
    arrows = {sq.id: (sq.score, sq.red, sq.blue) for sq in board.squares}
    return tuple(square_names(arrows, board.start, board.end).items())


def data_names(data: Mapping[str, Any]) -> dict[str, str]:
    """Names of the squares of board JSON data being edited (possibly not a valid board)."""
    arrows: dict[str, tuple[object, str | None, str | None]] = {}
    for item in data.get("squares", []):
        if isinstance(item, Mapping) and "id" in item:
            red, blue = item.get("red"), item.get("blue")
            arrows[str(item["id"])] = (
                item.get("score", 0),
                None if red is None else str(red),
                None if blue is None else str(blue),
            )
    return square_names(arrows, str(data.get("start")), str(data.get("end")))
