"""Nim's Why page: its picture (piles over binary digits), following a game, Export picture."""

from __future__ import annotations

from typing import Any

from gui.tabs.nim.why_picture import NimWhyPicture
from gui.widgets.theme import ROLE
from solvers import nim
from solvers.explain import Ref
from solvers.nim.why import explain_position


def why_page(tab) -> None:  # type: ignore[no-untyped-def]
    tab.pagesBar.setCurrentIndex(tab.pages.indexOf(tab.why.page))


def solved(qtbot, tab, piles: list[int]) -> None:  # type: ignore[no-untyped-def]
    tab.piles.model.set_values(piles)
    qtbot.waitUntil(
        lambda: tab.result_is_current() and tab.result.inputs.piles == tuple(piles), timeout=30000
    )
    qtbot.waitUntil(lambda: bool(tab.whyView.steps) and not tab.working, timeout=30000)


def test_the_picture_shows_the_piles_and_their_binary_digits(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    solved(qtbot, tab, [1, 2, 3, 4])
    why_page(tab)
    picture = tab.why.picture
    assert isinstance(picture, NimWhyPicture) and picture.parent() is tab.why.page
    table = picture.digits
    cells = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(5)]
    # Every pile in binary, one column per power of two, then the XOR of each column.
    for row, value in enumerate([1, 2, 3, 4]):
        assert cells[row][1:] == [str(value), format(value, "03b"), *format(value, "03b")]
    assert cells[4][1:] == ["4", "100", "1", "0", "0"]
    assert picture.chart.keptBars.opts["height"] == [1.0, 2.0, 3.0, 4.0]
    assert picture.lit_cells() == set() and picture.chart.marked() == []


def test_pointing_at_the_move_lights_its_pile_and_digit(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    solved(qtbot, tab, [1, 2, 3, 4])
    why_page(tab)
    picture = tab.why.picture
    move = next(s for s in tab.whyView.steps if s.title.startswith("The first player wins"))
    tab.whyView.step_selected.emit(move)  # what hovering or clicking the step's title does
    assert picture.chart.marked() == [3]
    # Pile 4's row (name, size, binary) and its digit of 4 (column "4", the first digit).
    assert picture.lit_cells() == {(3, 0), (3, 1), (3, 2), (3, 3)}
    assert picture.digits.item(3, 3).background().color() == ROLE.best
    tab.whyView.step_selected.emit(None)
    assert picture.lit_cells() == set() and picture.chart.marked() == []


def test_wide_numbers_light_the_binary_cell(qtbot) -> None:  # type: ignore[no-untyped-def]
    picture = NimWhyPicture()
    qtbot.addWidget(picture)
    inputs = nim.NimInputs((2**20, 5))
    picture.show_result(inputs, nim.solve(inputs))
    assert picture.digits.columnCount() == 3  # no column per digit past 16 of them
    picture.highlight([Ref("digit", (0, 20))])
    assert picture.lit_cells() == {(0, 2)} and picture.chart.marked() == [0]


def test_playing_sends_each_position_to_the_why_page(make_tab, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    solved(qtbot, tab, [1, 2, 3])
    why_page(tab)
    calls: list[tuple[Any, str]] = []
    follow = tab.follow_play
    monkeypatch.setattr(
        tab, "follow_play", lambda job, title="": (calls.append((job, title)), follow(job, title))
    )
    assert tab.play.new_game(user_first=True)
    qtbot.waitUntil(lambda: tab.play.state is not None, timeout=20000)
    job, title = calls[-1]
    assert job.function is explain_position and job.args[0] == nim.NimInputs((1, 2, 3))
    assert title == "The game in play: piles 1, 2, 3"
    # The page shows the steps of the position, the same as a direct call makes them.
    want = explain_position(nim.NimInputs((1, 2, 3)))
    qtbot.waitUntil(lambda: list(tab.whyView.steps) == want, timeout=20000)
    assert tab.play.user_move(2, 3)  # 1, 2, 0: a losing move; the solver answers 1, 1, 0
    position = tab.play.state.position
    job, title = calls[-1]
    assert job.args[0] == position and sum(position.piles) == 2
    qtbot.waitUntil(lambda: list(tab.whyView.steps) == explain_position(position), timeout=20000)
    assert tab.why.picture.chart.keptBars.opts["height"] == [float(p) for p in position.piles]
    while not tab.play.state.over:  # play out: the page gives the answer's derivation back
        pile = next(i for i, p in enumerate(tab.play.state.piles) if p)
        assert tab.play.user_move(pile, 1)
    assert calls[-1] == (None, "")
    assert tab.whyView.steps and tab.whyView.steps[0].title == "Each pile in binary"
    assert tab.why.picture.chart.keptBars.opts["height"] == [1.0, 2.0, 3.0]


def test_export_picture_draws_the_answer_also_during_play(make_tab, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QImage

    tab = make_tab("nim")
    solved(qtbot, tab, [3, 4, 5])
    assert tab.picture() is tab.chart.view
    assert tab.pileChart in tab.picture().findChildren(type(tab.pileChart))
    assert tab.play.new_game(user_first=True)
    qtbot.waitUntil(lambda: tab.play.state is not None, timeout=20000)
    assert tab.play.user_move(0, 3)  # 0, 4, 5 on screen, the solver's reply after it
    assert tab.chart.keptBars.opts["height"] != [3.0, 4.0, 5.0]
    picture = tab.picture()
    assert picture is not tab.chart.view and picture.size() == tab.chart.view.size()
    bars = picture.findChildren(type(tab.pileChart))[0].plotItem.items
    kept = next(item for item in bars if item.opts.get("brushes"))
    # The answer's piles: 3, 4, 5 with the winning take 3 -> 1 (the bar keeps 1, green).
    assert kept.opts["height"] == [1.0, 4.0, 5.0]
    assert kept.opts["brushes"] == [ROLE.best, ROLE.neutral, ROLE.neutral]
    assert tab.export_image(tmp_path / "nim.png")
    assert QImage(str(tmp_path / "nim.png")).height() > picture.height()


def test_the_picture_follows_a_change_of_language(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    from solvers import i18n

    tab = make_tab("nim")
    solved(qtbot, tab, [1, 2, 3, 4])
    why_page(tab)
    picture = tab.why.picture
    try:
        i18n.set_language("ko")
        tab.retranslate()
        qtbot.waitUntil(lambda: picture.digits.item(0, 0).text() == "1번 무더기", timeout=20000)
        assert picture.chart.widget.getPlotItem().titleLabel.text == "돌 무더기"
    finally:
        i18n.set_language("en")
    tab.retranslate()
    qtbot.waitUntil(lambda: picture.digits.item(0, 0).text() == "pile 1", timeout=20000)
    item = picture.chart.widget.getPlotItem()
    assert item.titleLabel.text == "Piles" and item.getAxis("left").labelText == "stones"
