"""The local judge: random cases, the program against our solver, greedy shrinking.

``Check(module, command, settings).run()`` generates ``settings.cases`` inputs with
``module.generate(random.Random(seed), size)``, runs the program on each (input on
stdin in judge format, several runs at once), compares its output with
``format_judge(solve(x))`` and, on the first case it gets wrong, shrinks that input:
the first candidate of ``module.shrink`` that still fails is taken, again and again,
until no candidate fails (or the shrink time runs out). ``Check.cancel()`` may be
called from any thread; it kills every program still running.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from solvers.check.compare import ACCEPTED, compare
from solvers.check.runner import OUTPUT_CAP, Programs, Run
from solvers.protocol import GameModule

__all__ = [
    "SIZES",
    "SKIPPED",
    "CaseResult",
    "Check",
    "CheckError",
    "Failure",
    "Report",
    "Settings",
]

SIZES = ("small", "judge", "max")
#: The verdict of a case our own solver refuses (beyond its work bound): not judged.
SKIPPED = "skipped"
#: Verdicts that end a run without comparing outputs.
_NOT_COMPARED = {"runtime error", "time limit", "output limit", "cancelled"}


class CheckError(ValueError):
    """The check cannot run as asked (an option the generated inputs do not fit...)."""


@dataclass(frozen=True)
class Settings:
    """What to check and how; ``jobs`` = 0 runs as many programs at once as there are cores."""

    cases: int = 200
    seed: int = 0
    size: str = "judge"
    timeout: float = 5.0
    tolerance: float | None = None
    shrink_seconds: float = 30.0
    jobs: int = 0
    output_cap: int = OUTPUT_CAP

    def __post_init__(self) -> None:
        if self.cases < 1:
            raise CheckError(f"--cases: at least 1, got {self.cases}")
        if self.size not in SIZES:
            raise CheckError(f"--size: one of {', '.join(SIZES)}, got {self.size!r}")
        if not 0 < self.timeout <= 3600:
            raise CheckError(f"--timeout: between 0 and 3600 seconds, got {self.timeout}")
        if self.tolerance is not None and not 0 <= self.tolerance < float("inf"):
            raise CheckError(f"--tolerance: a number at least 0, got {self.tolerance}")

    @property
    def workers(self) -> int:
        """How many programs run at once."""
        return self.jobs if self.jobs > 0 else max(2, os.cpu_count() or 1)


@dataclass(frozen=True)
class Outcome:
    """One case judged: the verdict and both outputs."""

    verdict: str
    expected: str
    run: Run

    @property
    def failed(self) -> bool:
        """Whether the program got this case wrong (a cancelled run is not a failure)."""
        return self.verdict not in (ACCEPTED, "cancelled", SKIPPED)


@dataclass(frozen=True)
class CaseResult:
    """The verdict on one generated case (numbered from 1) and the program's time."""

    number: int
    verdict: str
    seconds: float
    detail: str = ""


@dataclass(frozen=True)
class Failure:
    """The first case the program got wrong, shrunk: ``inputs`` is the smallest found."""

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


