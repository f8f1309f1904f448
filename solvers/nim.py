"""Nim and Sprague-Grundy games (Baekjoon 11868; misere Nim; subtraction games).

Normal Nim is won by the mover iff the XOR of the piles is non-zero. Misere
Nim follows Bouton's correction (all piles of size 1: the parity of the
piles decides). A subtraction game (a move removes ``s`` stones, ``s`` in S)
is a sum of games whose Grundy values are eventually periodic; the period is
found by watching for a repeated window of ``max(S)`` values.
"""

from __future__ import annotations

import argparse
import enum
import functools
from dataclasses import dataclass
from typing import Any

from solvers.protocol import Progress, Tokens, checked, report

__all__ = [
    "MAX_PILE",
    "GrundySequence",
    "Move",
    "NimInputs",
    "NimResult",
    "Rule",
    "apply_move",
    "csv_rows",
    "format_judge",
    "grundy_sequence",
    "parse_judge",
    "parse_subtraction_set",
    "reply",
    "solve",
]

MAX_PILE = 10**9
MAX_PILES = 1000
MAX_SUBTRACTION = 1000
#: Grundy values computed before giving up on finding a period.
MAX_GRUNDY_SCAN = 2_000_000


class Rule(enum.Enum):
    """Which game is played on the piles."""

    NORMAL = "normal"
    MISERE = "misere"
    SUBTRACTION = "subtraction"


@dataclass(frozen=True)
class NimInputs:
    """Piles and the rule; ``subtraction`` is the set S for ``Rule.SUBTRACTION``."""

    piles: tuple[int, ...]
    rule: Rule = Rule.NORMAL
    subtraction: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.piles:
            raise ValueError("there must be at least one pile")
        if len(self.piles) > MAX_PILES:
            raise ValueError(f"at most {MAX_PILES} piles, got {len(self.piles)}")
        for index, pile in enumerate(self.piles, start=1):
            if not 0 <= pile <= MAX_PILE:
                raise ValueError(f"pile {index}: size must be between 0 and {MAX_PILE}, got {pile}")
        if self.rule is Rule.SUBTRACTION:
            if not self.subtraction:
                raise ValueError("a subtraction game needs a non-empty set S")
            if any(not 1 <= s <= MAX_SUBTRACTION for s in self.subtraction):
                raise ValueError(f"every s in S must be between 1 and {MAX_SUBTRACTION}")
            if tuple(sorted(set(self.subtraction))) != self.subtraction:
                object.__setattr__(self, "subtraction", tuple(sorted(set(self.subtraction))))
        elif self.subtraction:
            raise ValueError("a set S only makes sense for a subtraction game")


@dataclass(frozen=True)
class Move:
    """Take ``before - after`` stones from pile ``pile`` (0-based)."""

    pile: int
    before: int
    after: int

    @property
    def removed(self) -> int:
        """How many stones the move takes."""
        return self.before - self.after


@dataclass(frozen=True)
class GrundySequence:
    """g(0..) of a subtraction game: ``values`` then repeating with ``period``.

    For x >= preperiod, g(x) = g(preperiod + (x - preperiod) % period).
    """

    values: tuple[int, ...]
    preperiod: int
    period: int

    def __call__(self, x: int) -> int:
        """Return g(x) for any x >= 0."""
        if x >= self.preperiod:
            x = self.preperiod + (x - self.preperiod) % self.period
        return self.values[x]


@dataclass(frozen=True)
class NimResult:
    """Who wins, why (nim-sum, per-pile Grundy values) and every winning move."""

    inputs: NimInputs
    first_player_wins: bool
    nim_sum: int
    grundy: tuple[int, ...]
    winning_moves: tuple[Move, ...]
    sequence: GrundySequence | None = None

    @property
    def winner_text(self) -> str:
        """The verdict as the GUI prints it."""
        return "First player wins" if self.first_player_wins else "Second player wins"


