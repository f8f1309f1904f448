"""The pass that records the optimal round policy (and, for play, every cell's value).

It runs the same DP as ``round_dp.RoundSolver`` at the best ratio, but per row it
also lists every hand within ``TIE_TOLERANCE`` of the best, picks the one played,
and can keep the value of every open cell so that a game being played can value
any hand in any position without another pass.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import as_strided

from solvers.greatgame.model import ALL_HANDS
from solvers.greatgame.round_dp import (
    ROWS_PER_REPORT,
    FloatArray,
    RoundPass,
    StepReport,
    band,
    terminal_values,
)
from solvers.i18n import _

__all__ = ["TIE_TOLERANCE", "PolicyPass", "RoundValues", "policy_pass"]

#: Hands whose values differ by less than this are reported as ties.
TIE_TOLERANCE = 1e-11


@dataclass(frozen=True)
class RoundValues:
    """Value of every round cell at ``lam``: (1 - lam) P(win) - lam P(lose) from there.

    Only open cells are stored (the band of each row, see ``round_dp.band``), row
    after row; decided cells and the round's end are terminal and computed.
    """

    lam: float
    throws: int
    flat: FloatArray
    offsets: tuple[int, ...]

    def at(self, throw: int, score: int) -> float:
        """Value before throw ``throw`` (0-based; ``throws`` = round over) at ``score``."""
        g = self.throws
        if not 0 <= throw <= g or abs(score) > throw:
            raise ValueError(
                _("score {score} cannot happen before throw {throw}").format(
                    score=score, throw=throw + 1
                )
            )
        if throw == g or abs(score) > g - throw:
            return 1.0 - self.lam if score > 0 else (-self.lam if score < 0 else 0.0)
        return float(self.flat[self.offsets[throw] + score + band(g, throw)])


@dataclass(frozen=True)
class PolicyPass(RoundPass):
    """The DP at ``lam`` with the policy recorded.

    ``masks[i, d + G]`` has a bit per best hand (1 rock, 2 paper, 4 scissors), all
    three where the round is decided, 0 where the score cannot happen;
    ``choices`` is the hand played there. ``win``, ``lose`` and ``ratio`` (from
    ``RoundPass``) are the round's chances under the played policy.
    """

    masks: npt.NDArray[np.int8]
    choices: npt.NDArray[np.int8]
    values: RoundValues | None


def policy_pass(
    table: FloatArray, lam: float, *, keep_values: bool = False, step: StepReport | None = None
) -> PolicyPass:
    """Run the DP at ``lam`` backwards over the throws, recording the policy.

    A hand after which the round is surely tied scores 0 at lam = q* like the
    best ones, but a policy of such hands never ends the match: it is listed
    only when no tied hand keeps the round decisive. Among the tied hands the
    one most likely to decide the round is played (rock first on equal terms).
    """
    g = len(table)
    size = 2 * g + 3
    buffers = (terminal_values(g, lam), terminal_values(g, lam))
    windows = tuple(
        as_strided(b.view(np.float64), shape=(3, 2 * (size - 2)), strides=(16, 8)) for b in buffers
    )
    matrices = np.ascontiguousarray(table)
    # Cells outside the computed band are decided (all hands tie) or cannot happen (0).
    grid = np.full((g, 2 * g + 1), ALL_HANDS, dtype=np.int8)
    chosen = np.zeros((g, 2 * g + 1), dtype=np.int8)
    columns = np.arange(2 * g + 1)
    widths = [2 * band(g, i) + 1 for i in range(g)]
    offsets = tuple(int(x) for x in np.concatenate([[0], np.cumsum(widths)]))
    flat = np.empty(offsets[-1]) if keep_values else None
    for i in range(g - 1, -1, -1):
        half = band(g, i)
        n, lo = 2 * half + 1, g - half
        hands = (matrices[i] @ windows[(i + 1) & 1][:, 2 * lo : 2 * (lo + n)]).view(np.complex128)
        values = hands.real
        decisive = hands.imag
        top = np.maximum(np.maximum(values[0], values[1]), values[2])
        tied = values >= top - TIE_TOLERANCE
        if not decisive.all():
            live = tied & (decisive > 0)
            tied = np.where(live.any(axis=0), live, tied)
        bits = tied.view(np.uint8)
        grid[i, lo : lo + n] = bits[0] | (bits[1] << 1) | (bits[2] << 2)
        first = np.where(tied, decisive, -1.0).argmax(axis=0)
        chosen[i, lo : lo + n] = first
        out = buffers[i & 1][lo + 1 : lo + 1 + n]
        out[:] = hands[first, columns[:n]]
        if flat is not None:
            flat[offsets[i] : offsets[i] + n] = out.real
        if step is not None and i % ROWS_PER_REPORT == 0:
            step((g - i) / g)
    scores = np.abs(np.arange(-g, g + 1))
    grid[scores[np.newaxis, :] > np.arange(g)[:, np.newaxis]] = 0
    centre = buffers[0][g + 1]
    kept = None if flat is None else RoundValues(lam, g, flat, offsets[:-1])
    return PolicyPass(lam, float(centre.real), float(centre.imag), grid, chosen, kept)
