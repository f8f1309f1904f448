"""Checked by mypy --strict (not run by pytest): each game module is a ``GameModule``.

mypy treats a module assigned to a Protocol-typed name as an implementation of it, so a
game whose signatures drift from the protocol fails ``make lint``.
"""

from __future__ import annotations

from solvers import coverup, greatgame, nim, xoinc, yut
from solvers.protocol import GameModule

GAMES: tuple[GameModule, ...] = (coverup, greatgame, xoinc, nim, yut)
