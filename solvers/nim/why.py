"""Why the Nim answer holds: binary columns and their XOR, mex steps, the winning move.

Every number comes from the solver's result (its nim-sum, Grundy values, winning
moves and Grundy sequence) and the inputs; the sentences are the ``TEXTS`` below.
``explain_position`` says the same of a position reached in play, for the player to
move (the Why page follows a game with it).
"""

from __future__ import annotations

from solvers.explain import Ref, Step, Table, bounded_rows, phrasebook
from solvers.i18n import N_, ngettext
from solvers.nim import Move, NimInputs, NimResult, Rule, decide
from solvers.nim.grundy import GrundySequence, grundy_sequence

__all__ = ["DIGIT_COLUMNS_UP_TO", "TEXTS", "explain", "explain_position"]

#: Every English sentence of a Nim explanation, with named fields (one place to translate).
TEXTS: dict[str, str] = {
    "binary_title": N_("Each pile in binary"),
    "binary_text": N_(
        "Write every pile size in binary, one column per power of two. "
        "XOR each column on its own: the column's digit of the nim-sum is 1 when the column "
        "holds an odd number of 1s, and 0 when it holds an even number."
    ),
    "grundy_binary_title": N_("Each Grundy value in binary"),
    "grundy_binary_text": N_(
        "A sum of games is played like Nim on the Grundy values: write each pile's Grundy "
        "value in binary and XOR the columns."
    ),
    "pile": N_("pile {number}"),
    "size": N_("size"),
    "binary": N_("binary"),
    "grundy": N_("g"),
    "xor_row": N_("XOR"),
    "sum_title": N_("The nim-sum"),
    "sum_text": N_("nim-sum s = {terms} = {value} (binary {bits})."),
    "win_title": N_("The first player wins: the winning move"),
    "win_text": N_(
        "s = {value} is not 0. Its highest 1 is in the column {column}. A pile with a 1 in "
        "that column gets smaller when XORed with s (a ⊕ s < a): bring that pile down to "
        "a ⊕ s and the nim-sum becomes 0, a position the opponent cannot keep at 0."
    ),
    "move_row_take": N_("take"),
    "move_row_left": N_("leaves"),
    "move_text": N_("Take {taken} from pile {number}: {before} → {after}."),
    "lose_title": N_("The second player wins: every move loses"),
    "now_win_title": N_("The player to move wins: the winning move"),
    "now_lose_title": N_("The player to move loses: every move loses"),
    "over_title": N_("No move is left"),
    "over_text": N_("Every pile is too small for a move: the game is over."),
    "lose_text": N_(
        "s = 0. A move changes one pile, so it changes at least one of that pile's binary "
        "digits, and that column's XOR becomes 1: every move leaves a nim-sum that is not 0. "
        "The opponent then brings it back to 0 (as in the step before), again and again, and "
        "wins in the end."
    ),
    "misere_title": N_("Misère: while some pile has 2 or more stones"),
    "misere_text": N_(
        "Misère Nim is played as normal Nim while some pile has 2 or more stones, with one "
        "exception: the move that would leave only piles of 1 must leave an odd number of "
        "them, so the opponent takes the last stone."
    ),
    "misere_last_big": N_(
        "Only pile {number} has 2 or more stones: take it down to {after} so that {ones} "
        "pile(s) of 1 remain, an odd number."
    ),
    "ones_title": N_("Misère: the all-ones exception"),
    "ones_text": N_(
        "Every pile holds at most 1 stone, so each move takes a whole pile of 1 and the "
        "players simply alternate."
    ),
    "ones_odd": N_(
        "With {ones} pile(s) of 1 the last stone is taken by the first player, who loses: "
        "the second player wins."
    ),
    "ones_even": N_(
        "With {ones} pile(s) of 1 the last stone is taken by the second player, who loses: "
        "the first player wins."
    ),
    "ones_note": N_("(The nim-sum {value} does not decide here.)"),
    "mex_title": N_("Grundy values: g(x) = mex of the values reachable from x"),
    "mex_text": N_(
        "A move takes s stones, s in S = {{{subtraction}}}. From x stones the reachable "
        "positions are x − s (s ≤ x); g(x) is the smallest value that no reachable position "
        "has (the mex). The values g(0) to g({last}) follow."
    ),
    "reachable": N_("x − s"),
    "their_g": N_("their g"),
    "mex": N_("mex = g(x)"),
    "period_title": N_("The period"),
    "period_text": N_(
        "From x = {start} on the values repeat with period {period}: "
        "g(x) = g({start} + (x − {start}) mod {period}). It is found when the last {window} "
        "values (as many as the largest s) repeat, since g(x) depends only on them."
    ),
    "period_row": N_("one period"),
    "pile_grundy_title": N_("Each pile's Grundy value"),
    "pile_grundy_text": N_("The period turns every pile size into a position whose g is known."),
    "reduced": N_("same g as x"),
    "sub_win_text": N_(
        "s = {value} is not 0. A winning move takes a pile from g to g ⊕ s, which a move "
        "can reach when g ⊕ s < g or some reachable position has that value; then the "
        "Grundy values XOR to 0."
    ),
    "target": N_("wanted g"),
    "sub_lose_text": N_(
        "s = 0. Every move changes one pile's Grundy value (a position never reaches its own "
        "value, by the mex), so it leaves a sum that is not 0, and the opponent can bring it "
        "back to 0 each time until no move is left."
    ),
}

