"""Inputs for people and for the local judge: the example, random cases, smaller cases."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from solvers.coverup.model import MAX_COLUMNS, MAX_DIGITS, Column, CoverUpInputs
from solvers.i18n import _

if TYPE_CHECKING:
    import random

__all__ = ["example", "format_input", "generate", "shrink"]

#: How big a generated case may be, per size: (most columns, most digits per column).
SIZES = {"small": (3, 4), "judge": (MAX_COLUMNS, MAX_DIGITS), "max": (MAX_COLUMNS, MAX_DIGITS)}


def example() -> CoverUpInputs:
    """The show's layout: 2, 3, 4, 5 and 6 choices, one likely digit in each."""
    return CoverUpInputs.from_triplets(
        [(2, 1, 0.9), (3, 1, 0.6), (4, 1, 0.5), (5, 1, 0.4), (6, 1, 0.4)]
    )


def format_input(inputs: CoverUpInputs) -> str:
    """One case in judge format, with the terminating ``0`` line."""
    triplets = " ".join(f"{c.choices} {c.candidates} {c.p!r}" for c in inputs.columns)
    return f"{inputs.n}\n{triplets}\n0\n"


def _edge(rng: random.Random, lo: int, hi: int) -> int:
    """A number in [lo, hi], the ends twice as likely as the rest together."""
    roll = rng.random()
    if roll < 1 / 3:
        return lo
    if roll < 2 / 3:
        return hi
    return rng.randint(lo, hi)


def _p(rng: random.Random) -> float:
    roll = rng.random()
    if roll < 0.15:
        return 0.0
    if roll < 0.3:
        return 1.0
    if roll < 0.45:
        return 0.5
    if roll < 0.6:
        # A half-thousandth: answers that land exactly on a rounding edge.
        return rng.randrange(1, 2000, 2) / 2000
    if roll < 0.8:
        return rng.randint(1, 9) / 10
    return rng.randint(1, 999) / 1000


def _column(rng: random.Random, most_digits: int) -> Column:
    m = _edge(rng, 1, most_digits)
    known = _edge(rng, 0, m - 1)
    return Column(m, known, 0.0 if known == 0 else _p(rng))


def generate(rng: random.Random, size: str) -> CoverUpInputs:
    """A random valid case biased to the edges.

    ``size`` is ``"small"`` (at most 3 columns of 4 digits: the exhaustive oracle's
    reach), ``"judge"`` (the judge's limits) or ``"max"`` (5 columns, mostly of 10).
    """
    if size not in SIZES:
        raise ValueError(
            _("size must be one of {sizes}, got {size}").format(
                sizes=", ".join(SIZES), size=repr(size)
            )
        )
    most_columns, most_digits = SIZES[size]
    if size != "max" and rng.random() < 0.1:
        # One column of two digits: the answer is max(p, 1 - p), a rounding edge when
        # p is a half-thousandth.
        return CoverUpInputs((Column(2, 1, rng.randrange(1, 2000, 2) / 2000),))
    n = most_columns if size == "max" else _edge(rng, 1, most_columns)
    if size == "max":
        columns = [
            Column(MAX_DIGITS, k, 0.0 if k == 0 else _p(rng))
            for k in (_edge(rng, 0, MAX_DIGITS - 1) for _ in range(n))
        ]
    else:
        columns = [_column(rng, most_digits) for _ in range(n)]
    if rng.random() < 0.3:
        # Identical columns: ties between picks and merged states.
        columns = [columns[0]] * n
    return CoverUpInputs(tuple(columns))


def _p_rank(p: float) -> int:
    """How complicated a probability is: 0, 1, one half, then by its number of decimals."""
    if p in (0.0, 1.0, 0.5):
        return (0.0, 1.0, 0.5).index(p)
    text = repr(p)
    return 3 + (len(text.split(".")[1]) if "." in text and "e" not in text else 20)


def _simpler_p(p: float) -> list[float]:
    """Strictly simpler probabilities (so that shrinking always ends)."""
    out: list[float] = []
    for q in (0.0, 1.0, 0.5, round(p, 1), round(p, 2)):
        if _p_rank(q) < _p_rank(p) and q not in out:
            out.append(q)
    return out


def _smaller_columns(c: Column) -> Iterator[Column]:
    """Fewer digits (halved, one less), fewer likely ones (halved, one less), simpler p."""
    for choices in sorted({c.choices // 2, c.choices - 1} - {0, c.choices}):
        known = min(c.candidates, choices - 1)
        yield Column(choices, known, c.p if known else 0.0)
    for known in sorted({c.candidates // 2, c.candidates - 1} - {-1, c.candidates}):
        yield Column(c.choices, known, c.p if known else 0.0)
    if c.candidates > 0:
        for p in _simpler_p(c.p):
            yield Column(c.choices, c.candidates, p)


def shrink(inputs: CoverUpInputs) -> Iterator[CoverUpInputs]:
    """Strictly smaller valid cases: a column fewer, fewer digits, fewer likely, simpler p."""
    columns = list(inputs.columns)
    if len(columns) > 1:
        seen = set()
        for i in range(len(columns)):
            rest = tuple(columns[:i] + columns[i + 1 :])
            if rest not in seen:
                seen.add(rest)
                yield CoverUpInputs(rest)
    for i, column in enumerate(columns):
        for smaller in _smaller_columns(column):
            if smaller != column:
                yield CoverUpInputs((*columns[:i], smaller, *columns[i + 1 :]))