def parse_subtraction_set(text: str) -> tuple[int, ...]:
    """Parse ``"1,3,4"`` (commas or spaces) into a sorted set S."""
    words = text.replace(",", " ").split()
    if not words:
        raise ValueError("the subtraction set is empty; write it like 1,3,4")
    try:
        values = {int(word) for word in words}
    except ValueError:
        raise ValueError(
            f"the subtraction set must be whole numbers like 1,3,4, got {text!r}"
        ) from None
    if any(not 1 <= s <= MAX_SUBTRACTION for s in values):
        raise ValueError(f"every s in S must be between 1 and {MAX_SUBTRACTION}")
    return tuple(sorted(values))


@functools.lru_cache(maxsize=32)
def grundy_sequence(subtraction: tuple[int, ...]) -> GrundySequence:
    """Grundy values of the subtraction game with set S, with their period.

    The value at x depends only on the ``k = max(S)`` values before it, so the
    first repeated window of k values closes the cycle; its length is the
    period (the window sequence is deterministic, so the first repeat gives
    the shortest cycle).
    """
    k = max(subtraction)
    values: list[int] = []
    seen: dict[tuple[int, ...], int] = {}
    for x in range(MAX_GRUNDY_SCAN + k + 1):
        if x >= k:
            window = tuple(values[x - k : x])
            first = seen.setdefault(window, x)
            if first != x:
                period = x - first
                preperiod = _preperiod(values, period)
                return GrundySequence(tuple(values[: preperiod + period]), preperiod, period)
        reachable = {values[x - s] for s in subtraction if s <= x}
        g = 0
        while g in reachable:
            g += 1
        values.append(g)
    raise ValueError(f"no period found in the first {MAX_GRUNDY_SCAN} Grundy values")


def _preperiod(values: list[int], period: int) -> int:
    """Smallest n0 with values[n + period] == values[n] for all n0 <= n < len - period."""
    n0 = len(values) - period
    while n0 > 0 and values[n0 - 1] == values[n0 - 1 + period]:
        n0 -= 1
    return n0


def solve(inputs: NimInputs, progress: Progress | None = None) -> NimResult:
    """Decide the winner and list every winning move of the player to move."""
    report(progress, 0.0)
    piles = inputs.piles
    sequence = None
    if inputs.rule is Rule.SUBTRACTION:
        sequence = grundy_sequence(inputs.subtraction)
        grundy = tuple(sequence(p) for p in piles)
    else:
        grundy = piles
    nim_sum = 0
    for g in grundy:
        nim_sum ^= g
    if inputs.rule is Rule.MISERE and all(p <= 1 for p in piles):
        wins = sum(piles) % 2 == 0
        moves = tuple(Move(i, 1, 0) for i, p in enumerate(piles) if p == 1) if wins else ()
    else:
        wins = nim_sum != 0
        moves = _winning_moves(inputs, grundy, nim_sum, sequence) if wins else ()
    report(progress, 1.0)
    return NimResult(inputs, wins, nim_sum, grundy, moves, sequence)


def _winning_moves(
    inputs: NimInputs, grundy: tuple[int, ...], nim_sum: int, sequence: GrundySequence | None
) -> tuple[Move, ...]:
    piles = inputs.piles
    if sequence is not None:
        return tuple(
            Move(i, p, p - s)
            for i, p in enumerate(piles)
            for s in inputs.subtraction
            if s <= p and sequence(p - s) == nim_sum ^ grundy[i]
        )
    moves = [Move(i, p, p ^ nim_sum) for i, p in enumerate(piles) if p ^ nim_sum < p]
    if inputs.rule is Rule.MISERE:
        big = [i for i, p in enumerate(piles) if p >= 2]
        if len(big) == 1:
            # The last big pile decides: leave an odd number of 1-piles behind.
            ones = sum(1 for p in piles if p == 1)
            i = big[0]
            moves = [Move(i, piles[i], 0 if ones % 2 else 1)]
    return tuple(moves)


def legal_moves(inputs: NimInputs) -> list[Move]:
    """Every legal move from the position, pile by pile, smallest take first."""
    moves: list[Move] = []
    for i, p in enumerate(inputs.piles):
        takes = inputs.subtraction if inputs.rule is Rule.SUBTRACTION else range(1, p + 1)
        moves.extend(Move(i, p, p - s) for s in takes if s <= p)
    return moves


