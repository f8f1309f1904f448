"""The Dice Yut tab's board: drawing, editing, board files, square names, its picture."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from solvers import yut


def test_board_is_drawn_with_blue_squares_and_pieces(make_tab) -> None:  # type: ignore[no-untyped-def]
    view = make_tab("yut").boardView
    assert len(view.square_items) == 33
    assert view.square_brush("o10") != view.square_brush("o12")
    assert view.square_brush("o10") == view.square_brush("o20") == view.square_brush("o30")
    assert sorted(view.piece_items) == [1, 2, 3, 4]


def test_board_editing(make_tab, solve_and_wait, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    editor = tab.editor
    editor.select("o38")
    new_id = editor.add_square()
    editor.set_score(new_id, 100)
    board = tab.read_inputs().board
    assert board.square("o38").red == new_id and board.square(new_id).red == "o40"
    assert new_id in tab.boardView.square_items
    # Break the board: a red arrow into nowhere-land cycle; Solve says why.
    editor.set_arrow(new_id, "red", "o38")
    assert not tab.solveButton.isEnabled()
    assert "cycle" in tab.messageLabel.text()
    assert "cycle" in editor.problemsLabel.text()
    assert new_id in tab.boardView.square_items  # still drawn while invalid
    editor.set_arrow(new_id, "red", "o40")
    assert tab.solveButton.isEnabled()
    editor.move_square(new_id, 3.0, -2.0)
    assert tab.read_inputs().board.square(new_id).x == 3.0
    tab.form.throwsEdit.setText("5 5 5 5 4")
    result = solve_and_wait(tab)
    assert result.best == yut.solve(yut.YutInputs((5, 5, 5, 5, 4), board=result.inputs.board)).best
    # Save, reset, load.
    path = tmp_path / "board.json"
    editor.save_file(path)
    editor.resetButton.click()
    assert tab.read_inputs().board == yut.standard_board()
    editor.load_file(path)
    assert tab.read_inputs().board.square(new_id).score == 100
    # Delete: arrows into it skip ahead.
    editor.select(new_id)
    editor.delete_selected()
    assert tab.read_inputs().board.square("o38").red == "o40"


def test_blue_arrow_by_clicking_on_the_drawing(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    editor = tab.editor
    editor.select("o4")
    editor.blueClickButton.click()
    tab.boardView.squareClicked.emit("m25")
    assert tab.read_inputs().board.square("o4").blue == "m25"
    assert not editor.blueClickButton.isChecked()
    assert tab.boardView.square_brush("o4") == tab.boardView.square_brush("o10")


def test_loading_a_broken_board_file_keeps_the_board(make_tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    data = yut.board_to_json(yut.standard_board())
    data["squares"][2]["red"] = "nowhere"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    try:
        tab.editor.load_file(path)
    except ValueError as exc:
        assert "nowhere" in str(exc)
    else:
        raise AssertionError("a broken board was accepted")
    assert tab.read_inputs().board == yut.standard_board()


def test_huge_square_score_is_clamped_not_raised(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    data = yut.board_to_json(yut.standard_board())
    data["squares"][3]["score"] = 2**31
    tab.editor.set_data(data)
    tab.boardView.squareClicked.emit(data["squares"][3]["id"])
    assert tab.editor.scoreSpin.value() == yut.board.MAX_SCORE
    assert "score must be between" in tab.editor.problemsLabel.text()
    assert not tab.solveButton.isEnabled()


def test_deeply_nested_board_file_is_refused(make_tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    try:
        tab.editor.load_file(path)
    except ValueError as exc:
        assert "nested" in str(exc)
    else:
        raise AssertionError("a nested file was accepted")
    assert tab.read_inputs().board == yut.standard_board()


def test_a_huge_board_in_a_session_is_refused_at_once(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    state = tab.state()
    squares = [{"id": f"q{i}", "score": 1, "red": f"q{i + 1}"} for i in range(100_000)]
    huge = dict(state, board={"start": "q0", "end": "q99999", "squares": squares})
    # Refused on the count, before any square is copied, listed or drawn.
    with pytest.raises(ValueError, match="at most 200 squares"):
        tab.restore_session(huge)
    assert tab.state() == state


def test_squares_named_by_score_and_route(make_tab, solve_and_wait, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from gui.tabs.yut.names import board_names, data_names

    names = board_names(yut.standard_board())
    assert names["m25"] == "25 (centre)"
    assert names["o34"] == "34 (outer ring)"
    assert names["a19"] == "19 (shortcut from 10)" and names["b22"] == "22 (shortcut from 20)"
    assert names["c26"] == "26 (shortcut from 30)" and names["m30"] == "30 (centre to 40)"
    assert names["start"] == "start" and names["end"] == "end"
    assert len(set(names.values())) == len(names)  # every name tells one square
    # An edited board is named from its arrows: a new square on the ring after 38.
    tab = make_tab("yut")
    tab.editor.select("o38")
    new_id = tab.editor.add_square()
    assert data_names(tab.editor.data)[new_id] == "0 (outer ring)"
    tab.editor.set_board(yut.standard_board())
    tab.form.throwsEdit.setText("1 2 3 4 1 2 3 4 1 2")
    solve_and_wait(tab)
    ids = {sq.id for sq in yut.standard_board().squares} - {"start", "end"}
    table = tab.linePanel.table
    cells = [table.item(r, c).text() for r in range(table.rowCount()) for c in (3, 4)]
    path = tmp_path / "line.csv"
    assert tab.export_csv(path)
    with open(path, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    cells += [cell for row in rows[1:] for cell in row[3:5]]
    words = {w.strip("()") for cell in cells for w in cell.replace("→", " ").split()}
    assert not words & ids, words & ids
    assert "10 (outer ring)" in [row[4] for row in rows]
    tab.editor.select("o10")
    combo = tab.editor.blueCombo
    assert combo.currentText() == "13 (shortcut from 10)" and combo.currentData() == "a13"


def test_the_board_saves_its_picture_from_the_right_click_dialog(  # type: ignore[no-untyped-def]
    make_tab, tmp_path: Path, monkeypatch
) -> None:
    from gui.tabs.yut import board_view
    from gui.widgets import images

    tab = make_tab("yut")
    view = tab.findChild(board_view.BoardView)
    assert type(view).contextMenuEvent is not board_view.QGraphicsView.contextMenuEvent
    target = tmp_path / "board.svg"
    monkeypatch.setattr(images, "choose_image_path", lambda *_: str(target))
    board_view.save_picture_dialog(view)
    assert target.read_bytes().lstrip().startswith(b"<?xml") or b"<svg" in target.read_bytes()


def test_an_edited_board_no_longer_claims_to_be_the_standard_one(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    editor = tab.editor
    standard = editor.data["name"]
    x, y = editor.data["squares"][3]["x"], editor.data["squares"][3]["y"]
    editor.move_square(editor.data["squares"][3]["id"], x + 0.1, y)  # only where it is drawn
    assert editor.data["name"] == standard
    editor.set_score(editor.data["squares"][3]["id"], 50)
    assert editor.data["name"] == standard + " (edited)"
    assert "(edited)" in editor.nameLabel.text()
    editor.set_score(editor.data["squares"][4]["id"], 51)
    assert editor.data["name"] == standard + " (edited)"  # said once


def test_an_edited_long_name_stays_within_the_limit(make_tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    editor = tab.editor
    data = yut.board_to_json(yut.standard_board())
    data["name"] = "n" * yut.board.MAX_NAME_CHARS
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    editor.load_file(path)
    editor.set_score(editor.data["squares"][3]["id"], 50)
    assert editor.data["name"].endswith(" (edited)")
    assert len(editor.data["name"]) == yut.board.MAX_NAME_CHARS
    editor.save_file(path)
    editor.load_file(path)  # the edited board loads again
    assert editor.board().name == editor.data["name"]


def test_adding_a_square_is_an_undo_step_of_its_own(make_tab) -> None:  # type: ignore[no-untyped-def]
    """The editor changes its board in place: undo steps keep copies, never that board."""
    tab = make_tab("yut")
    tab.form.throwsEdit.setText("1 1 1 1 1 1 1 1 1 1")
    tab.inputs_changed()
    typed = tab.state()
    count = len(typed["board"]["squares"])
    steps = tab.undo_stack.count()
    tab.editor.add_square()
    assert len(tab.state()["board"]["squares"]) == count + 1
    assert tab.undo_stack.count() == steps + 1
    tab.undo_stack.undo()
    assert tab.state() == typed
    tab.undo_stack.redo()
    assert len(tab.state()["board"]["squares"]) == count + 1
