"""Why the Xoinc answer holds: the state, the recurrence, and every take along the line.

The numbers are the solver's own: its value table (``ValueTable.take_values``,
``opponent_best``, ``suffix``) and its optimal line; the sentences are ``TEXTS``.
``explain_position`` gives the same reasoning for a position of a game in play.
"""

from __future__ import annotations

from functools import lru_cache

from solvers.explain import Ref, Step, Table, bounded_rows, phrasebook
from solvers.i18n import N_, ngettext
from solvers.xoinc import Turn, XoincInputs, XoincResult
from solvers.xoinc.table import FIRST_ALLOWANCE, ValueTable, build_table

__all__ = ["MAX_TURN_STEPS", "TEXTS", "explain", "explain_position"]

#: Turns of the line explained take by take; the table of the line covers the rest.
MAX_TURN_STEPS = 30
#: A turn with more takes than this lists the first ones and those around the best.
_ALL_TAKES_UP_TO = 16

#: Every English sentence of a Xoinc explanation, with named fields (one place to translate).
#: Formulas are the same in every language and stay unmarked; sentences with a count of
#: things are written where they are said (``ngettext`` must see both forms).
TEXTS = {
    "state_title": N_("The state: (coins left, most coins that may be taken)"),
    "state_text": N_(
        "Only the coins left and the most the mover may take matter, not how the game got "
        "there. With i coins left and at most a to take, let S(i) be the sum of those i "
        "coins and f(i, a) the most the mover can end up with from them. The game starts at "
        "(i, a) = ({coins}, {first}): the first player may take 1 or 2 coins."
    ),
    "recurrence_title": N_("The recurrence"),
    "recurrence_text": N_(
        "Taking t coins (1 ≤ t ≤ min(a, i)) leaves the opponent i − t coins and allows them "
        "up to 2t; whatever the opponent ends with out of the rest, the mover gets the other "
        "part of S(i):\n"
        "f(i, a) = S(i) − min over t of f(i − t, 2t), and f(i, a) = S(i) once a ≥ i.\n"
        "The answer is f({coins}, {first}) = {answer}."
    ),
    "coin": N_("coin {number}"),
    "value": N_("value"),
    "suffix": N_("S(i) from here"),
    "line_title": N_("The part of the table the optimal line passes through"),
    "line_text": N_(
        "Each turn of the optimal line reads one position (i, a) of the table; the best take "
        "t is the smallest one reaching f(i, a)."
    ),
    "turn": N_("turn"),
    "player": N_("player"),
    "left": N_("i (coins left)"),
    "allowance": "a",
    "best": "f(i, a)",
    "take": N_("best t"),
    "after": "f(i − t, 2t)",
    "turn_title": N_("Turn {turn}: player {player} at ({left}, {allowance})"),
    "take_col": N_("take t"),
    "coins_col": N_("coins taken"),
    "gain_col": N_("worth"),
    "opponent_col": N_("opponent then gets f(i − t, 2t)"),
    "mover_col": N_("player {player} then ends with"),
    "first_col": N_("first player's final total"),
    "second_col": N_("second player's final total"),
    "chosen": N_("✓ best"),
    "gap": "…",
    "rest_title": N_("Turns {first} to {last}"),
    "rest_text": N_(
        "The remaining turns follow the same rule; the table of the line above lists the "
        "take of each."
    ),
    "position_title": N_("The position now: ({left}, {allowance})"),
    "takes_title": N_("Every take from ({left}, {allowance})"),
    "takes_text": N_(
        "f({left}, {allowance}) = S({left}) − the least f({left} − t, 2t) = {suffix} − "
        "{least} = {best}. With what they have taken already ({before}), player {player} "
        "ends with {final} at best, taking {take}."
    ),
    "over_title": N_("The game is over"),
    "total_title": N_("The totals"),
    "total_text": N_(
        "The first player ends with {first} and the second with {second} (all the coins "
        "together are worth {all})."
    ),
}

say = phrasebook(TEXTS)


