"""The Nim tab: solve, highlights, validation, files, play against the solver (the tab alone)."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from gui.widgets.play_panel import RESTARTED
from gui.widgets.theme import BAD, BEST
from solvers import nim


@pytest.fixture()
def tab(make_tab):  # type: ignore[no-untyped-def]
    return make_tab("nim")


@pytest.fixture()
def start_game(qtbot):  # type: ignore[no-untyped-def]
    """``start_game(tab, user_first)``: New game, built in the worker; wait until it starts."""

    def run(tab, user_first: bool):  # type: ignore[no-untyped-def]
        assert tab.play.new_game(user_first=user_first)
        qtbot.waitUntil(lambda: tab.play.state is not None, timeout=20000)
        return tab.play

    return run


def test_solve_shows_winner_and_highlights_every_winning_move(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values([1, 2, 3, 4])
    result = solve_and_wait(tab)
    assert "First player wins" in tab.resultLabel.text()
    assert "nim-sum 4" in tab.resultLabel.text()
    model = tab.piles.model
    winning = {m.pile for m in result.winning_moves}
    assert winning == {3}
    for row in range(4):
        colour = model.data(model.index(row, 1), Qt.ItemDataRole.BackgroundRole)
        assert (colour == BEST) == (row in winning)
    assert model.data(model.index(3, 2)) == "take 4 → 0"
    assert [model.data(model.index(r, 1)) for r in range(4)] == ["1", "2", "3", "4"]


def test_second_player_wins(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values([9, 8, 9, 8, 9, 9])
    solve_and_wait(tab)
    assert "Second player wins" in tab.resultLabel.text()


def test_subtraction_game_plot_and_period(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab.subtractionEdit.setText("1,3,4")
    tab.piles.model.set_values([2, 4, 7])
    solve_and_wait(tab)
    assert not tab.grundyPlot.isHidden()
    _xs, ys = tab.grundyCurve.getData()
    assert list(ys[:8]) == [0, 1, 0, 1, 2, 3, 2, 0]
    assert "period 7" in tab.grundyPlot.plotItem.titleLabel.text


def test_bad_pile_is_marked_and_blocks_solve(tab) -> None:  # type: ignore[no-untyped-def]
    model = tab.piles.model
    assert model.setData(model.index(1, 0), "12x") is False
    assert model.data(model.index(1, 0), Qt.ItemDataRole.BackgroundRole) == BAD
    assert "whole number" in model.data(model.index(1, 0), Qt.ItemDataRole.ToolTipRole)
    assert model.data(model.index(1, 0), Qt.ItemDataRole.EditRole) == "12x"
    assert not tab.solveButton.isEnabled()
    assert "pile 2" in tab.messageLabel.text()
    assert model.setData(model.index(1, 0), "12") is True
    assert tab.solveButton.isEnabled()


def test_bad_subtraction_set_blocks_solve(tab) -> None:  # type: ignore[no-untyped-def]
    tab.subtractionEdit.setText("1,x")
    assert not tab.solveButton.isEnabled()
    tab.subtractionEdit.setText("1,2")
    assert tab.solveButton.isEnabled()


def test_stale_result_is_greyed(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab.subtractionEdit.setText("1,3,4")
    solve_and_wait(tab)
    model = tab.piles.model
    assert model.data(model.index(0, 1)) and not tab.grundy.widget.isHidden()
    model.setData(model.index(0, 0), "8")
    assert "gray" in tab.resultLabel.styleSheet()
    # The old piles' Grundy values, winning moves and g(x) are not shown beside new piles.
    assert not any(model.data(model.index(r, c)) for r in range(model.rowCount()) for c in (1, 2))
    assert tab.grundy.widget.isHidden()


def test_import_judge_file(tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    good = tmp_path / "case.txt"
    good.write_text("6\n9 8 9 8 9 9\n")
    assert tab.import_judge_file(good)
    assert tab.piles.model.values() == [9, 8, 9, 8, 9, 9]
    bad = tmp_path / "bad.txt"
    bad.write_text("3\n1 2 zz\n")
    assert not tab.import_judge_file(bad)
    assert "bad.txt:2:" in tab.messageLabel.text()
    assert tab.piles.model.values() == [9, 8, 9, 8, 9, 9]


def test_load_example(tab) -> None:  # type: ignore[no-untyped-def]
    assert tab.load_example()
    assert tab.piles.model.values() == [3, 5, 7, 9, 12]


def test_export_csv(tab, solve_and_wait, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values([3, 4, 5])
    solve_and_wait(tab)
    path = tmp_path / "nim.csv"
    assert tab.export_csv(path)
    with path.open(newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    assert rows == nim.csv_rows(tab.result_inputs, tab.result)
    assert rows[1] == ["1", "3", "3", "1", "2", "normal", "2", "First player wins"]


def test_a_paste_longer_than_the_solver_takes_is_refused_before_any_row(tab, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    before = tab.state()
    filled: list[int] = []
    monkeypatch.setattr(tab.piles.model, "set_texts", lambda words: filled.append(len(words)))
    tab.piles.paste("7 " * 100_000)
    assert filled == [] and tab.state() == before
    assert "Paste refused: 100,000 piles: at most 1,000" in tab.messageLabel.text()
    monkeypatch.undo()
    tab.piles.paste("4 5 6")
    assert tab.piles.model.values() == [4, 5, 6]


def test_editor_add_remove_move_paste(tab) -> None:  # type: ignore[no-untyped-def]
    editor = tab.piles
    editor.paste("4, 5\t6\n7")
    assert editor.model.values() == [4, 5, 6, 7]
    editor.view.selectRow(0)
    editor.move_selected(1)
    assert editor.model.values() == [5, 4, 6, 7]
    editor.remove_selected()
    assert editor.model.values() == [5, 6, 7]
    editor.view.clearSelection()
    editor.add_row()
    assert editor.model.values() == [5, 6, 7, 7]
    editor.randomCount.setValue(9)
    editor.randomize(seed=3)
    assert len(editor.model.values()) == 9
    assert editor.model.move(0, 3)


def test_play_against_the_solver_flags_a_losing_move(tab, start_game) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values([1, 2])
    play = start_game(tab, user_first=True)
    assert play.user_move(0, 1)  # 1,2 -> 0,2: hands the solver a win
    log = [play.log.item(i).text() for i in range(play.log.count())]
    assert log[0] == "Game started on piles 1, 2; you move first."
    assert "losing move" in log[1]
    # The log names the move that would have won (1,2 -> 1,1).
    assert "pile 2, 2 → 1 would have won" in log[1]
    assert log[2].startswith("Solver: pile 2, 2 → 0")
    assert play.positionLabel.text().endswith("Game over: the solver wins.")
    assert play.mistakes == 1


def test_play_winning_line_and_hint(tab, start_game) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values([1, 2])
    play = start_game(tab, user_first=True)
    play.show_hint()
    assert play.pileSpin.value() == 2 and play.takeSpin.value() == 1
    play.user_move(1, 1)  # 1,1: the solver must move into a loss
    assert play.mistakes == 0
    assert sorted(play.position.piles) == [0, 1]
    for _ in range(10):  # bounded: a move that changed nothing would loop for ever
        game = nim.new_game(play.position)
        if game.over:
            break
        pile, after = game.best_move()
        play.user_move(pile, play.position.piles[pile] - after)
    assert "Game over: you win!" in play.positionLabel.text()


def test_play_second_lets_the_solver_open(tab, start_game) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values([3, 4, 5])
    start_game(tab, user_first=False)
    assert tab.play.log.item(0).text() == "Game started on piles 3, 4, 5; you move second."
    assert tab.play.log.item(1).text().startswith("Solver: pile 1, 3 → 1")
    # Nothing solved: the answer line speaks of the game, not of Solve.
    assert tab.resultLabel.text() == "Playing against the solver: your move"
    assert "solver can force a win" in tab.play.positionLabel.text()


def test_illegal_move_is_refused(tab, start_game) -> None:  # type: ignore[no-untyped-def]
    tab.subtractionEdit.setText("2")
    tab.piles.model.set_values([5])
    start_game(tab, user_first=True)
    assert tab.play.takeSpin.value() == 2  # the take box starts on a legal amount
    assert not tab.play.user_move(0, 1)
    assert "Not a legal move" in tab.play.positionLabel.text()


def test_every_move_is_valued_and_the_best_highlighted(tab, start_game) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values([1, 2, 3, 4])
    play = start_game(tab, user_first=True)
    table = play.movesTable
    assert table.rowCount() == 4
    assert [table.item(r, 2).text() for r in range(4)] == ["—", "—", "—", "✓ take 4"]
    assert table.item(3, 3).text() == "✗ take 1\u20133"
    assert table.item(0, 3).text() == "✗ take 1"
    assert table.item(3, 0).background().color() == BEST
    assert table.item(0, 0).background().color() != BEST
    # The chart shows the position in play: the bars shrink with the moves.
    play.user_move(3, 4)
    heights = list(tab.chart.keptBars.opts["height"])
    assert heights[3] == 0 and len(heights) == 4


def test_new_game_runs_in_the_worker_and_refuses_huge_piles(tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values([10**9])
    assert tab.play.new_game(user_first=True)
    assert tab.play.busy and tab.play.state is None  # not on the UI thread
    qtbot.waitUntil(lambda: not tab.play.busy, timeout=20000)
    assert tab.play.state is None and "smaller piles" in tab.play.positionLabel.text()


def test_editing_restarts_the_game_from_the_new_piles(tab, start_game, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values([3, 5, 6])
    play = start_game(tab, user_first=True)
    assert play.user_move(0, 1)
    tab.piles.model.setData(tab.piles.model.index(0, 0), "8")
    # The old game never continues on the new piles: it ends at once, no move offered.
    assert play.state is None and not play.takeButton.isEnabled()
    assert "changed" in play.positionLabel.text()
    qtbot.waitUntil(
        lambda: play.state is not None and not tab.working and not tab.restarter.pending,
        timeout=20000,
    )
    assert play.state.piles == (8, 5, 6) and not play.state.history
    assert play.log.item(0).text() == RESTARTED
    # A rule change is an edit of the inputs too.
    tab.misereCheck.setChecked(True)
    assert play.state is None
    qtbot.waitUntil(lambda: play.state is not None and not tab.working, timeout=20000)
    assert play.state.position.rule == nim.Rule.MISERE and not play.state.history


def test_invalid_piles_stop_the_game_until_fixed(tab, start_game, qtbot) -> None:  # type: ignore[no-untyped-def]
    play = start_game(tab, user_first=True)
    tab.piles.model.setData(tab.piles.model.index(0, 0), "x")
    qtbot.waitUntil(lambda: not tab.restarter.pending, timeout=5000)
    assert play.state is None and not play.busy and not play.takeButton.isEnabled()
    assert "not valid" in play.positionLabel.text()
    tab.piles.model.setData(tab.piles.model.index(0, 0), "4")
    qtbot.waitUntil(lambda: play.state is not None and not tab.working, timeout=20000)
    assert play.state.piles[0] == 4 and not play.state.history


def test_new_game_on_invalid_piles_starts_once_they_are_fixed(tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.setData(tab.piles.model.index(0, 0), "x")
    assert not tab.play.new_game(user_first=True)
    assert tab.play.state is None and not tab.play.busy
    tab.piles.model.setData(tab.piles.model.index(0, 0), "4")  # no second New game needed
    qtbot.waitUntil(lambda: tab.play.state is not None and not tab.working, timeout=20000)
    assert tab.play.state.piles[0] == 4 and not tab.play.state.history


def test_import_with_options_sets_the_rule_fields(tab, tmp_path: Path, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "case.txt"
    path.write_text("3\n2 4 7\n")
    assert tab.import_judge_file(path, ["--subtract", "1,3,4"])
    assert tab.subtractionEdit.text() == "1,3,4" and not tab.misereCheck.isChecked()
    result = solve_and_wait(tab)
    assert result.inputs.subtraction == (1, 3, 4)
    assert tab.import_judge_file(path, ["--misere"])
    assert tab.misereCheck.isChecked() and tab.subtractionEdit.text() == ""
    tab.subtractionEdit.setText("1,2")
    assert not tab.solveButton.isEnabled() and "exclude" in tab.messageLabel.text()


def test_session_state_round_trips_and_reads_the_old_format(tab) -> None:  # type: ignore[no-untyped-def]
    tab.subtractionEdit.setText("1,2,5")
    saved = tab.state()
    tab.restore({"piles": [4, 4], "rule": "misere", "subtraction": ""})
    assert tab.misereCheck.isChecked() and tab.piles.model.values() == [4, 4]
    tab.restore(saved)
    assert tab.subtractionEdit.text() == "1,2,5" and not tab.misereCheck.isChecked()


def test_esc_cancels_a_game_being_prepared(tab) -> None:  # type: ignore[no-untyped-def]
    # Fifty numbers up to 1000: the period search runs for about two seconds (issue 10).
    numbers = sorted(random.Random(2).sample(range(1, 1001), 50))
    tab.subtractionEdit.setText(",".join(map(str, numbers)))
    assert tab.play.new_game(user_first=True)
    assert tab.play.busy and tab.working
    tab.cancel()
    assert not tab.play.busy and tab.play.state is None
    assert "Cancelled" in tab.play.positionLabel.text()


def test_bad_pile_keeps_the_valid_piles_and_captions_explain(tab) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_texts(["3", "oops", "5"])
    assert list(tab.chart.keptBars.opts["height"]) == [3.0, 0.0, 5.0]
    caption = tab.findChild(QLabel, "pilesCaption").text()
    assert "Grundy:" in caption and "Nim-sum:" in caption
    assert "last stone loses" in tab.misereCheck.toolTip()


def test_the_grundy_plot_gets_room_when_it_appears(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab.resize(1600, 940)
    solve_and_wait(tab)  # plain Nim: no g(x)
    assert tab.grundyPlot.isHidden()
    tab.subtractionEdit.setText("1,3,4")
    solve_and_wait(tab)
    sizes = tab.viewsSplitter.sizes()
    assert not tab.grundyPlot.isHidden() and sizes[1] >= sum(sizes) // 5


def test_misere_endgame_is_explained_by_its_ones_not_the_nim_sum(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values([1, 1])
    tab.misereCheck.setChecked(True)
    result = solve_and_wait(tab)
    assert result.first_player_wins and result.nim_sum == 0
    assert "nim-sum" not in tab.resultLabel.text()
    assert "misère, 2 piles of 1 left" in tab.resultLabel.text()


def test_the_biggest_pile_is_shown_whole(tab) -> None:  # type: ignore[no-untyped-def]
    view = tab.piles.view
    text = f"{10**9:,}"
    for column in (0, 1):  # the stones and their Grundy value
        assert view.columnWidth(column) >= view.fontMetrics().horizontalAdvance(text) + 12


def test_the_users_splitter_sizes_survive_an_edit_and_a_new_solve(
    tab, solve_and_wait, qtbot
) -> None:  # type: ignore[no-untyped-def]
    tab.resize(1600, 940)
    tab.subtractionEdit.setText("1,3,4")
    solve_and_wait(tab)
    total = sum(tab.viewsSplitter.sizes())
    dragged = [total // 2, total // 4, total - total // 2 - total // 4]
    tab.viewsSplitter.setSizes(dragged)
    wanted = tab.viewsSplitter.sizes()
    tab.piles.model.setData(tab.piles.model.index(0, 0), "8")  # g(x) goes with the old result
    solve_and_wait(tab)
    qtbot.wait(100)
    after = tab.viewsSplitter.sizes()  # within a few pixels: the tab's other rows may shift
    assert all(abs(a - b) <= 8 for a, b in zip(after, wanted, strict=True)), (after, wanted)


def test_a_long_period_shows_the_preperiod_and_three_periods(qtbot) -> None:  # type: ignore[no-untyped-def]
    from array import array

    from gui.tabs.nim.views import GrundyPlot

    start, period = 355_304, 27_384  # S = {16, 162, 639, 852}
    values = array("H", ((x * 7 + x // 13) % 5 for x in range(start + period)))
    sequence = nim.GrundySequence(values, start, period)
    plot = GrundyPlot()
    qtbot.addWidget(plot.widget)
    plot.widget.resize(560, 240)
    plot.draw(sequence, (16, 162, 639, 852), 1000)
    plot.widget.show()
    xs, ys = plot.curve.xData, plot.curve.yData  # all of it: getData is what is drawn
    top = start + 3 * period
    assert xs[0] == 0 and xs[-1] == top and len(xs) == top + 1
    rng = random.Random(3)
    for x in [0, start - 1, start, start + period, top, *rng.sample(range(top), 200)]:
        plain = values[x] if x < start else values[start + (x - start) % period]
        assert ys[x] == plain
    # The window is the sequence, not a smear at 0; the title fits and says it all.
    (x_low, x_high), _ = plot.widget.plotItem.getViewBox().viewRange()
    assert x_low <= 0 and top <= x_high <= top * 1.05
    title = plot.widget.plotItem.titleLabel
    assert "period 27,384 from x = 355,304" in title.text
    assert title.item.boundingRect().width() <= plot.widget.width()
    assert plot.curve.opts["symbol"] is None  # a line: dots would hide each other


def test_a_short_period_gets_a_dot_per_value(qtbot) -> None:  # type: ignore[no-untyped-def]
    from gui.tabs.nim.views import GrundyPlot

    plot = GrundyPlot()
    qtbot.addWidget(plot.widget)
    sequence = nim.solve(nim.NimInputs((7,), nim.Rule.SUBTRACTION, (1, 3, 4))).sequence
    plot.draw(sequence, (1, 3, 4), 7)
    xs, _ys = plot.curve.getData()
    assert xs[-1] == 30 and plot.curve.opts["symbol"] == "o"  # at least 30 values
