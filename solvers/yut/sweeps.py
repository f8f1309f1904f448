"""What a "what if" sweep may vary in Dice Yut (``solvers.sweep``).

Unknown throws (``--expected``): the turns, the pieces, the faces of a fair die;
known throws: the value of one throw. A sweep over the turns takes every value
from one solve of the longest game (``unknown.expected_by_turns``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from solvers.i18n import N_
from solvers.protocol import Progress, Sweep, SweepRow
from solvers.yut.board import MAX_FACE
from solvers.yut.known import MAX_PIECES, MAX_THROWS, YutInputs, YutResult

if TYPE_CHECKING:
    from solvers.yut.unknown import ExpectInputs, ExpectResult

__all__ = ["SWEEPS"]


def _expecting(inputs: Any) -> bool:
    return not isinstance(inputs, YutInputs)


def _expected(result: ExpectResult) -> tuple[float, ...]:
    return (result.expected, float(f"{result.expected:.3f}"))


def _turns_batch(
    inputs: ExpectInputs, values: Sequence[float], index: int, progress: Progress | None
) -> Iterator[SweepRow]:
    from solvers.yut.unknown import expected_by_turns

    longest = dataclasses.replace(inputs, turns=int(max(values)))
    by_turns = expected_by_turns(longest, progress)
    for value in values:
        expected = by_turns[int(value) - 1]
        yield (value, expected, float(f"{expected:.3f}"))


def _fair_die(inputs: ExpectInputs, value: float, index: int) -> ExpectInputs:
    from solvers.yut.unknown import uniform

    return dataclasses.replace(inputs, probabilities=uniform(int(value)))


def _throw(inputs: YutInputs, value: float, index: int) -> YutInputs:
    throws = list(inputs.throws)
    throws[index - 1] = int(value)
    return dataclasses.replace(inputs, throws=tuple(throws))


def _best(result: YutResult) -> tuple[float, ...]:
    return (result.best,)


_EXPECTED = (N_("expected score"), N_("expected score (3 decimals)"))

SWEEPS: tuple[Sweep, ...] = (
    Sweep(
        "turns", N_("turns (unknown throws)"), "int",
        bounds=lambda inputs, index: (1, MAX_THROWS),
        apply=lambda inputs, value, index: dataclasses.replace(inputs, turns=int(value)),
        current=lambda inputs, index: inputs.turns,
        answers=_EXPECTED, measure=_expected, decimals=(None, 3),
        needs=("expected",), fits=_expecting,
        batch=_turns_batch,
    ),
    Sweep(
        "pieces", N_("pieces (unknown throws)"), "int",
        bounds=lambda inputs, index: (1, MAX_PIECES),
        apply=lambda inputs, value, index: dataclasses.replace(inputs, pieces=int(value)),
        current=lambda inputs, index: inputs.pieces,
        answers=_EXPECTED, measure=_expected, decimals=(None, 3),
        needs=("expected",), fits=_expecting,
    ),
    Sweep(
        "faces", N_("faces of a fair die (unknown throws)"), "int",
        bounds=lambda inputs, index: (1, MAX_FACE),
        apply=_fair_die,
        current=lambda inputs, index: inputs.faces,
        answers=_EXPECTED, measure=_expected, decimals=(None, 3),
        needs=("expected",), fits=_expecting,
    ),
    Sweep(
        "throw", N_("value of throw {index}"), "int",
        bounds=lambda inputs, index: (1, inputs.faces),
        apply=_throw,
        current=lambda inputs, index: inputs.throws[index - 1],
        answers=(N_("max score"),), measure=_best, indexed=N_("throw"),
        count=lambda inputs: len(inputs.throws),
        fits=lambda inputs: isinstance(inputs, YutInputs),
    ),
)  # fmt: skip
