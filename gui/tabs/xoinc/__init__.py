"""The Xoinc tab, in the same roles as every game's tab package.

``tab`` (the page), ``form`` (the coin list and option fields), ``views`` (the
stack chart, the optimal line, legends), ``play`` (play against the solver).
"""

from __future__ import annotations

from .tab import XoincTab

__all__ = ["TAB"]

TAB = XoincTab
