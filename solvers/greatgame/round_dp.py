"""The round DP over (throw, score) and the search for the best round ratio q.

For a trial ``lam`` the DP maximises ``(1 - lam) P(win) - lam P(lose)`` =
``P(win) - lam (P(win) + P(lose))``; its optimum F(lam) is convex and
decreasing, positive below the best ratio q* and zero at it. Dinkelbach's
update (``lam`` <- q of the policy just found) climbs to q* from below in a
few DPs; bisection on the sign of F is the slower fall-back.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import as_strided

from solvers.greatgame.model import ALL_HANDS

__all__ = ["RatioSearch", "RoundPass", "coefficients", "round_pass", "search_ratio"]

#: Hands whose values differ by less than this are reported as ties.
TIE_TOLERANCE = 1e-11
#: Dinkelbach stops when the ratio gains less than this.
CONVERGED = 1e-14
MAX_DINKELBACH = 40
MAX_BISECTION = 80

FloatArray = npt.NDArray[np.float64]
#: Called with the fraction of the current pass done (the caller may raise to cancel).
StepReport = Callable[[float], None]


def coefficients(probabilities: FloatArray) -> FloatArray:
    """G x 3 x 3: for throw i, hand h, the chance the score moves by -1, 0, +1.

    Rock loses to paper and beats scissors; paper beats rock; scissors beat paper.
    """
    rock, paper, scissors = probabilities[:, 0], probabilities[:, 1], probabilities[:, 2]
    table = np.empty((len(probabilities), 3, 3))
    table[:, 0] = np.stack([paper, rock, scissors], axis=1)
    table[:, 1] = np.stack([scissors, paper, rock], axis=1)
    table[:, 2] = np.stack([rock, scissors, paper], axis=1)
    return table


@dataclass(frozen=True)
class RoundPass:
    """One DP at ``lam``: the optimum and the decisive chance of a maximising policy."""

    lam: float
    value: float
    decisive: float
    masks: npt.NDArray[np.int8] | None = None
    choices: npt.NDArray[np.int8] | None = None

    @property
    def win(self) -> float:
        """P(win round) of the policy found."""
        return min(self.decisive, max(0.0, self.value + self.lam * self.decisive))

    @property
    def lose(self) -> float:
        """P(lose round) of the policy found."""
        return max(0.0, self.decisive - self.win)

    @property
    def ratio(self) -> float:
        """The ratio P(win) / (P(win) + P(lose)) of the policy found (0 if it always ties)."""
        return self.win / self.decisive if self.decisive > 0 else 0.0


def round_pass(
    table: FloatArray, lam: float, *, masks: bool = False, step: StepReport | None = None
) -> RoundPass:
    """Run the DP at ``lam`` backwards over the throws, vectorised over the score.

    A complex buffer holds value + 1j * P(decisive) per score, so one complex
    ``maximum`` (lexicographic in NumPy) picks the best hand and carries the
    decisive chance of that choice along. Only scores that can happen and can
    still change the round's sign are computed; the others keep their
    terminal values, which never change (see the band argument in the tests).
    With ``masks`` the pass also records every tied best hand and the one
    played (``choices``), and evaluates the policy playing those.
    """
    g = len(table)
    size = 2 * g + 3  # scores -(G+1) .. G+1, index d + G + 1
    terminal = np.empty(size, dtype=np.complex128)
    terminal[: g + 1] = complex(-lam, 1.0)
    terminal[g + 1] = 0.0
    terminal[g + 2 :] = complex(1.0 - lam, 1.0)
    buffers = (terminal, terminal.copy())
    # Window view over (value, decisive) pairs: row t reads score d - 1 + t.
    windows = tuple(
        as_strided(b.view(np.float64), shape=(3, 2 * (size - 2)), strides=(16, 8)) for b in buffers
    )
    transposed = np.ascontiguousarray(table)
    # Cells outside the computed band are decided (all hands tie) or cannot happen (0).
    grid = np.full((g, 2 * g + 1), ALL_HANDS, dtype=np.int8) if masks else None
    chosen = np.zeros((g, 2 * g + 1), dtype=np.int8) if masks else None
    scratch = np.empty(g + 1, dtype=np.complex128)
    columns = np.arange(2 * g + 1)
    for i in range(g - 1, -1, -1):
        band = min(i, g - i)
        n = 2 * band + 1
        lo = g - band
        hands = (transposed[i] @ windows[(i + 1) & 1][:, 2 * lo : 2 * (lo + n)]).view(np.complex128)
        out = buffers[i & 1][lo + 1 : lo + 1 + n]
        if grid is None or chosen is None:
            best = np.maximum(hands[0], hands[1], out=scratch[:n])
            np.maximum(best, hands[2], out=out)
        else:
            values = hands.real
            decisive = hands.imag
            top = np.maximum(np.maximum(values[0], values[1]), values[2])
            tied = values >= top - TIE_TOLERANCE
            if not decisive.all():
                # A hand after which the round is surely tied scores 0 at lam = q*
                # like the best ones, but a policy of such hands never ends the
                # match: list it only when no tied hand keeps the round decisive.
                live = tied & (decisive > 0)
                tied = np.where(live.any(axis=0), live, tied)
            bits = tied.view(np.uint8)
            grid[i, lo : lo + n] = bits[0] | (bits[1] << 1) | (bits[2] << 2)
            # Play the tied hand most likely to decide the round (rock first on equal terms).
            first = np.where(tied, decisive, -1.0).argmax(axis=0)
            chosen[i, lo : lo + n] = first
            out[:] = hands[first, columns[:n]]
        if step is not None and i % 64 == 0:
            step((g - i) / g)
    if grid is not None:
        scores = np.abs(np.arange(-g, g + 1))
        grid[scores[np.newaxis, :] > np.arange(g)[:, np.newaxis]] = 0
    centre = buffers[0][g + 1]
    return RoundPass(lam, float(centre.real), float(centre.imag), grid, chosen)


@dataclass(frozen=True)
class RatioSearch:
    """The best round ratio and the last DP pass (with masks) that achieves it."""

    ratio: float
    final: RoundPass
    passes: int
    method: str


def search_ratio(
    table: FloatArray, *, method: str = "dinkelbach", progress: StepReport | None = None
) -> RatioSearch:
    """Find q* = max over policies of P(win)/(P(win)+P(lose)).

    Every ``lam`` tried after the first is the ratio of a real policy, hence a
    lower bound: Dinkelbach rises monotonically, and a fall or a stall sends
    the search to bisection between the best ratio seen and the smallest
    ``lam`` proven too high.
    """
    if method not in ("dinkelbach", "bisection"):
        raise ValueError(f"unknown method {method!r}")
    passes = 0

    def run(lam: float, masks: bool = False) -> RoundPass:
        nonlocal passes
        done = passes

        def step(fraction: float) -> None:
            if progress is not None:
                progress(1.0 - 0.6 ** (done + fraction))

        passes += 1
        return round_pass(table, lam, masks=masks, step=step)

    # At 1/2 some hand never loses more often than it wins, so F(1/2) >= 0.
    first = run(0.5)
    final: RoundPass | None = None
    low, high = first.ratio if first.decisive > 0 else 0.0, 1.0
    used = method
    if first.value <= CONVERGED:
        low, high = 0.5, 0.5
    elif low >= 1.0:
        low = high = 1.0
    elif method == "dinkelbach":
        lam, gain = low, 1.0
        for _ in range(MAX_DINKELBACH):
            # Convergence is superlinear: after a small gain the next pass is
            # almost surely the last, so let it record the policy too.
            found = run(lam, masks=gain < 1e-4)
            if found.value <= 0.0:
                high = min(high, lam)
            if found.ratio >= 1.0:
                low = high = 1.0
                break
            if found.ratio <= lam + CONVERGED:
                high = min(high, max(lam, found.ratio))
                low = max(low, found.ratio)
                if found.masks is not None:
                    final = found
                break
            gain = found.ratio - lam
            lam = low = found.ratio
        else:
            used = "dinkelbach+bisection"
        if high - low > 1e-12 and used == "dinkelbach":
            used = "dinkelbach+bisection"
    if used != "dinkelbach" and high > low:
        for _ in range(MAX_BISECTION):
            if high - low <= 1e-15:
                break
            lam = 0.5 * (low + high)
            found = run(lam)
            if found.value > 0.0 and found.decisive > 0:
                low = max(low, lam, min(found.ratio, high))
            else:
                high = lam
    if final is None:
        final = run(low, masks=True)
    ratio = max(low, min(final.ratio, 1.0))
    if math.isnan(ratio):
        ratio = 0.0
    return RatioSearch(ratio, final, passes, used)