say = phrasebook(TEXTS)


def _more_piles(count: int) -> str:
    return ngettext("… {count} more pile", "… {count} more piles", count).format(count=count)


def _more_values(count: int) -> str:
    return ngettext("… {count} more value", "… {count} more values", count).format(count=count)


#: Widest binary numbers given a table column per digit; wider ones are read in the binary
#: column alone (its digits line up, right-aligned), so the table still fits the window.
DIGIT_COLUMNS_UP_TO = 16
#: Values shown in a reachable-values cell before "…".
_SHOWN_REACHABLE = 12


def explain(inputs: NimInputs, result: NimResult) -> list[Step]:
    """The derivation of ``result`` for ``inputs``, step by step."""
    steps: list[Step] = []
    sequence = result.sequence
    if inputs.rule is Rule.SUBTRACTION and sequence is not None:
        steps += _grundy_steps(inputs, sequence)
    return steps + _verdict_steps(inputs, result, now=False)


def explain_position(position: NimInputs, sequence: GrundySequence | None = None) -> list[Step]:
    """Why the player to move in ``position`` (a game in play) wins or loses, and how.

    The piles now in binary, their nim-sum and the winning moves from here; for a
    subtraction game (``sequence``: its Grundy values, found again when None) each
    pile's Grundy value first. Over in one pass over the piles.
    """
    if position.rule is Rule.SUBTRACTION and sequence is None:
        sequence = grundy_sequence(position.subtraction)
    least = position.subtraction[0] if position.rule is Rule.SUBTRACTION else 1
    if all(p < least for p in position.piles):
        refs = tuple(Ref("pile", (i,)) for i in range(len(position.piles)))
        return [Step(say("over_title"), say("over_text"), (), refs)]
    result = decide(position, sequence)
    steps: list[Step] = []
    if sequence is not None:
        steps.append(_pile_grundy_step(position, sequence))
    return steps + _verdict_steps(position, result, now=True)


def _verdict_steps(inputs: NimInputs, result: NimResult, now: bool) -> list[Step]:
    """Binary columns, the nim-sum and the winning move (or why every move loses).

    ``now``: said of the player to move in a game in play, not of the first player.
    """
    piles = inputs.piles
    values = result.grundy
    grundy = inputs.rule is Rule.SUBTRACTION
    steps = [_binary_step(values, result.nim_sum, grundy)]
    if inputs.rule is Rule.MISERE and all(p <= 1 for p in piles):
        steps.append(_all_ones_step(inputs, result, now))
        return steps
    steps.append(_sum_step(values, result.nim_sum))
    if inputs.rule is Rule.MISERE:
        steps.append(_misere_step(inputs, result))
    if result.first_player_wins:
        steps.append(_win_step(inputs, result, say("now_win_title" if now else "win_title")))
    else:
        title = say("now_lose_title" if now else "lose_title")
        steps.append(Step(title, say("sub_lose_text" if grundy else "lose_text")))
    return steps


