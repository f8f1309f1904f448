"""The round DP over (throw, score) and the search for the best round ratio q.

For a trial ``lam`` the DP maximises ``(1 - lam) P(win) - lam P(lose)`` =
``P(win) - lam (P(win) + P(lose))``; its optimum F(lam) is convex and
decreasing, positive below the best ratio q* and zero at it. Dinkelbach's
update (``lam`` <- q of the policy just found) climbs to q* from below in a
few DPs; bisection on the sign of F is the slower fall-back.

The search needs only values, so its passes run on a ``RoundSolver`` that
builds every row's array views once and then costs three NumPy calls per
throw; the pass that records the policy lives in ``policy``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import as_strided

__all__ = ["RatioSearch", "RoundPass", "RoundSolver", "coefficients", "search_ratio"]

#: Dinkelbach stops when the ratio gains less than this.
CONVERGED = 1e-14
MAX_DINKELBACH = 40
MAX_BISECTION = 80
#: Rows between two progress reports: a pass of 1000 throws takes about 10 ms.
ROWS_PER_REPORT = 64

FloatArray = npt.NDArray[np.float64]
ComplexArray = npt.NDArray[np.complex128]
#: A row's matrix, input window, product, its three hands as complex pairs, output.
_Row = tuple[
    FloatArray, FloatArray, FloatArray, ComplexArray, ComplexArray, ComplexArray, ComplexArray
]
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


def band(throws: int, throw: int) -> int:
    """Largest |score| worth computing before ``throw``: it can happen and the round is open.

    Scores beyond ``throws - throw`` are decided (their value is terminal) and scores
    beyond ``throw`` cannot happen, so each row only needs the middle ``2 band + 1``.
    """
    return min(throw, throws - throw)


def terminal_values(throws: int, lam: float) -> ComplexArray:
    """Scores -(G+1) .. G+1 at the round's end: value + 1j * P(decisive)."""
    values = np.empty(2 * throws + 3, dtype=np.complex128)
    values[: throws + 1] = complex(-lam, 1.0)
    values[throws + 1] = 0.0
    values[throws + 2 :] = complex(1.0 - lam, 1.0)
    return values


@dataclass(frozen=True)
class RoundPass:
    """One DP at ``lam``: the optimum and the decisive chance of a maximising policy."""

    lam: float
    value: float
    decisive: float

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


class RoundSolver:
    """Value passes of the round DP for one opponent, vectorised over the score.

    A complex buffer holds value + 1j * P(decisive) per score, so one real matrix
    product gives every hand's (value, decisive) pair and one complex ``maximum``
    (lexicographic in NumPy) picks the best hand and carries the decisive chance
    of that choice along. Only the band of each row is computed (see ``band``);
    cells outside it keep their terminal values, which never change. The views
    of every row are built once, so a pass is a loop of three NumPy calls.
    """

    def __init__(self, table: FloatArray) -> None:
        self.throws = g = len(table)
        size = 2 * g + 3  # scores -(G+1) .. G+1, index d + G + 1
        self._buffers = (np.empty(size, np.complex128), np.empty(size, np.complex128))
        # Row t of a window reads score d - 1 + t as (value, decisive) float pairs.
        windows = [
            as_strided(b.view(np.float64), shape=(3, 2 * (size - 2)), strides=(16, 8))
            for b in self._buffers
        ]
        hands = np.empty((3, 2 * (g + 1)))
        matrices = np.ascontiguousarray(table)
        self._rows: list[_Row] = []
        for i in range(g - 1, -1, -1):
            half = band(g, i)
            n, lo = 2 * half + 1, g - half
            product = hands[:, : 2 * n]
            pairs = product.view(np.complex128)
            window = windows[(i + 1) & 1][:, 2 * lo : 2 * (lo + n)]
            out = self._buffers[i & 1][lo + 1 : lo + 1 + n]
            self._rows.append((matrices[i], window, product, pairs[0], pairs[1], pairs[2], out))

    def run(self, lam: float, step: StepReport | None = None) -> RoundPass:
        """The DP at ``lam``: F(lam) and the decisive chance of the maximiser."""
        g = self.throws
        start = terminal_values(g, lam)
        for buffer in self._buffers:
            buffer[:] = start
        matmul, maximum = np.matmul, np.maximum
        rows = self._rows
        for first in range(0, g, ROWS_PER_REPORT):
            for matrix, window, product, rock, paper, scissors, out in rows[
                first : first + ROWS_PER_REPORT
            ]:
                matmul(matrix, window, out=product)
                maximum(maximum(rock, paper, out=out), scissors, out=out)
            if step is not None:
                step(min(1.0, (first + ROWS_PER_REPORT) / g))
        centre = self._buffers[0][g + 1]
        return RoundPass(lam, float(centre.real), float(centre.imag))


@dataclass(frozen=True)
class RatioSearch:
    """The best round ratio q*, how it was found, and the ``lam`` to record the policy at."""

    ratio: float
    lam: float
    passes: int
    method: str
    last: RoundPass


def search_ratio(
    table: FloatArray,
    *,
    method: str = "dinkelbach",
    progress: StepReport | None = None,
    trace: list[RoundPass] | None = None,
) -> RatioSearch:
    """Find q* = max over policies of P(win)/(P(win)+P(lose)), with value passes only.

    Every ``lam`` tried after the first is the ratio of a real policy, hence a
    lower bound: Dinkelbach rises monotonically, and a fall or a stall sends
    the search to bisection between the best ratio seen and the smallest
    ``lam`` proven too high. ``trace`` (a list) receives every pass in order, for
    an explanation of how the search converged.
    """
    if method not in ("dinkelbach", "bisection"):
        raise ValueError(f"unknown method {method!r}")
    solver = RoundSolver(table)
    passes = 0

    def run(lam: float) -> RoundPass:
        nonlocal passes
        done = passes

        def step(fraction: float) -> None:
            if progress is not None:
                progress(1.0 - 0.6 ** (done + fraction))

        passes += 1
        found = solver.run(lam, step)
        if trace is not None:
            trace.append(found)
        return found

    # At 1/2 some hand never loses more often than it wins, so F(1/2) >= 0.
    last = run(0.5)
    low, high = last.ratio if last.decisive > 0 else 0.0, 1.0
    used = method
    if last.value <= CONVERGED:
        low, high = 0.5, 0.5
    elif low >= 1.0:
        low = high = 1.0
    elif method == "dinkelbach":
        lam = low
        for _ in range(MAX_DINKELBACH):
            last = run(lam)
            if last.value <= 0.0:
                high = min(high, lam)
            if last.ratio >= 1.0:
                low = high = 1.0
                break
            if last.ratio <= lam + CONVERGED:
                high = min(high, max(lam, last.ratio))
                low = max(low, last.ratio)
                break
            lam = low = last.ratio
        else:
            used = "dinkelbach+bisection"
        if high - low > 1e-12 and used == "dinkelbach":
            used = "dinkelbach+bisection"
    if used != "dinkelbach" and high > low:
        for _ in range(MAX_BISECTION):
            if high - low <= 1e-15:
                break
            lam = 0.5 * (low + high)
            last = run(lam)
            if last.value > 0.0 and last.decisive > 0:
                low = max(low, lam, min(last.ratio, high))
            else:
                high = lam
    ratio = min(low, 1.0)
    if math.isnan(ratio):
        ratio = 0.0
    return RatioSearch(ratio, low, passes, used, last)
