"""The Xoinc tab alone (``make_tab``): solve, highlights, files, play, stale results, layout."""

from __future__ import annotations

import csv
from pathlib import Path

import jobs_for_tests
from layout_checks import WINDOW_1024X700, clipped
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

from gui.controller import Job, running_jobs
from gui.session import read_session, write_session
from gui.widgets.plots import IntegerAxis
from gui.widgets.theme import SELECTED
from solvers import xoinc

EXAMPLE = (21, 13, 5, 3, 21, 89, 8, 55, 8, 21, 89, 1, 5, 1, 34, 3)
SLOW = Job(jobs_for_tests.slow, (30,))
#: What a tab gets of a 1024x700 window (menu, tab bar and status bar take the rest).


def xoinc_tab(make_tab, size: tuple[int, int] = (1024, 640)):  # type: ignore[no-untyped-def]
    return make_tab("xoinc", size)


def test_contract_names(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    assert tab.objectName() == "xoinc"
    assert tab.title == "Xoinc"
    assert tab.findChild(QPushButton, "solveButton") is tab.solveButton
    assert tab.findChild(QPushButton, "cancelButton") is tab.cancelButton
    assert tab.findChild(QLabel, "resultLabel") is tab.resultLabel
    # Coin numbers and values are whole: the chart never ticks at 1.5.
    assert all(isinstance(tab.chart.getAxis(side), IntegerAxis) for side in ("bottom", "left"))


def test_sample_solves_to_9_with_line_table_and_chart(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    assert tab.coins.model.values() == [1, 3, 1, 7, 2]
    result = solve_and_wait(tab)
    assert "9" in tab.resultLabel.text() and "5" in tab.resultLabel.text()
    assert result.first_total == 9
    model = tab.turnModel
    assert model.rowCount() == len(result.line)
    # Turn 1 is selected: shaded yellow in the table and as the chart's band.
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
    assert result.takers()[0] == 0  # the first player (side 0) takes the top coin
    # Each side's bars are its own coins (1-based x), nobody's left grey.
    for side, bars in enumerate(tab.chart.playerBars):
        mine = [i + 1 for i, p in enumerate(result.takers()) if p == side]
        assert list(bars.opts["x"]) == mine
    assert list(tab.chart.untakenBars.opts["x"]) == []
    assert notes == [("first", "second")[p] for p in result.takers()]


def test_bad_coin_is_marked_and_blocks_solve(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    model = tab.coins.model
    assert not model.setData(model.index(2, 0), "100001")
    assert model.data(model.index(2, 0), Qt.ItemDataRole.BackgroundRole) is not None
    assert not tab.solveButton.isEnabled()
    assert "coin 3" in tab.messageLabel.text()
    assert model.setData(model.index(2, 0), "100000")
    assert tab.solveButton.isEnabled()
    model.set_values([1] * (xoinc.MAX_COINS + 1))
    assert not tab.solveButton.isEnabled()
    assert "at most 5000 coins" in tab.messageLabel.text()


def test_edit_after_solve_marks_result_stale(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    solve_and_wait(tab)
    tab.coins.model.setData(tab.coins.model.index(0, 0), "50")
    assert "gray" in tab.resultLabel.styleSheet()
    assert tab.chart.owners == [None] * 5
    result = solve_and_wait(tab)
    assert result.inputs.coins == (50, 3, 1, 7, 2)


def test_editing_during_a_solve_cancels_it_and_shows_nothing_old_as_current(
    make_tab, solve_and_wait, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    solve_and_wait(tab)
    tab.solve_job = lambda inputs: SLOW
    tab.solve()
    assert tab.busy
    tab.coins.model.setData(tab.coins.model.index(0, 0), "50")  # GameTab.inputs_changed
    assert not tab.busy and not running_jobs()
    # The old answer stays in sight, greyed, and is not current any more.
    assert "gray" in tab.resultLabel.styleSheet() and not tab.result_is_current()
    assert tab.judgeOutput.text() == "9"
    # The old line, taker notes and colours are gone; the chart shows the plain new stack.
    # The old line stays in sight, greyed: nothing of it is shown as current.
    assert tab.turnModel.rowCount() > 0 and not tab.turnTable.isEnabled()
    assert tab.coins.model.data(tab.coins.model.index(0, 1)) in (None, "")
    assert tab.chart.owners == [None] * 5 and tab.chart.band_range() is None
    # The CSV waits for the new inputs' answer: never the old one as if current.
    del tab.solve_job
    target = tmp_path / "after-edit.csv"
    assert tab.export_csv(target)
    assert tab.result_is_current() and tab.result.inputs.coins[0] == 50
    with target.open(newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    assert rows[1][:3] == ["1", "50", "1"]  # the new top coin, taken by player 1


def test_import_or_session_during_a_solve_cancels_it(make_tab, solve_and_wait, tmp_path) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    solve_and_wait(tab)
    tab.solve_job = lambda inputs: SLOW
    tab.solve()
    good = tmp_path / "good.in"
    good.write_text("3\n4\n5\n6\n")
    assert tab.import_judge_file(good)
    assert not tab.busy and not running_jobs() and not tab.result_is_current()
    assert tab.turnModel.rowCount() == 0 or not tab.turnTable.isEnabled()
    tab.solve()
    tab.restore_session({"coins": ["7", "8"], "user_first": True})
    assert not tab.busy and not running_jobs() and not tab.result_is_current()
    assert tab.coins.model.values() == [7, 8] and not tab.turnTable.isEnabled()


def test_import_judge_file_good_and_bad(make_tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    good = tmp_path / "good.in"
    good.write_text("4 10 20\n30 40\n")
    assert tab.import_judge_file(good)
    assert tab.coins.model.values() == [10, 20, 30, 40]
    bad = tmp_path / "bad.in"
    bad.write_text("3\n1\nx\n2\n")
    assert not tab.import_judge_file(bad)
    assert "bad.in:3" in tab.messageLabel.text()
    assert tab.coins.model.values() == [10, 20, 30, 40]


def no_rows_built(tab, monkeypatch) -> list[int]:  # type: ignore[no-untyped-def]
    """Record every attempt to fill the coin table with more coins than a stack holds (a
    refusal must come before any; putting the old stack back is fine)."""
    calls: list[int] = []
    for name in ("set_values", "set_texts"):
        real = getattr(tab.coins.model, name)

        def spy(values, *args, real=real, **kwargs):  # type: ignore[no-untyped-def]
            if len(values) > xoinc.MAX_COINS:
                calls.append(len(values))
            return real(values, *args, **kwargs)

        monkeypatch.setattr(tab.coins.model, name, spy)
    return calls


# How fast these refusals are is measured in bench/bench_ui.py, never asserted here.
def test_empty_blank_and_huge_judge_files_are_refused_before_any_row(  # type: ignore[no-untyped-def]
    make_tab, tmp_path: Path, monkeypatch
) -> None:
    tab = xoinc_tab(make_tab)
    before = tab.state()
    filled = no_rows_built(tab, monkeypatch)
    files = {
        "empty.in": "",
        "blank.in": "  \n\n\t\n",
        "million.in": "1000000\n" + "1\n" * 1_000_000,  # 2 MB: read, refused by N
        "oversized.in": "1000000\n" + "100000\n" * 1_000_000,  # 7 MB: refused unread
    }
    for name, text in files.items():
        path = tmp_path / name
        path.write_text(text)
        assert not tab.import_judge_file(path), name
        assert not filled, name
        message = tab.messageLabel.text()
        assert name in message and len(message) > len(name) + 5, message
        assert tab.state() == before and tab.undo_stack.count() == 0


def test_huge_session_and_paste_are_refused_before_any_row(make_tab, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    before = tab.state()
    with monkeypatch.context() as patch:
        filled = no_rows_built(tab, patch)
        try:
            tab.restore_session({"coins": ["1"] * 1_000_000, "user_first": True})
        except ValueError as exc:
            assert "1,000,000" in str(exc) and "5,000" in str(exc)
        else:
            raise AssertionError("a million coins were accepted")
        tab.coins.paste("7 " * 1_000_000)
        assert not filled
    assert tab.state() == before
    assert "Paste refused" in tab.messageLabel.text() and tab.state() == before
    tab.coins.paste("4, 5, 6")
    assert tab.coins.model.values() == [4, 5, 6]


def test_load_example_and_export_csv(make_tab, solve_and_wait, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    assert tab.load_example()
    assert tuple(tab.coins.model.values()) == EXAMPLE
    result = solve_and_wait(tab)
    assert "177" in tab.resultLabel.text()
    path = tmp_path / "xoinc.csv"
    assert tab.export_csv(path)
    with open(path, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    assert rows == xoinc.csv_rows(result.inputs, result)
    header = rows[0]
    assert {len(row) for row in rows} == {len(header)}  # one table, as wide as its header
    assert [r[1] for r in rows[1:]] == [str(c) for c in EXAMPLE]
    assert rows[1][-2:] == ["177", "200"]


def test_export_before_solving_solves_first(make_tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    path = tmp_path / "inputs.csv"
    assert tab.export_csv(path)
    with open(path, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][1] == "value" and [r[1] for r in rows[1:]] == ["1", "3", "1", "7", "2"]
    assert all(r[2] in ("1", "2") for r in rows[1:]) and tab.judgeOutput.text() == "9"
    assert {len(row) for row in rows} == {len(rows[0])}


def test_session_round_trip(make_tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    tab.coins.model.set_texts(["4", "oops", "6"])
    tab.play.sideCombo.setCurrentIndex(1)
    path = tmp_path / "session.json"
    assert write_session(path, {"xoinc": tab.state()}, "xoinc") is None
    tab.coins.model.set_values([1])
    tab.play.sideCombo.setCurrentIndex(0)
    states, current = read_session(path)
    assert current == "xoinc" and tab.restore_session(states["xoinc"]) is None
    assert tab.coins.model.texts() == ["4", "oops", "6"]
    assert tab.play.sideCombo.currentIndex() == 1
    assert not tab.solveButton.isEnabled()


def test_malformed_session_keeps_the_form(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    before = tab.state()
    for bad in ({"coins": "nope"}, {"coins": [True]}, {"coins": [1], "user_first": "yes"}, {}):
        try:
            tab.restore_session(bad)
        except ValueError as exc:
            assert "Xoinc" in str(exc)
        else:
            raise AssertionError(f"a bad session was accepted: {bad}")
        assert tab.state() == before


def test_big_stack_solves_and_draws(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    tab.coins.randomCount.setValue(xoinc.MAX_COINS)
    tab.coins.randomMax.setValue(xoinc.MAX_VALUE)
    tab.coins.randomize(11)
    result = solve_and_wait(tab)
    assert len(tab.chart.owners) == xoinc.MAX_COINS
    assert str(result.first_total) in tab.resultLabel.text()
    assert tab.turnModel.rowCount() == len(result.line)


def test_fits_at_1024x700_without_clipped_text(make_tab, qtbot, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab, WINDOW_1024X700)
    assert clipped(tab) == []
    tab.load_example()
    solve_and_wait(tab)
    assert clipped(tab) == []
    header = tab.turnTable.horizontalHeader()
    assert header.length() <= tab.turnTable.viewport().width() + 1  # every column in sight
    tab.start_game(True)
    qtbot.waitUntil(lambda: tab.play.state is not None, timeout=10000)
    tab.play.user_take(2)
    tab.play.show_hint()
    assert clipped(tab) == []
    assert tab.play.optionsTable.isVisible() and tab.play.log.height() >= 40


def test_the_values_take_the_spare_width_not_the_last_column(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab, (1600, 930))
    tab.load_example()
    solve_and_wait(tab)
    table, model = tab.turnTable, tab.turnModel
    header = table.horizontalHeader()
    last = len(model.HEADERS) - 1
    title = header.fontMetrics().horizontalAdvance(model.HEADERS[last])
    assert header.sectionSize(last) < title + 60  # "2nd total" was 400 px wide
    # Turn 4 takes six coins: all of them in sight, not "8, 55, 8, …".
    text = model.data(model.index(3, model.VALUES_COL))
    assert text == "8, 55, 8, 21, 89, 1"
    need = table.fontMetrics().horizontalAdvance(text)
    assert header.sectionSize(model.VALUES_COL) > need
    assert header.length() <= table.viewport().width() + 1


def test_a_refused_session_leaves_the_result_as_it_was(make_tab, qtbot, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    result = solve_and_wait(tab)
    tab.start_game(True)
    qtbot.waitUntil(lambda: tab.play.state is not None, timeout=10000)
    notes = [tab.coins.model.data(tab.coins.model.index(r, 1)) for r in range(5)]
    for bad in ({"coins": ["1"] * (xoinc.MAX_COINS + 1)}, {"coins": ["1"], "user_first": 3}):
        try:
            tab.restore_session(bad)
        except ValueError as exc:
            assert "Xoinc" in str(exc)
        else:
            raise AssertionError(f"a bad session was accepted: {list(bad)}")
    # Silent changes put back (as undo and refused changes do) keep the result too.
    with tab.history.silently():
        tab.restore({"coins": ["1", "2"]})
        tab.restore({"coins": ["1", "3", "1", "7", "2"]})
    assert tab.result is result and "gray" not in tab.resultLabel.styleSheet()
    assert [tab.coins.model.data(tab.coins.model.index(r, 1)) for r in range(5)] == notes
    assert tab.turnModel.rowCount() == len(result.line) and tab.play.state is not None


def test_a_line_of_thousands_of_turns_is_drawn_without_measuring_every_row(  # type: ignore[no-untyped-def]
    make_tab, solve_and_wait
) -> None:
    from PySide6.QtWidgets import QHeaderView, QTableView

    tab = xoinc_tab(make_tab, WINDOW_1024X700)
    tab.coins.model.set_values([1] * xoinc.MAX_COINS)  # equal coins: about 4600 turns
    result = solve_and_wait(tab, timeout=30000)
    assert len(result.line) > 4000 and tab.turnModel.rowCount() == len(result.line)
    # ResizeToContents measures all 4600 rows at each change (0.4 s on the UI thread); the
    # time itself is in bench/bench_ui.py.
    view = next(v for v in tab.findChildren(QTableView) if v.model() is tab.turnModel)
    header = view.horizontalHeader()
    modes = {header.sectionResizeMode(c) for c in range(header.count())}
    assert QHeaderView.ResizeMode.ResizeToContents not in modes


def test_a_bad_coin_keeps_the_valid_coins_in_the_chart(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    tab.coins.model.set_texts(["5", "x", "7"])
    assert list(tab.chart.untakenBars.opts["height"]) == [5.0, 0.0, 7.0]
