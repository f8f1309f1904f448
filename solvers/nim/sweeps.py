"""What a "what if" sweep may vary in Nim (``solvers.sweep``).

One pile's size (any rule), and for a subtraction game the size x of a single
pile, whose answer is its Grundy value g(x). A subtraction game's Grundy
sequence is found once for the whole sweep; every value is then decided from it
(``decide``), as a direct solve decides from the sequence it finds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from solvers.i18n import N_
from solvers.protocol import Progress, Sweep, SweepRow, report

if TYPE_CHECKING:  # the game's package imports this module: its names are looked up late
    from solvers.nim import NimInputs, NimResult

__all__ = ["SWEEPS"]


def _measure(result: NimResult) -> tuple[float, ...]:
    return (result.nim_sum, int(result.first_player_wins))


def _with_pile(inputs: NimInputs, value: float, index: int) -> NimInputs:
    from solvers.nim import NimInputs

    piles = list(inputs.piles)
    piles[index - 1] = int(value)
    return NimInputs(tuple(piles), inputs.rule, inputs.subtraction)


def _single(inputs: NimInputs, value: float, index: int) -> NimInputs:
    from solvers.nim import NimInputs

    return NimInputs((int(value),), inputs.rule, inputs.subtraction)


def _subtracting(inputs: NimInputs) -> bool:
    from solvers.nim import Rule

    return bool(inputs.rule is Rule.SUBTRACTION)


def _pile_range(inputs: NimInputs, index: int) -> tuple[float, float]:
    from solvers.nim import MAX_PILE

    return (0, MAX_PILE)


def _batch(
    change: Callable[[NimInputs, float, int], NimInputs],
) -> Callable[[NimInputs, Sequence[float], int, Progress | None], Iterator[SweepRow]]:
    """Rows of every value from one Grundy sequence (none for normal and misère Nim)."""

    def run(
        inputs: NimInputs, values: Sequence[float], index: int, progress: Progress | None
    ) -> Iterator[SweepRow]:
        from solvers.nim import decide, grundy_sequence

        sequence = grundy_sequence(inputs.subtraction, progress) if _subtracting(inputs) else None
        for done, value in enumerate(values):
            if done % 256 == 0:
                report(progress, done / len(values))
            yield (value, *_measure(decide(change(inputs, value, index), sequence)))

    return run


_GRUNDY = (N_("grundy value"), N_("first player wins"))

SWEEPS: tuple[Sweep, ...] = (
    Sweep(
        "pile", N_("size of pile {index}"), "int",
        bounds=_pile_range, apply=_with_pile,
        current=lambda inputs, index: inputs.piles[index - 1],
        answers=(N_("nim-sum"), N_("first player wins")), measure=_measure,
        indexed=N_("pile"), count=lambda inputs: len(inputs.piles),
        batch=_batch(_with_pile), max_points=10_000,
    ),
    Sweep(
        "size", N_("one pile of this size (its Grundy value)"), "int",
        bounds=_pile_range, apply=_single,
        current=lambda inputs, index: inputs.piles[0],
        answers=_GRUNDY, measure=_measure, needs=("subtract",), fits=_subtracting,
        batch=_batch(_single), max_points=10_000,
    ),
)  # fmt: skip
