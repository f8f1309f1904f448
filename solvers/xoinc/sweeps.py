"""What a "what if" sweep may vary in Xoinc (``solvers.sweep``).

The number of coins (the top ``n`` coins of the stack) and one coin's value.
The value table runs from the bottom of the stack, so a shorter stack shares
nothing with a longer one: every value is its own solve.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solvers.i18n import N_
from solvers.protocol import Sweep

if TYPE_CHECKING:  # the game's package imports this module: its names are looked up late
    from solvers.xoinc import XoincInputs, XoincResult

__all__ = ["SWEEPS"]


def _measure(result: XoincResult) -> tuple[float, ...]:
    return (result.second_total, result.first_total)


def _with_coin(inputs: XoincInputs, value: float, index: int) -> XoincInputs:
    from solvers.xoinc import XoincInputs

    coins = list(inputs.coins)
    coins[index - 1] = int(value)
    return XoincInputs(tuple(coins))


def _prefix(inputs: XoincInputs, value: float, index: int) -> XoincInputs:
    from solvers.xoinc import XoincInputs

    return XoincInputs(inputs.coins[: int(value)])


def _values(inputs: XoincInputs, index: int) -> tuple[float, float]:
    from solvers.xoinc import MAX_VALUE

    return (1, MAX_VALUE)


#: Marked only: the What-if page translates a sweep's words where it shows them.
_TOTALS = (N_("second player total"), N_("first player total"))

SWEEPS: tuple[Sweep, ...] = (
    Sweep(
        "coins", N_("coins (the top of the stack)"), "int",
        bounds=lambda inputs, index: (1, len(inputs.coins)),
        apply=_prefix,
        current=lambda inputs, index: len(inputs.coins),
        answers=_TOTALS, measure=_measure,
    ),
    Sweep(
        "coin", N_("value of coin {index} (from the top)"), "int",
        bounds=_values,
        apply=_with_coin,
        current=lambda inputs, index: inputs.coins[index - 1],
        answers=_TOTALS, measure=_measure,
        indexed="coin", count=lambda inputs: len(inputs.coins),
    ),
)  # fmt: skip
