"""The Great Game on the Why page: its picture, a step's cells and leads, the match in play."""
# ruff: noqa: RUF001  (a Chinese title, with its full-width punctuation)

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from PySide6.QtWidgets import QAbstractButton

from gui.tabs.greatgame.why_picture import GreatGameWhyPicture
from solvers import greatgame as gg
from solvers.explain import Ref, Step
from solvers.i18n import set_language


@pytest.fixture()
def tab_solved(make_tab, solve_and_wait, qtbot):  # type: ignore[no-untyped-def]
    tab = make_tab("greatgame", (1024, 700))
    solve_and_wait(tab)
    return tab, qtbot


def marks(item: Any) -> list[tuple[float, float]]:
    xs, ys = item.getData()
    return list(zip((float(x) for x in xs), (float(y) for y in ys), strict=True))


def test_the_picture_shows_a_result_and_lights_up_cells_and_leads(qtbot) -> None:  # type: ignore[no-untyped-def]
    inputs = gg.GreatGameInputs(((30, 30, 40), (50, 20, 30)), 2, 3)
    result = gg.solve(inputs)
    picture = GreatGameWhyPicture()
    qtbot.addWidget(picture)
    picture.show_result(inputs, result)
    assert picture.heatmap.image.image.shape == (2, 5, 3)
    xs, ys = picture.leads.curve.getData()
    assert list(xs) == [-3, -2, -1, 0, 1, 2]
    assert abs(ys[3] - result.probability) < 1e-12
    picture.highlight((Ref("cell", (1, -1)), Ref("lead", (0,)), Ref("lead", (-2,))))
    assert picture.cells == ((1, -1),) and picture.marked_leads == (0, -2)
    assert marks(picture.cellMarks) == [(-1.0, 2.0)]  # score across, throw (1-based) down
    starts = (0.0, *result.lead_probabilities, 1.0)
    assert marks(picture.leadMarks) == [(0.0, starts[3]), (-2.0, starts[1])]
    # A cell that cannot happen is not drawn; () clears everything.
    picture.highlight((Ref("cell", (0, 1)),))
    assert picture.cells == () and marks(picture.cellMarks) == []
    picture.highlight(())
    assert marks(picture.leadMarks) == [] and picture.marked_leads == ()


def test_the_why_page_builds_the_picture_and_a_pointed_step_lights_it(tab_solved) -> None:  # type: ignore[no-untyped-def]
    tab, qtbot = tab_solved
    tab.pagesBar.setCurrentIndex(1)
    picture = tab.why.picture
    assert isinstance(picture, GreatGameWhyPicture) and picture.result is not None
    qtbot.waitUntil(lambda: bool(tab.whyView.steps), timeout=20000)
    hands = tab.whyView.steps[3]
    tab.whyView.step_selected.emit(hands)
    assert picture.cells == ((0, 0),)
    tab.whyView.step_selected.emit(tab.whyView.steps[1])
    assert picture.marked_leads == (0,) and picture.cells == ()
    tab.whyView.step_selected.emit(None)
    assert picture.cells == () and picture.marked_leads == ()


def test_export_picture_is_the_heat_map_without_buttons(tab_solved) -> None:  # type: ignore[no-untyped-def]
    tab, _qtbot = tab_solved
    picture = tab.picture()
    assert picture is tab.heatPanel and tab.heatmap in picture.findChildren(type(tab.heatmap))
    assert picture.findChildren(QAbstractButton) == []


def test_the_why_page_follows_the_match_in_play(tab_solved, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    tab, qtbot = tab_solved
    calls: list[tuple[Any, str]] = []
    follow = tab.follow_play
    monkeypatch.setattr(
        tab, "follow_play", lambda job, title="": (calls.append((job, title)), follow(job, title))
    )
    tab.pagesBar.setCurrentIndex(tab.pages.indexOf(tab.why.page))  # derived while in sight
    qtbot.waitUntil(lambda: tab.playPanel.state is not None, timeout=20000)
    panel = tab.playPanel
    panel.play(gg.Hand.PAPER)
    assert calls == []  # the opponent's hand is awaited: still the same throw
    panel.play(gg.Hand.ROCK)  # you score
    job, title = calls[-1]
    assert title == "The match in play"
    assert job.kwargs == {"lead": 0, "throw": 1, "score": 1, "rounds": (0, 0, 0)}
    steps: list[Step] = job.function(*job.args, **job.kwargs)
    assert steps[0].title == "The match now: round 1, throw 2 of 2"
    assert Ref("cell", (1, 1)) in steps[0].refs and steps[1].refs == (Ref("cell", (1, 1)),)
    # The page shows what the job made.
    qtbot.waitUntil(lambda: tab.whyView.steps[:1] == tuple(steps[:1]), timeout=20000)
    panel.play(gg.Hand.PAPER)
    panel.play(gg.Hand.ROCK)  # the round is won: lead +1, round 2
    job, _title = calls[-1]
    assert job.kwargs == {"lead": 1, "throw": 0, "score": 0, "rounds": (1, 0, 0)}
    state = panel.state
    assert state is not None
    values = job.function(*job.args, **job.kwargs)[1].tables[0].rows
    shown = [float(row[5]) for row in values]
    assert np.allclose(shown, [state.values()[h] for h in gg.Hand], atol=1e-9)
    # A change of language derives the position again, in the new words.
    set_language("zh_CN")
    try:
        tab.retranslate()
        qtbot.waitUntil(
            lambda: tab.whyView.steps[0].title == "当前比赛：第 2 轮，第 1 次出拳（共 2 次）",
            timeout=20000,
        )
    finally:
        set_language("en")
        tab.retranslate()
    # Back at the first throw (New game), the page shows the result's derivation again.
    panel.new_match()
    assert calls[-1] == (None, "")
    qtbot.waitUntil(lambda: tab.whyView.steps[0].title == "The round ratio q", timeout=20000)
