"""CSV rows a person can read: labelled sections, each with its own header row.

Every row carries its section's name in the first column and all rows are
padded to one width (the widest section, the policy grid), so the file is one
rectangular table that still reads section by section in a spreadsheet.
Probabilities are percentages rounded to 4 decimals (the judge prints 3).
"""

from __future__ import annotations

from solvers.greatgame.model import GreatGameInputs, Hand, hands_of_mask
from solvers.greatgame.result import GreatGameResult

__all__ = ["csv_rows", "hands_in_words"]

HEADER = ["section", "quantity", "value", "unit"]


def _percent(probability: float) -> str:
    return f"{100 * probability:.4f}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.10g}"


def hands_in_words(mask: int, decided: bool = False) -> str:
    """``rock``, ``rock or paper``, ``any hand (round decided)``; empty for mask 0."""
    if decided:
        return "any hand (round decided)"
    return " or ".join(h.name.lower() for h in hands_of_mask(mask))


def csv_rows(inputs: GreatGameInputs, result: GreatGameResult | None) -> list[list[str]]:
    """Sections ``match``, ``opponent`` and (after a solve) ``lead`` and ``policy``.

    ``match``: G, W, L and the answers; ``opponent``: one row per throw with the
    opponent's percentages; ``lead``: the match-win probability at the start of a
    round for every lead; ``policy``: one row per throw, one column per round
    score, naming the best hands (empty where the score cannot happen).
    """
    g = inputs.throws
    rows = [
        HEADER,
        ["match", "throws per round (G)", str(g), "throws"],
        ["match", "lead that wins the match (W)", str(inputs.win_by), "rounds"],
        ["match", "deficit that loses the match (L)", str(inputs.lose_by), "rounds"],
    ]
    if result is not None:
        round_ = result.round
        rows += [
            ["match", "answer as the judge prints it", result.answer, ""],
            ["match", "match win probability", _percent(result.probability), "%"],
            ["match", "round won, best play", _percent(round_.round_win), "%"],
            ["match", "round tied, best play", _percent(round_.round_tie), "%"],
            ["match", "round lost, best play", _percent(round_.round_lose), "%"],
            ["match", "share of decided rounds won", _percent(result.ratio), "%"],
            ["match", "search method", result.method, ""],
            ["match", "round DP passes", str(result.dp_passes), "passes"],
        ]
    rows.append(["opponent", "throw", *(f"{h.name.lower()} (%)" for h in Hand)])
    rows += [
        ["opponent", str(i), *(_number(v) for v in row)]
        for i, row in enumerate(inputs.percentages, start=1)
    ]
    if result is not None:
        rows.append(["lead", "lead at the start of a round (rounds)", "match win probability (%)"])
        leads = range(-inputs.lose_by, inputs.win_by + 1)
        chances = (0.0, *result.lead_probabilities, 1.0)
        rows += [["lead", str(s), _percent(p)] for s, p in zip(leads, chances, strict=True)]
        rows.append(
            ["policy", "throw \\ round score (you - opponent)", *(str(d) for d in range(-g, g + 1))]
        )
        # Outside a row's band every cell is decided; inside it all three bits are a real tie.
        decided = {str(mask): hands_in_words(mask, decided=mask == 7) for mask in range(1, 8)}
        open_ = {str(mask): hands_in_words(mask) for mask in range(1, 8)}
        for i, row in enumerate(result.policy):
            half = min(i, g - i)
            pad = [""] * (g - i)
            cells = [decided[c] for c in row[: i - half]]
            cells += [open_[c] for c in row[i - half : i + half + 1]]
            cells += [decided[c] for c in row[i + half + 1 :]]
            rows.append(["policy", str(i + 1), *pad, *cells, *pad])
    width = max(len(row) for row in rows)
    return [row + [""] * (width - len(row)) for row in rows]