def apply_move(inputs: NimInputs, move: Move) -> NimInputs:
    """The position after ``move``; raises ``ValueError`` when it is illegal."""
    if not 0 <= move.pile < len(inputs.piles) or inputs.piles[move.pile] != move.before:
        raise ValueError("that pile does not hold that many stones")
    removed = move.removed
    if removed < 1:
        raise ValueError("a move must take at least one stone")
    if inputs.rule is Rule.SUBTRACTION and removed not in inputs.subtraction:
        raise ValueError(f"you may only take {', '.join(map(str, inputs.subtraction))} stones")
    piles = list(inputs.piles)
    piles[move.pile] = move.after
    return NimInputs(tuple(piles), inputs.rule, inputs.subtraction)


def reply(inputs: NimInputs) -> Move | None:
    """The solver's move: a winning one if any, else the smallest take (None: no move)."""
    result = solve(inputs)
    if result.winning_moves:
        return result.winning_moves[0]
    moves = smallest_takes(inputs)
    return min(moves, key=lambda m: (m.removed, m.pile)) if moves else None


def smallest_takes(inputs: NimInputs) -> list[Move]:
    """One smallest legal take per pile (cheap even for piles of 10^9)."""
    moves: list[Move] = []
    for i, p in enumerate(inputs.piles):
        takes = inputs.subtraction if inputs.rule is Rule.SUBTRACTION else (1,)
        moves.extend(Move(i, p, p - s) for s in takes[:1] if s <= p)
    return moves


def game_over(inputs: NimInputs) -> bool:
    """Whether the player to move has no legal move."""
    return not smallest_takes(inputs)


def add_cli_arguments(parser: argparse.ArgumentParser) -> None:
    """Rule options of ``python -m solvers nim``."""
    rule = parser.add_mutually_exclusive_group()
    rule.add_argument("--misere", action="store_true", help="who takes the last stone loses")
    rule.add_argument("--subtract", metavar="S", help="subtraction game with set S, e.g. 1,3,4")


def judge_options(args: argparse.Namespace) -> dict[str, Any]:
    """Turn the CLI rule options into ``parse_judge`` keywords."""
    if args.subtract is not None:
        try:
            subtraction = parse_subtraction_set(args.subtract)
        except ValueError as exc:
            raise SystemExit(f"python -m solvers nim: error: --subtract: {exc}") from None
        return {"rule": Rule.SUBTRACTION, "subtraction": subtraction}
    return {"rule": Rule.MISERE if args.misere else Rule.NORMAL}


def parse_judge(
    text: str, rule: Rule = Rule.NORMAL, subtraction: tuple[int, ...] = ()
) -> list[NimInputs]:
    """Baekjoon 11868: N, then N pile sizes; several such cases may follow each other."""
    tokens = Tokens(text)
    cases: list[NimInputs] = []
    while not tokens.at_end() or not cases:
        line = tokens.line
        n = tokens.integer("the number of piles N", 1, MAX_PILES)
        piles = tuple(tokens.integers(n, "a pile size", 1, MAX_PILE))
        cases.append(checked(line, NimInputs, piles, rule, subtraction))
    return cases


def format_judge(result: NimResult) -> str:
    """``koosaga`` when the first player wins, else ``cubelover``."""
    return "koosaga" if result.first_player_wins else "cubelover"


def csv_rows(inputs: NimInputs, result: NimResult | None) -> list[list[str]]:
    """One row per pile, then one per winning move; header first."""
    rows = [["section", "pile", "size", "grundy", "to", "removed", "rule", "note"]]
    rule = inputs.rule.value + (
        " " + ",".join(map(str, inputs.subtraction)) if inputs.subtraction else ""
    )
    for i, p in enumerate(inputs.piles):
        g = "" if result is None else str(result.grundy[i])
        rows.append(["pile", str(i + 1), str(p), g, "", "", rule, ""])
    if result is not None:
        rows.append(["summary", "", "", str(result.nim_sum), "", "", rule, result.winner_text])
        for m in result.winning_moves:
            rows.append(
                [
                    "winning move",
                    str(m.pile + 1),
                    str(m.before),
                    "",
                    str(m.after),
                    str(m.removed),
                    rule,
                    "",
                ]
            )
    return rows
