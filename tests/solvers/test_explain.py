"""Explanations ("Show why") of Nim and Xoinc against independent computations; the renderings.

Every number a step shows is recomputed here the plain way: binary digits and XOR by
counting ones per column, Grundy values by a plain mex recursion, the Xoinc totals by
the brute-force minimax of ``brute_xoinc``.
"""

from __future__ import annotations

import functools
import pickle
from collections.abc import Sequence

import pytest
from brute_xoinc import play, take_values
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import solvers
from solvers import nim, xoinc
from solvers.explain import (
    MAX_ROWS,
    Ref,
    Step,
    Table,
    bounded_rows,
    step_anchor,
    step_of_anchor,
    to_html,
    to_markdown,
    to_text,
)
from solvers.nim.why import DIGIT_COLUMNS_UP_TO


def step_titled(steps: Sequence[Step], start: str) -> Step:
    found = [s for s in steps if s.title.startswith(start)]
    assert len(found) == 1, [s.title for s in steps]
    return found[0]


# --- renderings -------------------------------------------------------------------------

SAMPLE = [
    Step(
        "First <step>",
        "a | b\nnext line\n\nsecond paragraph",
        (Table(("x", "y|z"), (("1", "&"),)),),
    ),
    Step("Second", "text", (), (Ref("pile", (2,)),)),
]


def test_markdown_has_numbered_headings_paragraphs_and_escaped_tables() -> None:
    text = to_markdown(SAMPLE)
    assert "### 1. First <step>" in text and "### 2. Second" in text
    assert "a | b  \nnext line" in text and "\n\nsecond paragraph\n" in text
    assert "| x | y\\|z |\n|---|---|\n| 1 | & |" in text


def test_html_escapes_and_links_every_step_to_its_anchor() -> None:
    page = to_html(SAMPLE)
    assert page.startswith("<!DOCTYPE html>") and "First &lt;step&gt;" in page
    assert "<td>&amp;</td>" in page and "a | b<br>next line" in page
    for index in range(len(SAMPLE)):
        anchor = step_anchor(index)
        assert f"name='{anchor}'" in page and f"href='#{anchor}'" in page
        assert step_of_anchor(anchor) == step_of_anchor("#" + anchor) == index
    assert step_of_anchor("https://example.org") is None
    assert "<!DOCTYPE" not in to_html(SAMPLE, document=False)
    assert "<title>Nim &lt;1&gt;</title>" in to_html(SAMPLE, title="Nim <1>")


def test_text_aligns_table_columns() -> None:
    lines = to_text(SAMPLE).splitlines()
    assert lines[0] == "1. First <step>"
    header = next(line for line in lines if line.strip().startswith("x"))
    row = lines[lines.index(header) + 2]
    assert len(header) == len(row) and row.split() == ["1", "&"]


def test_bounded_rows_keep_the_first_and_the_last_rows() -> None:
    rows = [(str(k), "x") for k in range(100)]
    assert bounded_rows(rows[:5], 2, str, limit=5) == tuple(rows[:5])
    cut = bounded_rows(rows, 2, lambda count: f"{count} more", limit=10, last=3)
    assert cut == (*rows[:6], ("91 more", ""), *rows[-3:])
    assert bounded_rows(rows, 2, str, limit=4) == (*rows[:3], ("97", ""))


@pytest.mark.parametrize("game", solvers.GAMES)
def test_every_game_explains_its_example_in_steps_that_travel_between_processes(game: str) -> None:
    module = solvers.load(game)
    inputs = module.example()
    steps = module.explain(inputs, module.solve(inputs))
    assert len(steps) >= 3 and all(isinstance(s, Step) and s.title and s.text for s in steps)
    assert pickle.loads(pickle.dumps(steps)) == steps  # a worker process computes them


def test_a_table_refuses_ragged_rows() -> None:
    with pytest.raises(ValueError, match="row of 1 cells"):
        Table(("a", "b"), (("1",),))


# --- Nim --------------------------------------------------------------------------------


def plain_xor_by_columns(values: Sequence[int]) -> tuple[int, list[int]]:
    """The nim-sum, found column by column from the parity of the ones (no ``^``)."""
    width = max(1, max(values).bit_length())
    ones = [sum((v >> k) & 1 for v in values) for k in range(width - 1, -1, -1)]
    digits = [count % 2 for count in ones]
    return int("".join(map(str, digits)), 2), digits


