"""The Why page of a game in play: ``explain_position`` against a plain game-tree search.

Nothing here uses ``^``: the nim-sum is found column by column, the Grundy values by
their mex, and who wins by trying every move.
"""

from __future__ import annotations

import functools

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import nim
from solvers.explain import Step
from solvers.nim.why import explain_position


def moves_of(piles: tuple[int, ...], subtraction: tuple[int, ...]) -> list[tuple[int, int]]:
    """Every legal (pile, take), straight from the rules."""
    return [(i, s) for i, p in enumerate(piles) for s in (subtraction or range(1, p + 1)) if s <= p]


def after(piles: tuple[int, ...], pile: int, take: int) -> tuple[int, ...]:
    return (*piles[:pile], piles[pile] - take, *piles[pile + 1 :])


@functools.cache
def mover_wins(piles: tuple[int, ...], misere: bool, subtraction: tuple[int, ...]) -> bool:
    moves = moves_of(piles, subtraction)
    if not moves:
        return misere  # no move left: in misère the opponent took the last stone
    return any(not mover_wins(after(piles, i, s), misere, subtraction) for i, s in moves)


@functools.cache
def mex_grundy(x: int, subtraction: tuple[int, ...]) -> int:
    seen = {mex_grundy(x - s, subtraction) for s in subtraction if s <= x}
    return next(v for v in range(len(seen) + 1) if v not in seen)


def column_xor(values: list[int]) -> int:
    """The nim-sum from the parity of each binary column."""
    width = max(1, max(values).bit_length())
    digits = [sum((v >> k) & 1 for v in values) % 2 for k in range(width)]
    return sum(d << k for k, d in enumerate(digits))


def titled(steps: list[Step], start: str) -> Step:
    found = [s for s in steps if s.title.startswith(start)]
    assert len(found) == 1, [s.title for s in steps]
    return found[0]


positions = st.tuples(
    st.lists(st.integers(0, 7), min_size=1, max_size=4).map(tuple),
    st.sampled_from(["normal", "misere", "subtraction"]),
    st.lists(st.integers(1, 5), min_size=1, max_size=3).map(lambda s: tuple(sorted(set(s)))),
)


@given(positions)
@settings(max_examples=examples(300))
def test_a_position_in_play_is_derived_for_the_player_to_move(
    case: tuple[tuple[int, ...], str, tuple[int, ...]],
) -> None:
    piles, rule, subtraction = case
    if rule != "subtraction":
        subtraction = ()
    position = nim.NimInputs(piles, nim.Rule(rule), subtraction)
    steps = explain_position(position)
    assert all("first player" not in s.title and "second player" not in s.title for s in steps)
    if not moves_of(piles, subtraction):
        assert [s.title for s in steps] == ["No move is left"]
        return
    values = [mex_grundy(p, subtraction) for p in piles] if subtraction else list(piles)
    if subtraction:
        rows = titled(steps, "Each pile's Grundy value").tables[0].rows
        assert [int(r[3]) for r in rows] == values
    binary = titled(steps, "Each Grundy value" if subtraction else "Each pile in binary")
    xor_row = binary.tables[0].rows[-1]
    assert int(xor_row[1]) == column_xor(values) and int(xor_row[2], 2) == column_xor(values)
    wins = mover_wins(piles, rule == "misere", subtraction)
    if rule == "misere" and all(p <= 1 for p in piles):
        text = titled(steps, "Misère: the all-ones").text
        assert ("the player to move wins" in text) == wins
        return
    assert f"= {column_xor(values)} (binary" in titled(steps, "The nim-sum").text
    if not wins:
        titled(steps, "The player to move loses")
        return
    table = titled(steps, "The player to move wins").tables[0]
    shown = {(int(r[0].split()[1]) - 1, int(r[2])) for r in table.rows}
    winning = {
        (i, s)
        for i, s in moves_of(piles, subtraction)
        if not mover_wins(after(piles, i, s), rule == "misere", subtraction)
    }
    assert shown == winning


def test_the_sequence_of_the_game_is_used_as_given() -> None:
    position = nim.NimInputs((4, 9), nim.Rule.SUBTRACTION, (1, 3, 4))
    sequence = nim.grundy_sequence((1, 3, 4))
    assert explain_position(position, sequence) == explain_position(position)
    refs = {r.at for s in explain_position(position, sequence) for r in s.refs}
    assert refs == {(0,), (1,)}


def test_a_won_position_names_the_digit_that_makes_the_move() -> None:
    steps = explain_position(nim.NimInputs((1, 2, 3, 4)))  # nim-sum 4: only pile 4 has that 1
    move = titled(steps, "The player to move wins")
    assert {(r.kind, r.at) for r in move.refs} == {("pile", (3,)), ("digit", (3, 2))}
    assert "Take 4 from pile 4: 4 → 0." in move.text
