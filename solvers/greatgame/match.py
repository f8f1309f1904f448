"""From the round ratio q to the match: gambler's ruin, and the judge's rounding.

Tied rounds change nothing, so the match is a walk on the lead that steps up
with chance q and down with 1 - q, absorbed at +W (won) and -L (lost).
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import numpy.typing as npt

__all__ = [
    "exact_round_odds",
    "exact_ruin",
    "format_percent",
    "near_rounding_tie",
    "percent_roundings",
    "ruin_probabilities",
]


def ruin_probabilities(q: float, win_by: int, lose_by: int) -> npt.NDArray[np.float64]:
    """P(win match) for the current leads -L+1 .. W-1, given round ratio ``q``.

    With k = (1-q)/q the answer from ``j = lead + L`` steps above ruin is
    (1 - k^j) / (1 - k^N), N = W + L. It is evaluated as a ratio of
    ``expm1`` so that q close to 1/2 (k close to 1) keeps its precision and
    tends to j/N, and from 1/k when k > 1 so that powers cannot overflow.
    """
    total = win_by + lose_by
    steps = np.arange(1, total, dtype=np.float64)
    if q >= 1.0:
        return np.ones(total - 1)
    if q <= 0.0:
        return np.zeros(total - 1)
    log_k = math.log1p((1.0 - 2.0 * q) / q)
    if log_k == 0.0:
        return steps / total
    if log_k < 0.0:
        result = np.expm1(steps * log_k) / math.expm1(total * log_k)
    else:
        # k^(j-N) (1 - k^-j) / (1 - k^-N), every power at most 1.
        result = np.exp((steps - total) * log_k) * (
            np.expm1(-steps * log_k) / math.expm1(-total * log_k)
        )
    return np.asarray(np.clip(result, 0.0, 1.0), dtype=np.float64)


def exact_ruin(win: int, lose: int, win_by: int, lose_by: int) -> Fraction:
    """P(win match) from lead 0 when P(win round) : P(lose round) = ``win : lose`` exactly."""
    if lose == 0:
        return Fraction(1) if win > 0 else Fraction(0)
    if win == lose:
        return Fraction(lose_by, win_by + lose_by)
    total = win_by + lose_by
    # (1 - k^L) / (1 - k^N) with k = lose / win, cleared of denominators.
    numerator = win**total - lose**lose_by * win**win_by
    return Fraction(numerator, win**total - lose**total)


def format_percent(probability: float | Fraction) -> str:
    """100 x ``probability`` with three decimals and ``%``, as C's ``printf("%.3f%%", 100 * p)``.

    The accepted C++ solutions print the double ``100 * p``; printf rounds that
    double's exact binary value, so an exact half goes to the even digit
    (57.8125 -> ``57.812%``). Python's ``%`` formatting rounds the same way.
    """
    return "%.3f%%" % (100.0 * float(probability))


def percent_roundings(probability: float) -> tuple[str, str]:
    """Both ways to round 100 x ``probability`` to thousandths: down, then up."""
    down = math.floor(Decimal(probability) * 100_000)
    up = down + 1
    return f"{down // 1000}.{down % 1000:03d}%", f"{up // 1000}.{up % 1000:03d}%"


def near_rounding_tie(probability: float, margin: float = 1e-6) -> bool:
    """Whether 100 x ``probability`` lies within ``margin`` thousandths of a rounding tie."""
    scaled = probability * 100_000
    return abs(scaled - math.floor(scaled) - 0.5) < margin


def exact_round_odds(
    percentages: list[tuple[int, int, int]], choice: list[bytes]
) -> tuple[int, int]:
    """Exact P(win round), P(lose round) x 100^G of the policy ``choice``.

    ``choice[i][d + i]`` is the hand index (0 rock, 1 paper, 2 scissors)
    played at throw i with score d. Whole-number percentages make every
    probability an integer over 100^G, so Python integers give them exactly.
    """
    g = len(percentages)
    weights: list[int] = [1]  # scores -i .. i
    for i, (rock, paper, scissors) in enumerate(percentages):
        moves = ((paper, rock, scissors), (scissors, paper, rock), (rock, scissors, paper))
        nxt = [0] * (2 * i + 3)
        row = choice[i]
        for k, weight in enumerate(weights):
            if weight:
                down, stay, up = moves[row[k]]
                nxt[k] += weight * down
                nxt[k + 1] += weight * stay
                nxt[k + 2] += weight * up
        weights = nxt
    return sum(weights[g + 1 :]), sum(weights[:g])
