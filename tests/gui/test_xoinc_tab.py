"""The Xoinc tab through the testability contract: solve, highlights, files, play."""

from __future__ import annotations

import csv
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

from gui.widgets.theme import BEST, SELECTED
from solvers import xoinc

EXAMPLE = (21, 13, 5, 3, 21, 89, 8, 55, 8, 21, 89, 1, 5, 1, 34, 3)


def tab_of(window):  # type: ignore[no-untyped-def]
    tab = window.tabs["xoinc"]
    window.gameTabs.setCurrentWidget(tab)
    return tab


def test_contract_names(window) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    assert tab.objectName() == "xoinc"
    assert window.gameTabs.tabText(window.gameTabs.indexOf(tab)) == "Xoinc"
    assert tab.findChild(QPushButton, "solveButton") is tab.solveButton
    assert tab.findChild(QPushButton, "cancelButton") is tab.cancelButton
    assert tab.findChild(QLabel, "resultLabel") is tab.resultLabel


def test_sample_solves_to_9_with_line_table_and_chart(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    assert tab.coins.model.values() == [1, 3, 1, 7, 2]
    result = solve_and_wait(tab)
    assert "9" in tab.resultLabel.text() and "5" in tab.resultLabel.text()
    assert result.first_total == 9
    model = tab.turnModel
    assert model.rowCount() == len(result.line)
    # Turn 1 is selected: shaded amber in the table and as the chart's band.
    assert model.data(model.index(0, 0), Qt.ItemDataRole.BackgroundRole) == SELECTED
    assert model.data(model.index(1, 0), Qt.ItemDataRole.BackgroundRole) is None
    assert tab.chart.band_range() == (1, result.line[0].taken)
    tab.select_turn(1)
    assert model.data(model.index(1, 0), Qt.ItemDataRole.BackgroundRole) == SELECTED
    assert model.data(model.index(0, 0), Qt.ItemDataRole.BackgroundRole) is None
    second = result.line[1]
    assert tab.chart.band_range() == (second.first_coin, second.first_coin + second.taken - 1)
    # Every coin coloured by its taker, in the chart and the coin list.
    assert tab.chart.owners == list(result.takers())
    notes = [tab.coins.model.data(tab.coins.model.index(r, 1)) for r in range(5)]
    assert notes == [("first", "second")[p - 1] for p in result.takers()]


def test_bad_coin_is_marked_and_blocks_solve(window) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    model = tab.coins.model
    assert not model.setData(model.index(2, 0), "100001")
    assert model.data(model.index(2, 0), Qt.ItemDataRole.BackgroundRole) is not None
    assert not tab.solveButton.isEnabled()
    assert "row 3" in tab.messageLabel.text()
    assert model.setData(model.index(2, 0), "100000")
    assert tab.solveButton.isEnabled()
    model.set_values([1] * (xoinc.MAX_COINS + 1))
    assert not tab.solveButton.isEnabled()
    assert "at most 5000 coins" in tab.messageLabel.text()


def test_edit_after_solve_marks_result_stale(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    solve_and_wait(tab)
    tab.coins.model.setData(tab.coins.model.index(0, 0), "50")
    assert "gray" in tab.resultLabel.styleSheet()
    assert tab.chart.owners == [0] * 5
    result = solve_and_wait(tab)
    assert result.inputs.coins == (50, 3, 1, 7, 2)


def test_import_judge_file_good_and_bad(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    good = tmp_path / "good.in"
    good.write_text("4 10 20\n30 40\n")
    assert tab.import_judge_file(good)
    assert tab.coins.model.values() == [10, 20, 30, 40]
    bad = tmp_path / "bad.in"
    bad.write_text("3\n1\nx\n2\n")
    assert not tab.import_judge_file(bad)
    assert "bad.in:3" in tab.messageLabel.text()
    assert tab.coins.model.values() == [10, 20, 30, 40]


def test_load_example_and_export_csv(window, solve_and_wait, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    assert tab.load_example()
    assert tuple(tab.coins.model.values()) == EXAMPLE
    result = solve_and_wait(tab)
    assert "177" in tab.resultLabel.text()
    path = tmp_path / "xoinc.csv"
    assert tab.export_csv(path)
    with open(path, newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows == xoinc.csv_rows(result.inputs, result)
    header = rows[0]
    assert [r[2] for r in rows if r[0] == "coin"] == [str(c) for c in EXAMPLE]
    (totals,) = [r for r in rows if r[0] == "totals"]
    assert totals[header.index("first_total")] == "177"
    assert totals[header.index("second_total")] == "200"
    assert len([r for r in rows if r[0] == "turn"]) == len(result.line)


def test_export_before_solving_has_the_inputs(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    path = tmp_path / "inputs.csv"
    assert tab.export_csv(path)
    with open(path, newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][0] == "section" and [r[2] for r in rows[1:]] == ["1", "3", "1", "7", "2"]


def test_session_round_trip(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    tab.coins.model.set_texts(["4", "oops", "6"])
    tab.play.sideCombo.setCurrentIndex(1)
    path = tmp_path / "session.json"
    assert window.save_session(path) is None
    tab.coins.model.set_values([1])
    tab.play.sideCombo.setCurrentIndex(0)
    assert window.open_session(path) is None
    assert tab.coins.model.texts() == ["4", "oops", "6"]
    assert tab.play.sideCombo.currentIndex() == 1
    assert not tab.solveButton.isEnabled()


def test_malformed_session_keeps_the_form(window) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    before = tab.state()
    try:
        tab.restore_session({"coins": "nope"})
    except ValueError as exc:
        assert "Xoinc" in str(exc)
    else:
        raise AssertionError("a bad session was accepted")
    assert tab.state() == before


def test_play_as_first_player_with_a_mistake(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    play = tab.play
    tab.start_game(True)  # solves first, then starts
    qtbot.waitUntil(lambda: play.state is not None, timeout=10000)
    assert play.state.player == 1 and list(play.state.moves()) == [1, 2]
    play.valuesCheck.setChecked(True)
    table = play.optionsTable
    assert table.rowCount() == 2
    assert table.item(0, 1).text() == "9" and table.item(0, 0).background().color() == BEST
    assert table.item(1, 2).text() == "\u22125"
    assert play.show_hint() == 1
    assert tab.chart.band_range() == (1, 1)
    assert play.user_take(2)  # a mistake worth 5
    assert play.state.over  # the solver took the last 3 coins
    first = play.state.history[0]
    assert (first.lost, first.best_take, first.value) == (5, 1, 4)
    log = [play.log.item(i).text() for i in range(play.log.count())]
    assert any("you lost 5" in line and "best take was 1" in line for line in log)
    assert any(line.startswith("Solver took 3") for line in log)
    assert play.state.totals == (4, 10)
    assert "lost 5" in play.positionLabel.text() and "solver wins" in play.positionLabel.text()
    assert not play.takeButton.isEnabled()
    assert tab.chart.owners == [1, 1, 2, 2, 2]


def test_play_as_second_player_solver_moves_first(window, qtbot, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    tab.load_example()
    result = solve_and_wait(tab)
    tab.play.sideCombo.setCurrentIndex(1)
    qtbot.mouseClick(tab.play.newButton, Qt.MouseButton.LeftButton)
    play = tab.play
    assert play.state is not None and play.state.player == 2
    assert play.state.history[0].taken == result.line[0].taken
    # Best takes all the way: the user ends with exactly the second player's value.
    while not play.state.over:
        assert play.user_take(play.state.best_take())
    assert play.total_lost() == 0
    assert play.state.totals == (result.first_total, result.second_total)
    assert not play.user_take(1)


def test_illegal_take_is_refused_and_edit_ends_the_game(window, qtbot, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    solve_and_wait(tab)
    tab.start_game(True)
    play = tab.play
    assert play.state is not None
    assert not play.user_take(3)
    assert "Not a legal take" in play.positionLabel.text()
    tab.coins.model.setData(tab.coins.model.index(0, 0), "9")
    assert play.state is None and play.log.count() == 0
    assert "stack changed" in play.positionLabel.text()


def test_big_stack_solves_and_draws(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    tab.coins.randomCount.setValue(xoinc.MAX_COINS)
    tab.coins.randomMax.setValue(xoinc.MAX_VALUE)
    tab.coins.randomize(11)
    result = solve_and_wait(tab)
    assert len(tab.chart.owners) == xoinc.MAX_COINS
    assert str(result.first_total) in tab.resultLabel.text()
    assert tab.turnModel.rowCount() == len(result.line)
