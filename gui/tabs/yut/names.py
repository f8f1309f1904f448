"""Plain names of Dice Yut squares, for the tab's tables, editor, tooltips and CSV.

The naming lives in ``solvers.yut.names`` (Qt-free): the Why steps of ``solvers.yut.why``
name squares the same way.
"""

from __future__ import annotations

import re
from typing import Any

from solvers.i18n import _
from solvers.yut.export import EXPECT_HEADER, KNOWN_HEADER, LISTED, NO_MOVE, YES
from solvers.yut.names import Arrows, board_names, data_names, square_names

__all__ = ["Arrows", "board_names", "data_names", "named_csv_rows", "square_names"]

#: The CSV's words that the app translates (the CLI writes them in English).
CSV_WORDS = frozenset((*KNOWN_HEADER, *EXPECT_HEADER, NO_MOVE, YES))


def named_csv_rows(rows: list[list[str]], board: Any) -> list[list[str]]:
    """The solver's CSV rows with squares named by score and route instead of ids.

    The solver's own words (headers, "(no legal move)", "yes") are in the language
    spoken: Dice Yut's own ("from" is a move's start here, a range's start in the app).
    """
    names = board_names(board)
    header = list(rows[0]) if rows else []
    # Names hold spaces: a path's squares are joined by arrows, a list by commas.
    joiners = {"path": " → ", "pieces on": ", "}
    for column, title in enumerate(header):
        if title not in ("from", "to", "path", "pieces on"):
            continue
        for row in rows[1:]:
            cell = row[column] if column < len(row) else ""
            named = [names.get(square, square) for square in cell.split()]
            row[column] = joiners[title].join(named) if title in joiners else names.get(cell, cell)
    return [[_said(c) for c in row] for row in rows]


#: ``LISTED`` as the solver writes it (English): the app says it in the language spoken.
_LISTED = re.compile(r"1 to (\d+) of (\d+)")


def _said(cell: str) -> str:
    if cell in CSV_WORDS:
        return _(cell)
    listed = _LISTED.fullmatch(cell)
    if listed is not None:
        return _(LISTED).format(listed=listed.group(1), turns=listed.group(2))
    return cell