def check_binary_table(step: Step, values: Sequence[int]) -> None:
    table = step.tables[0]
    nim_sum, digits = plain_xor_by_columns(values)
    width = len(digits)
    columns = width <= DIGIT_COLUMNS_UP_TO
    assert len(table.header) == 3 + (width if columns else 0)
    piles = table.rows[:-1]
    if len(values) <= MAX_ROWS:
        assert len(piles) == len(values)
    for row, value in zip(piles, values, strict=False):
        if row[0].startswith("…"):
            break
        assert row[1] == str(value)
        assert int(row[2], 2) == value and len(row[2]) == width
        if columns:
            bits = [(value >> k) & 1 for k in range(width - 1, -1, -1)]
            assert [int(d) for d in row[3:]] == bits
    xor = (str(nim_sum), "".join(map(str, digits)), *(map(str, digits) if columns else ()))
    assert table.rows[-1][1:] == xor


piles_strategy = st.lists(st.integers(1, 10**9), min_size=1, max_size=60).map(tuple)


@given(piles_strategy)
@settings(max_examples=examples(200))
def test_nim_shows_each_pile_in_binary_the_nim_sum_and_the_new_size(piles: tuple[int, ...]) -> None:
    inputs = nim.NimInputs(piles)
    result = nim.solve(inputs)
    steps = nim.explain(inputs, result)
    check_binary_table(step_titled(steps, "Each pile in binary"), piles)
    nim_sum, _ = plain_xor_by_columns(piles)
    assert f"= {nim_sum} (binary {nim_sum:b})" in step_titled(steps, "The nim-sum").text
    if nim_sum == 0:
        step_titled(steps, "The second player wins")
        return
    move_step = step_titled(steps, "The first player wins")
    wanted = [(i, p, p ^ nim_sum) for i, p in enumerate(piles) if p ^ nim_sum < p]
    rows = move_step.tables[0].rows
    for (i, p, after), row in zip(wanted, rows, strict=False):
        if row[0].startswith("…"):
            break
        assert row[:3] == (f"pile {i + 1}", str(p), str(p - after))
        assert row[3] == f"{p} ⊕ {nim_sum} = {after}"
    first = wanted[0]
    assert f"pile {first[0] + 1}: {first[1]} → {first[2]}." in move_step.text
    assert {r.at[0] for r in move_step.refs if r.kind == "pile"} == {i for i, _, _ in wanted}
    high = nim_sum.bit_length() - 1
    digits = {r.at for r in move_step.refs if r.kind == "digit"}
    assert digits == {(i, high) for i, _, _ in wanted}


@given(st.lists(st.integers(0, 1), min_size=1, max_size=9).map(tuple))
@settings(max_examples=examples(60))
def test_misere_all_ones_says_who_takes_the_last_stone(piles: tuple[int, ...]) -> None:
    inputs = nim.NimInputs(piles, nim.Rule.MISERE)
    steps = nim.explain(inputs, nim.solve(inputs))
    step = step_titled(steps, "Misère: the all-ones exception")
    ones = sum(piles)
    winner = "first" if ones % 2 == 0 else "second"  # the mover takes the last stone if odd
    assert f"With {ones} pile(s) of 1" in step.text and f"the {winner} player wins" in step.text


def test_misere_with_one_big_pile_leaves_an_odd_number_of_ones() -> None:
    inputs = nim.NimInputs((1, 1, 5), nim.Rule.MISERE)
    steps = nim.explain(inputs, nim.solve(inputs))
    step = step_titled(steps, "Misère: while")
    assert "take it down to 1 so that 3 pile(s) of 1 remain" in step.text
    assert "Take 4 from pile 3: 5 → 1." in step_titled(steps, "The first player wins").text


def plain_grundy(subtraction: tuple[int, ...], upto: int) -> list[int]:
    @functools.cache
    def g(x: int) -> int:
        seen = {g(x - s) for s in subtraction if s <= x}
        return next(v for v in range(len(seen) + 1) if v not in seen)

    return [g(x) for x in range(upto)]


@given(
    st.lists(st.integers(1, 12), min_size=1, max_size=4).map(lambda s: tuple(sorted(set(s)))),
    st.lists(st.integers(1, 300), min_size=1, max_size=6).map(tuple),
)
@settings(max_examples=examples(120))
def test_subtraction_games_show_the_mex_steps_and_the_period(
    subtraction: tuple[int, ...], piles: tuple[int, ...]
) -> None:
    inputs = nim.NimInputs(piles, nim.Rule.SUBTRACTION, subtraction)
    result = nim.solve(inputs)
    steps = nim.explain(inputs, result)
    g = plain_grundy(subtraction, 400)
    for row in step_titled(steps, "Grundy values").tables[0].rows:
        x = int(row[0])
        reachable = [x - s for s in subtraction if s <= x]
        assert row[1] == (", ".join(map(str, reachable)) or "—")
        assert row[2] == "{" + ", ".join(map(str, sorted({g[y] for y in reachable}))) + "}"
        assert int(row[3]) == g[x]
    period = step_titled(steps, "The period")
    start, length = result.sequence.preperiod, result.sequence.period  # type: ignore[union-attr]
    assert f"From x = {start} on" in period.text and f"period {length}:" in period.text
    assert all(g[x] == g[x + length] for x in range(start, 400 - length))
    values = [g[x] for x in piles]
    check_binary_table(step_titled(steps, "Each Grundy value in binary"), values)
    pile_rows = step_titled(steps, "Each pile's Grundy value").tables[0].rows
    assert [int(row[3]) for row in pile_rows] == values
    nim_sum, _ = plain_xor_by_columns(values)
    if nim_sum:
        rows = step_titled(steps, "The first player wins").tables[0].rows
        wanted = {
            (i, s) for i, p in enumerate(piles) for s in subtraction
            if s <= p and g[p - s] == g[p] ^ nim_sum
        }  # fmt: skip
        assert {(int(r[0].split()[1]) - 1, int(r[2])) for r in rows} == wanted