@dataclass
class Report:
    """Everything a check found; ``failure`` is None when every case agreed."""

    game: str
    command: list[str]
    settings: Settings
    cases: list[CaseResult] = field(default_factory=list)
    failure: Failure | None = None
    cancelled: bool = False
    #: The game options as typed (``["--misere"]``), for the command that repeats the check.
    option_words: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Whether every case ran and agreed."""
        return self.failure is None and not self.cancelled


class Check:
    """One check of ``command`` on ``module``'s game; ``options`` are its judge options."""

    def __init__(
        self,
        module: GameModule,
        game: str,
        command: Sequence[str],
        settings: Settings,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        if not command:
            raise CheckError("give the program to check after --, e.g. -- ./a.out")
        self.module = module
        self.game = game
        self.command = list(command)
        self.settings = settings
        self.options = dict(options or {})
        # One set of runs for the scan, another for shrinking: ending the scan at its
        # first failure stops (and refuses to start) the scan's runs only.
        self._scan = Programs()
        self._shrinking = Programs()

    @property
    def cancelled(self) -> bool:
        """Whether ``cancel`` was called."""
        return self._shrinking.cancelled

    def cancel(self) -> None:
        """Stop the check from any thread: running programs are killed."""
        self._scan.cancel()
        self._shrinking.cancel()

    def cases(self) -> Iterator[tuple[Any, str]]:
        """The generated cases as (inputs, judge text), the same for the same seed."""
        rng = random.Random(self.settings.seed)
        for _ in range(self.settings.cases):
            prepared = self.prepare(self.module.generate(rng, self.settings.size))
            if prepared is None:
                raise CheckError("a generated input does not fit the game options given")
            yield prepared

    def prepare(self, inputs: Any) -> tuple[Any, str] | None:
        """The case the program really sees: ``inputs`` written out and read back.

        Reading back with the options applies them (``--misere``) and makes sure our
        answer is computed on exactly what the program reads. None if unreadable.
        """
        text = self.module.format_input(inputs)
        try:
            read = self.module.parse_judge(text, **self.options)
        except ValueError:
            return None
        return (read[0], text) if len(read) == 1 else None

    def judge(self, inputs: Any, text: str, programs: Programs | None = None) -> Outcome:
        """Run the program on one case and judge its output against ours."""
        try:
            expected = self.module.format_judge(self.module.solve(inputs)) + "\n"
        except (ValueError, ArithmeticError, RecursionError, MemoryError) as exc:
            # Beyond our own solver's bounds: no answer to compare with, so no verdict.
            return Outcome(SKIPPED, "", Run(SKIPPED, "", str(exc), 0.0))
        run = (programs or self._shrinking).run(
            self.command, text, self.settings.timeout, self.settings.output_cap
        )
        if run.status in _NOT_COMPARED:
            return Outcome(run.status, expected, run)
        return Outcome(compare(expected, run.stdout, self.settings.tolerance), expected, run)

    def run(
        self,
        on_case: Callable[[CaseResult], None] | None = None,
        on_shrink: Callable[[int, str], None] | None = None,
    ) -> Report:
        """Check every case, shrink the first failure; callbacks report progress."""
        report = Report(self.game, self.command, self.settings)
        with ThreadPoolExecutor(self.settings.workers, thread_name_prefix="check") as pool:
            try:
                first = self._first_failure(pool, report, on_case)
                self._scan.cancel()
                if first is not None:
                    report.failure = self._shrink(pool, *first, on_shrink)
            except BaseException:  # Ctrl+C included: kill the programs before waiting for them
                self.cancel()
                raise
        report.cancelled = self.cancelled
        return report

    def _first_failure(
        self,
        pool: ThreadPoolExecutor,
        report: Report,
        on_case: Callable[[CaseResult], None] | None,
    ) -> tuple[int, Any, str, Outcome] | None:
        window = 2 * self.settings.workers
        pending: list[tuple[int, Any, str, Future[Outcome]]] = []
        cases = enumerate(self.cases(), start=1)
        try:
            while True:
                while len(pending) < window and (item := next(cases, None)) is not None:
                    number, (inputs, text) = item
                    pending.append(
                        (number, inputs, text, pool.submit(self.judge, inputs, text, self._scan))
                    )
                if not pending:
                    return None
                number, inputs, text, future = pending.pop(0)
                outcome = future.result()
                if outcome.verdict == "cancelled":
                    return None
                result = CaseResult(
                    number, outcome.verdict, outcome.run.seconds, outcome.run.detail
                )
                report.cases.append(result)
                if on_case is not None:
                    on_case(result)
                if outcome.failed:
                    return number, inputs, text, outcome
        finally:
            for *_, future in pending:
                future.cancel()

    def _shrink(
        self,
        pool: ThreadPoolExecutor,
        number: int,
        inputs: Any,
        text: str,
        outcome: Outcome,
        on_shrink: Callable[[int, str], None] | None,
    ) -> Failure:
        steps = runs = 0
        original = text
        complete = outcome.verdict == "time limit"  # each try would cost the whole timeout
        deadline = time.monotonic() + self.settings.shrink_seconds
        passed: set[str] = set()  # inputs the program got right: not worth another run
        while not complete and not self.cancelled:
            found = None
            for batch in _batches(self._candidates(inputs, passed | {text}), self.settings.workers):
                if time.monotonic() > deadline or self.cancelled:
                    break
                futures = [pool.submit(self.judge, *candidate) for candidate in batch]
                results = [f.result() for f in futures]
                runs += len(batch)
                passed.update(
                    text for (_, text), r in zip(batch, results, strict=True) if not r.failed
                )
                found = next(
                    (
                        (candidate, result)
                        for candidate, result in zip(batch, results, strict=True)
                        if result.failed and result.verdict != "time limit"
                    ),
                    None,
                )
                if found is not None:
                    break
            else:
                complete = True
            if found is None:
                break
            (inputs, text), outcome = found
            steps += 1
            if on_shrink is not None:
                on_shrink(steps, text)
        return Failure(
            number=number,
            verdict=outcome.verdict,
            detail=outcome.run.detail,
            inputs=inputs,
            input_text=text,
            expected=outcome.expected,
            output=outcome.run.stdout,
            stderr=outcome.run.stderr,
            seconds=outcome.run.seconds,
            original_text=original,
            shrink_steps=steps,
            shrink_runs=runs,
            shrink_complete=complete and not self.cancelled,
        )

    def _candidates(self, inputs: Any, skip: set[str]) -> Iterator[tuple[Any, str]]:
        for candidate in self.module.shrink(inputs):
            prepared = self.prepare(candidate)
            if prepared is not None and prepared[1] not in skip:
                skip.add(prepared[1])  # the same candidate twice in one pass: run once
                yield prepared


def _batches(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
