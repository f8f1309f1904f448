"""The Dice Yut tab: solve, line stepping, board drawing and editing, files, play-along."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from layout_checks import WINDOW_1024X700
from PySide6.QtWidgets import QLabel, QPushButton

from gui.tabs.yut.views import line_caption, no_line_note
from gui.widgets.play_panel import best_label, costs_you
from gui.widgets.theme import BEST, SELECTED
from solvers import yut


def test_contract_names(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    assert tab.objectName() == "yut"
    assert isinstance(tab.findChild(QPushButton, "solveButton"), QPushButton)
    assert isinstance(tab.findChild(QPushButton, "cancelButton"), QPushButton)
    assert isinstance(tab.findChild(QLabel, "resultLabel"), QLabel)
    assert tab.title == "Dice Yut"


def test_solve_shows_max_and_line_and_highlights_steps(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.throwsEdit.setText("5 1 2 3 4 5 5 3 2 4")
    result = solve_and_wait(tab)
    assert "214" in tab.resultLabel.text()
    table = tab.linePanel.table
    assert table.rowCount() == 10
    for row, step in enumerate(result.line):
        assert table.item(row, 2).text() == str(step.piece)
        assert table.item(row, 6).text() == str(step.total)
    assert table.item(9, 6).text() == "214"
    # Selecting a row shows the board at that step: path amber, destination green.
    table.selectRow(3)
    step = result.line[3]
    view = tab.boardView
    assert view.positions == step.positions
    assert view.moved_piece == step.piece
    assert view.square_brush(step.to_square) == BEST
    for square in step.path[:-1]:
        assert view.square_brush(square) == SELECTED
    tab.linePanel.backButton.click()
    assert tab.linePanel.current == 2
    assert view.positions == result.line[2].positions
    tab.linePanel.startButton.click()
    assert view.positions == ("start",) * 4
    tab.linePanel.stepButton.click()
    assert view.positions == result.line[0].positions


def test_a_solved_line_opens_at_its_first_turn(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.resize(1024, 700)
    tab.show()
    result = solve_and_wait(tab)
    panel = tab.linePanel
    assert panel.current == 0 and tab.boardView.positions == result.line[0].positions
    assert panel.table.verticalScrollBar().value() == 0
    assert panel.table.rowAt(0) == 0  # the first turn is the top row in view


def test_pieces_stay_readable_on_a_small_board(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    from gui.tabs.yut.board_view import MIN_PIECE_PX

    tab = make_tab("yut", WINDOW_1024X700)
    solve_and_wait(tab)
    view = tab.boardView
    assert view.transform().m11() < 0.6  # the board is drawn at about half size
    assert view.piece_pixels() >= MIN_PIECE_PX - 2
    # Every piece is inside the drawing the view shows.
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert all(shown.contains(disc.sceneBoundingRect()) for disc in view.piece_items.values())


def test_play_steps_through_the_line(make_tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    solve_and_wait(tab)
    panel = tab.linePanel
    panel.timer.setInterval(5)
    panel.playButton.click()
    qtbot.waitUntil(lambda: not panel.playButton.isChecked(), timeout=3000)
    assert panel.current == 9


def test_bad_throw_is_marked_and_blocks_solve(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.throwsEdit.setText("1 2 3 9")
    assert not tab.solveButton.isEnabled()
    assert "throw 4" in tab.messageLabel.text()
    assert "background" in tab.form.throwsEdit.styleSheet()
    assert "throw 4" in tab.form.throwsEdit.toolTip()
    tab.form.throwsEdit.setText("1 2 3 x")
    assert "not a whole number" in tab.messageLabel.text()
    tab.form.throwsEdit.setText("1 2 3 4")
    assert tab.solveButton.isEnabled()
    assert tab.form.throwsEdit.styleSheet() == ""


def test_random_button(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.randomButton.click()
    throws = [int(t) for t in tab.form.throwsEdit.text().split()]
    assert len(throws) == 10 and all(1 <= t <= 5 for t in throws)


def test_import_judge_file(make_tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    good = tmp_path / "good.txt"
    good.write_text("4 1 4 4 4 4 3 2 2 4\n")
    assert tab.import_judge_file(good)
    assert tab.form.throwsEdit.text() == "4 1 4 4 4 4 3 2 2 4"
    bad = tmp_path / "bad.txt"
    bad.write_text("1 2 3\n4 x\n")
    assert not tab.import_judge_file(bad)
    assert "bad.txt:2" in tab.messageLabel.text()
    assert tab.form.throwsEdit.text() == "4 1 4 4 4 4 3 2 2 4"


def test_export_csv(make_tab, solve_and_wait, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.throwsEdit.setText("1 2 3 4 1 2 3 4 1 2")
    solve_and_wait(tab)
    path = tmp_path / "line.csv"
    assert tab.export_csv(path)
    with open(path, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == [
        "turn",
        "throw",
        "piece",
        "from",
        "to",
        "points",
        "total",
        "path",
        "max score",
    ]
    assert len(rows) == 11 and rows[-1][6] == rows[1][8] == "190"


def test_session_round_trip(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.throwsEdit.setText("5 5 5")
    tab.form.piecesSpin.setValue(3)
    tab.editor.select("o12")
    tab.editor.set_score("o12", 99)
    saved = json.loads(json.dumps(tab.state()))
    tab.form.throwsEdit.setText("1")
    tab.editor.set_board(yut.standard_board())
    tab.restore_session(saved)
    assert tab.form.throwsEdit.text() == "5 5 5"
    assert tab.form.piecesSpin.value() == 3
    assert tab.read_inputs().board.square("o12").score == 99
    # A session with a number out of range is refused whole: the form stays.
    bad = dict(saved, pieces=2**31)
    tab.form.throwsEdit.setText("2 2")
    with pytest.raises(ValueError, match="'Pieces' must be from 1 to 6"):
        tab.restore_session(bad)
    assert tab.form.throwsEdit.text() == "2 2" and tab.form.piecesSpin.value() == 3


def test_unknown_throws_play_along(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.unknownRadio.setChecked(True)
    result = solve_and_wait(tab)
    assert isinstance(result, yut.ExpectResult)
    assert f"{result.expected:.3f}" in tab.resultLabel.text()
    # The empty line table says why, and where to look instead.
    assert tab.linePanel.captionLabel.text() == no_line_note()
    panel = tab.playPanel
    assert tab.game is not None and tab.game.to_move == "chance"
    assert "Turn 1 of 10" in panel.statusLabel.text()
    assert not panel.playButton.isEnabled() and panel.throwButton.isEnabled()
    panel.throwSpin.setValue(5)
    panel.throwButton.click()
    table = panel.table
    # Four pieces on the start make one move: one row, the best, as the solve's table says.
    options = result.first_turn[4]
    assert table.rowCount() == len(panel.moves) == 1
    best = max(o.expected for o in options)
    assert table.item(0, 4).text() == best_label(f"{best:.3f}", True)
    assert table.item(0, 0).background().color() == BEST
    assert tab.boardView.square_brush("o10") == BEST
    panel.playButton.click()
    assert tab.game.turn == 1 and tab.game.positions.count("o10") == 1
    assert "Turn 2 of 10" in panel.statusLabel.text()
    assert panel.log.count() == 1
    panel.throwSpin.setValue(1)
    panel.throwButton.click()
    assert table.rowCount() == 2
    table.selectRow(1)
    chosen = panel.moves[1]
    square = tab.game.move_path(chosen, 1)[-1]
    panel.playButton.click()
    assert square in tab.game.positions
    # A re-throw replaces the throw of the same turn.
    panel.throwButton.click()
    panel.throwSpin.setValue(2)
    assert tab.game.throw == 2 and tab.game.turn == 2
    panel.restartButton.click()
    assert tab.game.positions == ("start",) * 4 and tab.game.turn == 0
    assert panel.log.count() == 0


def test_known_throws_play_along_reaches_the_judge_answer(make_tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.throwsEdit.setText("1 2 3 4 1 2 3 4 1 2")
    solve_and_wait(tab)
    assert tab.linePanel.captionLabel.text() == line_caption()
    panel = tab.playPanel
    assert tab.game is None  # made only when wanted: it repeats the search
    tab.views.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: tab.game is not None, timeout=20000)
    assert "best final total from here: 190" in panel.statusLabel.text()
    for _ in range(40):  # bounded: a click that changed nothing would loop for ever
        if tab.game.over:
            break
        panel.playButton.click()  # the best move when no row is selected
    assert tab.game.score == 190
    assert "Game over: 190 points. The best possible." in panel.statusLabel.text()
    # A weaker line says what the moves lost against best play.
    panel.restartButton.click()
    for _ in range(40):  # bounded, as above
        if tab.game.over:
            break
        moves = tab.game.values()
        tab.play_move(min(moves, key=lambda m: moves[m]))  # the worst move every turn
    lost = 190 - tab.game.total
    assert lost > 0
    cost = costs_you(tab.session.units, lost)  # the words of every tab
    assert f"Best play scores 190: your moves cost you {cost}." in panel.statusLabel.text()


def test_editing_during_a_solve_drops_it(make_tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    solve_and_wait(tab)
    tab.views.setCurrentWidget(tab.playPanel)
    qtbot.waitUntil(lambda: tab.game is not None, timeout=20000)
    tab.form.piecesSpin.setValue(6)
    tab.form.throwsEdit.setText(" ".join(["5", "3", "4", "2"] * 5))
    tab.solve()
    assert tab.busy
    tab.form.throwsEdit.setText("1 1 1")  # edited while solving
    assert not tab.busy
    assert tab.game is None and "inputs changed" in tab.playPanel.statusLabel.text()
    # The old result is outdated at once; the cancelled solve's answer never arrives; the
    # game in play restarts by solving the inputs now in the form.
    assert tab._stale and tab.result is not None and tab.result.inputs.pieces == 4
    qtbot.waitUntil(lambda: tab.game is not None and not tab.working, timeout=20000)
    assert not tab._stale and tab.result.inputs == tab.read_inputs()
    assert tab.result.inputs.throws == (1, 1, 1)


def test_face_probabilities(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.unknownRadio.setChecked(True)
    tab.form.turnsSpin.setValue(3)
    tab.form.probabilitiesEdit.setText("0.5 0.5")
    assert not tab.solveButton.isEnabled()
    assert "give 5 face probabilities" in tab.messageLabel.text()
    tab.form.probabilitiesEdit.setText("0 0 0 0 100")
    result = solve_and_wait(tab)
    # A die that always shows 5 makes the game a known one: 10, 30 (via the blue path), 10.
    assert result.expected == yut.solve(yut.YutInputs((5, 5, 5))).best == 50


def test_import_with_options_six_pieces_twenty_throws(make_tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The answer (508, a 2 s solve) is checked in tests/solvers/test_yut_cli.py in CI."""
    tab = make_tab("yut")
    throws = "5 3 4 2 1 5 3 4 2 1 5 3 4 2 1 5 3 4 2 1"
    path = tmp_path / "six.in"
    path.write_text(throws + "\n")
    assert tab.import_judge_file(path, ["--pieces", "6", "--throws", "20"]), tab.messageLabel.text()
    assert tab.form.piecesSpin.value() == 6 and tab.form.throwsEdit.text() == throws
    assert tab.read_inputs() == yut.YutInputs(tuple(map(int, throws.split())), 6)


