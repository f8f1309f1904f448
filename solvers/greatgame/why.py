"""Why the Great Game answer holds: round ratio, gambler's ruin, the search, a cell's hands.

The numbers are the solver's: the result's round chances, ratio and lead
probabilities, the passes of its own ratio search (``search_ratio(trace=...)``) and
the cell values of its recorded pass (``start_match``). The sentences are ``TEXTS``.
"""

from __future__ import annotations

from dataclasses import replace

from solvers.explain import MAX_ROWS, Ref, Step, Table, bounded_rows, phrasebook
from solvers.greatgame.model import GreatGameInputs, Hand, hand_name
from solvers.greatgame.play import GreatGamePlay, start_match
from solvers.greatgame.result import GreatGameResult
from solvers.greatgame.round_dp import RoundPass, coefficients, search_ratio
from solvers.i18n import N_, _, ngettext

__all__ = ["TEXTS", "explain", "explain_position", "hand_values", "search_passes"]

#: Every English sentence of a Great Game explanation, with named fields (one place to translate).
TEXTS = {
    "ratio_title": N_("The round ratio q"),
    "ratio_text": N_(
        "Under the best round policy a round is won with chance P(win) = {win}, tied with "
        "P(tie) = {tie} and lost with P(lose) = {lose}. A tied round changes nothing: the "
        "match goes on as if it had not been played. So only decisive rounds count, and one "
        "of them is won with chance\n"
        "q = P(win) / (P(win) + P(lose)) = {q}.\n"
        "That ratio is all the match depends on, so the best policy is the one with the "
        "largest q, not the one winning most rounds outright."
    ),
    "ruin_title": N_("The match as a gambler's ruin"),
    "ruin_text": N_(
        "The lead in decisive rounds goes up with chance q and down with 1 − q; the match is "
        "won at +W = +{win_by} and lost at −L = −{lose_by}. With k = (1 − q) / q = {k}, the "
        "chance of winning from lead 0 (L steps above ruin, W + L = {total} steps in all) is\n"
        "P = (1 − k^L) / (1 − k^(W+L)) = (1 − {k}^{lose_by}) / (1 − {k}^{total}) = {p}."
    ),
    "ruin_sure": N_("q = 1: no round is ever lost, so the match is surely won: P = 1."),
    "ruin_half": N_("q = 1/2: the walk is fair, so P = L / (W + L) = {lose_by} / {total} = {p}."),
    "lead": N_("lead"),
    "lead_p": N_("P(win match)"),
    "search_title": N_("The ratio search converging"),
    "search_text": N_(
        "For a trial λ the round DP over (throw, score) maximises "
        "(1 − λ) P(win) − λ P(lose) = P(win) − λ (P(win) + P(lose)); its maximum F(λ) is "
        "above 0 while λ is below the best ratio and 0 at it. The search starts at λ = 1/2; "
        "{method} {passes} DP passes in all."
    ),
    "method_dinkelbach": N_(
        "Dinkelbach's update then sets λ to the ratio of the policy just found, until it "
        "stops rising:"
    ),
    "method_dinkelbach+bisection": N_(
        "Dinkelbach's update sets λ to the ratio of the policy just found; when that stalls, "
        "bisection halves the gap between the best ratio found and the smallest λ with "
        "F(λ) ≤ 0:"
    ),
    "method_bisection": N_(
        "bisection halves the gap between the best ratio found and the smallest λ with F(λ) ≤ 0:"
    ),
    "pass": N_("pass"),
    "lambda": N_("λ"),
    "f": N_("F(λ)"),
    "p_win": N_("P(win)"),
    "p_lose": N_("P(lose)"),
    "policy_ratio": N_("ratio of its policy"),
    "hand_title": N_("The best hand at throw {throw}, round score {score}"),
    "hand_text": N_(
        "Each hand moves the round score down, keeps it, or moves it up with the opponent's "
        "chances for throw {throw} (rock {rock}%, paper {paper}%, scissors {scissors}%). A "
        "hand's value is the chance-weighted value U of the cells it leads to, U being the "
        "DP's value (1 − q) P(win) − q P(lose) from there at λ = q. The best hand is {best}."
    ),
    "hand": N_("hand"),
    "down": N_("score −1"),
    "stay": N_("score ±0"),
    "up": N_("score +1"),
    "value": N_("value"),
    "match": N_("P(win match) from lead 0"),
    "chosen": N_("✓ best"),
    "or": N_(" or "),
    "now_title": N_("The match now: round {round}, throw {throw} of {throws}"),
    "now_text": N_(
        "Rounds so far: won {won}, tied {tied}, lost {lost}, so the lead is {lead}; the match "
        "is won at +{win_by} and lost at −{lose_by}. This round stands at {score} (you minus "
        "the opponent) before throw {throw}. With M(lead) the chance to win the match at the "
        "start of a round (the gambler's ruin) and U this cell's value in the round DP at "
        "λ = q, the chance to win the match from here with the best play is\n"
        "P = M({lead}) + (M({above}) − M({below})) · U = {start} + ({up} − {down}) · {u} = {p}."
    ),
    "now_over": N_("The round is decided: its winner is known before throw {throw}."),
    "match_now": N_("P(win match) after it"),
    "answer_title": N_("The answer"),
    "answer_text": N_(
        "The chance of winning the match is {p}, printed as the judge does: {answer}."
    ),
}

