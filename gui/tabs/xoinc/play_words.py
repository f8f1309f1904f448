"""The sentences of the Xoinc play panel, each made whole in the language spoken now.

Kept apart from the panel so that its log can be written again when the language
changes: a log line is kept as the call that makes it (``functools.partial`` of one
of these), never as a sentence glued from pieces.
"""

from __future__ import annotations

from solvers.i18n import _, ngettext

__all__ = [
    "best_take",
    "coins_text",
    "game_over",
    "hint",
    "new_game",
    "position",
    "solver_took",
    "user_took",
]


def coins_text(first: int, count: int) -> str:
    """``coin #3`` or ``coins #3–5`` (1-based, top first)."""
    if count == 1:
        return _("coin #{number}").format(number=first)
    return _("coins #{first}\u2013{last}").format(first=first, last=first + count - 1)


def new_game(count: int, user_first: bool) -> str:
    """The first line of a game's log: how many coins, which side the user plays."""
    if user_first:
        words = ngettext(
            "New game on {count} coin; you play first (blue).",
            "New game on {count} coins; you play first (blue).",
            count,
        )
    else:
        words = ngettext(
            "New game on {count} coin; you play second (orange).",
            "New game on {count} coins; you play second (orange).",
            count,
        )
    return words.format(count=count)


def user_took(count: int, first: int, gained: int, value: int, mistake: str) -> str:
    """The user's take, what it is worth in the end and, if it was not a best take, ``mistake``."""
    fields = {"count": count, "coins": coins_text(first, count), "gained": gained, "value": value}
    if mistake:
        return _(
            "You took {count} ({coins}) = {gained}. This take is worth {value} in the end."
            " {mistake}"
        ).format(mistake=mistake, **fields)
    return _(
        "You took {count} ({coins}) = {gained}. This take is worth {value} in the end"
        " — a best take."
    ).format(**fields)


def best_take(take: int, value: str) -> str:
    """The best take as a mistake's line names it: ``1 (worth 9)``."""
    return _("{take} (worth {value})").format(take=take, value=value)


def solver_took(count: int, first: int, gained: int) -> str:
    """``Solver took 2 (coins #1–2) = 7.``."""
    return _("Solver took {count} ({coins}) = {gained}.").format(
        count=count, coins=coins_text(first, count), gained=gained
    )


def hint(count: int, first: int, value: str) -> str:
    """The hint's log line: the best take and what the user then ends with."""
    return _("Hint: take {count} ({coins}); you then end with {value}.").format(
        count=count, coins=coins_text(first, count), value=value
    )


def position(mine: int, theirs: int, left: int, next_coin: int, most: int, best: str) -> str:
    """The position line while the game goes on: the score, the coins left, the best outlook."""
    words = ngettext(
        "You {mine} · solver {theirs}. {left} coin left, next is coin #{next}; you may take"
        " 1\u2013{most}. With best play you end with {best}.",
        "You {mine} · solver {theirs}. {left} coins left, next is coin #{next}; you may take"
        " 1\u2013{most}. With best play you end with {best}.",
        left,
    )
    return words.format(mine=mine, theirs=theirs, left=left, next=next_coin, most=most, best=best)


def game_over(mine: int, theirs: int, margin: float, cost: str) -> str:
    """The position line at the end: the score, who won, what the user's takes cost."""
    if margin > 0:
        words = _(
            "Game over. You {mine} · solver {theirs}: you win! Your takes cost you"
            " {cost} against best play."
        )
    elif margin == 0:
        words = _(
            "Game over. You {mine} · solver {theirs}: a draw. Your takes cost you"
            " {cost} against best play."
        )
    else:
        words = _(
            "Game over. You {mine} · solver {theirs}: the solver wins. Your takes cost"
            " you {cost} against best play."
        )
    return words.format(mine=mine, theirs=theirs, cost=cost)
