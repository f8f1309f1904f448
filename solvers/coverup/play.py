"""Playing the optimal policy: one turn at a time (play-along) or many games at once."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from solvers.coverup.levels import build_levels, canonical_order, column_groups
from solvers.coverup.model import Pick, State, advance, posteriors
from solvers.coverup.result import CoverUpResult, PolicyEntry
from solvers.protocol import Progress, report

__all__ = ["Simulation", "TurnReport", "play_turn", "simulate", "wilson_interval"]

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054
#: Games simulated per vectorised batch (bounds memory for millions of games).
BATCH = 200_000


@dataclass(frozen=True)
class TurnReport:
    """After a turn: the new state (None: lost), and the next optimal picks if the game goes on.

    ``posteriors`` gives, per column, the probability of each remaining known
    candidate and each remaining other digit (None for solved columns).
    """

    state: State | None
    won: bool
    lost: bool
    entry: PolicyEntry | None
    posteriors: tuple[tuple[float, float] | None, ...]


def play_turn(
    result: CoverUpResult, state: State, picks: Sequence[Pick | None], right: Collection[int]
) -> TurnReport:
    """Apply a turn in which the picks of columns ``right`` (0-based) were right."""
    after = advance(result.inputs, state, picks, right)
    if after is None:
        return TurnReport(None, False, True, None, ())
    beliefs = posteriors(result.inputs, after)
    if after.won:
        return TurnReport(after, True, False, None, beliefs)
    return TurnReport(after, False, False, result.entry(after), beliefs)


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

    The right digit of a column is a known candidate with probability p, and
    equally likely any digit of its kind; digits of a kind are tried in a
    fixed order, so the right one is found when its kind has been picked
    ``rank + 1`` times.
    """
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    rng = np.random.default_rng(seed)
    wins = 0
    done = 0
    while done < games:
        batch = min(BATCH, games - done)
        wins += _simulate_batch(result, batch, rng)
        done += batch
        report(progress, done / games)
    low, high = wilson_interval(wins, games)
    return Simulation(games, wins, wins / games, low, high, result.value)


def _simulate_batch(result: CoverUpResult, games: int, rng: np.random.Generator) -> int:
    inputs = result.inputs
    n = inputs.n
    table = result.policy
    levels = build_levels(inputs, n)
    groups = column_groups(inputs)
    m = np.array([c.choices for c in inputs.columns], dtype=np.int64)
    known = np.array([c.candidates for c in inputs.columns], dtype=np.int64)
    p = np.array([c.p for c in inputs.columns])

    row_at = []
    for t, level in enumerate(levels):
        rows = np.flatnonzero(table.turn == t)
        cand = table.candidates_left[rows]
        codes = level.codes_of(known[None, :] - cand, cand < 0)
        lookup = np.full(level.size, -1, dtype=np.int64)
        lookup[level.encode(codes)] = rows
        row_at.append(lookup)

    is_candidate = rng.random((games, n)) < p[None, :]
    count = np.where(is_candidate, known[None, :], (m - known)[None, :])
    rank = np.floor(rng.random((games, n)) * count).astype(np.int64)
    solved = np.zeros((games, n), dtype=bool)
    tried_c = np.zeros((games, n), dtype=np.int64)
    playing = np.ones(games, dtype=bool)
    won = np.zeros(games, dtype=bool)
    shifts = np.arange(n - 1, -1, -1, dtype=np.int64)
    for t in range(n):
        live = np.flatnonzero(playing)
        if live.size == 0:
            break
        level = levels[t]
        codes = level.codes_of(tried_c[live], solved[live])
        row = row_at[t][level.canon[level.encode(codes)]]
        if (row < 0).any():
            raise RuntimeError("the simulation reached a state missing from the policy")
        canon_bits = (table.best[row][:, None] >> shifts[None, :]) & 1
        perm = canonical_order(codes, groups)
        other = np.zeros_like(canon_bits)
        np.put_along_axis(other, perm, canon_bits, axis=1)
        pick_other = other.astype(bool)
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