say = phrasebook(TEXTS)


def plain_number(value: float) -> str:
    """``value`` with up to ten decimals, trailing zeros dropped; zero never signed."""
    text = f"{value:.10f}".rstrip("0").rstrip(".")
    # A value that rounds to zero is written 0, whatever its sign ("-0" reads as a bug).
    return "0" if text in ("0", "-0") else text


def explain(
    inputs: GreatGameInputs, result: GreatGameResult, *, throw: int = 0, score: int = 0
) -> list[Step]:
    """The derivation of ``result``; the hand values are those of (``throw``, ``score``).

    ``throw`` is 0-based and ``score`` the round score before it (``ValueError`` when that
    cell cannot happen).
    """
    if not 0 <= throw < inputs.throws or abs(score) > throw:
        raise ValueError(
            _("score {score} cannot happen before throw {throw}").format(
                score=score, throw=throw + 1
            )
        )
    # First: the one recorded pass of the match also gives the round's chances to the result.
    hands = _hand_step(inputs, result, start_match(result), throw, score, "match")
    steps = [_ratio_step(result), _ruin_step(inputs, result), _search_step(inputs, result), hands]
    text = say("answer_text", p=plain_number(result.probability), answer=result.answer)
    steps.append(Step(say("answer_title"), text, (), (Ref("lead", (0,)),)))
    return steps


def explain_position(
    inputs: GreatGameInputs,
    result: GreatGameResult,
    *,
    lead: int,
    throw: int,
    score: int,
    rounds: tuple[int, int, int] = (0, 0, 0),
) -> list[Step]:
    """The match in play: where it stands, and the hands of the throw now, valued.

    ``lead`` is in rounds (strictly between −L and +W), ``throw`` 0-based, ``score`` the
    round score before it and ``rounds`` the rounds won, tied and lost so far.
    """
    if not -inputs.lose_by < lead < inputs.win_by:
        raise ValueError(_("the match is over"))
    state = replace(start_match(result), lead=lead, throw=throw, round_score=score)
    return [
        _now_step(inputs, state, rounds),
        _hand_step(inputs, result, state, throw, score, "match_now"),
    ]


def _signed(number: int) -> str:
    return f"{number:+d}" if number else "0"


def _now_step(inputs: GreatGameInputs, state: GreatGamePlay, rounds: tuple[int, int, int]) -> Step:
    match, lead, throw, score = state.match, state.lead, state.throw, state.round_score
    won, tied, lost = rounds
    title = say("now_title", round=won + tied + lost + 1, throw=throw + 1, throws=inputs.throws)
    text = say(
        "now_text", won=won, tied=tied, lost=lost, lead=_signed(lead), win_by=inputs.win_by,
        lose_by=inputs.lose_by, score=_signed(score), throw=throw + 1, above=_signed(lead + 1),
        below=_signed(lead - 1), start=plain_number(match.start(lead)),
        up=plain_number(match.start(lead + 1)), down=plain_number(match.start(lead - 1)),
        u=plain_number(match.values.at(throw, score)),
        p=plain_number(match.cell(lead, throw, score)),
    )  # fmt: skip
    if abs(score) > inputs.throws - throw:
        text += "\n" + say("now_over", throw=throw + 1)
    rows = tuple(
        (_signed(near), plain_number(match.start(near)))
        for near in (lead - 1, lead, lead + 1)
    )  # fmt: skip
    table = Table((say("lead"), say("lead_p")), rows)
    return Step(title, text, (table,), (Ref("lead", (lead,)), Ref("cell", (throw, score))))


