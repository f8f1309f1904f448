"""The Great Game tab's constant texts (Help → Rules, the fill buttons, the heat map's line).

Marked to be translated where they are shown.
"""

from __future__ import annotations

from solvers.i18n import N_

__all__ = ["FILLS", "IDLE_CELL", "OUTDATED", "RULES"]

IDLE_CELL = N_("Solve, then point at a cell of the heat map.")
OUTDATED = N_("Outdated: the inputs changed since this solve.")
#: The fill buttons: text, object name, kind of fill, tooltip.
FILLS = (
    (N_("Uniform"), "fillUniformButton", "uniform",
     N_("Fill every throw: every hand a third at every throw")),
    (N_("Random"), "fillRandomButton", "random", N_("Fill every throw: random percentages")),
    (N_("Toward rock"), "fillRockButton", "rock",
     N_("Fill every throw: rock the likeliest hand at every throw")),
)  # fmt: skip

RULES = N_("""<p><b>The Great Game.</b> Rock-paper-scissors in rounds of G throws; each throw
won scores 1. The round goes to whoever scored more (equal: nobody). You win the match when
you have won W rounds more than the opponent, and lose it L rounds behind. The opponent plays
rock, paper and scissors with fixed percentages at each throw (the table); you know the throw
number and the round's score so far, and choose your hand.</p>
<p>Tied rounds change nothing, so what matters is your share of the rounds that have a winner:
the best play makes that share as large as possible, and the chance to win the match follows
from it. The answer is that chance, in percent, as the judge prints it.</p>
<p><b>Heat map:</b> one row per throw, one column per round score (you minus the opponent).
The colour is the hand to play there (named in the legend and, when you point at a cell, in
the line under the map); a lighter shade means another hand is just as good; grey means the
round is already decided, so any hand will do.</p>
<p><b>Play a match:</b> each of your hands shows your chance to win the match if you play it
now, the best one marked ★ on green; then report the opponent's hand or let the app draw it
from the percentages.</p>""")