def _bits(value: int, width: int) -> str:
    return format(value, f"0{width}b")


def _column_name(power: int) -> str:
    return str(1 << power) if power < 10 else f"2^{power}"


def _binary_step(values: tuple[int, ...], nim_sum: int, grundy: bool) -> Step:
    width = max(1, max(values).bit_length())
    columns = width <= DIGIT_COLUMNS_UP_TO
    powers = range(width - 1, -1, -1) if columns else range(0)
    size = say("grundy") if grundy else say("size")
    header = ("", size, say("binary"), *(_column_name(k) for k in powers))

    def row(name: str, value: int) -> tuple[str, ...]:
        bits = _bits(value, width)
        return (name, str(value), bits, *(bits if columns else ""))

    rows = [row(say("pile", number=i + 1), v) for i, v in enumerate(values)]
    shown = bounded_rows(rows, len(header), _more_piles)
    xor = row(say("xor_row"), nim_sum)
    refs = tuple(Ref("pile", (i,)) for i in range(len(values)))
    key = "grundy_binary" if grundy else "binary"
    return Step(say(f"{key}_title"), say(f"{key}_text"), (Table(header, (*shown, xor)),), refs)


def _sum_step(values: tuple[int, ...], nim_sum: int) -> Step:
    terms = " ⊕ ".join(map(str, values[:12])) + (" ⊕ …" if len(values) > 12 else "")
    text = say("sum_text", terms=terms, value=nim_sum, bits=format(nim_sum, "b"))
    return Step(say("sum_title"), text)


