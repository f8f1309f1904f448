"""Why the Cover Up answer holds: per turn, every way to pick and how the outcomes add up.

Everything is read from the solver's memoised values through the play-along state
(``CoverUpGame``: the policy entry of a state, the outcome chances of the picks, the
value after each outcome). The explanation follows one game: after each turn, the
likeliest outcome that lets the player go on. The sentences are ``TEXTS``.
"""

from __future__ import annotations

from dataclasses import replace

from solvers.coverup.judge import format_probability
from solvers.coverup.model import CoverUpInputs, Pick, State, check_picks
from solvers.coverup.play import CoverUpGame, Outcome, Picks, new_game
from solvers.coverup.result import CoverUpResult, PolicyEntry
from solvers.explain import Ref, Step, Table, phrasebook
from solvers.i18n import N_

__all__ = ["TEXTS", "explain", "explain_position"]

#: Every English sentence of a Cover Up explanation, with named fields (one place to translate).
TEXTS = {
    "columns_title": N_("The columns and the chance of each digit"),
    "columns_text": N_(
        "Column i has m digits; its l known candidates share the chance p of holding the "
        "right digit, the other m − l digits share 1 − p. After a wrong pick the digits left "
        "keep their weights, scaled up to sum to 1 (Bayes' rule)."
    ),
    "column": N_("column {number}"),
    "digits": N_("m"),
    "known": N_("l"),
    "candidate_chance": N_("each candidate"),
    "other_chance": N_("each other digit"),
    "rule_title": N_("How a turn is valued"),
    "rule_text": N_(
        "Each turn the player covers one untried digit in every unsolved column. With the "
        "chances h of the picks being right, each set of right picks has the chance "
        "Π h (right ones) × Π (1 − h) (wrong ones); no right pick loses, all columns right "
        "wins. The value of a choice of picks is the sum over the sets of right picks of "
        "(chance of the set) × (winning chance after it), and the best choice is taken. "
        "Digits of one kind (a known candidate, or an other digit) are alike, so a pick names the "
        "kind."
    ),
    "turn_title": N_("Turn {turn}: winning chance {value}"),
    "turn_text": N_(
        "Unsolved: {columns}. Every way to pick is listed with its winning chance; the "
        "best is {best}."
    ),
    "reserve_text": N_(
        "{columns}: the less likely kind is picked on purpose, keeping the column in reserve "
        "for a turn in which the other columns might all miss."
    ),
    "combine_text": N_(
        "How the best picks add up: each set of right picks, its chance and the winning "
        "chance after it; the products sum to {value}."
    ),
    "follow_text": N_(
        "The explanation goes on with the likeliest outcome that continues the game: {right} "
        "right (chance {chance})."
    ),
    "won_text": N_("That outcome solves every column: the game is won."),
    "kind_candidate": N_("candidate"),
    "kind_other": N_("other"),
    "kind_reserve": N_("{kind} (reserve)"),
    "solved": N_("solved"),
    "left": N_("{candidates} candidate(s), {others} other(s) left"),
    "state_col": N_("digits left"),
    "hit_col": N_("chance the pick is right"),
    "win_col": N_("winning chance"),
    "chosen": N_("✓ best"),
    "best_pick": N_("best pick"),
    "right_col": N_("right picks"),
    "chance_col": N_("chance"),
    "after_col": N_("winning chance after"),
    "product_col": N_("product"),
    "sum_row": N_("sum"),
    "none_right": N_("none (lost)"),
    "position_title": N_("Turn {turn} in play: the digits left"),
    "position_text": N_(
        "Unsolved: {columns}. Each digit's chance now comes from the weights of the digits "
        "left, scaled up to sum to 1 (Bayes' rule)."
    ),
    "options_title": N_("Turn {turn} in play: every way to pick"),
    "options_text": N_(
        "Every way to pick this turn, with the chance that at least one pick is right (the "
        "game goes on) and the winning chance with it. The best is {best}: {value}."
    ),
    "played_text": N_(
        "The picks being played ({picks}) win with {value}: {cost} less than the best."
    ),
    "go_on_col": N_("chance of a hit"),
    "played": N_("▶ played"),
    "adds_title": N_("Turn {turn} in play: how the picks add up"),
    "combine_played_text": N_(
        "How the picks being played add up: each set of right picks, its chance and the "
        "winning chance after it; the products sum to {value}."
    ),
    # Between the items of a list (Chinese writes "、").
    "list_sep": N_(", "),
    "answer_title": N_("The answer"),
    "answer_text": N_(
        "With optimal play the winning chance is {value}, printed as the judge does: {answer}."
    ),
}