def test_expected_option_sets_unknown_mode(make_tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    path = tmp_path / "none.in"
    path.write_text("")
    assert tab.import_judge_file(path, ["--expected", "--turns", "7", "--pieces", "3"])
    assert tab.form.unknown_mode and tab.form.turnsSpin.value() == 7
    assert tab.read_inputs() == yut.ExpectInputs(7, 3)


def test_legends_explain_colours(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    legend = tab.findChild(QLabel, "boardLegend")
    assert legend is not None and legend.isVisible()
    for words in ("dashed", "double ring", "black rim", "blue arrow", "points"):
        assert words in legend.text()
    assert tab.findChild(QLabel, "lineCaption") is not None
    assert tab.findChild(QLabel, "movesCaption") is not None


def test_fits_1024x630(make_tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut", (1024, 630))
    solve_and_wait(tab)
    table = tab.linePanel.table
    qtbot.wait(50)
    rows = table.viewport().height() / table.rowHeight(0)
    assert rows >= 6, rows
    for label in tab.findChildren(QLabel):
        if label.isVisible() and label.text() and not label.wordWrap():
            assert label.sizeHint().width() <= label.width() + 1, label.text()
    tab.views.setCurrentWidget(tab.playPanel)
    qtbot.waitUntil(lambda: not tab.working, timeout=20000)  # the play game's job
    status = tab.playPanel.statusLabel
    assert status.height() >= status.heightForWidth(status.width())


def test_stale_line_is_greyed(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    result = solve_and_wait(tab)
    first = result.line[0].to_square
    assert tab.boardView.square_brush(first) == BEST and tab.linePanel.table.isEnabled()
    tab.form.unknownRadio.setChecked(True)
    assert not tab.linePanel.table.isEnabled() and tab.linePanel.stale
    assert not tab.boardView.path and BEST not in [
        tab.boardView.square_brush(s) for s in tab.boardView.square_items
    ]
    assert not tab.linePanel.stepButton.isEnabled()
    tab.form.knownRadio.setChecked(True)
    solve_and_wait(tab)
    assert tab.linePanel.table.isEnabled() and not tab.linePanel.stale


def test_editing_restarts_the_game_from_the_new_inputs(make_tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    from gui.controller import running_jobs
    from gui.widgets.play_panel import RESTARTED

    tab = make_tab("yut")
    tab.form.unknownRadio.setChecked(True)
    solve_and_wait(tab)
    panel = tab.playPanel
    panel.throwSpin.setValue(5)
    panel.throwButton.click()
    panel.playButton.click()
    assert tab.game.turn == 1
    tab.form.turnsSpin.setValue(7)  # the game on 10 turns ends at once
    assert tab.game is None
    qtbot.waitUntil(lambda: tab.game is not None and not tab.working, timeout=20000)
    assert tab.game.turn == 0 and tab.game.inputs.turns == 7
    assert panel.log.count() == 1 and panel.log.item(0).text() == RESTARTED
    assert "7 unknown throws" in tab.resultLabel.text()
    assert not running_jobs()


def test_undo_comes_back_to_what_was_solved(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    edit = tab.form.throwsEdit
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    edit.selectAll()
    qtbot.keyClicks(edit, "1 2 3")
    tab.solve()
    assert tab.busy
    qtbot.keyClicks(edit, " 4")  # the same field, after the solve
    tab.undo_stack.undo()
    assert edit.text() == "1 2 3"  # not all the way back past the solved inputs
    qtbot.waitUntil(lambda: not tab.working, timeout=20000)


def test_loading_the_same_inputs_again_restarts_the_game(make_tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    assert tab.load_example()
    solve_and_wait(tab)
    tab.views.setCurrentWidget(tab.playPanel)
    qtbot.waitUntil(lambda: tab.game is not None and not tab.working, timeout=20000)
    old = tab.game
    assert tab.load_example()  # the very same inputs: no field signals an edit
    qtbot.waitUntil(
        lambda: tab.game is not None and tab.game is not old and not tab.working, timeout=20000
    )


def test_a_bad_pieces_count_keeps_the_pieces_on_the_board(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    tab = make_tab("yut")
    qtbot.waitUntil(tab.result_is_current, timeout=20000)
    shown = len(tab.boardView.positions)
    assert shown == tab.form.piecesSpin.value()
    edit = tab.form.piecesSpin.lineEdit()
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, "0")
    assert not tab.result_is_current()
    assert len(tab.boardView.positions) == shown
