"""Xoinc (USACO 2009 November Silver): take coins from the top of a stack.

The first player takes 1 or 2 coins; afterwards each player takes between 1
and twice as many coins as the opponent just took. A position is ``(i, a)``:
``i`` coins left (the bottom ``i`` of the stack) and at most ``a`` may be
taken. With ``S(i)`` the sum of those coins, the mover's best total is

    f(i, a) = S(i) - min over t in 1..min(a, i) of f(i - t, min(2t, i - t)),

and ``f(i, a) = S(i)`` once ``a >= i`` (take everything). For fixed ``i`` the
inner minimum is a running minimum as ``a`` grows, so each row costs one
``np.minimum.accumulate``: O(N^2) in all, with O(N) NumPy work per row.

Only even allowances occur after the first move (``a = 2t``), and the table is
only ever read at ``f(r, 2s)`` with ``2s <= r`` and ``r + s <= N``, so it keeps
``s`` up to about ``N / 3`` per row (33 MB of int32 for N = 5000). In that
layout the entries a row needs, ``f(i - t, 2t)`` for ``t = 1, 2, ...``, lie at a
constant stride in memory, so gathering them is a slice, not a copy.
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass
from typing import cast

import numpy as np
import numpy.typing as npt

from solvers.protocol import Progress, Tokens, checked, report

__all__ = [
    "MAX_COINS",
    "MAX_VALUE",
    "Turn",
    "ValueTable",
    "XoincInputs",
    "XoincResult",
    "csv_rows",
    "format_judge",
    "parse_judge",
    "solve",
]

MAX_COINS = 5000
MAX_VALUE = 100_000
#: The first player may take up to this many coins.
FIRST_ALLOWANCE = 2
#: Rows solved between two progress calls (a few milliseconds at N = 5000).
_ROWS_PER_REPORT = 128

IntArray = npt.NDArray[np.int32]


@dataclass(frozen=True)
class XoincInputs:
    """The stack of coin values, top coin first."""

    coins: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.coins, tuple):
            object.__setattr__(self, "coins", tuple(self.coins))
        n = len(self.coins)
        if n == 0:
            raise ValueError("the stack needs at least one coin")
        if n > MAX_COINS:
            raise ValueError(f"at most {MAX_COINS} coins, got {n}")
        # min/max first: validating 5000 coins one by one would dominate a CLI run.
        if min(self.coins) < 1 or max(self.coins) > MAX_VALUE:
            for index, value in enumerate(self.coins, start=1):
                if not 1 <= value <= MAX_VALUE:
                    raise ValueError(
                        f"coin {index}: value must be between 1 and {MAX_VALUE}, got {value}"
                    )


@dataclass(frozen=True)
class Turn:
    """One move of the optimal line; coins are numbered from 1 at the top."""

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


class ValueTable:
    """Best totals of every position ``(coins left, allowance)`` of one stack.

    Parameters
    ----------
    coins
        The stack, top coin first.
    suffix
        ``suffix[i]`` is the sum of the bottom ``i`` coins.
    table
        ``table[r, s] = f(r, 2s)`` for ``1 <= s <= min(r // 2, N - r)``.
    """

    __slots__ = ("_coins", "_suffix", "_table")

    def __init__(self, coins: tuple[int, ...], suffix: IntArray, table: IntArray) -> None:
        self._coins = coins
        self._suffix = suffix
        self._table = table

    @property
    def size(self) -> int:
        """Number of coins N."""
        return len(self._coins)

    def suffix(self, coins_left: int) -> int:
        """Sum of the bottom ``coins_left`` coins."""
        return int(self._suffix[coins_left])

    def _check(self, coins_left: int, allowance: int) -> None:
        if not 0 <= coins_left <= self.size:
            raise ValueError(f"coins left must be between 0 and {self.size}, got {coins_left}")
        if allowance < 1:
            raise ValueError(f"the allowance must be at least 1, got {allowance}")

    def opponent_best(self, coins_left: int, take: int) -> int:
        """What the opponent gets after the mover takes ``take`` of ``coins_left`` coins."""
        rest = coins_left - take
        if 3 * take <= coins_left:
            return int(self._table[rest, take])
        # The opponent may take all that is left.
        return int(self._suffix[rest])

    def take_values(self, coins_left: int, allowance: int) -> list[int]:
        """Mover's total for each legal take ``1..min(allowance, coins_left)``, in order."""
        self._check(coins_left, allowance)
        limit = min(allowance, coins_left)
        if limit == 0:
            return []
        total = int(self._suffix[coins_left])
        k = min(limit, coins_left // 3)
        rows = np.arange(coins_left - 1, coins_left - k - 1, -1)
        stored = self._table[rows, np.arange(1, k + 1)].astype(np.int64)
        rest = self._suffix[coins_left - limit : coins_left - k][::-1].astype(np.int64)
        return (total - np.concatenate([stored, rest])).tolist()  # type: ignore[no-any-return]

    def best_take(self, coins_left: int, allowance: int) -> int:
        """The smallest take reaching the best total (0 when no coins are left)."""
        self._check(coins_left, allowance)
        best, best_take = -1, 0
        total = int(self._suffix[coins_left])
        for take in range(1, min(allowance, coins_left) + 1):
            value = total - self.opponent_best(coins_left, take)
            if value > best:
                best, best_take = value, take
        return best_take

    def best_total(self, coins_left: int, allowance: int) -> int:
        """The most the mover can get from the position."""
        self._check(coins_left, allowance)
        if coins_left == 0:
            return 0
        take = self.best_take(coins_left, allowance)
        return int(self._suffix[coins_left]) - self.opponent_best(coins_left, take)


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
        table = cast("ValueTable | None", self.__dict__.get("_values"))
        if table is None:
            raise ValueError("this result carries no value table")
        return table

    def takers(self) -> tuple[int, ...]:
        """Player (1 or 2) who takes each coin in optimal play, top coin first."""
        owners: list[int] = []
        for turn in self.line:
            owners.extend([turn.player] * turn.taken)
        return tuple(owners)


def _suffix_sums(coins: tuple[int, ...]) -> IntArray:
    suffix = np.zeros(len(coins) + 1, dtype=np.int32)
    np.cumsum(np.array(coins[::-1], dtype=np.int32), out=suffix[1:])
    return suffix


def build_table(coins: tuple[int, ...], progress: Progress | None = None) -> ValueTable:
    """Fill the value table of ``coins`` (top first) row by row."""
    n = len(coins)
    suffix = _suffix_sums(coins)
    # Rows r keep s <= min(r // 2, n - r); the widest is near r = 2n / 3.
    width = max(min(r // 2, n - r) for r in range(n + 1)) + 1
    table = np.zeros((n + 1, width), dtype=np.int32)
    flat = table.reshape(-1)
    step = width - 1
    run = np.empty(n + 1, dtype=np.int32)
    # suffix reversed, so that S(r - t) for growing t is a forward slice.
    back = suffix[::-1].copy()
    big = np.iinfo(np.int32).max
    for r in range(2, n):
        if r % _ROWS_PER_REPORT == 0:
            report(progress, r / n)
        m = min(r // 2, n - r)
        span = 2 * m
        k = min(r // 3, span)
        base = r * width
        if k:
            # f(r - t, 2t) for t = 1..k sits at base - t * (width - 1).
            np.minimum.accumulate(flat[base - step : base - step * (k + 1) : -step], out=run[:k])
            low = int(run[k - 1])
        else:
            low = big
        if span > k:
            # For t > r / 3 the opponent takes the rest: S(r - t), which falls with t.
            start = n - r + k + 1
            np.minimum(back[start : start + span - k], low, out=run[k:span])
        np.subtract(suffix[r], run[1:span:2], out=table[r, 1 : m + 1])
    report(progress, 1.0)
    return ValueTable(coins, suffix, table)


def optimal_line(values: ValueTable, coins: tuple[int, ...]) -> tuple[Turn, ...]:
    """Play both sides optimally from the start; smallest best take on ties."""
    n = len(coins)
    left, allowance, player = n, FIRST_ALLOWANCE, 1
    totals = [0, 0]
    turns: list[Turn] = []
    while left:
        take = values.best_take(left, allowance)
        first = n - left
        taken = coins[first : first + take]
        gained = sum(taken)
        totals[player - 1] += gained
        turns.append(
            Turn(
                len(turns) + 1, player, left, allowance, take, first + 1,
                taken, gained, totals[0], totals[1],
            )
        )  # fmt: skip
        left, allowance, player = left - take, 2 * take, 3 - player
    return tuple(turns)


def solve(inputs: XoincInputs, progress: Progress | None = None) -> XoincResult:
    """Both players' best totals and the optimal line of play."""
    report(progress, 0.0)
    values = build_table(inputs.coins, progress)
    line = optimal_line(values, inputs.coins)
    first = line[-1].first_total
    second = line[-1].second_total
    return XoincResult(inputs, first, second, line, values)


def _fast_parse(text: str) -> XoincInputs | None:
    """The common well-formed file in one pass; ``None`` sends it to the careful parser."""
    words = text.split()
    try:
        numbers = [int(word) for word in words]
    except ValueError:
        return None
    if not numbers or not 1 <= numbers[0] <= MAX_COINS or len(numbers) != numbers[0] + 1:
        return None
    coins = tuple(numbers[1:])
    if min(coins) < 1 or max(coins) > MAX_VALUE:
        return None
    return XoincInputs(coins)


def parse_judge(text: str) -> list[XoincInputs]:
    """USACO format: N, then N coin values (any whitespace between them)."""
    fast = _fast_parse(text)
    if fast is not None:
        return [fast]
    tokens = Tokens(text)
    line = tokens.line
    n = tokens.integer("the number of coins N", 1, MAX_COINS)
    coins = tuple(tokens.integers(n, "a coin value", 1, MAX_VALUE))
    tokens.expect_end()
    inputs = checked(line, XoincInputs, coins)
    return [inputs]


def format_judge(result: XoincResult) -> str:
    """The first player's best total."""
    return str(result.first_total)


def csv_rows(inputs: XoincInputs, result: XoincResult | None) -> list[list[str]]:
    """Coins (with who takes each), the totals, then the optimal line; header first."""
    rows = [
        [
            "section", "number", "value", "player", "coins_left", "allowance",
            "taken", "gained", "first_total", "second_total",
        ]
    ]  # fmt: skip
    takers = result.takers() if result is not None else None
    for index, value in enumerate(inputs.coins):
        player = "" if takers is None else str(takers[index])
        rows.append(["coin", str(index + 1), str(value), player, "", "", "", "", "", ""])
    if result is None:
        return rows
    rows.append(
        [
            "totals", "", "", "", str(len(inputs.coins)), str(FIRST_ALLOWANCE), "",
            "", str(result.first_total), str(result.second_total),
        ]
    )  # fmt: skip
    for t in result.line:
        rows.append(
            [
                "turn", str(t.turn), " ".join(map(str, t.values)), str(t.player),
                str(t.coins_left), str(t.allowance), str(t.taken), str(t.gained),
                str(t.first_total), str(t.second_total),
            ]
        )  # fmt: skip
    return rows
