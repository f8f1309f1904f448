"""What a check is asked to do (``Settings``) and what it found (``Report``)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from solvers.check.compare import ACCEPTED
from solvers.check.runner import (
    CANCELLED,
    MEMORY_LIMIT,
    OUTPUT_CAP,
    OUTPUT_LIMIT,
    RUNTIME_ERROR,
    TIME_LIMIT,
    Run,
)
from solvers.i18n import N_, _

__all__ = [
    "COMPILE_ERROR",
    "NOT_COMPARED",
    "SIZES",
    "SKIPPED",
    "CaseResult",
    "CheckError",
    "Failure",
    "Outcome",
    "Report",
    "Settings",
    "verdict_text",
]

#: How large the random inputs are (English names: a form shows ``_(size)``).
SIZES = (N_("small"), N_("judge"), N_("max"))
#: The verdict of a case our own solver refuses (beyond its work bound): not judged.
SKIPPED = N_("skipped")
#: The verdict when the source file given as the program does not compile.
COMPILE_ERROR = N_("compile error")
#: Verdicts that end a run without comparing outputs.
NOT_COMPARED = {RUNTIME_ERROR, TIME_LIMIT, MEMORY_LIMIT, OUTPUT_LIMIT, CANCELLED}


def verdict_text(verdict: str) -> str:
    """A verdict ("wrong answer") as people read it: in the language spoken.

    Verdicts stay English in every result (the JSON report, comparisons); each is
    marked with ``N_`` where it is defined.
    """
    return _(verdict) if verdict else verdict  # gettext's "" is the catalogue's header


class CheckError(ValueError):
    """The check cannot run as asked (an option the generated inputs do not fit...)."""


@dataclass(frozen=True)
class Settings:
    """What to check and how; ``jobs`` = 0 runs as many programs at once as there are cores.

    Shrinking stops after ``shrink_seconds`` or ``shrink_runs`` runs, whichever comes
    first; ``memory_mb`` limits each run's memory (None: no limit, peak still measured).
    """

    cases: int = 200
    seed: int = 0
    size: str = "judge"
    timeout: float = 5.0
    tolerance: float | None = None
    shrink_seconds: float = 30.0
    jobs: int = 0
    output_cap: int = OUTPUT_CAP
    shrink_runs: int = 2000
    memory_mb: int | None = None

    def __post_init__(self) -> None:
        if self.cases < 1:
            raise CheckError(_("--cases: at least 1, got {value}").format(value=self.cases))
        if self.size not in SIZES:
            message = _("--size: one of {sizes}, got {value}")
            raise CheckError(message.format(sizes=", ".join(SIZES), value=repr(self.size)))
        if not 0 < self.timeout <= 3600:
            message = _("--timeout: between 0 and 3600 seconds, got {value}")
            raise CheckError(message.format(value=self.timeout))
        if self.tolerance is not None and not 0 <= self.tolerance < float("inf"):
            message = _("--tolerance: a number at least 0, got {value}")
            raise CheckError(message.format(value=self.tolerance))
        if self.jobs < 0:
            raise CheckError(_("--jobs: at least 1, got {value}").format(value=self.jobs))
        if not 0 <= self.shrink_seconds < float("inf"):
            message = _("--shrink-time: a number of seconds, got {value}")
            raise CheckError(message.format(value=self.shrink_seconds))
        if self.shrink_runs < 0:
            message = _("--shrink-runs: at least 0, got {value}")
            raise CheckError(message.format(value=self.shrink_runs))
        if self.memory_mb is not None and not 1 <= self.memory_mb <= 1 << 20:
            message = _("--memory: between 1 and 1048576 MB, got {value}")
            raise CheckError(message.format(value=self.memory_mb))

    @property
    def workers(self) -> int:
        """How many programs run at once."""
        return self.jobs if self.jobs > 0 else max(2, os.cpu_count() or 1)


@dataclass(frozen=True)
class Outcome:
    """One case judged: the verdict and both outputs.

    ``other_rounding``: accepted only as the other rounding of an exact half.
    """

    verdict: str
    expected: str
    run: Run
    other_rounding: bool = False

    @property
    def failed(self) -> bool:
        """Whether the program got this case wrong (a cancelled run is not a failure)."""
        return self.verdict not in (ACCEPTED, CANCELLED, SKIPPED)


@dataclass(frozen=True)
class CaseResult:
    """The verdict on one case (numbered from 1; ``sample`` names a statement sample).

    ``seconds`` is the run's wall time, ``memory_kb`` its peak memory (None: unknown).
    """

    number: int
    verdict: str
    seconds: float
    detail: str = ""
    memory_kb: int | None = None
    sample: str = ""
    other_rounding: bool = False


@dataclass(frozen=True)
class Failure:
    """The first case the program got wrong, shrunk: ``inputs`` is the smallest found.

    ``sample`` names the statement sample it failed (then ``original_text``); a compile
    error has number 0 and the compiler's message in ``stderr``.
    """

    number: int
    verdict: str
    detail: str
    inputs: Any
    input_text: str
    expected: str
    output: str
    stderr: str
    seconds: float
    original_text: str
    shrink_steps: int = 0
    shrink_runs: int = 0
    shrink_complete: bool = True
    memory_kb: int | None = None
    sample: str = ""


@dataclass
class Report:
    """Everything a check found; ``failure`` is None when every case agreed.

    ``samples`` are the statement samples' results, run before the random ``cases``.
    """

    game: str
    command: list[str]
    settings: Settings
    cases: list[CaseResult] = field(default_factory=list)
    failure: Failure | None = None
    cancelled: bool = False
    #: The game options as typed (``["--misere"]``), for the command that repeats the check.
    option_words: list[str] = field(default_factory=list)
    samples: list[CaseResult] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Whether every case ran and agreed."""
        return self.failure is None and not self.cancelled

    @property
    def judged(self) -> list[CaseResult]:
        """Every sample and case that got a verdict (not skipped)."""
        return [c for c in (*self.samples, *self.cases) if c.verdict != SKIPPED]

    @property
    def other_roundings(self) -> int:
        """How many cases were accepted as the other rounding of an exact half."""
        return sum(c.other_rounding for c in (*self.samples, *self.cases))
