"""What if: solve one game over a range of one input (issue 23).

Each game declares what can be swept in its ``SWEEPS`` (``solvers.protocol.Sweep``).
``sweep`` yields one row per value, each what a direct solve with that value
gives; a sweep with a ``batch`` shares the work the values have in common (the
Great Game's round, a subtraction game's Grundy sequence, Dice Yut's backward
pass over the turns), so N points never cost more than N direct solves.
``split`` cuts a sweep into jobs of plain, picklable data that worker processes
run with ``run_job``.

A sweep is named by its ``key``: the sweep's name, and for an indexed sweep the
1-based item after it (``W``, ``pile2``, ``p1``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from solvers import load
from solvers.i18n import _, pgettext
from solvers.protocol import Progress, Sweep, SweepRow, TooBig, report

__all__ = [
    "DEFAULT_REAL_STEPS",
    "RangeError",
    "SweepJob",
    "applicable",
    "check_options",
    "field_name",
    "find_sweep",
    "header",
    "parse_range",
    "run_job",
    "split",
    "sweep",
    "sweep_values",
]

#: A real range without a step is cut into this many equal steps.
DEFAULT_REAL_STEPS = 20
_KEY = re.compile(r"([A-Za-z_][A-Za-z_-]*?)(\d*)")


class RangeError(ValueError):
    """A bad range, naming the field at fault: ``"START"``, ``"STOP"`` or ``"STEP"``.

    The message names the field in the language spoken (``field_name``).
    """

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field = field


def field_name(which: str) -> str:
    """``"START"``, ``"STOP"`` or ``"STEP"`` as a message names it in the language spoken."""
    names = {
        "START": pgettext("sweep range", "START"),
        "STOP": pgettext("sweep range", "STOP"),
        "STEP": pgettext("sweep range", "STEP"),
    }
    return names[which]


def find_sweep(game: str, key: str, inputs: Any = None) -> tuple[Sweep, int]:
    """The sweep ``key`` names (``pile2``: pile 2) and its index; ``ValueError`` says why not.

    An indexed sweep without a number means item 1. With ``inputs`` the index is
    checked against them, and so is whether the sweep fits them.
    """
    module = load(game)
    match = _KEY.fullmatch(key.strip())
    by_name = {s.name: s for s in module.SWEEPS}
    found = by_name.get(match.group(1)) if match else None
    names = ", ".join(s.key(1) if s.indexed else s.name for s in module.SWEEPS)
    if match is None or found is None or (match.group(2) and not found.indexed):
        message = _("unknown sweep {key} (this game has: {names})")
        raise ValueError(message.format(key=repr(key), names=names))
    index = int(match.group(2)) if match.group(2) else 1
    if inputs is not None:
        if not found.fits(inputs):
            needs = " and ".join("--" + n.replace("_", "-") for n in found.needs)
            message = (
                _("{name} cannot be swept for these inputs (it needs {needs})")
                if needs
                else _("{name} cannot be swept for these inputs")
            )
            raise ValueError(message.format(name=found.name, needs=needs))
        if found.count is not None and not 1 <= index <= found.count(inputs):
            message = _("{item} {index} does not exist: there are {count}")
            item = found.text(found.indexed) if found.indexed else ""  # marked with N_
            raise ValueError(message.format(item=item, index=index, count=found.count(inputs)))
    return found, index


def applicable(game: str, inputs: Any) -> tuple[Sweep, ...]:
    """The sweeps of ``game`` that fit ``inputs`` (what a GUI offers for them)."""
    return tuple(s for s in load(game).SWEEPS if s.fits(inputs))


def _number(text: str, what: str, kind: str) -> Decimal:
    name, word = field_name(what), text.strip()
    try:
        value = Decimal(word)
    except InvalidOperation:
        message = _("{what} must be a number, got {word}")
        raise RangeError(what, message.format(what=name, word=repr(word))) from None
    if not value.is_finite():
        message = _("{what} must be finite, got {word}")
        raise RangeError(what, message.format(what=name, word=repr(word)))
    if kind == "int" and value != value.to_integral_value():
        message = _("{what} must be a whole number, got {word}")
        raise RangeError(what, message.format(what=name, word=word))
    return value


def sweep_values(
    sweep: Sweep, inputs: Any, index: int, start: str, stop: str, step: str = ""
) -> list[float]:
    """The values from ``start`` to ``stop`` (inclusive) by ``step``, checked.

    Arithmetic is decimal, so ``0:1:0.1`` gives 0.1, 0.2, .. exactly as typed; an
    integer sweep steps by 1 and a real one by a twentieth of the range unless told.
    ``RangeError`` names the field at fault; ``TooBig`` says what to reduce.
    """
    first = _number(start, "START", sweep.kind)
    last = _number(stop, "STOP", sweep.kind)
    if last < first:
        message = _("STOP ({stop}) must not be below START ({start})")
        raise RangeError("STOP", message.format(stop=stop.strip(), start=start.strip()))
    if step.strip():
        by = _number(step, "STEP", sweep.kind)
        if by <= 0:
            message = _("STEP must be above 0, got {step}")
            raise RangeError("STEP", message.format(step=step.strip()))
    elif sweep.kind == "int" or last == first:
        by = Decimal(1)
    else:
        by = (last - first) / DEFAULT_REAL_STEPS
    lo, hi = sweep.bounds(inputs, index)
    for what, value in (("START", first), ("STOP", last)):
        if not lo <= value <= hi:
            message = _("{field}: {what} must be between {lo} and {hi}, got {value}")
            raise RangeError(
                what,
                message.format(
                    field=field_name(what),
                    what=sweep.title(index),
                    lo=_text(lo),
                    hi=_text(hi),
                    value=value,
                ),
            )
    count = int((last - first) // by) + 1
    if count > sweep.max_points:
        raise _too_many(count, sweep.max_points)
    convert = int if sweep.kind == "int" else float
    return [convert(first + k * by) for k in range(count)]


def parse_range(sweep: Sweep, inputs: Any, index: int, text: str) -> list[float]:
    """``START:STOP[:STEP]`` as values (see ``sweep_values``)."""
    parts = text.split(":")
    if len(parts) not in (2, 3) or not all(p.strip() for p in parts[:2]):
        message = _("give the range as START:STOP or START:STOP:STEP, got {text}")
        raise ValueError(message.format(text=repr(text)))
    return sweep_values(sweep, inputs, index, *parts)


def _text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def header(sweep: Sweep, index: int) -> list[str]:
    """The CSV header: the swept input (``pile2``), then the answer's columns.

    The answers' names are in the language spoken (each game marks them with ``N_``);
    the input keeps the name the command line knows it by.
    """
    return [sweep.key(index), *(sweep.text(answer) for answer in sweep.answers)]


def check_options(sweep: Sweep, options: Mapping[str, Any] | None) -> None:
    """Raise ``ValueError`` when ``options`` (given) lack one the sweep needs."""
    if options is None:
        return
    missing = [name for name in sweep.needs if not options.get(name)]
    if missing:
        flags = " and ".join("--" + n.replace("_", "-") for n in missing)
        message = _("{name} can only be swept with {flags}")
        raise ValueError(message.format(name=sweep.name, flags=flags))


def sweep(
    game: str,
    inputs: Any,
    sweep_name: str,
    values: Sequence[float],
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
) -> Iterator[SweepRow]:
    """Rows ``(value, *answer)`` of ``inputs`` with ``sweep_name`` set to each value.

    Each row is what ``solve`` gives for ``apply(inputs, value)``; values are checked
    against the sweep's bounds and count first (``ValueError``, ``TooBig``). A solve's
    own ``TooBig`` or ``ValueError`` (a value these inputs cannot take) passes through.
    ``progress`` may raise ``Cancelled``; rows come as they are found.
    """
    found, index = find_sweep(game, sweep_name, inputs)
    check_options(found, options)
    values = _checked(found, inputs, index, values)
    if not values:
        return
    if found.batch is not None:
        yield from found.batch(inputs, values, index, progress)
        return
    module = load(game)
    for done, value in enumerate(values):
        changed = found.apply(inputs, value, index)
        share = None if progress is None else _share(progress, done, len(values))
        yield (value, *found.measure(module.solve(changed, share)))
    report(progress, 1.0)


def _share(progress: Progress, done: int, total: int) -> Progress:
    return lambda fraction: report(progress, (done + fraction) / total)


def _checked(sweep: Sweep, inputs: Any, index: int, values: Sequence[float]) -> list[float]:
    if len(values) > sweep.max_points:
        raise _too_many(len(values), sweep.max_points)
    lo, hi = sweep.bounds(inputs, index)
    convert = int if sweep.kind == "int" else float
    checked = []
    for value in values:
        number = float(value)
        if not math.isfinite(number) or not lo <= number <= hi:
            message = _("{what} must be between {lo} and {hi}, got {value}")
            what = sweep.title(index)
            raise ValueError(message.format(what=what, lo=_text(lo), hi=_text(hi), value=value))
        if sweep.kind == "int" and not number.is_integer():
            message = _("{what} must be a whole number, got {word}")
            raise ValueError(message.format(what=sweep.title(index), word=value))
        checked.append(convert(value))
    return checked


def _too_many(count: int, most: int) -> TooBig:
    message = _("{count} values: at most {most} in one sweep; use a larger step or a shorter range")
    return TooBig(message.format(count=f"{count:,}", most=f"{most:,}"))


@dataclass(frozen=True)
class SweepJob:
    """A part of a sweep a worker process runs with ``run_job``: plain, picklable data."""

    game: str
    inputs: Any
    sweep_name: str
    values: tuple[float, ...]
    options: Mapping[str, Any] | None = field(default=None)


def split(
    game: str,
    inputs: Any,
    sweep_name: str,
    values: Sequence[float],
    options: Mapping[str, Any] | None = None,
    parts: int = 2,
) -> list[SweepJob]:
    """Cut a sweep into at most ``parts`` jobs to run side by side.

    A sweep that shares work between its values (a ``batch``) stays one job; any
    other is dealt out in turn (values 1, 3, 5.. and 2, 4, 6..), so each job gets
    cheap and dear values alike and points appear across the whole plot. The
    sweep is checked here, so a bad range fails before any job starts.
    """
    found, index = find_sweep(game, sweep_name, inputs)
    check_options(found, options)
    checked = _checked(found, inputs, index, values)
    jobs = 1 if found.batch is not None else max(1, min(parts, len(checked)))
    return [
        SweepJob(game, inputs, sweep_name, tuple(checked[k::jobs]), options)
        for k in range(jobs)
        if checked[k::jobs]
    ]


def run_job(job: SweepJob, progress: Progress | None = None) -> list[SweepRow]:
    """Every row of ``job`` (in a worker process: the rows go back as plain tuples)."""
    return list(sweep(job.game, job.inputs, job.sweep_name, job.values, job.options, progress))
