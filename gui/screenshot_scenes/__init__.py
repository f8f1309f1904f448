"""Screenshot scenarios per game, beside ``gui.screenshots`` (never in the tab classes).

A module ``gui.screenshot_scenes.<game>`` may define ``invalid(tab)`` (make the
form invalid) and ``states(tab) -> list[(name, prepare)]`` (more states to grab).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

__all__ = ["invalid", "states"]


def _scenes(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError:
        return None


def invalid(game: str, tab: Any) -> bool:
    """Make ``tab``'s form invalid for the screenshot; False when the game has no scene."""
    scenes = _scenes(game)
    if scenes is None or not hasattr(scenes, "invalid"):
        return False
    scenes.invalid(tab)
    return True


def states(game: str, tab: Any) -> list[tuple[str, Callable[[], None]]]:
    """The extra states of ``game`` to grab, each with the callable preparing it."""
    scenes = _scenes(game)
    if scenes is None or not hasattr(scenes, "states"):
        return []
    found: list[tuple[str, Callable[[], None]]] = scenes.states(tab)
    return found