say = phrasebook(TEXTS)
_DECIMALS = 6


def explain(inputs: CoverUpInputs, result: CoverUpResult) -> list[Step]:
    """The derivation of ``result`` for ``inputs``: a step per turn of one game."""
    steps = [_columns_step(inputs), Step(say("rule_title"), say("rule_text"))]
    game: CoverUpGame | None = new_game(inputs, result.solver)
    while game is not None and not game.over:
        step, game = _turn_step(game)
        steps.append(step)
    text = say("answer_text", value=_p(result.value), answer=format_probability(result.value))
    steps.append(Step(say("answer_title"), text))
    return steps


def _p(value: float) -> str:
    return f"{value:.{_DECIMALS}f}"


def _columns_step(inputs: CoverUpInputs) -> Step:
    rows = tuple(
        (
            say("column", number=i + 1), str(c.choices), str(c.candidates), f"{c.p:g}",
            _p(c.candidate_weight) if c.candidates else "—", _p(c.other_weight),
        )
        for i, c in enumerate(inputs.columns)
    )  # fmt: skip
    header = ("", say("digits"), say("known"), "p", say("candidate_chance"), say("other_chance"))
    refs = tuple(Ref("column", (i,)) for i in range(inputs.n))
    return Step(say("columns_title"), say("columns_text"), (Table(header, rows),), refs)


def _kind(pick: Pick | None, reserve: bool = False) -> str:
    if pick is None:
        return say("solved")
    kind = say("kind_candidate") if pick is Pick.CANDIDATE else say("kind_other")
    return say("kind_reserve", kind=kind) if reserve else kind


def _columns_named(columns: list[int]) -> str:
    return say("list_sep").join(say("column", number=i + 1) for i in columns)


def _state_table(game: CoverUpGame, entry: PolicyEntry, open_: list[int]) -> Table:
    """The digits left in every unsolved column, their chances now and the best pick."""
    assert game.state is not None
    posteriors = game.posteriors()
    rows = []
    for i in open_:
        left = game.state.columns[i]
        chances = posteriors[i]
        assert left is not None and chances is not None
        rows.append(
            (
                say("column", number=i + 1),
                say("left", candidates=left[0], others=left[1]),
                _p(chances[0]) if left[0] else "—",
                _p(chances[1]) if left[1] else "—",
                _kind(entry.picks[i], entry.reserve[i]),
                _p(entry.hits[i] or 0.0),
            )
        )
    header = (
        "", say("state_col"), say("candidate_chance"), say("other_chance"),
        say("best_pick"), say("hit_col"),
    )  # fmt: skip
    return Table(header, tuple(rows))


def _combine(game: CoverUpGame, picks: Picks) -> tuple[Table, dict[Outcome, CoverUpGame]]:
    """How ``picks`` add up: each set of right picks, its chance, the winning chance after.

    Also the game after each outcome that goes on.
    """
    picked = game.play(picks)
    rows = []
    total = 0.0
    after: dict[Outcome, CoverUpGame] = {}
    for outcome, chance in picked.chances().items():
        value = 0.0
        if outcome:
            after[outcome] = picked.play(outcome)
            value = after[outcome].value
        total += chance * value
        named = _columns_named(list(outcome)) if outcome else say("none_right")
        rows.append((named, _p(chance), _p(value), _p(chance * value)))
    rows.append((say("sum_row"), "", "", _p(total)))
    header = (say("right_col"), say("chance_col"), say("after_col"), say("product_col"))
    return Table(header, tuple(rows)), after


def _refs(turn: int, picks: Picks, open_: list[int]) -> tuple[Ref, ...]:
    return (
        Ref("turn", (turn,)),
        *(Ref("column", (i,), (picks[i] or Pick.OTHER).value) for i in open_),
    )


