"""The Nim tab, in the same roles as every game's tab package.

``tab`` (the page), ``form`` (rule fields and piles), ``views`` (pile chart, g(x)
plot), ``play`` (the panel that plays a ``solvers.nim`` play state).
"""

from __future__ import annotations

from .tab import NimTab

__all__ = ["TAB", "NimTab"]

TAB = NimTab
