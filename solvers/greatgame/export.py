"""CSV rows a person can read: one table, a row per throw, every column named.

Each row holds a throw: the opponent's percentages of rock, paper and scissors,
then (after a solve) the best hands at each round score (you minus opponent;
empty where that score cannot happen at that throw). The match's inputs and
answers sit in their own columns on the first row only: G, W, L, the answer as
the judge prints it, the round's chances under best play, and the chance to win
the match at the start of a round for every lead. Probabilities are percentages
rounded to 4 decimals (the judge prints 3).
"""

from __future__ import annotations

from solvers.greatgame.model import GreatGameInputs, hand_name, hands_of_mask
from solvers.greatgame.result import GreatGameResult
from solvers.i18n import N_, _

__all__ = ["HEADER", "csv_rows", "hands_in_words"]

#: The columns every export has; a solved one adds the best hands after them.
HEADER = [N_("throw"), N_("rock (%)"), N_("paper (%)"), N_("scissors (%)")]
#: The match's columns, last: its inputs, then (solved) its answers.
INPUT_COLUMNS = [
    N_("throws per round (G)"),
    N_("lead that wins the match (W)"),
    N_("deficit that loses the match (L)"),
]
ANSWER_COLUMNS = [
    N_("answer as the judge prints it"),
    N_("match win probability (%)"),
    N_("round won, best play (%)"),
    N_("round tied, best play (%)"),
    N_("round lost, best play (%)"),
    N_("share of decided rounds won (%)"),
]


def _percent(probability: float) -> str:
    return f"{100 * probability:.4f}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.10g}"


def hands_in_words(mask: int, decided: bool = False) -> str:
    """``rock``, ``rock or paper``, ``any hand (round decided)``; empty for mask 0."""
    if decided:
        return _("any hand (round decided)")
    return _(" or ").join(hand_name(h) for h in hands_of_mask(mask))


def _signed(number: int) -> str:
    """``+2``, ``-1`` and ``0`` (not ``+0``)."""
    return f"{number:+d}" if number else "0"


def _lead_title(lead: int) -> str:
    return _("match win probability at the start of a round, lead {lead} (%)").format(
        lead=_signed(lead)
    )


def csv_rows(inputs: GreatGameInputs, result: GreatGameResult | None) -> list[list[str]]:
    """Header, then one row per throw; the match's numbers in the last columns of row 1."""
    g = inputs.throws
    scores = range(-g, g + 1) if result is not None else range(0)
    hand_titles = [_("best hand at round score {score}").format(score=_signed(d)) for d in scores]
    leads = range(-inputs.lose_by, inputs.win_by + 1) if result is not None else range(0)
    summary_titles = [_(title) for title in INPUT_COLUMNS]
    summary = [str(g), str(inputs.win_by), str(inputs.lose_by)]
    if result is not None:
        summary_titles += [*map(_, ANSWER_COLUMNS), *map(_lead_title, leads)]
        round_ = result.round
        summary += [
            result.answer,
            _percent(result.probability),
            _percent(round_.round_win),
            _percent(round_.round_tie),
            _percent(round_.round_lose),
            _percent(result.ratio),
        ]
        summary += [_percent(p) for p in (0.0, *result.lead_probabilities, 1.0)]
    rows = [[*map(_, HEADER), *hand_titles, *summary_titles]]
    # Outside a row's band every cell is decided; inside it all three bits are a real tie.
    decided = {str(mask): hands_in_words(mask, decided=mask == 7) for mask in range(1, 8)}
    open_ = {str(mask): hands_in_words(mask) for mask in range(1, 8)}
    for i, percentages in enumerate(inputs.percentages):
        hands = [""] * len(hand_titles)
        if result is not None:
            half = min(i, g - i)
            for k, mask in enumerate(result.policy[i]):
                words = open_ if i - half <= k <= i + half else decided
                # Character k of row i is round score k - i, in column (k - i) + g.
                hands[k - i + g] = words[mask]
        row = [str(i + 1), *map(_number, percentages), *hands]
        rows.append(row + (summary if i == 0 else [""] * len(summary)))
    return rows
