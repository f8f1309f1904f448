"""Plain memoised minimax for Xoinc, straight from the rules (tests only)."""

from __future__ import annotations

import functools


def brute_totals(coins: tuple[int, ...]) -> tuple[int, int]:
    """(first player's total, second player's total) with both maximising their own."""
    return play(coins, 0, 2)


def play(coins: tuple[int, ...], top: int, allowance: int) -> tuple[int, int]:
    """(mover's total, other's total) when coins[top:] remain and at most ``allowance`` may go."""

    @functools.cache
    def best(top: int, allowance: int) -> tuple[int, int]:
        if top == len(coins):
            return 0, 0
        choices = []
        for take in range(1, min(allowance, len(coins) - top) + 1):
            other, mine_later = best(top + take, 2 * take)
            choices.append((sum(coins[top : top + take]) + mine_later, other))
        return max(choices)

    return best(top, allowance)


def take_values(coins: tuple[int, ...], top: int, allowance: int) -> list[int]:
    """Mover's total after each legal take 1..allowance from coins[top:], both then optimal."""
    values = []
    for take in range(1, min(allowance, len(coins) - top) + 1):
        _, mine_later = play(coins, top + take, 2 * take)
        values.append(sum(coins[top : top + take]) + mine_later)
    return values
