"""The Cover Up tab's play-along and simulation panels."""

from __future__ import annotations

from layout_checks import WINDOW_1024X700, clipped
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from test_coverup_tab import BG, CHECK, coverup_tab, show_layout_with_candidates

from gui.tabs.coverup.form import FIRST_SLOT, P_COL, PICK_COL
from gui.tabs.coverup.model import DigitRow
from gui.widgets.play_panel import RESTARTED
from gui.widgets.theme import BEST, SELECTED
from solvers import coverup as cu


def test_play_along_updates_table_and_probability(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    show_layout_with_candidates(tab)
    result = solve_and_wait(tab)
    model = tab.model
    tab.mark_right([0])
    assert tab.marked_right() == [0]
    assert model.data(model.index(0, PICK_COL), CHECK) == Qt.CheckState.Checked
    assert tab.next_turn()
    game = tab.game
    expected = result.entry(game.state)
    assert game.turn == 2 and game.entry().value == expected.value
    assert cu.format_probability(expected.value) in tab.playPanel.statusLabel.text()
    # Column 1 solved with digit 1, the wrong "2" of column 2 struck out.
    assert model.data(model.index(0, FIRST_SLOT)) == "1 ✓"
    assert model.data(model.index(1, FIRST_SLOT + 1), Qt.ItemDataRole.FontRole).strikeOut()
    # Posterior of column 2 after the wrong "2": 1 → 0.6/0.8 = 75%, 3 → 25%.
    assert model.data(model.index(1, FIRST_SLOT)).endswith("75%")
    assert model.data(model.index(1, FIRST_SLOT + 2)).endswith("25%")
    highlighted = [
        r
        for r in range(5)
        for c in range(FIRST_SLOT, FIRST_SLOT + 6)
        if model.data(model.index(r, c), BG) in (BEST, SELECTED)
    ]
    assert highlighted == [1, 2, 3, 4]
    # No right pick: the game is lost and says so.
    assert tab.next_turn([])
    assert tab.game.over and "lost" in tab.playPanel.statusLabel.text()
    assert not tab.playPanel.nextButton.isEnabled()
    # A lost game shows no chances: every untried digit used to read 0%.
    slots = range(FIRST_SLOT, FIRST_SLOT + 6)
    cells = [str(model.data(model.index(r, c)) or "") for r in range(5) for c in slots]
    assert not any(cell.endswith("%") for cell in cells)
    tab.restart_game()
    assert tab.game.turn == 1 and tab.playPanel.nextButton.isEnabled()


def test_play_along_to_a_win_and_alternative_picks(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    tab.model.set_digit_rows([DigitRow("1 2", {1}, "0.9"), DigitRow("1 2 3")])
    solve_and_wait(tab)
    first = tab.game.entry()
    other = next(a for a in first.alternatives if a.picks != first.picks)
    assert other == first.alternatives[1]
    tab.playPanel._clicked(1, 0)  # the second row of the alternatives table
    assert tab.game.picks == other.picks
    assert f"{other.value:.4f}" in tab.playPanel.statusLabel.text()
    assert tab.next_turn([0, 1])
    assert tab.game.won and "won" in tab.playPanel.statusLabel.text()


def test_impossible_outcome_is_refused(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    tab.model.set_digit_rows([DigitRow("1", set(), "0"), DigitRow("1 2 3")])
    solve_and_wait(tab)
    assert not tab.next_turn([1])  # the single digit of column 1 cannot be wrong
    assert "cannot be wrong" in tab.messageLabel.text()
    assert tab.game.turn == 1


def test_simulation_beside_the_exact_value(window, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    show_layout_with_candidates(tab)
    assert not tab.simulation.start()  # nothing solved yet
    button = tab.simulation.simulateButton
    assert not button.isEnabled() and "Solve valid inputs first" in button.toolTip()
    result = solve_and_wait(tab)
    assert button.isEnabled()
    tab.simulation.gamesSpin.setValue(100_000)
    tab.simulation.seedSpin.setValue(5)
    assert tab.simulation.start()
    qtbot.waitUntil(lambda: not tab.simulation.busy, timeout=20000)
    sim = tab.simulation.simulation
    assert sim is not None and sim.games == 100_000 and sim.exact == result.value
    text = tab.simulation.resultLabel.text()
    assert "100,000 games" in text and f"{sim.low:.4f}" in text and "inside" in text


def test_a_run_outside_the_interval_says_it_happens_by_chance(make_tab) -> None:  # type: ignore[no-untyped-def]
    from solvers.coverup.simulation import Simulation

    tab = make_tab("coverup", WINDOW_1024X700)
    panel = tab.simulation
    panel.show_simulation(Simulation(100_000, 60_000, 0.6, 0.5969, 0.6030, 0.5368))
    text = panel.resultLabel.text()
    assert text.endswith("Exact value 0.5368: outside, as about 1 run in 20 is by chance.")
    assert "OUTSIDE" not in text
    assert "1 run in 20" in panel.findChild(QLabel, "simulationCaption").text()
    assert clipped(tab) == []  # the longest result fits at 1024x700
    panel.show_simulation(Simulation(100_000, 54_000, 0.54, 0.5300, 0.5431, 0.5368))
    assert panel.resultLabel.text().endswith("Exact value 0.5368: inside.")


def test_editing_ends_the_play_along(window, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    solve_and_wait(tab)
    assert tab.game is not None
    tab.model.setData(tab.model.index(0, 1), "0")
    # The old game never continues on the new inputs: it ends at once.
    assert tab.game is None and tab.model.overlay is None
    # Greyed, unless these inputs were solved before (then their answer is back at once).
    assert "gray" in tab.resultLabel.styleSheet() or tab.result_is_current()
    assert "inputs changed" in tab.playPanel.statusLabel.text()
    wait_for_restart(tab, qtbot)


def wait_for_restart(tab, qtbot):  # type: ignore[no-untyped-def]
    """Wait until the game restarted from the edited inputs and nothing runs."""
    qtbot.waitUntil(
        lambda: tab.game is not None and not tab.working and not tab.restarter.pending,
        timeout=20000,
    )
    return tab.game


def test_editing_restarts_the_game_from_the_new_inputs(window, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    show_layout_with_candidates(tab)
    solve_and_wait(tab)
    assert tab.next_turn([0]) and tab.game.turn == 2
    tab.model.setData(tab.model.index(0, P_COL), "0.5")  # column 1's p
    assert tab.game is None and not tab.playPanel.nextButton.isEnabled()
    game = wait_for_restart(tab, qtbot)
    assert tab.result.inputs == tab.read_inputs() and tab.read_inputs().columns[0].p == 0.5
    assert game.turn == 1 and game.picks == tab.result.first.picks
    assert tab.model.overlay is not None  # the table shows the new game's picks
    assert tab.playPanel.log.count() == 1 and tab.playPanel.log.item(0).text() == RESTARTED
    # Inputs not valid: no game, no Next turn, and the panel says so; fixed, it restarts.
    tab.model.setData(tab.model.index(0, P_COL), "2")
    qtbot.waitUntil(lambda: not tab.restarter.pending, timeout=5000)
    assert tab.game is None and not tab.working and not tab.playPanel.nextButton.isEnabled()
    assert "not valid" in tab.playPanel.statusLabel.text()
    tab.model.setData(tab.model.index(0, P_COL), "0.7")
    assert wait_for_restart(tab, qtbot).turn == 1 and tab.result.inputs.columns[0].p == 0.7


def test_the_play_panel_draws_the_play_state(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    show_layout_with_candidates(tab)
    result = solve_and_wait(tab)
    game = tab.game
    # The tab holds the solver's play state with the best picks made, awaiting the outcome.
    assert isinstance(game, cu.CoverUpGame) and game.to_move == "chance"
    assert game.picks == result.first.picks
    # The digits highlighted are the slots the state covers (likely digit 1 first in a column).
    model = tab.model
    for row, slot in enumerate(game.slots()):
        digit = [1] + [d for d in range(1, row + 3) if d != 1]
        assert model.data(model.index(row, PICK_COL)).startswith(f"cover {digit[slot]} ")
    tab.next_turn([2])
    assert tab.game.state == game.play((2,)).state and tab.game.turn == 2
    assert tab.playPanel.log.item(0).text().startswith("Turn 1: 1✗ 2✗ 2✓")


def test_cancel_and_esc_stop_a_five_million_game_simulation(  # type: ignore[no-untyped-def]
    window, solve_and_wait, qtbot
) -> None:
    from gui.controller import running_jobs

    tab = coverup_tab(window)
    window.gameTabs.setCurrentWidget(tab)  # Esc cancels what runs in the current tab
    solve_and_wait(tab)
    for stop in (tab.cancelButton.click, window.cancelAction.trigger):
        tab.simulation.gamesSpin.setValue(5_000_000)
        assert tab.simulation.start()
        assert tab.working and window.cancelAction.isEnabled()
        stop()
        assert not tab.working and not tab.simulation.busy and not running_jobs()
        assert "cancelled" in tab.simulation.resultLabel.text()
        assert tab.simulation.simulation is None
        assert not window.cancelAction.isEnabled()
    # The worker is free again: a short simulation runs to the end.
    tab.simulation.gamesSpin.setValue(1000)
    assert tab.simulation.start()
    qtbot.waitUntil(lambda: tab.simulation.simulation is not None, timeout=10000)


def test_play_panel_keeps_two_alternatives_and_a_plain_headline(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    show_layout_with_candidates(tab)
    solve_and_wait(tab)
    # One number in the headline: no unexplained second rounding.
    assert tab.resultLabel.text() == ("Best picks win with probability 0.5368 (judge: 0.537)")
    table = tab.playPanel.alternatives
    row = table.verticalHeader().defaultSectionSize()
    assert not table.wordWrap() and row <= table.fontMetrics().lineSpacing() + 8
    assert table.minimumHeight() >= 2 * row + table.horizontalHeader().sizeHint().height()
    assert "reserve" in [table.item(0, c).text() for c in range(2, table.columnCount())] + [
        table.item(1, c).text() for c in range(2, table.columnCount())
    ]


def test_the_pick_list_is_readable_at_1024x700(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("coverup", WINDOW_1024X700)
    assert tab.load_example()
    solve_and_wait(tab)  # five columns: 32 pick combinations on the first turn
    table = tab.playPanel.alternatives
    assert table.rowCount() > 3
    header = table.horizontalHeader()
    assert header.model().headerData(6, Qt.Orientation.Horizontal) == "Col 5"
    assert not table.horizontalScrollBar().isVisible()
    right = header.sectionViewportPosition(6) + header.sectionSize(6)
    assert right <= table.viewport().width()
    assert header.sectionSize(6) >= header.sectionSizeHint(6)  # "Col 5" whole
    assert table.viewport().height() >= 3 * table.rowHeight(0)  # three whole rows
