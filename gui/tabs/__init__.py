"""One tab per game: ``tab_class(id)`` imports one tab only; ``tab_classes()`` all, in order.

Importing this package imports no Qt: a game's ``model`` (its form as plain data) is
read in worker processes too. ``GameTab`` is imported when first asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import solvers

if TYPE_CHECKING:
    from gui.tabs.base import GameTab

__all__ = ["GameTab", "tab_class", "tab_classes"]


def __getattr__(name: str) -> Any:
    if name == "GameTab":
        from gui.tabs.base import GameTab

        return GameTab
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def tab_class(game_id: str) -> type[GameTab]:
    """The tab class of ``game_id`` (``gui.tabs.<id>.tab.TAB``), importing only that tab.

    KeyError for an unknown game; an import error of the tab propagates (a broken tab
    must be seen, never silently left out).
    """
    from gui.tabs.base import GameTab

    if game_id not in solvers.GAMES:
        raise KeyError(f"unknown game {game_id!r}; choose one of {', '.join(solvers.GAMES)}")
    module = importlib.import_module(f"{__name__}.{game_id}.tab")
    tab = getattr(module, "TAB", None)
    if not (isinstance(tab, type) and issubclass(tab, GameTab)):
        raise TypeError(f"{module.__name__}.TAB must be a GameTab subclass")
    return tab


def tab_classes() -> list[type[GameTab]]:
    """The tab class of every game, in the order users see them."""
    return [tab_class(game_id) for game_id in solvers.GAMES]
