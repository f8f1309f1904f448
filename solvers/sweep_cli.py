"""``python -m solvers GAME --sweep NAME=START:STOP[:STEP] [FILE]``: a sweep as a tidy CSV.

The header names the swept input, then the answer's columns (the answer last,
the number the judge prints); one row per value, STOP included. A file of
several cases gets a ``case`` column (1-based) after the swept value.
Errors are ``ValueError``s already worded for the user: ``--sweep: reason`` for
the range, ``FILE:LINE: reason`` for a case that cannot take a value.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from solvers.protocol import JudgeFormatError, Sweep, SweepRow
from solvers.sweep import check_options, find_sweep, header, parse_range, sweep

__all__ = [
    "FLAG",
    "SweepRequest",
    "format_number",
    "read_sweep",
    "row_cells",
    "take_sweep",
    "write_sweep",
]

FLAG = "--sweep"


def take_sweep(words: Sequence[str]) -> tuple[str | None, list[str]]:
    """Pull ``--sweep NAME=RANGE`` (or ``--sweep=NAME=RANGE``) out of a game's arguments."""
    rest: list[str] = []
    found: str | None = None
    items = iter(words)
    for word in items:
        if word == "--":
            rest.append(word)
            rest.extend(items)
            break
        if word == FLAG or word.startswith(FLAG + "="):
            if found is not None:
                raise ValueError(f"{FLAG}: give one sweep at a time")
            value = word[len(FLAG) + 1 :] if word != FLAG else next(items, None)
            if not value:
                raise ValueError(f"{FLAG}: needs NAME=START:STOP[:STEP], e.g. W=1:8")
            found = value
        else:
            rest.append(word)
    return found, rest


def format_number(value: float, decimals: int | None = None) -> str:
    """A number as the CSV holds it: integers bare, reals in the shortest exact form.

    ``decimals`` writes it with that many decimals instead (as a judge prints it).
    """
    if decimals is not None:
        return f"{value:.{decimals}f}"
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    number = float(value)
    return str(int(number)) if number.is_integer() and abs(number) < 2**53 else repr(number)


@dataclass(frozen=True)
class SweepRequest:
    """A ``--sweep`` read and checked against the game and its options (no case yet)."""

    game: str
    key: str
    span: str
    sweep: Sweep
    index: int
    options: Mapping[str, Any]


def read_sweep(game: str, text: str, options: Mapping[str, Any]) -> SweepRequest:
    """Read ``NAME=START:STOP[:STEP]`` before any input is: a bad name fails at once."""
    key, equals, span = text.partition("=")
    if not equals:
        raise ValueError(f"{FLAG}: give NAME=START:STOP[:STEP], got {text!r}")
    try:
        found, index = find_sweep(game, key)
        check_options(found, options)
    except ValueError as exc:
        raise ValueError(f"{FLAG}: {exc}") from None
    return SweepRequest(game, key, span, found, index, options)


def row_cells(found: Sweep, row: SweepRow) -> list[str]:
    """A row of a sweep as the CSV writes it: the answers the judge rounds, rounded so."""
    places = {i + 1: d for i, d in enumerate(found.decimals) if d is not None}
    return [format_number(v, places.get(i)) for i, v in enumerate(row)]


def write_sweep(
    request: SweepRequest,
    cases: Sequence[Any],
    where: Callable[[int], str],
    out: TextIO | None = None,
) -> None:
    """Sweep every case of ``cases`` as ``request`` says, as CSV on ``out`` (stdout).

    ``where(i)`` is the ``FILE:LINE`` of case ``i`` for errors that are the case's.
    """
    stream = sys.stdout if out is None else out
    game, key, span = request.game, request.key, request.span
    found, index, options = request.sweep, request.index, request.options
    plans = []  # every case's values, checked before the first line is written
    for number, inputs in enumerate(cases):
        try:
            find_sweep(game, key, inputs)
        except ValueError as exc:
            raise ValueError(f"{where(number)}: {exc}") from None
        try:
            plans.append((inputs, parse_range(found, inputs, index, span)))
        except ValueError as exc:  # TooBig included
            raise ValueError(f"{FLAG}: {exc}") from None
    writer = csv.writer(stream, lineterminator="\n")
    several = len(cases) > 1
    columns = header(found, index)
    writer.writerow([columns[0], "case", *columns[1:]] if several else columns)
    for number, (inputs, values) in enumerate(plans):
        try:
            for row in sweep(game, inputs, key, values, options):
                cells = row_cells(found, row)
                writer.writerow([cells[0], str(number + 1), *cells[1:]] if several else cells)
        except JudgeFormatError as exc:
            raise ValueError(f"{where(number)}: {exc.reason}") from None
        except (ValueError, ArithmeticError, MemoryError) as exc:
            raise ValueError(f"{where(number)}: {exc}") from None
    stream.flush()
