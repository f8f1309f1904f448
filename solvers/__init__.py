"""Pure solvers for the five games; nothing here imports Qt.

Every game module satisfies ``solvers.protocol.GameModule``. Games are imported only
when asked for (``load``), so ``python -m solvers nim`` never pays for the other four
games or for NumPy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, cast

from solvers.i18n import N_

if TYPE_CHECKING:
    from solvers.protocol import GameModule

__all__ = ["GAMES", "TITLES", "load"]

#: Game id -> module name inside this package, in the order the tabs appear.
GAMES: dict[str, str] = {
    "yut": "yut",
    "coverup": "coverup",
    "greatgame": "greatgame",
    "xoinc": "xoinc",
    "nim": "nim",
}

#: Game id -> the title users see, in English: a view shows ``_(TITLES[game_id])``.
TITLES: dict[str, str] = {
    "yut": N_("Dice Yut"),
    "coverup": N_("Cover Up"),
    "greatgame": N_("Great Game"),
    "xoinc": N_("Xoinc"),
    "nim": N_("Nim"),
}


def load(game_id: str) -> GameModule:
    """Import and return the solver module of ``game_id`` (``KeyError`` for an unknown id)."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; choose one of {', '.join(GAMES)}")
    return cast("GameModule", importlib.import_module(f"{__name__}.{GAMES[game_id]}"))
