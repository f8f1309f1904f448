"""What a "what if" sweep may vary in Cover Up (``solvers.sweep``).

One column's candidate probability p, or its number of digits m (the known
candidates stay). Every value is its own solve: no work is shared.
"""

from __future__ import annotations

from solvers.coverup.judge import format_probability
from solvers.coverup.model import MAX_DIGITS, Column, CoverUpInputs
from solvers.coverup.result import CoverUpResult
from solvers.i18n import N_, _
from solvers.protocol import Sweep

__all__ = ["SWEEPS"]


def _measure(result: CoverUpResult) -> tuple[float, ...]:
    return (result.value, float(format_probability(result.value)))


def _with_column(inputs: CoverUpInputs, index: int, m: int, p: float) -> CoverUpInputs:
    old = inputs.columns[index - 1]
    if old.candidates == 0 and p != 0.0:
        raise ValueError(
            _("column {index} has no known candidate: its p stays 0").format(index=index)
        )
    if not old.candidates < m:
        raise ValueError(
            _("column {index} has {known} known candidates: m must be above that, got {m}").format(
                index=index, known=old.candidates, m=m
            )
        )
    columns = list(inputs.columns)
    columns[index - 1] = Column(m, old.candidates, p)
    return CoverUpInputs(tuple(columns))


def _column(inputs: CoverUpInputs, index: int) -> Column:
    return inputs.columns[index - 1]


SWEEPS: tuple[Sweep, ...] = (
    Sweep(
        "p", N_("candidate probability p of column {index}"), "real",
        bounds=lambda inputs, index: (0.0, 1.0 if _column(inputs, index).candidates else 0.0),
        apply=lambda inputs, value, index: _with_column(
            inputs, index, _column(inputs, index).choices, float(value)
        ),
        current=lambda inputs, index: _column(inputs, index).p,
        answers=(N_("win probability"), N_("win probability (3 decimals)")), measure=_measure,
        indexed=N_("column"), count=lambda inputs: inputs.n,
    ),
    Sweep(
        "m", N_("digits m of column {index}"), "int",
        bounds=lambda inputs, index: (_column(inputs, index).candidates + 1, MAX_DIGITS),
        apply=lambda inputs, value, index: _with_column(
            inputs, index, int(value), _column(inputs, index).p
        ),
        current=lambda inputs, index: _column(inputs, index).choices,
        answers=(N_("win probability"), N_("win probability (3 decimals)")), measure=_measure,
        indexed=N_("column"), count=lambda inputs: inputs.n,
    ),
)  # fmt: skip
