"""The result of a solve: the match probability at once, the round policy on demand.

Printing the judge's answer needs only the best ratio q, so the pass that
records the policy (about as long as the whole search) runs the first time the
policy, the played hands or the round's chances are asked for, and is kept.
Call ``with_policy()`` in a worker before handing a result to a GUI; the
result pickles with its policy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solvers.greatgame.model import GreatGameInputs, Hand, hands_of_mask
from solvers.greatgame.policy import PolicyPass, policy_pass
from solvers.greatgame.round_dp import StepReport, coefficients
from solvers.i18n import _

__all__ = ["GreatGameResult", "RoundPolicy", "round_policy"]


@dataclass(frozen=True)
class RoundPolicy:
    """The optimal round policy as text rows, and the round's chances under it.

    ``policy[i]`` covers throw ``i`` (0-based, i throws already made) and the
    round score ``d`` so far from ``-i`` to ``i``: character ``d + i`` is a
    digit whose bits (1 rock, 2 paper, 4 scissors) are the best hands there;
    several bits mean the hands tie (within 1e-11), 7 also marks scores where
    the round is already decided. ``played`` has the same shape with the
    letter (R, P, S) of the hand played. The round chances are those of the
    policy that plays, among the best hands, the one most likely to decide the
    round (rock, then paper, then scissors on equal terms); a hand after which
    the round is surely tied is listed only when no best hand keeps it open.
    """

    round_win: float
    round_tie: float
    round_lose: float
    policy: tuple[str, ...]
    played: tuple[str, ...]


def round_policy(found: PolicyPass) -> RoundPolicy:
    """Turn a recorded pass into text rows (compact, picklable, cheap to index)."""
    g = len(found.masks)
    letters = np.frombuffer(b"RPS", dtype=np.uint8)
    return RoundPolicy(
        round_win=found.win,
        round_tie=max(0.0, 1.0 - found.decisive),
        round_lose=found.lose,
        policy=tuple(
            (found.masks[i, g - i : g + i + 1] + 48).astype("u1").tobytes().decode("ascii")
            for i in range(g)
        ),
        played=tuple(
            letters[found.choices[i, g - i : g + i + 1]].tobytes().decode("ascii") for i in range(g)
        ),
    )


@dataclass(frozen=True)
class GreatGameResult:
    """The best match-win probability; the round policy that achieves it on demand.

    ``lam`` is the ratio the policy is recorded at (the best ratio found by the
    search); ``exact`` says the answer was decided in exact arithmetic; ``tie``
    that 100 x the probability lies on a half-thousandth (exactly, or too near
    one for a double to tell), so a judge takes either rounding of it.
    """

    inputs: GreatGameInputs
    probability: float
    answer: str
    ratio: float
    lead_probabilities: tuple[float, ...]
    method: str
    dp_passes: int
    exact: bool
    lam: float
    tie: bool = False

    def with_policy(self, step: StepReport | None = None) -> GreatGameResult:
        """Record the round policy now (once), e.g. in a worker; returns ``self``."""
        if "_policy" not in self.__dict__:
            table = coefficients(self.inputs.probabilities())
            self.keep_policy(round_policy(policy_pass(table, self.lam, step=step)))
        return self

    def keep_policy(self, policy: RoundPolicy) -> None:
        """Attach a policy recorded elsewhere (at this result's ``lam``)."""
        object.__setattr__(self, "_policy", policy)

    def recorded_policy(self) -> RoundPolicy | None:
        """The round policy if it is already recorded (never records it)."""
        policy: RoundPolicy | None = self.__dict__.get("_policy")
        return policy

    @property
    def round(self) -> RoundPolicy:
        """The round policy and its chances (recorded on first use)."""
        policy: RoundPolicy = self.with_policy().__dict__["_policy"]
        return policy

    @property
    def round_win(self) -> float:
        """P(win round) under the played policy."""
        return self.round.round_win

    @property
    def round_tie(self) -> float:
        """P(tied round) under the played policy."""
        return self.round.round_tie

    @property
    def round_lose(self) -> float:
        """P(lose round) under the played policy."""
        return self.round.round_lose

    @property
    def policy(self) -> tuple[str, ...]:
        """Best-hand masks per throw, see ``RoundPolicy``."""
        return self.round.policy

    @property
    def played(self) -> tuple[str, ...]:
        """Letters of the hand played per throw and score, see ``RoundPolicy``."""
        return self.round.played

    @property
    def leads(self) -> range:
        """The current leads ``lead_probabilities`` refers to: -L+1 .. W-1."""
        return range(-self.inputs.lose_by + 1, self.inputs.win_by)

    def mask_at(self, throw: int, score: int) -> int:
        """Policy mask at throw ``throw`` (0-based) with round score ``score``."""
        if not 0 <= throw < self.inputs.throws or abs(score) > throw:
            raise ValueError(
                _("score {score} cannot happen before throw {throw}").format(
                    score=score, throw=throw + 1
                )
            )
        return int(self.policy[throw][score + throw])

    def hands_at(self, throw: int, score: int) -> tuple[Hand, ...]:
        """Every best hand at throw ``throw`` (0-based) with round score ``score``."""
        return hands_of_mask(self.mask_at(throw, score))

    def best_hand(self, throw: int, score: int) -> Hand:
        """The hand the reported policy plays there (``played``)."""
        self.mask_at(throw, score)
        return Hand("RPS".index(self.played[throw][score + throw]))

    def decided(self, throw: int, score: int) -> bool:
        """Whether the round's winner is already known (the remaining throws cannot matter)."""
        return abs(score) > self.inputs.throws - throw

    def policy_grid(self) -> npt.NDArray[np.int8]:
        """G x (2G+1) masks, column ``d + G``; 0 where the score cannot happen."""
        g = self.inputs.throws
        grid = np.zeros((g, 2 * g + 1), dtype=np.int8)
        for i, row in enumerate(self.policy):
            grid[i, g - i : g + i + 1] = np.frombuffer(row.encode(), dtype=np.uint8) - 48
        return grid
