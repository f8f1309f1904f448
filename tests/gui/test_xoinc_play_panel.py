"""The Xoinc tab's play panel: games against the solver, restarts, big stacks (built alone)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from test_xoinc_tab import SLOW, WINDOW_1024X700, xoinc_tab

from gui.controller import running_jobs
from gui.widgets.play_panel import RESTARTED, mistake_words
from gui.widgets.theme import BEST
from solvers import xoinc


def test_play_as_first_player_with_a_mistake(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    play = tab.play
    tab.start_game(True)  # not solved: the game is built by new_game in a worker
    assert play.controller.busy and tab.working and play.state is None
    qtbot.waitUntil(lambda: play.state is not None, timeout=10000)
    assert tab.result is None
    # Then only the Why page's derivation of the position runs, and ends.
    qtbot.waitUntil(lambda: not tab.working, timeout=10000)
    # Nothing solved: the answer line speaks of the game in play, not of Solve.
    assert tab.resultLabel.text() == "Playing against the solver: your move"
    assert play.state.to_move == 0 and list(play.state.moves()) == [1, 2]
    play.valuesCheck.setChecked(True)
    table = play.optionsTable
    assert table.rowCount() == 2
    assert table.item(0, 1).text() == "9" and table.item(0, 0).background().color() == BEST
    assert "★" in table.item(0, 0).text() and "★" not in table.item(1, 0).text()
    assert table.item(1, 2).text() == "5 in value"
    assert play.show_hint() == 1
    assert tab.chart.band_range() == (1, 1)
    assert play.user_take(2)  # a mistake worth 5
    assert play.state.over  # the solver took the last 3 coins
    first = play.state.history[0]
    assert (first.lost, first.best_take, first.value) == (5, 1, 4)
    log = [play.log.item(i).text() for i in range(play.log.count())]
    # A mistake reads as in every tab (the shared words of the play panels).
    words = mistake_words(play.session.units, 5, "1 (worth 9)")
    assert words == "Best was 1 (worth 9): this costs you 5 in value."
    assert any(line.endswith(f"worth 4 in the end. {words}") for line in log)
    assert any(line.startswith("Solver took 3") for line in log)
    assert play.state.totals == (4, 10)
    assert play.positionLabel.text() == (
        "Game over. You 4 · solver 10: the solver wins."
        " Your takes cost you 5 in value against best play."
    )
    assert not play.takeButton.isEnabled()
    assert tab.chart.owners == [0, 0, 1, 1, 1]  # sides 0 and 1, as every game


def test_play_as_second_player_solver_moves_first(make_tab, qtbot, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    tab.load_example()
    result = solve_and_wait(tab)
    tab.viewTabs.setCurrentWidget(tab.play)
    tab.play.sideCombo.setCurrentIndex(1)
    qtbot.mouseClick(tab.play.newButton, Qt.MouseButton.LeftButton)
    play = tab.play
    # The game is built in a worker: the solve sent no value table (33 MB at 5000 coins).
    qtbot.waitUntil(lambda: play.state is not None, timeout=10000)
    assert play.state is not None and play.state.to_move == 1
    qtbot.waitUntil(lambda: not tab.working, timeout=10000)  # the Why page follows the game
    assert play.session.user == 1 and play.state.history[0].player == 0
    assert play.state.history[0].taken == result.line[0].taken
    # Best takes all the way: the user ends with exactly the second player's value.
    while not play.state.over:
        assert play.user_take(play.state.best_take())
    assert play.total_lost() == 0
    assert play.state.totals == (result.first_total, result.second_total)
    assert not play.user_take(1)


def test_illegal_take_is_refused_and_edit_ends_the_game(make_tab, qtbot, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    solve_and_wait(tab)
    tab.start_game(True)
    play = tab.play
    qtbot.waitUntil(lambda: play.state is not None, timeout=10000)
    assert play.state is not None
    assert not play.user_take(3)
    assert "Not a legal take" in play.positionLabel.text()
    tab.coins.model.setData(tab.coins.model.index(0, 0), "9")
    # The old game never continues on the new stack: it ends at once.
    assert play.state is None and play.log.count() == 0
    assert "inputs changed" in play.positionLabel.text()


def test_editing_restarts_the_game_from_the_new_stack(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    play = tab.play
    tab.start_game(True)
    qtbot.waitUntil(lambda: play.state is not None, timeout=10000)
    assert play.user_take(1)
    tab.coins.model.setData(tab.coins.model.index(0, 0), "9")
    assert play.state is None and not play.takeButton.isEnabled()
    qtbot.waitUntil(
        lambda: play.state is not None and not tab.working and not tab.restarter.pending,
        timeout=10000,
    )
    assert play.state.coins[0] == 9 and not play.state.history
    assert play.log.item(0).text() == RESTARTED and not running_jobs()
    assert len(tab.chart.owners) == len(play.state.coins)  # the chart draws the new game


def test_preparing_a_game_is_cancelled_by_edits_and_esc(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    play = tab.play
    play.build(SLOW, True)
    assert tab.working and tab.cancelButton.isEnabled() and "Preparing" in play.positionLabel.text()
    tab.coins.model.setData(tab.coins.model.index(0, 0), "9")
    assert not tab.working and not running_jobs() and play.state is None
    assert "inputs changed" in play.positionLabel.text()
    play.build(SLOW, True)
    tab.cancel()  # what Cancel and Esc do: the restart the edit asked for is dropped too
    assert not tab.working and not running_jobs() and play.state is None
    assert not tab.restarter.pending
    assert "Cancelled" in play.positionLabel.text()


def test_fix_the_stack_message_goes_when_the_stack_is_fixed(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    model = tab.coins.model
    model.setData(model.index(1, 0), "7x")
    tab.start_game(True)
    assert "Fix the stack first" in tab.play.positionLabel.text()
    assert model.setData(model.index(1, 0), "7")
    assert "Fix the stack" not in tab.play.positionLabel.text()  # the game starts on it
    qtbot.waitUntil(lambda: tab.play.state is not None and not tab.working, timeout=10000)


def test_big_game_shows_the_coins_in_play_and_the_best_take(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab, WINDOW_1024X700)
    tab.coins.randomCount.setValue(xoinc.MAX_COINS)
    tab.coins.randomMax.setValue(xoinc.MAX_VALUE)
    tab.coins.randomize(5)
    tab.start_game(False)
    play = tab.play
    qtbot.waitUntil(lambda: play.state is not None, timeout=20000)
    assert play.user_take(play.state.most)
    table = play.optionsTable
    values = play.option_values()
    best = table.item(values.index(max(values)), 0)
    assert "★" in best.text()
    assert table.visualItemRect(best).intersects(table.viewport().rect())  # scrolled to it
    # The chart shows the top of the stack, not 5000 slivers.
    low, high = tab.chart.getViewBox().viewRange()[0]
    assert low < play.state.top + 1 < high and high - low < 200


def test_each_turn_starts_from_the_best_take_and_the_coins_follow_the_game(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    tab.coins.model.set_values([5, 1, 3, 1, 7, 2, 4, 6, 2, 8, 3, 9])
    play = tab.play
    play.valuesCheck.setChecked(True)
    tab.start_game(True)
    qtbot.waitUntil(lambda: play.state is not None, timeout=10000)
    best = play.state.best_take()
    assert play.takeSpin.value() == best
    assert tab.chart.band_range() == (1, best)  # shaded while the values show, no Hint needed
    worse = 2 if best == 1 else 1
    assert play.user_take(worse)
    state = play.state
    assert not state.over and play.takeSpin.value() == state.best_take()  # not the last choice
    model = tab.coins.model
    cells = [[model.data(model.index(r, c)) for c in (1, 2)] for r in range(model.rowCount())]
    taken = [
        [("first", "second")[take.player], str(number)]
        for number, take in enumerate(state.history, start=1)
        for _ in range(take.taken)
    ]
    assert cells[: len(taken)] == taken
    assert all(not any(row) for row in cells[len(taken) :])  # still on the stack: no note
    play.valuesCheck.setChecked(False)
    assert tab.chart.band_range() is None


def test_the_optimal_line_page_shows_the_line_while_a_game_is_in_play(
    make_tab, qtbot, solve_and_wait
) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    result = solve_and_wait(tab)
    tab.start_game(True)
    qtbot.waitUntil(lambda: tab.play.state is not None and not tab.working, timeout=10000)
    best = tab.play.state.best_take()
    assert tab.play.user_take(2 if best == 1 else 1)  # off the line: the game differs from it
    model = tab.coins.model

    def notes() -> list[list[str]]:
        return [[str(model.data(model.index(r, c)) or "") for c in (1, 2)] for r in range(5)]

    def expected(takes: list[tuple[int, int]]) -> list[list[str]]:
        rows = [[("first", "second")[p], str(n)] for n, (p, k) in enumerate(takes, 1)]
        flat = [row for row, (_, k) in zip(rows, takes, strict=True) for _ in range(k)]
        return (flat + [["", ""]] * 5)[:5]

    in_game = expected([(t.player, t.taken) for t in tab.play.state.history])
    on_line = expected([(t.player, t.taken) for t in result.line])
    assert in_game != on_line and notes() == in_game
    tab.viewTabs.setCurrentIndex(0)  # back to the optimal line
    assert notes() == on_line
    tab.select_turn(1)
    second = result.line[1]
    assert tab.chart.band_range() == (second.first_coin, second.first_coin + second.taken - 1)
    tab.viewTabs.setCurrentWidget(tab.play)  # and the game again on its page
    assert notes() == in_game
    state, shaded = tab.play.state, tab.play.shaded_take()
    assert tab.chart.band_range() == (
        None if shaded is None else (state.top + 1, state.top + shaded)
    )
