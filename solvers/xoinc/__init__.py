"""Xoinc (USACO 2009 November Silver): take coins from the top of a stack.

The first player takes 1 or 2 coins; afterwards each player takes between 1
and twice as many coins as the opponent just took; both maximise their own
total. ``solve`` fills the value table of every position (``table.py``, O(N^2),
plain Python for small stacks and NumPy for large ones), then plays the optimal
line from it; ``play.py`` holds the game state for playing against the solver,
``cases.py`` the example and the random and shrunk cases of the local judge, ``why.py``
the explanation of a result step by step.
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass
from typing import TYPE_CHECKING

from solvers.i18n import N_, _
from solvers.protocol import Option, Progress, Tokens, checked, report, tokens_of
from solvers.tokens import TextReader
from solvers.xoinc.sweeps import SWEEPS
from solvers.xoinc.table import FIRST_ALLOWANCE, MAX_COINS, ValueTable, build_table, check_size

if TYPE_CHECKING:
    import random
    from collections.abc import Iterator

    from solvers.explain import Step
    from solvers.xoinc.play import XoincGame

__all__ = [
    "CSV_HEADER",
    "FIRST_ALLOWANCE",
    "MAX_COINS",
    "MAX_VALUE",
    "OPTIONS",
    "SWEEPS",
    "TITLE",
    "Inputs",
    "Result",
    "Turn",
    "ValueTable",
    "XoincInputs",
    "XoincResult",
    "csv_rows",
    "example",
    "explain",
    "format_input",
    "format_judge",
    "generate",
    "iter_judge",
    "new_game",
    "parse_judge",
    "shrink",
    "solve",
]

TITLE = "Xoinc"
#: Xoinc has no options: the stack is the whole input.
OPTIONS: tuple[Option, ...] = ()
MAX_VALUE = 100_000


@dataclass(frozen=True)
class XoincInputs:
    """The stack of coin values, top coin first."""

    coins: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.coins, tuple):
            object.__setattr__(self, "coins", tuple(self.coins))
        n = len(self.coins)
        if n == 0:
            raise ValueError(_("the stack needs at least one coin"))
        check_size(n)
        # min/max first: validating 5000 coins one by one would dominate a CLI run.
        if min(self.coins) < 1 or max(self.coins) > MAX_VALUE:
            for index, value in enumerate(self.coins, start=1):
                if not 1 <= value <= MAX_VALUE:
                    raise ValueError(
                        _("coin {index}: value must be between 1 and {most}, got {value}").format(
                            index=index, most=MAX_VALUE, value=value
                        )
                    )


@dataclass(frozen=True)
class Turn:
    """One move of the optimal line; coins are numbered from 1 at the top.

    ``player`` is the mover's side, 0 (first player) or 1, as in every game; people
    read "player 1" and "player 2" (the CSV, the derivation), so texts add one.
    """

    turn: int
    player: int
    coins_left: int
    allowance: int
    taken: int
    first_coin: int
    values: tuple[int, ...]
    gained: int
    first_total: int
    second_total: int


@dataclass(frozen=True)
class XoincResult:
    """Both players' totals, the optimal line, and (``values``) every position's worth."""

    inputs: XoincInputs
    first_total: int
    second_total: int
    line: tuple[Turn, ...]
    table: InitVar[ValueTable | None] = None

    def __post_init__(self, table: ValueTable | None) -> None:
        # Kept outside the dataclass fields so JSON output stays small.
        object.__setattr__(self, "_values", table)

    @property
    def values(self) -> ValueTable:
        """The value table of all positions (for hints and play against the solver)."""
        table: ValueTable | None = self.__dict__.get("_values")
        if table is None:
            raise ValueError(_("this result carries no value table"))
        return table

    def takers(self) -> tuple[int, ...]:
        """The side (0 first player, 1 second) taking each coin in optimal play, top first."""
        owners: list[int] = []
        for turn in self.line:
            owners.extend([turn.player] * turn.taken)
        return tuple(owners)


Inputs = XoincInputs
Result = XoincResult


def optimal_line(values: ValueTable, coins: tuple[int, ...]) -> tuple[Turn, ...]:
    """Play both sides optimally from the start; smallest best take on ties."""
    n = len(coins)
    left, allowance, player = n, FIRST_ALLOWANCE, 0
    totals = [0, 0]
    turns: list[Turn] = []
    while left:
        take = values.best_take(left, allowance)
        first = n - left
        taken = coins[first : first + take]
        gained = sum(taken)
        totals[player] += gained
        turns.append(
            Turn(
                len(turns) + 1, player, left, allowance, take, first + 1,
                taken, gained, totals[0], totals[1],
            )
        )  # fmt: skip
        left, allowance, player = left - take, 2 * take, 1 - player
    return tuple(turns)


def solve(
    inputs: XoincInputs, progress: Progress | None = None, *, table: bool = True
) -> XoincResult:
    """Both players' best totals and the optimal line of play.

    ``table=False`` leaves the value table out of the result: 33 MB at 5000 coins that a
    worker process would otherwise send to the GUI, which only needs it to play (and
    builds a game with ``new_game`` instead).
    """
    report(progress, 0.0)
    values = build_table(inputs.coins, progress)
    line = optimal_line(values, inputs.coins)
    first = line[-1].first_total
    second = line[-1].second_total
    return XoincResult(inputs, first, second, line, values if table else None)


def new_game(inputs: XoincInputs, progress: Progress | None = None) -> XoincGame:
    """A game on the stack, first player to move (builds the table: run it off the UI thread)."""
    # Imported here, as are the judge's cases below: one CLI case needs neither, and
    # every millisecond of start-up counts against a plain script (issue 12).
    from solvers.xoinc.play import start

    return start(build_table(inputs.coins, progress), inputs.coins)


def example() -> XoincInputs:
    """The example shipped in ``resources/examples/xoinc.txt`` (16 coins)."""
    from solvers.xoinc.cases import example

    return example()


def generate(rng: random.Random, size: str) -> XoincInputs:
    """A random valid stack biased to the edges; ``size`` is "small", "judge" or "max"."""
    from solvers.xoinc.cases import generate

    return generate(rng, size)


def shrink(inputs: XoincInputs) -> Iterator[XoincInputs]:
    """Strictly smaller valid stacks: fewer coins first, then smaller values."""
    from solvers.xoinc.cases import shrink

    return shrink(inputs)


def parse_judge(text: str) -> list[XoincInputs]:
    """USACO format: N, then N coin values (any whitespace between them).

    Only N + 2 words are ever read, so a huge file (10^6 coins, trailing junk) is
    refused in the time and memory of a valid one.
    """
    return list(iter_judge(text))


def iter_judge(source: str | TextReader | Tokens) -> Iterator[XoincInputs]:
    """The one case of ``parse_judge``, reading ``source`` only as far as it needs."""
    tokens = tokens_of(source)
    line = tokens.line
    n = tokens.integer(_("the number of coins N"), 1, MAX_COINS)
    coins = tuple(tokens.integers(n, _("a coin value"), 1, MAX_VALUE))
    tokens.expect_end()
    yield checked(line, XoincInputs, coins)


def format_judge(result: XoincResult) -> str:
    """The first player's best total."""
    return str(result.first_total)


