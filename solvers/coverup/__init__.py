"""Cover Up (The Price Is Right; Baekjoon 4045): the optimal way to cover the digits.

Each turn the player covers one untried digit in every unsolved column; a
turn with no new right digit loses, all columns right wins. ``exact`` values
every reachable state with a memoised recursion in plain Python (identical
columns merged), so one judge case needs no NumPy; ``result`` turns the values
into the optimal picks, the value of every alternative and which picks keep a
column in reserve on purpose; ``play`` is the play-along state and
``simulation`` the Monte Carlo check (NumPy, imported when it runs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solvers.coverup.cases import example, format_input, generate, shrink
from solvers.coverup.judge import (
    csv_rows,
    format_judge,
    format_probability,
    iter_judge,
    judge_answers,
    parse_judge,
)
from solvers.coverup.model import (
    MAX_COLUMNS,
    MAX_DIGITS,
    Column,
    CoverUpInputs,
    Pick,
    State,
    advance,
    check_picks,
    hit_probabilities,
    initial_state,
    posteriors,
    reserve_flags,
)
from solvers.coverup.play import CoverUpGame, Outcome, Picks, new_game
from solvers.coverup.result import Alternative, CoverUpResult, PolicyEntry, solve
from solvers.coverup.sweeps import SWEEPS
from solvers.i18n import N_
from solvers.protocol import Option, Progress

if TYPE_CHECKING:
    from solvers.coverup.simulation import Simulation
    from solvers.explain import Step

__all__ = [
    "MAX_COLUMNS",
    "MAX_DIGITS",
    "OPTIONS",
    "SWEEPS",
    "TITLE",
    "Alternative",
    "Column",
    "CoverUpGame",
    "CoverUpInputs",
    "CoverUpResult",
    "Inputs",
    "Outcome",
    "Pick",
    "Picks",
    "PolicyEntry",
    "Result",
    "Simulation",
    "State",
    "advance",
    "check_picks",
    "csv_rows",
    "example",
    "explain",
    "format_input",
    "format_judge",
    "format_probability",
    "generate",
    "hit_probabilities",
    "initial_state",
    "iter_judge",
    "judge_answers",
    "new_game",
    "parse_judge",
    "posteriors",
    "reserve_flags",
    "shrink",
    "simulate",
    "solve",
]

TITLE = N_("Cover Up")
OPTIONS: tuple[Option, ...] = ()
Inputs = CoverUpInputs
Result = CoverUpResult


def simulate(
    result: CoverUpResult,
    games: int = 100_000,
    seed: int | None = None,
    progress: Progress | None = None,
) -> Simulation:
    """Monte Carlo games of the optimal policy (see ``solvers.coverup.simulation``)."""
    from solvers.coverup.simulation import simulate as run

    return run(result, games, seed, progress)


def __getattr__(name: str) -> Any:
    # The simulation's names load NumPy, so they are imported on first use only.
    if name in ("Simulation", "wilson_interval"):
        from solvers.coverup import simulation

        return getattr(simulation, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def explain(inputs: CoverUpInputs, result: CoverUpResult) -> list[Step]:
    """The derivation of ``result``, step by step (``why.py``, loaded on first use).

    A step per turn of one game, every way to pick valued.
    """
    from solvers.coverup.why import explain as derive

    return derive(inputs, result)
