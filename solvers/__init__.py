"""Pure solvers for the five games; nothing here imports Qt.

Every game module exposes the same protocol (see ``solvers.protocol``):
an input dataclass that validates itself, ``solve(inputs, progress=None)``,
``parse_judge(text)``, ``format_judge(result)`` and ``csv_rows(inputs, result)``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["GAMES", "TITLES", "load"]

#: Game id -> module name inside this package, in the order the tabs appear.
GAMES: dict[str, str] = {
    "yut": "yut",
    "coverup": "coverup",
    "greatgame": "greatgame",
    "xoinc": "xoinc",
    "nim": "nim",
}

#: Game id -> the title users see.
TITLES: dict[str, str] = {
    "yut": "Dice Yut",
    "coverup": "Cover Up",
    "greatgame": "Great Game",
    "xoinc": "Xoinc",
    "nim": "Nim",
}


def available() -> list[str]:
    """Return the ids of the games whose solver module is present, in tab order."""
    found = []
    for game_id in GAMES:
        try:
            load(game_id)
        except ModuleNotFoundError:
            continue
        found.append(game_id)
    return found


def load(game_id: str) -> ModuleType:
    """Import and return the solver module of ``game_id``."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; choose one of {', '.join(GAMES)}")
    return importlib.import_module(f"{__name__}.{GAMES[game_id]}")