# --- Xoinc ------------------------------------------------------------------------------


@given(st.lists(st.integers(1, 30), min_size=1, max_size=14).map(tuple))
@settings(max_examples=examples(150))
def test_xoinc_takes_and_the_table_match_a_brute_force(coins: tuple[int, ...]) -> None:
    inputs = xoinc.XoincInputs(coins)
    result = xoinc.solve(inputs)
    steps = xoinc.explain(inputs, result)
    n, everything = len(coins), sum(coins)
    first_turn = step_titled(steps, "Turn 1:").tables[0]
    brute = take_values(coins, 0, 2)
    # The first player's final total after taking 1 and after taking 2 coins.
    assert [int(row[5]) for row in first_turn.rows] == brute
    assert [int(row[6]) for row in first_turn.rows] == [everything - v for v in brute]
    line_rows = step_titled(steps, "The part of the table").tables[0].rows
    assert len(line_rows) == len(result.line)
    # Sides 0 and 1 in the data; people read player 1 and player 2.
    assert [row[1] for row in line_rows] == [str(t.player + 1) for t in result.line]
    for turn in result.line:
        title = f"Turn {turn.turn}: player {turn.player + 1} at"
        assert step_titled(steps, f"Turn {turn.turn}:").title.startswith(title)
    for row in line_rows:
        left, allowance, take = int(row[2]), int(row[3]), int(row[6])
        assert int(row[4]) == sum(coins[n - left :])
        assert int(row[5]) == play(coins, n - left, allowance)[0]
        assert int(row[7]) == play(coins, n - left + take, 2 * take)[0]
    gained = [0, 0]
    for turn in result.line:
        table = step_titled(steps, f"Turn {turn.turn}:").tables[0]
        values = take_values(coins, n - turn.coins_left, turn.allowance)
        assert [int(row[0]) for row in table.rows] == list(range(1, len(values) + 1))
        mover = [int(row[4]) for row in table.rows]
        assert mover == [gained[turn.player] + v for v in values]
        own = 5 if turn.player == 0 else 6
        assert [int(row[own]) for row in table.rows] == mover
        assert [int(row[11 - own]) for row in table.rows] == [everything - m for m in mover]
        coins_taken = {
            r.at[0] for r in step_titled(steps, f"Turn {turn.turn}:").refs if r.kind == "coin"
        }
        assert coins_taken == set(range(n - turn.coins_left, n - turn.coins_left + turn.taken))
        best = [row[0] for row in table.rows if row[7]]
        assert best == [str(turn.taken)] and max(values) == values[turn.taken - 1]
        gained[turn.player] += turn.gained
    totals = step_titled(steps, "The totals").text
    assert f"first player ends with {play(coins, 0, 2)[0]}" in totals


def test_xoinc_long_lines_stay_bounded_and_keep_the_best_take() -> None:
    inputs = xoinc.XoincInputs(tuple((k * 7919) % 1000 + 1 for k in range(600)))
    result = xoinc.solve(inputs)
    steps = xoinc.explain(inputs, result)
    turns = [s for s in steps if s.title.startswith("Turn ")]
    assert len(turns) == min(len(result.line), 30)
    for step, turn in zip(turns, result.line, strict=False):
        rows = step.tables[0].rows
        assert len(rows) <= MAX_ROWS
        assert [r[0] for r in rows if r[7]] == [str(turn.taken)]
    if len(result.line) > 30:
        assert steps[-2].title == f"Turns 31 to {len(result.line)}"


def test_html_keeps_numbers_on_one_line_and_lets_words_wrap() -> None:
    from solvers.explain import Step, Table, to_html

    table = Table(("piece", "to", "points"), (("pieces 1, 2", "13 (shortcut from 10)", "1,368"),))
    page = to_html([Step("t", "x", (table,))], document=False)
    assert "<td class='n'>1,368</td>" in page
    assert "<td>13 (shortcut from 10)</td>" in page and "<td>pieces 1, 2</td>" in page
