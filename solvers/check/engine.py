"""The local judge: statement samples, then random cases, the first failure shrunk.

``Check(module, game, command, settings).run()`` builds ``command`` when it is a source
file (``solvers.check.build``), runs it on the game's statement samples
(``resources/samples/GAME``), then on ``settings.cases`` inputs from
``module.generate(random.Random(seed), size)`` (input on stdin in judge format, several
runs at once), and judges each output against every answer a judge accepts
(``judge_answers``: ours, and at an exact half the other rounding too). A failing
sample is reported as it is; a failing random case is shrunk: the first candidate of
``module.shrink`` that still fails is taken, again and again, until none fails (a
local minimum) or the budget of runs or time is spent. ``Check.cancel()`` may be
called from any thread; it kills every program still running.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from importlib.resources import files
from typing import Any

from solvers.check.build import CompileError, program_command
from solvers.check.compare import ACCEPTED, compare
from solvers.check.model import (
    COMPILE_ERROR,
    NOT_COMPARED,
    SKIPPED,
    CaseResult,
    CheckError,
    Failure,
    Outcome,
    Report,
    Settings,
)
from solvers.check.runner import CANCELLED, TIME_LIMIT, Programs, Run
from solvers.i18n import _
from solvers.protocol import GameModule

__all__ = ["Check", "judge_answers", "statement_samples"]

OnCase = Callable[[CaseResult], None]
#: A failing case found: number, inputs, judge text, outcome, the sample's name (or "").
_Found = tuple[int, Any, str, Outcome, str]


def judge_answers(module: GameModule, result: Any) -> tuple[str, ...]:
    """Every output a judge accepts for ``result``, ours first.

    Games whose answers can fall on an exact half define ``judge_answers``; for the
    others the one answer is ``format_judge``'s.
    """
    answers = getattr(module, "judge_answers", None)
    return tuple(answers(result)) if answers is not None else (module.format_judge(result),)


def statement_samples(game: str) -> list[tuple[str, str]]:
    """The game's statement samples as (name, judge text), shipped in ``resources``."""
    folder = files("resources").joinpath("samples", game)
    if not folder.is_dir():
        return []
    found = [entry for entry in folder.iterdir() if entry.name.endswith(".in")]
    return [
        (entry.name.removesuffix(".in"), entry.read_text(encoding="utf-8"))
        for entry in sorted(found, key=lambda entry: entry.name)
    ]


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
            raise CheckError(_("give the program to check after --, e.g. -- ./a.out"))
        self.module = module
        self.game = game
        self.command = list(command)
        self.settings = settings
        self.options = dict(options or {})
        self._program = self.command  # what runs: the build of a source file
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
        for _case in range(self.settings.cases):
            prepared = self.prepare(self.module.generate(rng, self.settings.size))
            if prepared is None:
                raise CheckError(_("a generated input does not fit the game options given"))
            yield prepared

    def samples(self) -> list[tuple[str, Any, str]]:
        """The statement samples the game options allow, as (name, inputs, text)."""
        found = []
        for name, text in statement_samples(self.game):
            try:
                read = self.module.parse_judge(text, **self.options)
            except ValueError:
                continue
            if len(read) == 1:
                found.append((name, read[0], text))
        return found

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
            answers = [a + "\n" for a in judge_answers(self.module, self.module.solve(inputs))]
        except (ValueError, ArithmeticError, RecursionError, MemoryError) as exc:
            # Beyond our own solver's bounds: no answer to compare with, so no verdict.
            return Outcome(SKIPPED, "", Run(SKIPPED, "", str(exc), 0.0))
        s = self.settings
        run = (programs or self._shrinking).run(
            self._program, text, s.timeout, s.output_cap, s.memory_mb
        )
        if run.status in NOT_COMPARED:
            return Outcome(run.status, answers[0], run)
        verdicts = [compare(answer, run.stdout, s.tolerance) for answer in answers]
        if ACCEPTED in verdicts:
            return Outcome(ACCEPTED, answers[0], run, verdicts[0] != ACCEPTED)
        return Outcome(verdicts[0], answers[0], run)

    def run(
        self, on_case: OnCase | None = None, on_shrink: Callable[[int, str], None] | None = None
    ) -> Report:
        """Build, run the samples, check every case, shrink the first failure."""
        report = Report(self.game, self.command, self.settings)
        try:
            self._program = program_command(self.command, self.settings.memory_mb)
        except CompileError as exc:
            report.failure = Failure(0, COMPILE_ERROR, "", None, "", "", "", str(exc), 0.0, "")
            return report
        try:
            with ThreadPoolExecutor(self.settings.workers, thread_name_prefix="check") as pool:
                try:
                    first = self._run_samples(pool, report, on_case)
                    if first is None and not self.cancelled:
                        first = self._first_failure(pool, report, on_case)
                    self._scan.cancel()
                    if first is not None:
                        report.failure = self._shrink(pool, *first, on_shrink)
                except BaseException:  # Ctrl+C included: kill the programs, then wait for them
                    self.cancel()
                    raise
        finally:
            for programs in (self._scan, self._shrinking):
                programs.close()
        report.cancelled = self.cancelled
        return report

    def _run_samples(
        self, pool: ThreadPoolExecutor, report: Report, on_case: OnCase | None
    ) -> _Found | None:
        samples = self.samples()
        futures = [
            pool.submit(self.judge, inputs, text, self._scan) for _name, inputs, text in samples
        ]
        for number, ((name, inputs, text), future) in enumerate(
            zip(samples, futures, strict=True), 1
        ):
            outcome = future.result()
            if outcome.verdict == CANCELLED:
                return None
            result = _result(number, outcome, name)
            report.samples.append(result)
            if on_case is not None:
                on_case(result)
            if outcome.failed:
                for rest in futures:
                    rest.cancel()
                return number, inputs, text, outcome, name
        return None

    def _first_failure(
        self, pool: ThreadPoolExecutor, report: Report, on_case: OnCase | None
    ) -> _Found | None:
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
                if outcome.verdict == CANCELLED:
                    return None
                result = _result(number, outcome)
                report.cases.append(result)
                if on_case is not None:
                    on_case(result)
                if outcome.failed:
                    return number, inputs, text, outcome, ""
        finally:
            for *_rest, future in pending:
                future.cancel()

    def _shrink(
        self,
        pool: ThreadPoolExecutor,
        number: int,
        inputs: Any,
        text: str,
        outcome: Outcome,
        sample: str,
        on_shrink: Callable[[int, str], None] | None,
    ) -> Failure:
        """Shrink a failing case (a failing sample too: the smallest case says more)."""
        steps = runs = 0
        original = text
        complete = outcome.verdict == TIME_LIMIT  # each try would cost the whole timeout
        deadline = time.monotonic() + self.settings.shrink_seconds
        passed: set[str] = set()  # inputs the program got right: not worth another run
        while not complete and not self.cancelled:
            found = None
            for batch in _batches(self._candidates(inputs, passed | {text}), self.settings.workers):
                if self._spent(deadline, runs):
                    break
                futures = [pool.submit(self.judge, *candidate) for candidate in batch]
                results = [f.result() for f in futures]
                runs += len(batch)
                passed.update(
                    text for (_inputs, text), r in zip(batch, results, strict=True) if not r.failed
                )
                found = next(
                    (
                        (candidate, result)
                        for candidate, result in zip(batch, results, strict=True)
                        if result.failed and result.verdict != TIME_LIMIT
                    ),
                    None,
                )
                if found is not None:
                    break
            else:
                complete = True  # a whole pass without a failing candidate: a local minimum
            if found is None:
                break
            (inputs, text), outcome = found
            steps += 1
            if on_shrink is not None:
                on_shrink(steps, text)
        return _failure(
            number,
            inputs,
            text,
            outcome,
            original_text=original,
            shrink_steps=steps,
            shrink_runs=runs,
            shrink_complete=complete and not self.cancelled,
            sample=sample,
        )

    def _spent(self, deadline: float, runs: int) -> bool:
        over_budget = runs + self.settings.workers > self.settings.shrink_runs
        return self.cancelled or time.monotonic() > deadline or over_budget

    def _candidates(self, inputs: Any, skip: set[str]) -> Iterator[tuple[Any, str]]:
        for candidate in self.module.shrink(inputs):
            prepared = self.prepare(candidate)
            if prepared is not None and prepared[1] not in skip:
                skip.add(prepared[1])  # the same candidate twice in one pass: run once
                yield prepared


def _result(number: int, outcome: Outcome, sample: str = "") -> CaseResult:
    run = outcome.run
    return CaseResult(
        number,
        outcome.verdict,
        run.seconds,
        run.detail,
        run.memory_kb,
        sample,
        outcome.other_rounding,
    )


def _failure(number: int, inputs: Any, text: str, outcome: Outcome, **more: Any) -> Failure:
    run = outcome.run
    more.setdefault("original_text", text)
    return Failure(
        number=number,
        verdict=outcome.verdict,
        detail=run.detail,
        inputs=inputs,
        input_text=text,
        expected=outcome.expected,
        output=run.stdout,
        stderr=run.stderr,
        seconds=run.seconds,
        memory_kb=run.memory_kb,
        **more,
    )


def _batches(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
