"""The Great Game tab (see ``gui.tabs.greatgame.tab``)."""

from __future__ import annotations

from gui.tabs.greatgame.tab import GreatGameTab

__all__ = ["TAB", "GreatGameTab"]

TAB = GreatGameTab
