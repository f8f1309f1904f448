"""What a "what if" sweep may vary in the Great Game (``solvers.sweep``).

W, L, and one hand's share of one throw (the other two hands keep their ratio).
The round, and so its best ratio, does not depend on W and L: a sweep over
either searches the ratio once and finishes each match from it
(``match_result``), exactly as a direct solve does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from solvers.greatgame.model import MAX_GAP, GreatGameInputs
from solvers.greatgame.result import GreatGameResult, RoundPolicy
from solvers.greatgame.round_dp import coefficients, search_ratio
from solvers.i18n import N_
from solvers.protocol import Progress, Sweep, SweepRow, report

__all__ = ["SWEEPS", "with_share"]

HANDS = ("rock", "paper", "scissors")
#: The sweep's label per hand (marked whole: the hand's place differs between languages).
SHARE_LABELS = (
    N_("rock % of throw {index} (others scaled)"),
    N_("paper % of throw {index} (others scaled)"),
    N_("scissors % of throw {index} (others scaled)"),
)
#: What a sweep measures: the chance, and the judge's per cent.
ANSWERS = (N_("match win probability"), N_("match win (%)"))


def _measure(result: GreatGameResult) -> tuple[float, ...]:
    return (result.probability, float(result.answer.rstrip("%")))


def _with_gap(inputs: GreatGameInputs, name: str, value: float) -> GreatGameInputs:
    win_by, lose_by = inputs.win_by, inputs.lose_by
    if name == "W":
        win_by = int(value)
    else:
        lose_by = int(value)
    return GreatGameInputs.from_checked_rows(inputs.percentages, win_by, lose_by)


def _gap_sweep(name: str, label: str) -> Sweep:
    def batch(
        inputs: GreatGameInputs, values: Sequence[float], index: int, progress: Progress | None
    ) -> Iterator[SweepRow]:
        from solvers.greatgame import match_result

        table = coefficients(inputs.probabilities())
        step = None if progress is None else (lambda f: report(progress, 0.9 * f))
        search = search_ratio(table, progress=step)
        known: RoundPolicy | None = None
        for done, value in enumerate(values):
            result = match_result(_with_gap(inputs, name, value), table, search, known=known)
            known = known or result.recorded_policy()
            report(progress, 0.9 + 0.1 * (done + 1) / len(values))
            yield (value, *_measure(result))

    return Sweep(
        name, label, "int",
        bounds=lambda inputs, index: (1, MAX_GAP),
        apply=lambda inputs, value, index: _with_gap(inputs, name, value),
        current=lambda inputs, index: inputs.win_by if name == "W" else inputs.lose_by,
        answers=ANSWERS, measure=_measure, batch=batch,
        decimals=(None, 3),
    )  # fmt: skip


def with_share(inputs: GreatGameInputs, hand: int, value: float, throw: int) -> GreatGameInputs:
    """``inputs`` with ``hand`` at ``value`` % in throw ``throw`` (1-based).

    The other two hands share the rest in their current ratio (equally when both are 0).
    """
    rows = list(inputs.percentages)
    row = list(rows[throw - 1])
    others = [h for h in range(3) if h != hand]
    weights = [row[h] for h in others]
    rest = 100.0 - value
    total = weights[0] + weights[1]
    first = rest * weights[0] / total if total > 0 else rest / 2
    # Rounding may leave the last share a hair below zero (-8.9e-16): it is zero.
    row[hand], row[others[0]], row[others[1]] = value, first, max(0.0, rest - first)
    rows[throw - 1] = (row[0], row[1], row[2])
    return GreatGameInputs(tuple(rows), inputs.win_by, inputs.lose_by)


def _share_sweep(hand: int) -> Sweep:
    return Sweep(
        HANDS[hand], SHARE_LABELS[hand], "real",
        bounds=lambda inputs, index: (0.0, 100.0),
        apply=lambda inputs, value, index: with_share(inputs, hand, value, index),
        current=lambda inputs, index: inputs.percentages[index - 1][hand],
        answers=ANSWERS, measure=_measure,
        decimals=(None, 3), indexed=N_("throw"), count=lambda inputs: inputs.throws,
    )  # fmt: skip


SWEEPS: tuple[Sweep, ...] = (
    _gap_sweep("W", N_("W (rounds ahead to win the match)")),
    _gap_sweep("L", N_("L (rounds behind to lose it)")),
    *(_share_sweep(hand) for hand in range(3)),
)
