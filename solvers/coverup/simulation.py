"""Monte Carlo check of the optimal policy: many games with hidden digits drawn at random.

The right digit of each column is drawn from the priors (a known candidate with
probability p), independently of the solver's Bayes updates, so agreement with
the exact value checks them. NumPy is imported here only, when a simulation runs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solvers.coverup.exact import encode
from solvers.coverup.model import Pick, State
from solvers.coverup.result import CoverUpResult
from solvers.i18n import _
from solvers.protocol import Progress, TooBig, report

if TYPE_CHECKING:
    import numpy as np

__all__ = ["BATCH", "MAX_GAMES", "Simulation", "simulate", "wilson_interval"]

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054
#: Games per vectorised batch: small enough that progress (and a cancel) comes every few ms.
BATCH = 25_000
#: Work bound of one simulation.
MAX_GAMES = 50_000_000


@dataclass(frozen=True)
class Simulation:
    """Observed wins of the optimal policy with a 95% (Wilson) interval, beside the exact value."""

    games: int
    wins: int
    rate: float
    low: float
    high: float
    exact: float

    @property
    def covers_exact(self) -> bool:
        """Whether the interval contains the exact winning probability."""
        return self.low <= self.exact <= self.high


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion (sound near 0 and 1)."""
    if games <= 0:
        return 0.0, 1.0
    rate = wins / games
    denom = 1.0 + z * z / games
    centre = (rate + z * z / (2 * games)) / denom
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


def simulate(
    result: CoverUpResult,
    games: int = 100_000,
    seed: int | None = None,
    progress: Progress | None = None,
) -> Simulation:
    """Play ``games`` random games with the optimal policy (seedable).

    ``progress`` is called after every batch of ``BATCH`` games and may raise
    ``Cancelled``; more than ``MAX_GAMES`` games raise ``TooBig``.
    """
    import numpy as np

    if games < 1:
        raise ValueError(
            _("the number of games must be at least 1, got {games}").format(games=games)
        )
    if games > MAX_GAMES:
        raise TooBig(
            _("at most {most} games per simulation: use fewer games").format(most=f"{MAX_GAMES:,}")
        )
    rng = np.random.default_rng(seed)
    policy = _Policy(result)
    wins = 0
    done = 0
    while done < games:
        batch = min(BATCH, games - done)
        wins += _simulate_batch(result, policy, batch, rng)
        done += batch
        report(progress, done / games)
    low, high = wilson_interval(wins, games)
    return Simulation(games, wins, wins / games, low, high, result.value)


class _Policy:
    """Optimal picks by state, looked up by the state's number (one code per column)."""

    def __init__(self, result: CoverUpResult) -> None:
        self.result = result
        self.inputs = result.inputs
        self.known = [c.candidates for c in self.inputs.columns]
        self.others = [c.others for c in self.inputs.columns]
        self.cache: dict[tuple[int, int], list[bool]] = {}

    def pick_other(self, number: int, turn: int) -> list[bool]:
        """Per column whether the optimal pick is another digit (state given by its number)."""
        found = self.cache.get((turn, number))
        if found is not None:
            return found
        n = self.inputs.n
        columns: list[tuple[int, int] | None] = []
        rest = number
        for i in range(n - 1, -1, -1):
            code, rest = rest % 12, rest // 12
            tried_c = code - 1
            if code == 0:
                columns.append(None)
            else:
                columns.append((self.known[i] - tried_c, self.others[i] - (turn - tried_c)))
        state = State(tuple(reversed(columns)))
        picks = self.result.solver.best(encode(state))
        found = [p is Pick.OTHER for p in picks]
        self.cache[turn, number] = found
        return found


def _simulate_batch(
    result: CoverUpResult, policy: _Policy, games: int, rng: np.random.Generator
) -> int:
    import numpy as np

    inputs = result.inputs
    n = inputs.n
    m = np.array([c.choices for c in inputs.columns], dtype=np.int64)
    known = np.array([c.candidates for c in inputs.columns], dtype=np.int64)
    p = np.array([c.p for c in inputs.columns])
    # Digits of a kind are tried in a fixed order, so the right one is found when its
    # kind has been picked rank + 1 times.
    is_candidate = rng.random((games, n)) < p[None, :]
    count = np.where(is_candidate, known[None, :], (m - known)[None, :])
    rank = np.floor(rng.random((games, n)) * count).astype(np.int64)
    solved = np.zeros((games, n), dtype=bool)
    tried_c = np.zeros((games, n), dtype=np.int64)
    playing = np.ones(games, dtype=bool)
    won = np.zeros(games, dtype=bool)
    weights = 12 ** np.arange(n - 1, -1, -1, dtype=np.int64)
    for t in range(n):
        live = np.flatnonzero(playing)
        if live.size == 0:
            break
        codes = np.where(solved[live], 0, 1 + tried_c[live])
        numbers, inverse = np.unique(codes @ weights, return_inverse=True)
        table = np.array([policy.pick_other(int(k), t) for k in numbers], dtype=bool)
        pick_other = table[inverse.reshape(-1)]
        open_ = ~solved[live]
        tried = np.where(pick_other, t - tried_c[live], tried_c[live])
        hit = open_ & (pick_other != is_candidate[live]) & (rank[live] == tried)
        tried_c[live] += open_ & ~pick_other & ~hit
        solved[live] |= hit
        lost = ~hit.any(axis=1)
        finished = solved[live].all(axis=1)
        won[live[finished]] = True
        playing[live[lost | finished]] = False
    return int(won.sum())
