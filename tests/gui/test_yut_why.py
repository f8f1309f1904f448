"""Dice Yut's Why page: the board beside the steps, following a game in play, the picture."""

from __future__ import annotations

from typing import Any

from gui.tabs.yut.why_picture import WhyBoard
from gui.widgets.theme import BEST, SELECTED
from solvers import yut
from solvers.explain import Ref
from solvers.yut.why import explain_position


def _why_page(tab) -> None:  # type: ignore[no-untyped-def]
    tab.pagesBar.setCurrentIndex(tab.pages.indexOf(tab.why.page))


def _lit(board: WhyBoard, colour) -> set[str]:  # type: ignore[no-untyped-def]
    return {square for square in board.square_items if board.square_brush(square) == colour}


def test_a_pointed_step_lights_its_move_on_the_why_board(make_tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.throwsEdit.setText("5 1 2 3 4 5 5 3 2 4")
    result = solve_and_wait(tab)
    qtbot.waitUntil(lambda: bool(tab.whyView.steps), timeout=30000)
    _why_page(tab)
    board = tab.whyBoard
    assert isinstance(board, WhyBoard) and board.parent() is tab.why.page
    assert board.positions == ("start",) * 4 and not _lit(board, BEST)
    # Turn 4 (index 3): the position the line left after three throws, the move of turn 4.
    step = next(s for s in tab.whyView.steps if s.title == "Turn 4: throw 3")
    tab.whyView.step_selected.emit(step)
    line = result.line[3]
    assert board.positions == result.line[2].positions
    assert board.moved_piece == line.piece
    assert _lit(board, BEST) == {line.to_square}
    assert _lit(board, SELECTED) == set(line.path[:-1])
    assert board.piece_items[line.piece].pen().widthF() == 3  # the black rim
    tab.whyView.step_selected.emit(None)  # pointing away clears the board
    assert not _lit(board, BEST) and board.moved_piece is None
    # The same board draws the picture exported: the Solve page's board.
    assert tab.picture() is tab.boardView


def test_highlight_takes_pieces_from_the_refs_of_a_position_in_play(qtbot) -> None:  # type: ignore[no-untyped-def]
    board = WhyBoard()
    qtbot.addWidget(board)
    inputs = yut.ExpectInputs(3, 2, yut.uniform(5))
    board.show_result(inputs, yut.solve(inputs))
    board.highlight((Ref("piece", (0,), "o4"), Ref("piece", (1,), "start")))
    assert board.positions == ("o4", "start") and board.moved_piece is None
    board.highlight((Ref("piece", (1,), "start"), Ref("square", (), "o2")))
    assert board.moved_piece == 2 and _lit(board, BEST) == {"o2"}
    board.highlight(())
    assert board.positions == ("start", "start") and not _lit(board, BEST)


def test_the_why_page_follows_a_game_in_play(make_tab, solve_and_wait, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    followed: list[tuple[Any, str]] = []
    tab = make_tab("yut")
    monkeypatch.setattr(tab, "follow_play", lambda job, title="": followed.append((job, title)))
    tab.form.unknownRadio.setChecked(True)
    tab.form.turnsSpin.setValue(3)
    inputs = tab.read_inputs()
    result = solve_and_wait(tab)
    full = yut.solve(inputs)  # the steps from the whole tables, made here independently
    start = (inputs.board.start,) * inputs.pieces

    def last_steps() -> list[Any]:
        job, _title = followed[-1]
        assert job.function is explain_position and not job.progress
        return job.function(*job.args)

    # At the die's turn: every face's moves and the average.
    steps = last_steps()
    assert followed[-1][1] == "The game in play: turn 1 of 3"
    assert steps == explain_position(inputs, full, start, 0, 0)
    tab.playPanel.throwSpin.setValue(4)
    tab.playPanel.throwButton.click()
    assert last_steps() == explain_position(inputs, full, start, 0, 0, 4)
    tab.playPanel.playButton.click()
    game = tab.game
    assert game is not None and game.turn == 1
    assert last_steps() == explain_position(inputs, full, game.positions, 1, game.total)
    assert followed[-1][1] == "The game in play: turn 2 of 3"
    # Leaving play (new inputs) gives the page back to the result's derivation.
    tab.form.turnsSpin.setValue(2)
    assert followed[-1] == (None, "")
    assert isinstance(result, yut.ExpectResult)


def test_a_known_game_in_play_sends_its_move_values(
    make_tab, solve_and_wait, monkeypatch, qtbot
) -> None:  # type: ignore[no-untyped-def]
    followed: list[tuple[Any, str]] = []
    tab = make_tab("yut")
    monkeypatch.setattr(tab, "follow_play", lambda job, title="": followed.append((job, title)))
    tab.form.throwsEdit.setText("1 2 3 4 5")
    inputs = tab.read_inputs()
    solve_and_wait(tab)
    tab.views.setCurrentWidget(tab.playPanel)
    qtbot.waitUntil(lambda: tab.game is not None, timeout=20000)
    tab.playPanel.playButton.click()
    game = tab.game
    job, title = followed[-1]
    assert title == "The game in play: turn 2 of 5" and isinstance(job.args[1], dict)
    searched = explain_position(inputs, None, game.positions, game.turn, game.total)
    assert job.function(*job.args) == searched
    while not tab.game.over:
        tab.playPanel.playButton.click()
    assert followed[-1] == (None, "")  # the game is over: the answer's derivation again
