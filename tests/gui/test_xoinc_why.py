"""The Xoinc tab's Why page: its picture lights what a step names, and it follows play."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from test_xoinc_tab import xoinc_tab

from gui.tabs.xoinc.why_picture import XoincWhyPicture, runs
from gui.widgets.theme import BEST
from solvers import xoinc
from solvers.explain import Ref
from solvers.xoinc.why import explain_position


def why_page(tab, qtbot):  # type: ignore[no-untyped-def]
    """Show the Why page (its picture is built then) and wait for the derivation."""
    tab.pagesBar.setCurrentIndex(1)
    qtbot.waitUntil(lambda: bool(tab.whyView.steps), timeout=20000)
    picture = tab.why.picture
    assert isinstance(picture, XoincWhyPicture)
    return picture


def test_runs_join_consecutive_coins() -> None:
    assert runs([5, 1, 2, 3, 9, 8]) == [(1, 3), (5, 5), (8, 9)]
    assert runs([]) == []


def test_a_step_lights_its_coins_turns_and_cells(make_tab, qtbot, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    result = solve_and_wait(tab)
    picture = why_page(tab, qtbot)
    # The solved case: coins coloured by taker, the line in the table, nothing lit.
    assert picture.chart.owners == list(result.takers())
    assert picture.model.turns == result.line and picture.bands() == []
    steps = tab.whyView.steps
    turn2 = next(s for s in steps if s.title.startswith("Turn 2:"))
    tab.whyView.step_selected.emit(turn2)  # what hovering the step's title does
    second = result.line[1]
    first, last = second.first_coin, second.first_coin + second.taken - 1
    assert picture.bands() == [(first, last)]
    assert picture.lit == frozenset(range(first - 1, last))
    assert picture.model.marked == {1}
    colour = picture.model.data(picture.model.index(1, 0), Qt.ItemDataRole.BackgroundRole)
    assert colour == QColor(BEST)
    assert picture.model.data(picture.model.index(0, 0), Qt.ItemDataRole.BackgroundRole) != colour
    # The line's step names the cell of every turn: every row lit, no coin.
    line = next(s for s in steps if s.title.startswith("The part of the table"))
    tab.whyView.step_selected.emit(line)
    assert picture.model.marked == set(range(len(result.line))) and picture.bands() == []
    tab.whyView.step_selected.emit(None)
    assert picture.model.marked == frozenset() and picture.bands() == []


def test_a_cell_off_the_line_lights_the_coins_that_may_be_taken(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    coins = (1, 3, 1, 7, 2)
    inputs = xoinc.XoincInputs(coins)
    picture = XoincWhyPicture()
    qtbot.addWidget(picture)
    picture.show_result(inputs, xoinc.solve(inputs))
    assert (3, 4) not in {(t.coins_left, t.allowance) for t in picture.model.turns}
    picture.highlight((Ref("cell", (3, 4)),))  # coins 3..5 left, at most 4 (only 3 there)
    assert picture.bands() == [(3, 5)] and picture.model.marked == frozenset()
    picture.highlight((Ref("coin", (0,)), Ref("coin", (2,)), Ref("coin", (3,))))
    assert picture.bands() == [(1, 1), (3, 4)]


def test_the_why_page_follows_the_game_in_play(make_tab, qtbot, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    solve_and_wait(tab)
    picture = why_page(tab, qtbot)
    solved_steps = tab.whyView.steps
    calls = []
    follow = tab.follow_play
    tab.follow_play = lambda job, title="": (calls.append((job, title)), follow(job, title))
    tab.start_game(True)
    qtbot.waitUntil(lambda: tab.play.state is not None, timeout=10000)
    tab.play.user_take(1)  # the solver answers at once: a new position, the user to move
    state = tab.play.state
    job, title = calls[-1]
    assert job.function is explain_position
    assert job.args == (xoinc.XoincInputs(state.coins), state.coins_left, state.allowance,
                        state.totals, state.to_move)  # fmt: skip
    assert title == f"The game in play: {state.coins_left} coins left"
    wanted = explain_position(*job.args)
    qtbot.waitUntil(lambda: tab.whyView.steps == tuple(wanted), timeout=20000)
    assert (
        tab.whyView.steps[0].title == f"The position now: ({state.coins_left}, {state.allowance})"
    )
    # The picture shows the game: the coins taken so far coloured by their taker.
    assert picture.chart.owners == state.owners()
    tab.whyView.step_selected.emit(tab.whyView.steps[1])
    best = state.best_take()
    assert picture.lit == frozenset(range(state.top, state.top + best))
    # The same position again (a hint, a toggle) makes no new job.
    count = len(calls)
    tab.play.show_hint()
    assert [c for c in calls[count:] if c[0] is not None] == []
    # Leaving play for the Optimal line page: the result's derivation is back.
    tab.viewTabs.setCurrentIndex(0)
    assert calls[-1] == (None, "")
    qtbot.waitUntil(lambda: tab.whyView.steps == solved_steps, timeout=20000)


def test_export_picture_is_the_stack_chart(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    assert tab.picture() is tab.chart
