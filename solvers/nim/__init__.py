"""Nim and Sprague-Grundy games (Baekjoon 11868; misere Nim; subtraction games).

Normal Nim is won by the mover iff the XOR of the piles is non-zero. Misere
Nim follows Bouton's correction (all piles of size 1: the parity of the
piles decides). A subtraction game (a move removes ``s`` stones, ``s`` in S)
is a sum of games whose Grundy values are eventually periodic; ``grundy.py``
finds the period within a work bound. ``play.py`` holds the game state for
playing against the solver, ``cases.py`` the example and the local judge's cases,
``why.py`` the explanation of a result step by step.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solvers.i18n import N_, _
from solvers.nim.grundy import GrundySequence, grundy_sequence
from solvers.nim.sweeps import SWEEPS
from solvers.protocol import Option, Progress, Tokens, checked, report, tokens_of
from solvers.tokens import TextReader

if TYPE_CHECKING:
    import random
    from collections.abc import Iterator

    from solvers.explain import Step
    from solvers.nim.play import NimGame

__all__ = [
    "CSV_HEADER",
    "MAX_PILE",
    "MAX_PILES",
    "MAX_SUBTRACTION",
    "OPTIONS",
    "SWEEPS",
    "TITLE",
    "WINNERS",
    "GrundySequence",
    "Inputs",
    "Move",
    "NimInputs",
    "NimResult",
    "Result",
    "Rule",
    "apply_move",
    "csv_rows",
    "example",
    "explain",
    "format_input",
    "format_judge",
    "generate",
    "grundy_sequence",
    "iter_judge",
    "new_game",
    "parse_judge",
    "shrink",
    "solve",
]

TITLE = N_("Nim")
MAX_PILE = 10**9
MAX_PILES = 1000
MAX_SUBTRACTION = 1000

OPTIONS: tuple[Option, ...] = (
    Option("misere", "flag", False, N_("misère: who takes the last stone loses"), group="rule"),
    Option(
        "subtract", "ints", (), N_("subtraction game: a move takes s stones, s in S"),
        lo=1, hi=MAX_SUBTRACTION, metavar="S", group="rule",
    ),
)  # fmt: skip


#: The verdicts, indexed by whether the first player wins (a CSV cell keeps the English).
WINNERS = (N_("Second player wins"), N_("First player wins"))


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
        if not isinstance(self.piles, tuple):
            object.__setattr__(self, "piles", tuple(self.piles))
        if not self.piles:
            raise ValueError(_("there must be at least one pile"))
        if len(self.piles) > MAX_PILES:
            raise ValueError(
                _("at most {limit} piles, got {count}").format(
                    limit=MAX_PILES, count=len(self.piles)
                )
            )
        for index, pile in enumerate(self.piles, start=1):
            if not 0 <= pile <= MAX_PILE:
                raise ValueError(
                    _("pile {number}: size must be between 0 and {limit}, got {size}").format(
                        number=index, limit=MAX_PILE, size=pile
                    )
                )
        if self.rule is Rule.SUBTRACTION:
            if not self.subtraction:
                raise ValueError(_("a subtraction game needs a non-empty set S"))
            if any(not 1 <= s <= MAX_SUBTRACTION for s in self.subtraction):
                raise ValueError(
                    _("every s in S must be between 1 and {limit}").format(limit=MAX_SUBTRACTION)
                )
            if tuple(sorted(set(self.subtraction))) != self.subtraction:
                object.__setattr__(self, "subtraction", tuple(sorted(set(self.subtraction))))
        elif self.subtraction:
            raise ValueError(_("a set S only makes sense for a subtraction game"))

    @property
    def option_words(self) -> list[str]:
        """The CLI options that give this rule (``["--subtract", "1,3,4"]``)."""
        if self.rule is Rule.MISERE:
            return ["--misere"]
        if self.rule is Rule.SUBTRACTION:
            return ["--subtract", ",".join(map(str, self.subtraction))]
        return []


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
        return _(WINNERS[int(self.first_player_wins)])


Inputs = NimInputs
Result = NimResult


def solve(inputs: NimInputs, progress: Progress | None = None) -> NimResult:
    """Decide the winner and list every winning move of the player to move.

    Only a subtraction game does real work (the Grundy period, bounded: ``TooBig``).
    """
    report(progress, 0.0)
    sequence = None
    if inputs.rule is Rule.SUBTRACTION:
        sequence = grundy_sequence(inputs.subtraction, progress)
    result = decide(inputs, sequence)
    report(progress, 1.0)
    return result


def decide(inputs: NimInputs, sequence: GrundySequence | None) -> NimResult:
    """The result of ``inputs`` given the Grundy sequence of its subtraction set (if any)."""
    piles = inputs.piles
    grundy = tuple(sequence(p) for p in piles) if sequence is not None else piles
    nim_sum = 0
    for g in grundy:
        nim_sum ^= g
    if inputs.rule is Rule.MISERE and all(p <= 1 for p in piles):
        wins = sum(piles) % 2 == 0
        moves = tuple(Move(i, 1, 0) for i, p in enumerate(piles) if p == 1) if wins else ()
    else:
        wins = nim_sum != 0
        moves = _winning_moves(inputs, grundy, nim_sum, sequence) if wins else ()
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


def apply_move(inputs: NimInputs, move: Move) -> NimInputs:
    """The position after ``move``; raises ``ValueError`` when it is illegal."""
    if not 0 <= move.pile < len(inputs.piles) or inputs.piles[move.pile] != move.before:
        raise ValueError(_("that pile does not hold that many stones"))
    removed = move.removed
    if removed < 1 or move.after < 0:
        raise ValueError(_("a move must take at least one stone and at most the whole pile"))
    if inputs.rule is Rule.SUBTRACTION and removed not in inputs.subtraction:
        takes = ", ".join(map(str, inputs.subtraction))
        raise ValueError(_("you may only take {takes} stones").format(takes=takes))
    piles = list(inputs.piles)
    piles[move.pile] = move.after
    return NimInputs(tuple(piles), inputs.rule, inputs.subtraction)


def new_game(inputs: NimInputs, progress: Progress | None = None) -> NimGame:
    """A game on the piles, first player to move (a subtraction game searches its period)."""
    from solvers.nim.play import start

    return start(inputs, progress)


def example() -> NimInputs:
    """The example shipped in ``resources/examples/nim.txt``."""
    from solvers.nim.cases import example

    return example()


def generate(rng: random.Random, size: str) -> NimInputs:
    """Random valid piles biased to the edges; ``size`` is "small", "judge" or "max"."""
    from solvers.nim.cases import generate

    return generate(rng, size)


def shrink(inputs: NimInputs) -> Iterator[NimInputs]:
    """Strictly smaller valid inputs: fewer piles first, then smaller piles."""
    from solvers.nim.cases import shrink

    return shrink(inputs)


def parse_judge(text: str, misere: bool = False, subtract: tuple[int, ...] = ()) -> list[NimInputs]:
    """Baekjoon 11868: N, then N pile sizes; several such cases may follow each other.

    ``misere`` and ``subtract`` are the options (``--misere``, ``--subtract 1,3,4``).
    """
    return list(iter_judge(text, misere, subtract))


def iter_judge(
    source: str | TextReader | Tokens, misere: bool = False, subtract: tuple[int, ...] = ()
) -> Iterator[NimInputs]:
    """The cases of ``parse_judge`` one by one, reading ``source`` only as far as each needs."""
    if misere and subtract:
        raise ValueError(_("misère and a subtraction set cannot be combined"))
    rule = Rule.SUBTRACTION if subtract else (Rule.MISERE if misere else Rule.NORMAL)
    subtraction = tuple(subtract)
    tokens = tokens_of(source)
    first = True
    while first or not tokens.at_end():
        first = False
        line = tokens.line
        n = tokens.integer(N_("the number of piles N"), 1, MAX_PILES)
        piles = tuple(tokens.integers(n, N_("a pile size"), 1, MAX_PILE))
        yield checked(line, NimInputs, piles, rule, subtraction)


def format_judge(result: NimResult) -> str:
    """``koosaga`` when the first player wins, else ``cubelover``."""
    return "koosaga" if result.first_player_wins else "cubelover"


def format_input(inputs: NimInputs) -> str:
    """The piles in judge format (the rule is an option, not part of the file)."""
    return f"{len(inputs.piles)}\n{' '.join(map(str, inputs.piles))}\n"


#: One row per pile and winning move; the last three columns hold the game's summary
#: on the first row only.
CSV_HEADER = [
    "pile",
    "size",
    "grundy value",
    "winning move: leave",
    "winning move: take",
    "rule",
    "nim-sum",
    "winner",
]


def csv_rows(inputs: NimInputs, result: NimResult | None) -> list[list[str]]:
    """One table: a row per pile, one more for each further winning move from it.

    Before a solve only the piles and the rule are filled in.
    """
    rule = inputs.rule.value + (
        " " + ",".join(map(str, inputs.subtraction)) if inputs.subtraction else ""
    )
    rows = [list(CSV_HEADER)]
    for i, size in enumerate(inputs.piles):
        pile = [str(i + 1), str(size), "" if result is None else str(result.grundy[i])]
        moves = [] if result is None else [m for m in result.winning_moves if m.pile == i]
        rows.extend([*pile, str(m.after), str(m.removed), "", "", ""] for m in moves)
        if not moves:
            rows.append([*pile, "", "", "", "", ""])
    if len(rows) > 1:
        rows[1][5:] = (
            [rule, "", ""]
            if result is None
            else [rule, str(result.nim_sum), WINNERS[int(result.first_player_wins)]]
        )
    return rows


def explain(inputs: NimInputs, result: NimResult) -> list[Step]:
    """The derivation of ``result``, step by step (``why.py``, loaded on first use).

    Binary columns and their XOR, mex steps, the winning move.
    """
    from solvers.nim.why import explain as derive

    return derive(inputs, result)
