"""The Dice Yut tab (board drawing and editing, best line, unknown-throws play-along)."""

from __future__ import annotations

from gui.tabs.yut.tab import YutTab

__all__ = ["TAB", "YutTab"]

TAB = YutTab
