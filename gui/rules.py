"""Help texts: the rules of each game written for a player, and About with the version.

A tab's own ``rules_html`` wins (it can explain its colours); the short texts
here cover the games whose tab has none, and the solver's docstring is the
last resort.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gui.tabs.base import GameTab

__all__ = ["RULES", "about_html", "rules_html", "version"]

DISTRIBUTION = "strategy-workbench"

RULES = {
    "yut": """<p><b>Dice Yut.</b> Four pieces start off the board. Each turn you roll a die
(the throws may be known in advance) and move one piece that many squares along the arrows;
the square where it stops adds its number to your score. A piece that <i>starts</i> its move
on a blue square takes the blue shortcut towards the centre; pieces never share a square,
except at the end. Get the highest total score.</p>
<p>The app finds the best piece to move at every throw. With unknown throws it plays for the
best <i>expected</i> score.</p>""",
    "coverup": """<p><b>Cover Up.</b> Guess a number of a few digits, one column at a time
in parallel. Each turn you pick one digit not tried yet in every unsolved column and learn
which picks were right. A turn with at least one new right digit lets you go on; a turn with
none loses; all columns right wins.</p>
<p>Some digits are <i>likely</i>: together they have the chance you give. The best play is not
always the likeliest digit: it can pay to spend a column on an unlikely digit and keep a good
guess in reserve for a turn when every other column might miss.</p>""",
}


def rules_html(tab: GameTab) -> str:
    """The rules shown by Help → Rules for ``tab``."""
    if tab.rules_html:
        return tab.rules_html
    if tab.game_id in RULES:
        return RULES[tab.game_id]
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
