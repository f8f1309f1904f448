"""Colours shared by every tab, named by role, so a colour means the same thing everywhere.

The palette is Okabe & Ito's (2008), chosen to stay distinguishable under the
common colour-vision deficiencies (deuteranopia, protanopia, tritanopia);
backgrounds are light tints of it so black text stays readable. Colour never
carries meaning alone: views add a label, marker or pattern beside it.
No colour literal belongs anywhere else in ``gui/``: take it from here.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtGui import QColor

__all__ = [
    "BAD",
    "BEST",
    "BEST_TEXT",
    "CAPTION_CSS",
    "OKABE_ITO",
    "PLAYER",
    "ROLE",
    "SELECTED",
    "STALE_CSS",
    "Roles",
    "bold_label_css",
    "colour_css",
]

#: The eight colours of the Okabe-Ito palette, by name.
OKABE_ITO = {
    "black": "#000000",
    "orange": "#e69f00",
    "sky_blue": "#56b4e9",
    "bluish_green": "#009e73",
    "yellow": "#f0e442",
    "blue": "#0072b2",
    "vermillion": "#d55e00",
    "reddish_purple": "#cc79a7",
}


@dataclasses.dataclass(frozen=True)
class Roles:
    """What each colour means on screen."""

    #: Background of the optimal move / winning choice (bluish-green tint).
    best: QColor = dataclasses.field(default_factory=lambda: QColor("#a3dccb"))
    #: Text or marker of the optimal move, readable on white and on ``best``.
    best_text: QColor = dataclasses.field(default_factory=lambda: QColor("#00664a"))
    #: The step, row or cell the user is looking at (yellow tint).
    selected: QColor = dataclasses.field(default_factory=lambda: QColor("#f7ec8f"))
    #: Background of a field or cell whose text is not a valid value (vermillion tint).
    invalid: QColor = dataclasses.field(default_factory=lambda: QColor("#f6c3a3"))
    #: Text of error messages (a dark vermillion, 5:1 on white).
    error_text: QColor = dataclasses.field(default_factory=lambda: QColor("#a33f00"))
    #: Text of a result that no longer matches the inputs.
    stale: QColor = dataclasses.field(default_factory=lambda: QColor("gray"))
    #: First player (or you), second player (or the solver / the opponent).
    player0: QColor = dataclasses.field(default_factory=lambda: QColor(OKABE_ITO["blue"]))
    player1: QColor = dataclasses.field(default_factory=lambda: QColor(OKABE_ITO["orange"]))
    #: Outcomes: a win, a loss, a tie (charts, heat maps).
    win: QColor = dataclasses.field(default_factory=lambda: QColor(OKABE_ITO["bluish_green"]))
    lose: QColor = dataclasses.field(default_factory=lambda: QColor(OKABE_ITO["vermillion"]))
    tie: QColor = dataclasses.field(default_factory=lambda: QColor(OKABE_ITO["sky_blue"]))
    #: Text drawn on any of the tinted backgrounds above (they are all light).
    ink: QColor = dataclasses.field(default_factory=lambda: QColor(OKABE_ITO["black"]))
    #: Background of plots.
    paper: QColor = dataclasses.field(default_factory=lambda: QColor("#ffffff"))
    #: Chance (dice, draws) and plain, unhighlighted data.
    chance: QColor = dataclasses.field(default_factory=lambda: QColor(OKABE_ITO["reddish_purple"]))
    neutral: QColor = dataclasses.field(default_factory=lambda: QColor("#9e9e9e"))
    #: Small explanatory text under a view (8:1 on white; the palette's placeholder grey is 4:1).
    hint: QColor = dataclasses.field(default_factory=lambda: QColor("#4a4a4a"))


#: The colours by role: ``ROLE.best``, ``ROLE.player0``, ``ROLE.invalid``...
ROLE = Roles()

# Short names kept for the code and tests written before the roles.
BAD = ROLE.invalid
BEST = ROLE.best
BEST_TEXT = ROLE.best_text
SELECTED = ROLE.selected
PLAYER = (ROLE.player0, ROLE.player1)

#: Stylesheet of a greyed-out (outdated) result.
STALE_CSS = "color: gray;"

#: Stylesheet of a caption: one or two lines of plain words under a view.
CAPTION_CSS = f"color: {ROLE.hint.name()}; font-size: 9pt;"


def colour_css(colour: QColor, prop: str = "color") -> str:
    """A stylesheet fragment such as ``color: #a33f00;``."""
    if colour == ROLE.stale:
        return STALE_CSS if prop == "color" else f"{prop}: gray;"
    return f"{prop}: {colour.name()};"


def bold_label_css(size_pt: int = 15) -> str:
    """Stylesheet of the big answer label of each tab."""
    return f"font-size: {size_pt}pt; font-weight: 600;"
