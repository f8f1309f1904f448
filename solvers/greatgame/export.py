"""CSV rows a person can read: one table, every column named, every row as wide as the header.

Each row says in its first column which part of the answer it holds
(``match``, ``opponent``, ``lead``, ``policy``) and fills only the columns that
part uses: the match's numbers under quantity / value / unit, the opponent's
percentages under throw and rock / paper / scissors, the chance to win the
match under lead, and the best hands under throw and one column per round
score. Probabilities are percentages rounded to 4 decimals (the judge prints 3).
"""

from __future__ import annotations

from solvers.greatgame.model import GreatGameInputs, hands_of_mask
from solvers.greatgame.result import GreatGameResult

__all__ = ["csv_rows", "hands_in_words"]

#: The columns every row has; the policy adds one column per round score after them.
HEADER = [
    "section",
    "quantity",
    "value",
    "unit",
    "throw",
    "lead (rounds)",
    "rock (%)",
    "paper (%)",
    "scissors (%)",
]
THROW, LEAD, ROCK = 4, 5, 6


def _percent(probability: float) -> str:
    return f"{100 * probability:.4f}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.10g}"


def hands_in_words(mask: int, decided: bool = False) -> str:
    """``rock``, ``rock or paper``, ``any hand (round decided)``; empty for mask 0."""
    if decided:
        return "any hand (round decided)"
    return " or ".join(h.name.lower() for h in hands_of_mask(mask))


def _row(width: int, section: str, cells: dict[int, str]) -> list[str]:
    row = [section] + [""] * (width - 1)
    for column, text in cells.items():
        row[column] = text
    return row


def csv_rows(inputs: GreatGameInputs, result: GreatGameResult | None) -> list[list[str]]:
    """Header, then ``match``, ``opponent`` and (after a solve) ``lead`` and ``policy`` rows.

    ``match``: G, W, L and the answers; ``opponent``: one row per throw with the
    opponent's percentages; ``lead``: the match-win probability at the start of
    a round for every lead; ``policy``: one row per throw naming the best hands
    under each round score (you minus opponent; empty where it cannot happen).
    """
    g = inputs.throws
    scores = range(-g, g + 1) if result is not None else range(0)
    header = HEADER + [
        f"best hand at round score {d:+d}" if d else "best hand at round score 0" for d in scores
    ]
    width = len(header)

    def match(quantity: str, value: str, unit: str) -> list[str]:
        return _row(width, "match", {1: quantity, 2: value, 3: unit})

    rows = [
        header,
        match("throws per round (G)", str(g), "throws"),
        match("lead that wins the match (W)", str(inputs.win_by), "rounds"),
        match("deficit that loses the match (L)", str(inputs.lose_by), "rounds"),
    ]
    if result is not None:
        round_ = result.round
        rows += [
            match("answer as the judge prints it", result.answer, ""),
            match("match win probability", _percent(result.probability), "%"),
            match("round won, best play", _percent(round_.round_win), "%"),
            match("round tied, best play", _percent(round_.round_tie), "%"),
            match("round lost, best play", _percent(round_.round_lose), "%"),
            match("share of decided rounds won", _percent(result.ratio), "%"),
        ]
    for i, percentages in enumerate(inputs.percentages, start=1):
        cells = {THROW: str(i)} | {ROCK + k: _number(v) for k, v in enumerate(percentages)}
        rows.append(_row(width, "opponent", {1: "opponent's percentages", **cells}))
    if result is None:
        return rows
    leads = range(-inputs.lose_by, inputs.win_by + 1)
    chances = (0.0, *result.lead_probabilities, 1.0)
    for lead, chance in zip(leads, chances, strict=True):
        cells = {1: "match win probability at the start of a round", 2: _percent(chance)}
        rows.append(_row(width, "lead", {**cells, 3: "%", LEAD: str(lead)}))
    # Outside a row's band every cell is decided; inside it all three bits are a real tie.
    decided = {str(mask): hands_in_words(mask, decided=mask == 7) for mask in range(1, 8)}
    open_ = {str(mask): hands_in_words(mask) for mask in range(1, 8)}
    first = len(HEADER)
    for i, masks in enumerate(result.policy):
        half = min(i, g - i)
        row = _row(width, "policy", {1: "best hands", THROW: str(i + 1)})
        for k, mask in enumerate(masks):
            words = open_ if i - half <= k <= i + half else decided
            # Character k of row i is round score k - i, in column first + (k - i) + g.
            row[first + k - i + g] = words[mask]
        rows.append(row)
    return rows
