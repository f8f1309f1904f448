"""The Great Game (UVa 12164): rock-paper-scissors rounds, a match won W rounds ahead.

Only the round ratio q = P(win round) / (P(win round) + P(lose round)) matters
for the match (tied rounds are replayed), and the match is then a gambler's
ruin. The best q comes from a DP over (throw, score) inside Dinkelbach's
fractional-programming iteration (see ``round_dp``). Edge cases: rounds always
tied cannot happen with valid input (some hand always wins with positive
chance), so q is defined; q = 1 gives 100%; q is never below 1/2 (playing the
hand that beats the opponent's likeliest one wins at least as often as it
loses), and q = 1/2 exactly (only with non-integral percentages) gives L/(W+L).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from solvers.greatgame.cases import example, format_input, generate, shrink
from solvers.greatgame.export import csv_rows
from solvers.greatgame.match import (
    exact_round_odds,
    exact_ruin,
    format_percent,
    near_rounding_tie,
    percent_roundings,
    ruin_probabilities,
)
from solvers.greatgame.model import (
    ALL_HANDS,
    MAX_GAP,
    MAX_THROWS,
    GreatGameInputs,
    Hand,
    check_percentages,
    hands_of_mask,
)
from solvers.greatgame.play import GreatGamePlay, start_match
from solvers.greatgame.policy import policy_pass
from solvers.greatgame.result import GreatGameResult, RoundPolicy, round_policy
from solvers.greatgame.round_dp import FloatArray, RatioSearch, coefficients, search_ratio
from solvers.greatgame.sweeps import SWEEPS
from solvers.i18n import N_
from solvers.protocol import Option, Progress, Tokens, checked, report, tokens_of
from solvers.tokens import TextReader

if TYPE_CHECKING:
    from solvers.explain import Step

__all__ = [
    "ALL_HANDS",
    "MAX_GAP",
    "MAX_THROWS",
    "OPTIONS",
    "SWEEPS",
    "TITLE",
    "GreatGameInputs",
    "GreatGamePlay",
    "GreatGameResult",
    "Hand",
    "Inputs",
    "Result",
    "csv_rows",
    "example",
    "explain",
    "format_input",
    "format_judge",
    "generate",
    "hands_of_mask",
    "iter_judge",
    "judge_answers",
    "match_result",
    "new_game",
    "parse_judge",
    "shrink",
    "solve",
    "solve_great_game",
    "start_match",
]

_LETTER_TO_HAND = bytes.maketrans(b"RPS", bytes([0, 1, 2]))


def solve_great_game(
    inputs: GreatGameInputs,
    progress: Progress | None = None,
    *,
    method: str = "dinkelbach",
    policy: bool = False,
) -> GreatGameResult:
    """Maximise the chance of winning the match; ``method`` may force ``"bisection"``.

    With ``policy`` the round policy is recorded too (otherwise on first use).
    """
    report(progress, 0.0)
    share = 0.5 if policy else 0.98
    step = None if progress is None else (lambda f: report(progress, share * f))
    table = coefficients(inputs.probabilities())
    search = search_ratio(table, method=method, progress=step)
    rest = None if progress is None else (lambda f: report(progress, share + 0.48 * f))
    result = match_result(inputs, table, search, policy=policy, step=rest)
    report(progress, 1.0)
    return result


def match_result(
    inputs: GreatGameInputs,
    table: FloatArray,
    search: RatioSearch,
    *,
    policy: bool = False,
    step: Progress | None = None,
    known: RoundPolicy | None = None,
) -> GreatGameResult:
    """The match's answer for the W and L of ``inputs``, given its round's best ratio.

    The round (``table``, ``search``) does not depend on W and L, so a sweep over
    them searches once and calls this for each value; ``known`` is a policy already
    recorded for this round, reused where a near rounding tie needs one.
    """
    q = search.ratio
    win_by, lose_by = inputs.win_by, inputs.lose_by
    leads = ruin_probabilities(q, win_by, lose_by)
    probability = float(leads[lose_by - 1])
    recorded: RoundPolicy | None = None
    if policy or (near_rounding_tie(probability) and inputs.integral and 0.5 < q < 1.0):
        recorded = known or round_policy(policy_pass(table, search.lam, step=step))
    exact: Fraction | None = None
    if q >= 1.0:
        exact = Fraction(1)
    elif q == 0.5:
        exact = Fraction(lose_by, win_by + lose_by)
    elif near_rounding_tie(probability) and inputs.integral and recorded is not None:
        # The float cannot decide which way a (near) exact half rounds: redo it in integers.
        choice = [row.encode().translate(_LETTER_TO_HAND) for row in recorded.played]
        rows = [(int(a), int(b), int(c)) for a, b, c in inputs.percentages]
        exact = exact_ruin(*exact_round_odds(rows, choice), win_by, lose_by)
    if exact is not None:
        probability = float(exact)
        tie = (exact * 100_000).denominator == 2
    else:
        tie = near_rounding_tie(probability)
    result = GreatGameResult(
        inputs=inputs,
        probability=probability,
        answer=format_percent(probability),
        ratio=q,
        lead_probabilities=tuple(float(p) for p in leads),
        method=search.method,
        dp_passes=search.passes,
        exact=exact is not None,
        lam=search.lam,
        tie=tie,
    )
    if recorded is not None:
        result.keep_policy(recorded)
    return result


def solve(inputs: GreatGameInputs, progress: Progress | None = None) -> GreatGameResult:
    """The protocol entry point: ``solve_great_game`` with Dinkelbach's method."""
    return solve_great_game(inputs, progress)


