"""The Cover Up tab, in the same roles as every game's tab package.

``tab`` (the page), ``form`` (the digit table), ``views`` (drawing a play state),
``play`` (the play-along panel), ``simulation`` (the Monte Carlo panel).
"""

from __future__ import annotations

from .tab import CoverUpTab

__all__ = ["TAB", "CoverUpTab"]

TAB = CoverUpTab
