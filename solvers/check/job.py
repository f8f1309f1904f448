"""The local judge as a worker job: ``run_check(CheckRequest(...), progress)`` (no Qt).

The Check dialog runs a check the way every tab runs a solve: ``Job(run_check,
(request,))`` on a ``SolveController``, in a worker process, so the window process runs
no Python thread. Everything that travels is picklable: the request names the game's
module (imported in the worker, as pickle imports a job's function) and carries the
options as typed; each judged case arrives as a ``CaseResult`` note and each shrinking
step as a ``Shrunk`` note, in order, through ``progress(fraction, note)``.

The check itself runs on a thread of the job's own: the job's thread relays its news and
calls ``progress`` at least every ``HEARTBEAT`` seconds, so a cancel is seen at once even
while a program runs for its whole time limit (a case reports only when it ends). The
``Cancelled`` that ``progress`` raises kills every program of the check before it goes
on. A worker terminated outright leaves nothing either: the launchers are children of
the worker that die with it (``solvers.check.launcher``: parent-death signal, subreaper).
"""

from __future__ import annotations

import contextlib
import importlib
import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from solvers.check.build import BuildError
from solvers.check.engine import Check
from solvers.check.model import CaseResult, CheckError, Report, Settings
from solvers.check.runner import ProgramError
from solvers.protocol import InputError, parse_options

__all__ = ["HEARTBEAT", "CheckRequest", "Note", "Shrunk", "run_check"]

#: Longest wait (seconds) between two ``progress`` calls: how late a cancel is seen.
HEARTBEAT = 0.05


@dataclass(frozen=True)
class CheckRequest:
    """One check to run: ``module`` is the game module's import name (``solvers.nim``).

    ``option_words`` are the game options as typed (``("--misere",)``): the worker reads
    them with the module's ``OPTIONS`` and the report repeats them in its command.
    """

    module: str
    game: str
    command: tuple[str, ...]
    settings: Settings
    option_words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Shrunk:
    """Shrinking found a smaller failing input: ``steps`` so far, the latest in judge text."""

    steps: int
    input_text: str


#: What ``run_check`` tells as it goes.
Note = CaseResult | Shrunk
_END = object()  # the check's thread has ended (its report or error is kept)


def run_check(
    request: CheckRequest, progress: Callable[[float, Any], None] | None = None
) -> Report:
    """Run the check of ``request`` here and return its report.

    Raises ``InputError`` for what the user can fix (a program that cannot start, a
    source that cannot be built, options the game refuses) and ``Cancelled`` when
    ``progress`` raises it, once every program the check started is killed.
    """
    try:
        module = importlib.import_module(request.module)
        options = parse_options(getattr(module, "OPTIONS", ()), list(request.option_words))
        check = Check(module, request.game, request.command, request.settings, options)
        with _address_space_lifted():
            report = check.run() if progress is None else _relayed(check, progress)
    except (ProgramError, BuildError, CheckError) as exc:
        raise InputError(str(exc) or type(exc).__name__) from exc
    report.option_words = list(request.option_words)
    return report


def _relayed(check: Check, progress: Callable[[float, Any], None]) -> Report:
    """Run ``check`` on a thread; this thread passes its news on to ``progress``."""
    news: queue.SimpleQueue[Any] = queue.SimpleQueue()
    ended: dict[str, Any] = {}

    def body() -> None:
        try:
            ended["report"] = check.run(
                on_case=news.put, on_shrink=lambda steps, text: news.put(Shrunk(steps, text))
            )
        except BaseException as exc:  # handed to the job's thread, which raises it
            ended["error"] = exc
        finally:
            news.put(_END)

    thread = threading.Thread(target=body, name="check-run", daemon=True)
    thread.start()
    fraction = 0.0
    try:
        while (item := _next(news)) is not _END:
            if isinstance(item, CaseResult) and not item.sample:
                fraction = item.number / check.settings.cases
            progress(fraction, item)  # raises Cancelled once the window cancelled
    except BaseException:
        check.cancel()  # kills every running program; the check's thread returns at once
        thread.join()
        raise
    thread.join()
    if "error" in ended:
        raise ended["error"]
    report: Report = ended["report"]
    return report


def _next(news: queue.SimpleQueue[Any]) -> Any:
    """The next piece of news, or None after ``HEARTBEAT`` seconds without any."""
    try:
        return news.get(timeout=HEARTBEAT)
    except queue.Empty:
        return None


@contextlib.contextmanager
def _address_space_lifted() -> Iterator[None]:
    """Lift the worker's address-space limit for the programs the check starts.

    Children inherit the limit the worker process keeps for its solves, and a JVM (javac
    too) cannot even start under it; each run gets its own limit from the settings.
    """
    try:
        import resource  # POSIX only
    except ImportError:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    lifted = False
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
            lifted = True
    try:
        yield
    finally:
        if lifted:
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
