"""The Great Game tab, in the same roles as every game's tab package.

``tab`` (the page), ``form`` (the throw table, W and L), ``views`` (heat map and
charts), ``play`` (a match played throw by throw).
"""

from __future__ import annotations

from .tab import GreatGameTab

__all__ = ["TAB", "GreatGameTab"]

TAB = GreatGameTab