def explain(inputs: XoincInputs, result: XoincResult) -> list[Step]:
    """The derivation of ``result`` for ``inputs``, step by step."""
    try:
        table = result.values
    except ValueError:  # a result sent without its table: the solver's table again
        table = build_table(inputs.coins)
    n = len(inputs.coins)
    steps = [_state_step(inputs, table), _recurrence_step(n, result)]
    steps.append(_line_step(result.line, table))
    for turn in result.line[:MAX_TURN_STEPS]:
        steps.append(_turn_step(turn, table, n))
    if len(result.line) > MAX_TURN_STEPS:
        first, last = MAX_TURN_STEPS + 1, len(result.line)
        refs = tuple(Ref("turn", (t - 1,)) for t in range(first, last + 1))
        steps.append(Step(say("rest_title", first=first, last=last), say("rest_text"), (), refs))
    total = result.first_total + result.second_total
    text = say("total_text", first=result.first_total, second=result.second_total, all=total)
    steps.append(Step(say("total_title"), text))
    return steps


def _state_step(inputs: XoincInputs, table: ValueTable) -> Step:
    n = len(inputs.coins)
    rows = [
        (say("coin", number=k + 1), str(v), str(table.suffix(n - k)))
        for k, v in enumerate(inputs.coins)
    ]
    header = ("", say("value"), say("suffix"))
    shown = bounded_rows(rows, 3, _more_coins)
    text = say("state_text", coins=n, first=FIRST_ALLOWANCE)
    return Step(say("state_title"), text, (Table(header, shown),))


def _recurrence_step(n: int, result: XoincResult) -> Step:
    text = say("recurrence_text", coins=n, first=FIRST_ALLOWANCE, answer=result.first_total)
    return Step(say("recurrence_title"), text)


def _line_step(line: tuple[Turn, ...], table: ValueTable) -> Step:
    rows = []
    for t in line:
        best = table.best_total(t.coins_left, t.allowance)
        after = table.opponent_best(t.coins_left, t.taken)
        rows.append(
            (
                str(t.turn), str(t.player + 1), str(t.coins_left), str(t.allowance),
                str(table.suffix(t.coins_left)), str(best), str(t.taken), str(after),
            )
        )  # fmt: skip
    header = (
        say("turn"), say("player"), say("left"), say("allowance"), "S(i)",
        say("best"), say("take"), say("after"),
    )  # fmt: skip
    shown = bounded_rows(rows, len(header), _more_turns)
    refs = tuple(Ref("cell", (t.coins_left, t.allowance)) for t in line)
    return Step(say("line_title"), say("line_text"), (Table(header, shown),), refs)


def _more_coins(count: int) -> str:
    return ngettext("… {count} more coin", "… {count} more coins", count).format(count=count)


def _more_turns(count: int) -> str:
    return ngettext("… {count} more turn", "… {count} more turns", count).format(count=count)


def _shown_takes(most: int, best: int) -> list[int]:
    """Every take when there are few, else the first ones, those around the best, the last."""
    if most <= _ALL_TAKES_UP_TO:
        return list(range(1, most + 1))
    keep = set(range(1, 9)) | set(range(max(1, best - 3), min(most, best + 3) + 1)) | {most}
    return sorted(keep)


def _takes_table(
    table: ValueTable, coins_left: int, allowance: int, player: int, before: int
) -> Table:
    """Every allowed take (few around the best when there are many) and where it leads.

    ``player`` (0 or 1) moves with ``before`` taken already; the best take is marked.
    """
    values = table.take_values(coins_left, allowance)
    chosen = table.best_take(coins_left, allowance)
    everything = table.suffix(table.size)
    first = table.size - coins_left
    coins = table.suffix(coins_left)
    rows: list[tuple[str, ...]] = []
    previous = 0
    for take in _shown_takes(len(values), chosen):
        if take != previous + 1:
            rows.append((say("gap"),) + ("",) * 7)
        previous = take
        mover = before + values[take - 1]
        other = everything - mover
        firsts, seconds = (mover, other) if player == 0 else (other, mover)
        worth = coins - table.suffix(coins_left - take)
        rows.append(
            (
                str(take), _coin_span(first, take), str(worth),
                str(table.opponent_best(coins_left, take)), str(mover),
                str(firsts), str(seconds), say("chosen") if take == chosen else "",
            )
        )  # fmt: skip
    header = (
        say("take_col"), say("coins_col"), say("gain_col"), say("opponent_col"),
        say("mover_col", player=player + 1), say("first_col"), say("second_col"), "",
    )  # fmt: skip
    return Table(header, tuple(rows))