def _move_rows(moves: tuple[Move, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(
        (say("pile", number=m.pile + 1), str(m.before), str(m.removed), str(m.after)) for m in moves
    )


def _win_step(inputs: NimInputs, result: NimResult, title: str) -> Step:
    moves = result.winning_moves
    refs = tuple(Ref("pile", (m.pile,)) for m in moves)
    if inputs.rule is not Rule.SUBTRACTION:
        # The nim-sum's highest 1 is the digit that makes a ⊕ s smaller than a.
        high = result.nim_sum.bit_length() - 1
        refs += tuple(Ref("digit", (m.pile, high)) for m in moves if m.before >> high & 1)
    header: tuple[str, ...] = ("", say("size"), say("move_row_take"), say("move_row_left"))
    sentences = [
        say("move_text", taken=m.removed, number=m.pile + 1, before=m.before, after=m.after)
        for m in moves[:12]
    ]
    rows: tuple[tuple[str, ...], ...]
    if inputs.rule is Rule.SUBTRACTION:
        assert result.sequence is not None
        g = result.sequence
        header = (*header, say("grundy"), say("target"))
        rows = tuple(
            (*row, str(g(m.after)), str(result.grundy[m.pile] ^ result.nim_sum))
            for row, m in zip(_move_rows(moves), moves, strict=True)
        )
        intro = say("sub_win_text", value=result.nim_sum)
    else:
        rows = tuple(
            (*row[:3], f"{m.before} ⊕ {result.nim_sum} = {m.before ^ result.nim_sum}"
             if m.after == m.before ^ result.nim_sum else row[3])
            for row, m in zip(_move_rows(moves), moves, strict=True)
        )  # fmt: skip
        column = _column_name(result.nim_sum.bit_length() - 1)
        intro = say("win_text", value=result.nim_sum, column=column)
    table = Table(header, bounded_rows(list(rows), len(header), _more_piles))
    return Step(title, "\n".join([intro, "", *sentences]), (table,), refs)


def _misere_step(inputs: NimInputs, result: NimResult) -> Step:
    big = [i for i, p in enumerate(inputs.piles) if p >= 2]
    count = len(big)
    text = " ".join((
        say("misere_text"),
        ngettext(
            "{count} pile here has 2 or more stones.",
            "{count} piles here have 2 or more stones.",
            count,
        ).format(count=count),
    ))  # fmt: skip
    if len(big) == 1 and result.winning_moves:
        move = result.winning_moves[0]
        ones = sum(1 for i, p in enumerate(inputs.piles) if p == 1 and i != move.pile)
        ones += move.after
        text += "\n\n" + say("misere_last_big", number=move.pile + 1, after=move.after, ones=ones)
    return Step(say("misere_title"), text, (), tuple(Ref("pile", (i,)) for i in big))


def _all_ones_step(inputs: NimInputs, result: NimResult, now: bool) -> Step:
    ones = sum(inputs.piles)
    # An odd count: the player to move (the first player) takes the last stone and loses.
    if not now:
        who = say("ones_odd" if ones % 2 else "ones_even", ones=ones)
    elif ones % 2:
        who = ngettext(
            "With {ones} pile of 1 the last stone is taken by the player to move, who loses.",
            "With {ones} piles of 1 the last stone is taken by the player to move, who loses.",
            ones,
        ).format(ones=ones)
    else:
        who = ngettext(
            "With {ones} pile of 1 the last stone is taken by the opponent, who loses: the player"
            " to move wins.",
            "With {ones} piles of 1 the last stone is taken by the opponent, who loses: the"
            " player to move wins.",
            ones,
        ).format(ones=ones)
    text = " ".join((say("ones_text"), who, say("ones_note", value=result.nim_sum)))
    refs = tuple(Ref("pile", (i,)) for i, p in enumerate(inputs.piles) if p == 1)
    if result.first_player_wins:
        return Step(say("ones_title"), text + "\n\n" + "\n".join(
            say("move_text", taken=1, number=m.pile + 1, before=1, after=0)
            for m in result.winning_moves[:1]
        ), (), refs)  # fmt: skip
    return Step(say("ones_title"), text, (), refs)


def _grundy_steps(inputs: NimInputs, g: GrundySequence) -> list[Step]:
    subtraction = inputs.subtraction
    known = len(g.values)
    shown = min(known, 40)
    rows = []
    for x in range(shown):
        reachable = [x - s for s in subtraction if s <= x]
        values = sorted({g(y) for y in reachable})
        rows.append((str(x), _listed(reachable) or "—", "{" + _listed(values) + "}", str(g(x))))
    header = ("x", say("reachable"), say("their_g"), say("mex"))
    text = say("mex_text", subtraction=", ".join(map(str, subtraction)), last=shown - 1)
    mex = Step(say("mex_title"), text, (Table(header, tuple(rows)),))
    period_values = [g(g.preperiod + k) for k in range(g.period)]
    columns = min(g.period, 24)
    period_header = ("x", *(str(g.preperiod + k) for k in range(columns)))
    period_row = (say("period_row"), *(str(v) for v in period_values[:columns]))
    if g.period > columns:
        period_header += ("…",)
        period_row += (_more_values(g.period - columns),)
    period = Step(
        say("period_title"),
        say("period_text", start=g.preperiod, period=g.period, window=max(subtraction)),
        (Table(period_header, (period_row,)),),
    )
    return [mex, period, _pile_grundy_step(inputs, g)]


def _pile_grundy_step(inputs: NimInputs, g: GrundySequence) -> Step:
    pile_rows = [
        (say("pile", number=i + 1), str(p), str(_reduced(g, p)), str(g(p)))
        for i, p in enumerate(inputs.piles)
    ]
    pile_header = ("", say("size"), say("reduced"), say("grundy"))
    return Step(
        say("pile_grundy_title"),
        say("pile_grundy_text"),
        (Table(pile_header, bounded_rows(pile_rows, 4, _more_piles)),),
        tuple(Ref("pile", (i,)) for i in range(len(inputs.piles))),
    )


def _reduced(g: GrundySequence, x: int) -> int:
    return x if x < g.preperiod else g.preperiod + (x - g.preperiod) % g.period


def _listed(values: list[int]) -> str:
    text = ", ".join(map(str, values[:_SHOWN_REACHABLE]))
    return text + (", …" if len(values) > _SHOWN_REACHABLE else "")