def _turn_step(game: CoverUpGame) -> tuple[Step, CoverUpGame | None]:
    """The step of the game's current turn, and the game after the followed outcome."""
    assert game.state is not None
    entry = game.entry()
    open_ = [i for i, left in enumerate(game.state.columns) if left is not None]
    option_rows = tuple(
        (
            *(_kind(alt.picks[i], alt.reserve[i]) for i in open_),
            _p(alt.value),
            say("chosen") if k == 0 else "",
        )
        for k, alt in enumerate(entry.alternatives)
    )
    option_header = (*(say("column", number=i + 1) for i in open_), say("win_col"), "")
    combine, after = _combine(game, entry.picks)
    best = say("list_sep").join(_kind(entry.picks[i], entry.reserve[i]) for i in open_)
    paragraphs = [say("turn_text", columns=_columns_named(open_), best=best)]
    reserve = [i for i in open_ if entry.reserve[i]]
    if reserve:
        paragraphs.append(say("reserve_text", columns=_columns_named(reserve)))
    paragraphs.append(say("combine_text", value=_p(entry.value)))
    chances = game.play(entry.picks).chances()
    following: CoverUpGame | None = None
    if after:
        # The likeliest outcome that goes on; on equal chances the one solving fewer columns.
        outcome = max(after, key=lambda o: (round(chances[o], 12), -len(o)))
        following = after[outcome]
        paragraphs.append(
            say("follow_text", right=_columns_named(list(outcome)), chance=_p(chances[outcome]))
        )
        if following.won:
            paragraphs.append(say("won_text"))
    tables = (_state_table(game, entry, open_), Table(option_header, option_rows), combine)
    title = say("turn_title", turn=game.turn, value=_p(entry.value))
    refs = _refs(game.turn - 1, entry.picks, open_)
    return Step(title, "\n\n".join(paragraphs), tables, refs), following


def explain_position(
    inputs: CoverUpInputs, result: CoverUpResult, state: State, picks: Picks | None = None
) -> list[Step]:
    """The turn in play at ``state``: the digits left, every way to pick, how ``picks`` add up.

    ``picks`` are the picks being played this turn (None: the best ones). Every way to
    pick is listed with its chance that at least one pick is right (the game goes on)
    and its winning chance. ``ValueError`` when the state is over or cannot occur, or
    the picks do not fit it.
    """
    entry = result.entry(state)  # names why a state cannot occur
    game = replace(new_game(inputs, result.solver), state=state, turn=entry.turn + 1)
    played = entry.picks if picks is None else picks
    check_picks(state, played)
    open_ = [i for i, left in enumerate(state.columns) if left is not None]
    refs = _refs(entry.turn, played, open_)
    turn = entry.turn + 1
    where = Step(
        say("position_title", turn=turn),
        say("position_text", columns=_columns_named(open_)),
        (_state_table(game, entry, open_),),
        _refs(entry.turn, entry.picks, open_),
    )
    rows = []
    played_value = entry.value
    for alt in entry.alternatives:
        hits = game.hits(alt.picks)
        miss = 1.0
        for h in hits:
            miss *= 1.0 - (h or 0.0)
        marks = [say("chosen")] if alt.picks == entry.picks else []
        if alt.picks == played:
            marks.append(say("played"))
            played_value = alt.value
        rows.append(
            (
                *(_kind(alt.picks[i], alt.reserve[i]) for i in open_),
                _p(1.0 - miss), _p(alt.value), " ".join(marks),
            )
        )  # fmt: skip
    header = (
        *(say("column", number=i + 1) for i in open_), say("go_on_col"), say("win_col"), "",
    )  # fmt: skip
    best = say("list_sep").join(_kind(entry.picks[i], entry.reserve[i]) for i in open_)
    text = say("options_text", best=best, value=_p(entry.value))
    if played != entry.picks:
        kinds = say("list_sep").join(_kind(played[i]) for i in open_)
        text += "\n\n" + say(
            "played_text", picks=kinds, value=_p(played_value), cost=_p(entry.value - played_value)
        )
    options = Step(say("options_title", turn=turn), text, (Table(header, tuple(rows)),), refs)
    combine, _after = _combine(game, played)
    adds = Step(
        say("adds_title", turn=turn),
        say("combine_played_text", value=_p(played_value)),
        (combine,),
        refs,
    )
    return [where, options, adds]
