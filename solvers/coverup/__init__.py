"""Cover Up (The Price Is Right; Baekjoon 4045): the optimal way to cover the digits.

Each turn the player covers one untried digit in every unsolved column; a
turn with no new right digit loses, all columns right wins. The solver values
every reachable state exactly (a DP over turns, vectorised over states, with
identical columns merged) and gives the optimal picks, the value of every
alternative pick and which picks keep a column in reserve on purpose.
"""

from __future__ import annotations

from solvers.coverup.judge import csv_rows, format_judge, format_probability, parse_judge
from solvers.coverup.model import (
    MAX_COLUMNS,
    MAX_DIGITS,
    Column,
    CoverUpInputs,
    Pick,
    State,
    advance,
    hit_probabilities,
    initial_state,
    posteriors,
    reserve_flags,
)
from solvers.coverup.play import Simulation, TurnReport, play_turn, simulate
from solvers.coverup.result import Alternative, CoverUpResult, PolicyEntry, solve

__all__ = [
    "MAX_COLUMNS",
    "MAX_DIGITS",
    "Alternative",
    "Column",
    "CoverUpInputs",
    "CoverUpResult",
    "Pick",
    "PolicyEntry",
    "Simulation",
    "State",
    "TurnReport",
    "advance",
    "csv_rows",
    "format_judge",
    "format_probability",
    "hit_probabilities",
    "initial_state",
    "parse_judge",
    "play_turn",
    "posteriors",
    "reserve_flags",
    "simulate",
    "solve",
]
