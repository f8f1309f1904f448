"""What ``python -m solvers GAME --help`` says of each game's input.

The judge's format in words, a sample and its answer (tests/test_cli.py runs every
sample through the solver). Kept out of ``solvers.__main__`` so that answering a case
never builds these texts.
"""

from __future__ import annotations

__all__ = ["INPUT_FORMATS"]

#: Game -> (lines describing the input, a sample input, the sample's answer).
INPUT_FORMATS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "yut": (
        (
            "one line of 10 throws, each 1 to 5 (with --throws and --faces: that many, 1 to F);",
            "several lines are several cases. Output: the highest total score.",
        ),
        "1 2 3 4 1 2 3 4 1 2\n",
        "190",
    ),
    "coverup": (
        (
            "repeated cases: a line with n columns (1 to 5), then a line of n triplets",
            "m l p: a column of m digits (1 to 10), l of them likely (0 <= l < m): the",
            "right digit is one of those with probability p (0 to 1; 0.0 when l is 0).",
            "A line 0 ends the input.",
            "Output per case: the winning probability rounded to 3 decimals (0.5, 1).",
        ),
        "2\n4 1 1.0 5 2 0.8\n0\n",
        "0.8",
    ),
    "greatgame": (
        (
            "repeated cases: a line G W L (throws per round, the lead that wins the match,",
            "the deficit that loses it), then G lines a b c: the opponent's percentages of",
            "rock, paper and scissors at that throw. A line 0 0 0 ends the input.",
            "Output per case: the match win probability in per cent with 3 decimals.",
        ),
        "2 2 2\n30 30 40\n50 20 30\n0 0 0\n",
        "79.318%",
    ),
    "xoinc": (
        (
            "N (number of coins), then N lines with one coin value each, top coin first.",
            "Output: the most the first player can collect.",
        ),
        "5\n1\n3\n1\n7\n2\n",
        "9",
    ),
    "nim": (
        (
            "N (number of piles), then a line of N pile sizes.",
            "Output: koosaga when the first player wins, else cubelover.",
        ),
        "4\n1 2 3 4\n",
        "koosaga",
    ),
}