def format_input(inputs: XoincInputs) -> str:
    """The stack in judge format: N, then one coin value per line."""
    return "".join(f"{value}\n" for value in (len(inputs.coins), *inputs.coins))


#: One row per coin; the last two columns hold the game's result on the first row only.
#: Written in the language spoken when the file is exported (the CLI's is English).
CSV_HEADER = [
    N_("coin (1 = top)"),
    N_("value"),
    N_("taken by player"),
    N_("on turn"),
    N_("allowance that turn"),
    N_("coins taken that turn"),
    N_("player 1 total after the turn"),
    N_("player 2 total after the turn"),
    N_("player 1 final total"),
    N_("player 2 final total"),
]


def csv_rows(inputs: XoincInputs, result: XoincResult | None) -> list[list[str]]:
    """One table, one row per coin, top coin first: its value, who takes it on which turn.

    Before a solve only the coins and their values are filled in.
    """
    rows = [[_(title) for title in CSV_HEADER]]
    turn_of = [] if result is None else [t for t in result.line for _ in range(t.taken)]
    for index, value in enumerate(inputs.coins):
        row = [str(index + 1), str(value)] + [""] * (len(CSV_HEADER) - 2)
        if result is not None:
            t = turn_of[index]
            row[2:8] = [
                str(t.player + 1), str(t.turn), str(t.allowance), str(t.taken),
                str(t.first_total), str(t.second_total),
            ]  # fmt: skip
        rows.append(row)
    if result is not None and len(rows) > 1:
        rows[1][8:] = [str(result.first_total), str(result.second_total)]
    return rows


def explain(inputs: XoincInputs, result: XoincResult) -> list[Step]:
    """The derivation of ``result``, step by step (``why.py``, loaded on first use).

    The state, the recurrence, every take along the line.
    """
    from solvers.xoinc.why import explain as derive

    return derive(inputs, result)
