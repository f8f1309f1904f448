"""Play a match throw by throw against the fixed opponent, with every hand valued.

Why the values are cheap: with M(s) the match-win probability at the start of a
round with lead s (the gambler's ruin of the best ratio q), the best play inside
a round maximises M(s+1) P(win) + M(s) P(tie) + M(s-1) P(lose). Since
(M(s) - M(s-1)) / (M(s+1) - M(s)) = q / (1 - q) at every lead, that is the round
DP at lam = q, and the match value of a round cell is

    M(s) + (M(s+1) - M(s-1)) * U(throw, score),

U being the DP's value there. One recorded pass at q (``policy.RoundValues``)
therefore values any hand in any position with a few look-ups.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from solvers.greatgame.model import GreatGameInputs, Hand
from solvers.greatgame.policy import RoundValues, policy_pass
from solvers.greatgame.result import GreatGameResult, round_policy
from solvers.greatgame.round_dp import coefficients
from solvers.i18n import N_, _
from solvers.protocol import Progress

__all__ = ["GreatGamePlay", "Match", "Throw", "outcome", "start_match"]

#: Why the opponent's hand is refused, per hand (the hand's name is part of the sentence).
_NEVER = {
    Hand.ROCK: N_("the opponent never plays rock at throw {throw}"),
    Hand.PAPER: N_("the opponent never plays paper at throw {throw}"),
    Hand.SCISSORS: N_("the opponent never plays scissors at throw {throw}"),
}


def outcome(yours: Hand, theirs: Hand) -> int:
    """+1 when ``yours`` beats ``theirs``, -1 when it loses, 0 for equal hands."""
    return (0, 1, -1)[(yours - theirs) % 3]


@dataclass(frozen=True)
class Match:
    """What every position of one game shares: the inputs, the solve and the cell values."""

    inputs: GreatGameInputs
    result: GreatGameResult
    values: RoundValues
    #: Match-win probability at the start of a round, leads -L .. W.
    starts: tuple[float, ...]

    def start(self, lead: int) -> float:
        """M(lead): 0 at -L, 1 at +W, the gambler's ruin in between."""
        return self.starts[lead + self.inputs.lose_by]

    def cell(self, lead: int, throw: int, score: int) -> float:
        """Match-win probability before throw ``throw`` with round ``score`` and ``lead``."""
        g = self.inputs.throws
        if throw == g or abs(score) > g - throw:  # the round's winner is known
            return self.start(lead + (score > 0) - (score < 0))
        spread = self.start(lead + 1) - self.start(lead - 1)
        value = self.start(lead) + spread * self.values.at(throw, score)
        return min(1.0, max(0.0, value))


@dataclass(frozen=True)
class Throw:
    """One throw played: your hand, the opponent's, and what it did to the round score."""

    yours: Hand
    theirs: Hand

    @property
    def points(self) -> int:
        """+1 you scored, -1 the opponent scored, 0 equal hands."""
        return outcome(self.yours, self.theirs)


