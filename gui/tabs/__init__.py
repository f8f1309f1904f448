"""One tab per game; ``tab_classes()`` lists those present, in the order users see them."""

from __future__ import annotations

import importlib

import solvers
from gui.tabs.base import GameTab

__all__ = ["GameTab", "tab_classes"]


def tab_classes() -> list[type[GameTab]]:
    """The tab class of every game whose tab module exists (``gui.tabs.<id>.TAB``)."""
    found = []
    for game_id in solvers.GAMES:
        name = f"{__name__}.{game_id}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        tab = getattr(module, "TAB", None)
        if tab is not None:  # a tab still being written is simply not shown yet
            found.append(tab)
    return found
