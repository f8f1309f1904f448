"""Help texts: the rules a tab gives (Help → Rules), and About with the version.

Every tab sets ``rules_html`` (it can explain its colours); a tab without one
shows its solver's docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gui.tabs.base import GameTab

__all__ = ["about_html", "rules_html", "version"]

DISTRIBUTION = "strategy-workbench"


def rules_html(tab: GameTab) -> str:
    """The rules shown by Help → Rules for ``tab``."""
    if tab.rules_html:
        return tab.rules_html
    from html import escape  # only for this fallback and About, never at start-up

    return f"<pre>{escape(tab.module.__doc__ or tab.title)}</pre>"


def version() -> str:
    """The installed version of the application ("unknown" when not installed)."""
    from importlib import metadata  # about 10 ms: only when About is opened

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"


def about_html(app_name: str) -> str:
    """The About box's text."""
    from html import escape

    return (
        f"<b>{escape(app_name)}</b> version {escape(version())}"
        "<p>Exact optimal play for Dice Yut, Cover Up, The Great Game, Xoinc and Nim, "
        "with the optimal strategy shown on each game's board.</p>"
    )