def _turn_step(turn: Turn, table: ValueTable, n: int) -> Step:
    values = table.take_values(turn.coins_left, turn.allowance)
    number = turn.player + 1  # the side (0 or 1) as people count players
    mover_before = turn.first_total if turn.player == 0 else turn.second_total
    mover_before -= turn.gained
    first = turn.first_coin - 1
    takes = _takes_table(table, turn.coins_left, turn.allowance, turn.player, mover_before)
    title = say(
        "turn_title", turn=turn.turn, player=number, left=turn.coins_left,
        allowance=turn.allowance,
    )  # fmt: skip
    text = ngettext(
        "Player {player} may take 1 coin, from coin {first_coin} on. It is followed by "
        "optimal play on both sides; player {player} takes {taken} (worth {gained}).",
        "Player {player} may take from 1 up to {most} coins, from coin {first_coin} on. "
        "Each take is followed by optimal play on both sides; player {player} takes {taken} "
        "(worth {gained}), the smallest take that reaches the best.",
        len(values),
    ).format(
        player=number, most=len(values), first_coin=turn.first_coin, taken=turn.taken,
        gained=turn.gained,
    )  # fmt: skip
    refs = (
        Ref("turn", (turn.turn - 1,)),
        *(Ref("coin", (first + k,)) for k in range(turn.taken)),
    )
    return Step(title, text, (takes,), refs)


@lru_cache(maxsize=1)
def _table_of(coins: tuple[int, ...]) -> ValueTable:
    """The value table of the game in play: a worker builds it once for all its positions."""
    return build_table(coins)


def explain_position(
    inputs: XoincInputs, coins_left: int, allowance: int, totals: tuple[int, int], player: int
) -> list[Step]:
    """Why the best take is best in a position of a game in play, step by step.

    ``coins_left`` coins remain (the bottom of ``inputs.coins``), at most ``allowance``
    may be taken, ``totals`` is what each side took so far and ``player`` (0 or 1) moves.
    """
    table = _table_of(inputs.coins)
    first, second = totals
    if coins_left == 0:
        text = say("total_text", first=first, second=second, all=first + second)
        return [Step(say("over_title"), text)]
    top = table.size - coins_left
    most = min(allowance, coins_left)
    suffix = table.suffix(coins_left)
    text = ngettext(
        "{left} coin is left (coin {next}), worth S({left}) = {suffix}. Player {player} "
        "moves and may take at most {most}. So far the first player has {first} and the "
        "second {second}.",
        "{left} coins are left (coins {next} to {last}), worth S({left}) = {suffix} "
        "together. Player {player} moves and may take at most {most} of them. So far the "
        "first player has {first} and the second {second}.",
        coins_left,
    ).format(
        left=coins_left, next=top + 1, last=table.size, suffix=suffix, player=player + 1,
        most=most, first=first, second=second,
    )  # fmt: skip
    cell = Ref("cell", (coins_left, allowance))
    reachable = tuple(Ref("coin", (top + k,)) for k in range(most))
    position = Step(
        say("position_title", left=coins_left, allowance=allowance), text, (), (cell, *reachable)
    )
    best = table.best_total(coins_left, allowance)
    take = table.best_take(coins_left, allowance)
    before = totals[player]
    text = say(
        "takes_text", left=coins_left, allowance=allowance, suffix=suffix, least=suffix - best,
        best=best, before=before, player=player + 1, final=before + best, take=take,
    )  # fmt: skip
    chosen = tuple(Ref("coin", (top + k,)) for k in range(take))
    takes = Step(
        say("takes_title", left=coins_left, allowance=allowance),
        text,
        (_takes_table(table, coins_left, allowance, player, before),),
        (cell, *chosen),
    )
    return [position, takes]


def _coin_span(first: int, take: int) -> str:
    return str(first + 1) if take == 1 else f"{first + 1}–{first + take}"