@dataclass(frozen=True)
class GreatGamePlay:
    """A position of a match: the lead in rounds, the throw and score of the current round.

    At ``to_move == 0`` you choose a hand (``values()``: your match-win
    probability after each, under best play from then on, averaged over the
    opponent's hand for this throw); then ``to_move == "chance"`` waits for the
    opponent's hand (``chances()``: this throw's percentages). A round ends after
    G throws; the match ends at a lead of +W (``score`` 1) or -L (``score`` 0).
    """

    match: Match
    lead: int = 0
    throw: int = 0
    round_score: int = 0
    hand: Hand | None = None
    rounds_won: int = 0
    rounds_tied: int = 0
    rounds_lost: int = 0
    last: Throw | None = None
    #: +1, 0 or -1 when the last throw ended a round (won, tied, lost), else None.
    round_ended: int | None = None

    @property
    def to_move(self) -> int | str:
        """0 while you choose a hand, ``"chance"`` while the opponent's hand is awaited."""
        return 0 if self.hand is None else "chance"

    @property
    def over(self) -> bool:
        """Whether the match is decided."""
        return not -self.match.inputs.lose_by < self.lead < self.match.inputs.win_by

    @property
    def score(self) -> float:
        """1 for a won match, 0 for a lost one (0 while it goes on)."""
        return 1.0 if self.lead >= self.match.inputs.win_by else 0.0

    @property
    def result(self) -> GreatGameResult:
        """The solve behind this game (its round policy is recorded)."""
        return self.match.result

    @property
    def percentages(self) -> tuple[float, float, float]:
        """The opponent's rock, paper, scissors percentages for the current throw."""
        return self.match.inputs.percentages[self.throw]

    def moves(self) -> tuple[Hand, ...]:
        """Your three hands, or the opponent's hands that can come up at this throw."""
        if self.over:
            return ()
        if self.hand is None:
            return tuple(Hand)
        return tuple(h for h in Hand if self.percentages[h] > 0)

    def chances(self) -> Mapping[Hand, float]:
        """At the chance node: each possible opponent hand's probability."""
        if self.over or self.hand is None:
            return {}
        total = sum(self.percentages)
        return {h: self.percentages[h] / total for h in self.moves()}

    def values(self) -> Mapping[Hand, float]:
        """At your turn: the match-win probability after playing each hand."""
        if self.over or self.hand is not None:
            return {}
        total = sum(self.percentages)
        cell = self.match.cell
        values = {}
        for hand in Hand:
            values[hand] = sum(
                self.percentages[theirs]
                / total
                * cell(self.lead, self.throw + 1, self.round_score + outcome(hand, theirs))
                for theirs in Hand
                if self.percentages[theirs] > 0
            )
        return values

    @property
    def value(self) -> float:
        """Your match-win probability here under best play (the best hand's value)."""
        if self.over:
            return self.score
        if self.hand is None:
            return max(self.values().values())
        return self.values_after(self.hand)

    def throw_values(self) -> Mapping[Hand, float]:
        """The match-win probability of every hand at this throw (either node of it)."""
        return replace(self, hand=None).values()

    def values_after(self, hand: Hand) -> float:
        """The match-win probability of ``hand`` at this throw (any node of this throw)."""
        return self.throw_values()[hand]

    def best_hands(self) -> tuple[Hand, ...]:
        """The hands the solved policy lists as best here (ties included)."""
        if self.over or self.throw >= self.match.inputs.throws:
            return ()
        return self.result.hands_at(self.throw, self.round_score)

    def play(self, move: object) -> GreatGamePlay:
        """Your hand (at your turn) or the opponent's hand (at the chance node)."""
        if self.over:
            raise ValueError(_("the match is over"))
        hand = _hand(move)
        if self.hand is None:
            return replace(self, hand=hand, round_ended=None)
        if self.percentages[hand] <= 0:
            raise ValueError(_(_NEVER[hand]).format(throw=self.throw + 1))
        throw = Throw(self.hand, hand)
        score = self.round_score + throw.points
        if self.throw + 1 < self.match.inputs.throws:
            return replace(
                self,
                throw=self.throw + 1,
                round_score=score,
                hand=None,
                last=throw,
                round_ended=None,
            )
        sign = (score > 0) - (score < 0)
        return replace(
            self,
            lead=self.lead + sign,
            throw=0,
            round_score=0,
            hand=None,
            rounds_won=self.rounds_won + (sign > 0),
            rounds_tied=self.rounds_tied + (sign == 0),
            rounds_lost=self.rounds_lost + (sign < 0),
            last=throw,
            round_ended=sign,
        )


def _hand(move: object) -> Hand:
    if isinstance(move, Hand):
        return move
    if isinstance(move, int) and not isinstance(move, bool) and 0 <= move <= 2:
        return Hand(move)
    if isinstance(move, str):
        for hand in Hand:
            if move.strip().lower() in (hand.name.lower(), hand.letter.lower()):
                return hand
    raise ValueError(_("{move} is not a hand (rock, paper or scissors)").format(move=repr(move)))


def start_match(result: GreatGameResult, progress: Progress | None = None) -> GreatGamePlay:
    """The first position of a match played with ``result``'s solve (one more DP pass)."""
    inputs = result.inputs
    table = coefficients(inputs.probabilities())
    found = policy_pass(table, result.lam, keep_values=True, step=progress)
    assert found.values is not None
    if "_policy" not in result.__dict__:
        result.keep_policy(round_policy(found))
    starts = (0.0, *result.lead_probabilities, 1.0)
    return GreatGamePlay(Match(inputs, result, found.values, starts))