def parse_judge(text: str) -> list[GreatGameInputs]:
    """Cases ``G W L`` + G lines ``a b c`` until ``0 0 0`` (or the end of the text).

    Percentages are read as numbers, so decimals are accepted beside the
    judge's whole numbers. Nothing but whitespace may follow ``0 0 0``.
    """
    return list(iter_judge(text))


def iter_judge(source: str | TextReader | Tokens) -> Iterator[GreatGameInputs]:
    """The cases of ``parse_judge`` one by one, reading ``source`` only as far as each needs."""
    tokens = tokens_of(source)
    while not tokens.at_end():
        line = tokens.line
        g = tokens.integer(N_("G (throws per round)"), 0, MAX_THROWS)
        win_by = tokens.integer("W", 0, MAX_GAP)
        lose_by = tokens.integer("L", 0, MAX_GAP)
        if g == win_by == lose_by == 0:
            tokens.expect_end()
            return
        rows: list[tuple[float, float, float]] = []
        for index in range(1, g + 1):
            row_line = tokens.line
            a = tokens.real(N_("the rock percentage"), 0, 100)
            b = tokens.real(N_("the paper percentage"), 0, 100)
            c = tokens.real(N_("the scissors percentage"), 0, 100)
            checked(row_line, check_percentages, index, (a, b, c))
            rows.append((a, b, c))
        yield checked(line, GreatGameInputs, tuple(rows), win_by, lose_by)


def format_judge(result: GreatGameResult) -> str:
    """100 x the match-win probability with three decimals and ``%``, as C's printf."""
    return result.answer


def judge_answers(result: GreatGameResult) -> tuple[str, ...]:
    """Every answer a judge accepts: ours, and at an exact half the other rounding too.

    Accepted solutions print a double, whose last bit decides which way a half goes.
    """
    if not result.tie:
        return (result.answer,)
    return (
        result.answer,
        *(t for t in percent_roundings(result.probability) if t != result.answer),
    )


def new_game(inputs: GreatGameInputs, progress: Progress | None = None) -> GreatGamePlay:
    """Solve ``inputs`` and return a match's first position (run it off the UI thread)."""
    half = None if progress is None else (lambda f: report(progress, 0.5 * f))
    result = solve_great_game(inputs, half)
    rest = None if progress is None else (lambda f: report(progress, 0.5 + 0.5 * f))
    state = start_match(result, rest)
    report(progress, 1.0)
    return state


TITLE = N_("Great Game")
#: The Great Game has no command-line options.
OPTIONS: tuple[Option, ...] = ()
Inputs = GreatGameInputs
Result = GreatGameResult


def explain(
    inputs: GreatGameInputs, result: GreatGameResult, *, throw: int = 0, score: int = 0
) -> list[Step]:
    """The derivation of ``result``, step by step (``why.py``, loaded on first use).

    Round ratio, gambler's ruin, the ratio search, the hands of one cell.
    """
    from solvers.greatgame.why import explain as derive

    return derive(inputs, result, throw=throw, score=score)