def _ratio_step(result: GreatGameResult) -> Step:
    text = say(
        "ratio_text", win=plain_number(result.round_win), tie=plain_number(result.round_tie),
        lose=plain_number(result.round_lose), q=plain_number(result.ratio),
    )  # fmt: skip
    # The round's chances are those of its first cell under the best policy.
    return Step(say("ratio_title"), text, (), (Ref("cell", (0, 0)),))


def _ruin_step(inputs: GreatGameInputs, result: GreatGameResult) -> Step:
    q, w, l_ = result.ratio, inputs.win_by, inputs.lose_by
    p = plain_number(result.probability)
    if q >= 1.0:
        text = say("ruin_sure")
    elif q == 0.5:
        text = say("ruin_half", lose_by=l_, total=w + l_, p=p)
    else:
        k = plain_number((1.0 - q) / q)
        text = say("ruin_text", win_by=w, lose_by=l_, total=w + l_, k=k, p=p)
    rows = [
        (f"{lead:+d}" if lead else "0", plain_number(chance))
        for lead, chance in zip(result.leads, result.lead_probabilities, strict=True)
        if abs(lead) <= 15
    ]
    hidden = len(result.leads) - len(rows)
    if hidden:
        rows.append(
            (
                ngettext("… {count} more lead", "… {count} more leads", hidden).format(
                    count=hidden
                ),
                "",
            )
        )
    table = Table((say("lead"), say("lead_p")), tuple(rows))
    return Step(say("ruin_title"), text, (table,), (Ref("lead", (0,)),))


def search_passes(inputs: GreatGameInputs, result: GreatGameResult) -> list[RoundPass]:
    """The DP passes of the solver's ratio search for ``inputs``, in order."""
    passes: list[RoundPass] = []
    method = "bisection" if result.method == "bisection" else "dinkelbach"
    search_ratio(coefficients(inputs.probabilities()), method=method, trace=passes)
    return passes


def _search_step(inputs: GreatGameInputs, result: GreatGameResult) -> Step:
    passes = search_passes(inputs, result)
    rows = [
        (str(n), *(plain_number(v) for v in (p.lam, p.value, p.win, p.lose, p.ratio)))
        for n, p in enumerate(passes, start=1)
    ]
    header = (
        say("pass"),
        say("lambda"),
        say("f"),
        say("p_win"),
        say("p_lose"),
        say("policy_ratio"),
    )
    shown = bounded_rows(
        rows,
        len(header),
        lambda count: ngettext("… {count} more pass", "… {count} more passes", count).format(
            count=count
        ),
        last=MAX_ROWS // 2,
    )
    text = say("search_text", method=say(f"method_{result.method}"), passes=len(passes))
    return Step(say("search_title"), text, (Table(header, shown),))


def hand_values(
    inputs: GreatGameInputs, state: GreatGamePlay, throw: int, score: int
) -> list[tuple[Hand, tuple[float, float, float], float, float]]:
    """Per hand: its (down, stay, up) chances, its DP value at λ = q, the match-win chance.

    ``state`` is a match of the solve (``start_match``), whose recorded pass values the cells.
    """
    values = state.match.values
    table = coefficients(inputs.probabilities())
    match = replace(state, throw=throw, round_score=score).throw_values()
    out = []
    for hand in Hand:
        down, stay, up = (float(x) for x in table[throw, hand])
        value = sum(
            chance * values.at(throw + 1, score + move)
            for chance, move in ((down, -1), (stay, 0), (up, 1))
            if chance > 0
        )
        out.append((hand, (down, stay, up), value, match[hand]))
    return out


def _hand_step(
    inputs: GreatGameInputs,
    result: GreatGameResult,
    state: GreatGamePlay,
    throw: int,
    score: int,
    match_key: str,
) -> Step:
    best = result.hands_at(throw, score)
    rows = tuple(
        (
            hand_name(hand),
            *(plain_number(v) for v in (down, stay, up, value, match)),
            say("chosen") if hand in best else "",
        )
        for hand, (down, stay, up), value, match in hand_values(inputs, state, throw, score)
    )  # fmt: skip
    header = (
        say("hand"), say("down"), say("stay"), say("up"), say("value"), say(match_key), "",
    )  # fmt: skip
    rock, paper, scissors = inputs.percentages[throw]
    text = say(
        "hand_text", throw=throw + 1, rock=f"{rock:g}", paper=f"{paper:g}",
        scissors=f"{scissors:g}", best=say("or").join(hand_name(h) for h in best),
    )  # fmt: skip
    title = say("hand_title", throw=throw + 1, score=_signed(score))
    return Step(title, text, (Table(header, rows),), (Ref("cell", (throw, score)),))
