"""Inputs as judge text, the shipped example, random cases and their shrinking.

``generate`` leans toward what breaks solutions: one throw, the largest G, W or
L of 1 or 100, certain rounds (a hand that never loses), rows with ties between
hands, and answers that land on an exact half of the last printed digit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from importlib.resources import files

from solvers.greatgame.model import MAX_GAP, MAX_THROWS, GreatGameInputs, check_percentages
from solvers.i18n import _

__all__ = ["example", "format_input", "generate", "shrink"]

Row = tuple[float, float, float]

#: Rows where hands tie, one hand is certain, or the opponent is nearly uniform.
SPECIAL_ROWS: tuple[Row, ...] = (
    (100, 0, 0),
    (0, 100, 0),
    (0, 0, 100),
    (50, 50, 0),
    (0, 50, 50),
    (50, 0, 50),
    (34, 33, 33),
    (33, 34, 33),
    (33, 33, 34),
    (40, 30, 30),
)


def _number(value: float) -> str:
    """A percentage as the judge writes it: whole numbers bare, others exactly."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def format_input(inputs: GreatGameInputs) -> str:
    """One case in judge format, with the ``0 0 0`` terminator."""
    lines = [f"{inputs.throws} {inputs.win_by} {inputs.lose_by}"]
    lines.extend(" ".join(_number(v) for v in row) for row in inputs.percentages)
    lines.append("0 0 0")
    return "\n".join(lines) + "\n"


def example() -> GreatGameInputs:
    """The instructive case shipped in ``resources/examples/greatgame.txt``."""
    from solvers.greatgame import parse_judge

    text = files("resources").joinpath("examples", "greatgame.txt").read_text(encoding="utf-8")
    return parse_judge(text)[0]


def _random_row(rng: random.Random) -> Row:
    if rng.random() < 0.3:
        return rng.choice(SPECIAL_ROWS)
    a = rng.randint(0, 100)
    b = rng.randint(0, 100 - a)
    row = [a, b, 100 - a - b]
    rng.shuffle(row)
    return (row[0], row[1], row[2])


def _gap(rng: random.Random, most: int) -> int:
    return rng.choice((1, 1, most, rng.randint(1, most), rng.randint(1, min(most, 5))))


def _half_case(rng: random.Random) -> GreatGameInputs:
    """One throw, W = L = 1: the answer is q = c / 64 for rock, an exact half at odd c."""
    scissors = rng.randrange(33, 64, 2)
    return GreatGameInputs(((36, 64 - scissors, scissors),), 1, 1)


def generate(rng: random.Random, size: str) -> GreatGameInputs:
    """Random valid inputs: ``small`` (G, W, L <= 4), ``judge`` or ``max`` (G = 1000)."""
    if size == "small":
        if rng.random() < 0.1:
            return _half_case(rng)
        g, most = rng.choice((1, rng.randint(1, 4))), 4
    elif size == "judge":
        if rng.random() < 0.05:
            return _half_case(rng)
        g = rng.choice((1, MAX_THROWS, rng.randint(1, 50), rng.randint(1, MAX_THROWS)))
        most = MAX_GAP
    elif size == "max":
        g, most = MAX_THROWS, MAX_GAP
    else:
        raise ValueError(_("size must be small, judge or max, got {size}").format(size=repr(size)))
    if rng.random() < 0.2:
        rows = (_random_row(rng),) * g  # the same opponent every throw
    else:
        rows = tuple(_random_row(rng) for _ in range(g))
    return GreatGameInputs(rows, _gap(rng, most), _gap(rng, most))


def _simpler(row: Row) -> Iterator[Row]:
    """Rows with fewer hands or rounder numbers than ``row``."""
    if not all(float(v).is_integer() for v in row):
        whole = [round(v) for v in row]
        whole[max(range(3), key=lambda k: row[k])] += 100 - sum(whole)
        if all(0 <= v <= 100 for v in whole):
            yield (whole[0], whole[1], whole[2])
    nonzero = [k for k in range(3) if row[k] > 0]
    if len(nonzero) > 1:
        small = min(nonzero, key=lambda k: row[k])
        big = max((k for k in nonzero if k != small), key=lambda k: row[k])
        moved = list(row)
        moved[big] += moved[small]
        moved[small] = 0
        yield (moved[0], moved[1], moved[2])


def _candidates(
    rows: tuple[Row, ...], w: int, lose: int
) -> Iterator[tuple[tuple[Row, ...], int, int]]:
    g = len(rows)
    if g > 1:
        yield rows[: g // 2], w, lose
        yield rows[g // 2 :], w, lose
        for k in range(g):
            yield rows[:k] + rows[k + 1 :], w, lose
    for smaller in sorted({1, w // 2, w - 1} - {0, w}):
        yield rows, smaller, lose
    for smaller in sorted({1, lose // 2, lose - 1} - {0, lose}):
        yield rows, w, smaller
    for k, row in enumerate(rows):
        for new in _simpler(row):
            check_percentages(k + 1, new)  # the one new row; the others were checked
            yield (*rows[:k], new, *rows[k + 1 :]), w, lose


def shrink(inputs: GreatGameInputs) -> Iterator[GreatGameInputs]:
    """Smaller cases: fewer throws (halves first), smaller W and L, simpler rows."""
    seen = {inputs}
    for rows, w, lose in _candidates(inputs.percentages, inputs.win_by, inputs.lose_by):
        candidate = GreatGameInputs.from_checked_rows(rows, w, lose)
        if candidate not in seen:
            seen.add(candidate)
            yield candidate
