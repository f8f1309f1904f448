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

from fractions import Fraction

from solvers.greatgame.match import (
    exact_round_odds,
    exact_ruin,
    format_percent,
    near_rounding_tie,
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
from solvers.greatgame.policy import policy_pass
from solvers.greatgame.result import GreatGameResult, RoundPolicy, round_policy
from solvers.greatgame.round_dp import coefficients, search_ratio
from solvers.protocol import Progress, Tokens, checked, report

__all__ = [
    "ALL_HANDS",
    "MAX_GAP",
    "MAX_THROWS",
    "GreatGameInputs",
    "GreatGameResult",
    "Hand",
    "csv_rows",
    "format_judge",
    "hands_of_mask",
    "parse_judge",
    "solve",
    "solve_great_game",
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
    q = search.ratio
    win_by, lose_by = inputs.win_by, inputs.lose_by
    leads = ruin_probabilities(q, win_by, lose_by)
    probability = float(leads[lose_by - 1])
    recorded: RoundPolicy | None = None
    if policy or (near_rounding_tie(probability) and inputs.integral and 0.5 < q < 1.0):
        rest = None if progress is None else (lambda f: report(progress, share + 0.48 * f))
        recorded = round_policy(policy_pass(table, search.lam, step=rest))
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
    result = GreatGameResult(
        inputs=inputs,
        probability=probability,
        answer=format_percent(exact if exact is not None else probability),
        ratio=q,
        lead_probabilities=tuple(float(p) for p in leads),
        method=search.method,
        dp_passes=search.passes,
        exact=exact is not None,
        lam=search.lam,
    )
    if recorded is not None:
        result.keep_policy(recorded)
    report(progress, 1.0)
    return result


def solve(inputs: GreatGameInputs, progress: Progress | None = None) -> GreatGameResult:
    """The protocol entry point: ``solve_great_game`` with Dinkelbach's method."""
    return solve_great_game(inputs, progress)


def parse_judge(text: str) -> list[GreatGameInputs]:
    """Cases ``G W L`` + G lines ``a b c`` until ``0 0 0`` (or the end of the text).

    Percentages are read as numbers, so decimals are accepted beside the
    judge's whole numbers.
    """
    tokens = Tokens(text)
    cases: list[GreatGameInputs] = []
    while not tokens.at_end():
        line = tokens.line
        g = tokens.integer("G (throws per round)", 0, MAX_THROWS)
        win_by = tokens.integer("W", 0, MAX_GAP)
        lose_by = tokens.integer("L", 0, MAX_GAP)
        if g == win_by == lose_by == 0:
            break
        rows: list[tuple[float, float, float]] = []
        for index in range(1, g + 1):
            row_line = tokens.line
            a = tokens.real("the rock percentage", 0, 100)
            b = tokens.real("the paper percentage", 0, 100)
            c = tokens.real("the scissors percentage", 0, 100)
            checked(row_line, check_percentages, index, (a, b, c))
            rows.append((a, b, c))
        cases.append(checked(line, GreatGameInputs, tuple(rows), win_by, lose_by))
    return cases


def format_judge(result: GreatGameResult) -> str:
    """100 x the match-win probability with three decimals and ``%``."""
    return result.answer


_HAND_NAMES = ("rock", "paper", "scissors")


def _hands_text(mask: int) -> str:
    return "|".join(_HAND_NAMES[h] for h in hands_of_mask(mask))


def csv_rows(inputs: GreatGameInputs, result: GreatGameResult | None) -> list[list[str]]:
    """Inputs, then (after a solve) the summary, the lead curve and the policy grid.

    Columns: section, item, value, rock, paper, scissors. The policy block is
    a grid: its first row lists the scores -G .. G, then one row per throw
    whose cells name the best hands (``rock|paper`` for a tie, all three where
    the round is already decided, empty where the score cannot happen).
    """
    rows = [["section", "item", "value", "rock", "paper", "scissors"]]
    rows.append(["input", "G", str(inputs.throws), "", "", ""])
    rows.append(["input", "W", str(inputs.win_by), "", "", ""])
    rows.append(["input", "L", str(inputs.lose_by), "", "", ""])
    for i, (a, b, c) in enumerate(inputs.percentages, start=1):
        rows.append(["throw", str(i), "", f"{a:g}", f"{b:g}", f"{c:g}"])
    if result is None:
        return rows
    summary = [
        ("answer", result.answer),
        ("match win probability", repr(result.probability)),
        ("round ratio q", repr(result.ratio)),
        ("round win", repr(result.round_win)),
        ("round tie", repr(result.round_tie)),
        ("round lose", repr(result.round_lose)),
        ("method", f"{result.method}, {result.dp_passes} DP passes"),
    ]
    rows.extend(["summary", name, value, "", "", ""] for name, value in summary)
    rows.extend(
        ["lead", str(lead), repr(p), "", "", ""]
        for lead, p in zip(result.leads, result.lead_probabilities, strict=True)
    )
    g = inputs.throws
    rows.append(["policy", "throw \\ score", *(str(d) for d in range(-g, g + 1))])
    names = {str(mask): _hands_text(mask) for mask in range(8)}
    for i, row in enumerate(result.policy):
        pad = [""] * (g - i)
        rows.append(["policy", str(i + 1), *pad, *(names[digit] for digit in row), *pad])
    return rows
