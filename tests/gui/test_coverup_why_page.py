"""Cover Up's Why page: its picture, the steps it lights up, the game in play it follows."""

from __future__ import annotations

from typing import Any

from gui.tabs.coverup.picture import ColumnsPicture
from gui.widgets.theme import ROLE
from solvers import coverup as cu
from solvers.coverup.why import explain_position
from solvers.explain import Ref

SHOW = cu.CoverUpInputs.from_triplets([(2, 1, 0.9), (3, 1, 0.6), (4, 1, 0.5)])


def test_picture_shows_the_columns_and_marks_what_a_step_names(qtbot) -> None:  # type: ignore[no-untyped-def]
    picture = ColumnsPicture()
    qtbot.addWidget(picture)
    picture.show_result(SHOW, cu.solve(SHOW))
    assert picture.digits.rowCount() == 3 and picture.digits.columnCount() == 4
    assert picture.digits.item(2, 0).text() == "likely 50%"
    assert picture.digits.item(2, 3).text() == "other 17%"
    assert picture.digits.item(0, 2) is None  # column 1 has two digits only
    assert picture.turns.columnCount() == 3
    picture.highlight((Ref("turn", (1,)), Ref("column", (2,), "other")))
    assert picture.marked == {("turn", 1), ("digit", 2, 1), ("digit", 2, 2), ("digit", 2, 3)}
    assert picture.turns.item(0, 1).background().color() == ROLE.best
    assert picture.digits.item(2, 3).background().color() == ROLE.best
    assert picture.digits.item(2, 0).background().color() != ROLE.best
    picture.highlight((Ref("column", (0,)),))  # no kind: the whole column
    assert picture.marked == {("digit", 0, 0), ("digit", 0, 1)}
    assert picture.turns.item(0, 1).background().color() != ROLE.best
    picture.highlight(())
    assert picture.marked == set()


def test_every_turn_step_lights_up_its_turn_and_columns(qtbot) -> None:  # type: ignore[no-untyped-def]
    result = cu.solve(SHOW)
    picture = ColumnsPicture()
    qtbot.addWidget(picture)
    picture.show_result(SHOW, result)
    turns = [s for s in cu.explain(SHOW, result) if s.title.startswith("Turn ")]
    assert turns
    for number, step in enumerate(turns):
        picture.highlight(step.refs)
        assert ("turn", number) in picture.marked
        assert any(name[0] == "digit" for name in picture.marked)


def test_the_why_page_builds_the_picture_and_the_export_draws_the_table(
    make_tab, solve_and_wait, qtbot
) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("coverup")
    assert tab.picture() is tab.view
    tab.load_inputs(SHOW)
    solve_and_wait(tab)
    tab.pagesBar.setCurrentIndex(1)
    assert isinstance(tab.why.picture, ColumnsPicture)
    assert tab.why.picture.digits.rowCount() == 3
    # The game every answer starts is the answer's derivation until the player acts; then the
    # page follows it, and goes back to the derivation when it ends.
    first = "The columns and the chance of each digit"
    qtbot.waitUntil(lambda: [s.title for s in tab.whyView.steps][:1] == [first], timeout=20000)
    tab.choose_picks(tab.session.undo().state.moves()[1])
    in_play = "Turn 1 in play: the digits left"
    qtbot.waitUntil(lambda: [s.title for s in tab.whyView.steps][:1] == [in_play], timeout=20000)
    assert tab.next_turn([])
    qtbot.waitUntil(lambda: [s.title for s in tab.whyView.steps][:1] == [first], timeout=20000)


def test_follow_play_gets_the_position_of_every_turn(make_tab, solve_and_wait, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("coverup")
    calls: list[tuple[Any, str]] = []
    follow = tab.follow_play
    monkeypatch.setattr(
        tab, "follow_play", lambda job, title="": (calls.append((job, title)), follow(job, title))
    )
    tab.load_inputs(SHOW)
    result = solve_and_wait(tab)
    # Out of sight the page makes no derivation (each is a worker job); in sight it catches up.
    assert not tab.why.controller.busy and not tab.why.following
    tab.pagesBar.setCurrentIndex(1)
    assert calls[-1] == (None, "")  # the best picks of turn 1: the answer's own derivation
    # Other picks this turn: the Why page follows them.
    alternative = tab.session.undo().state.moves()[1]
    tab.choose_picks(alternative)
    job, title = calls[-1]
    assert title == "Cover Up in play: turn 1"
    assert job.function is explain_position and job.progress is False
    game = tab.game
    assert job.args == (result.inputs, result, game.state, game.picks)
    assert job.args[3] == alternative
    steps = job.function(*job.args)
    assert [s.title for s in steps] == [
        s.title for s in explain_position(SHOW, result, cu.initial_state(SHOW), game.picks)
    ]
    # Column 1 right: turn 2 is followed; a turn with no right pick ends the game.
    assert tab.next_turn([0])
    job, title = calls[-1]
    assert title == "Cover Up in play: turn 2" and job.args[2] == tab.game.state
    assert tab.next_turn([])
    assert calls[-1] == (None, "")
