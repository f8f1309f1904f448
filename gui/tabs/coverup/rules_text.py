"""The Cover Up tab's rules (Help > Rules), kept in English and marked with ``N_``.

The tab says them in the language spoken when it shows them.
"""

from __future__ import annotations

from solvers.i18n import N_

__all__ = ["RULES"]

RULES = N_("""<p><b>Cover Up</b> (The Price Is Right). Guess a number of up to 5 digits; each
column offers a few digits. Some digits may be <i>likely</i> (the judge calls them known
candidates): together they hold the right digit with probability p, shared equally; the other
digits share the rest, 1 - p.</p>
<p>Each turn you cover one untried digit in every unsolved column and are told which are right.
A turn with at least one new right digit lets you go on; a turn with none loses; all columns
right wins. After wrong picks the remaining digits' chances are updated (Bayes' rule).</p>
<p>The best play is not always the likeliest digit: sometimes a column is covered with an
unlikely (even surely wrong) digit on purpose: a <i>deliberate miss</i> that keeps the column
<i>in reserve</i> for a later turn in which all other columns might miss. In the digit table the
digit to cover is bold on green; a deliberate miss is bold on yellow and says "reserve".</p>""")
