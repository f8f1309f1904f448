"""The Why page's shared parts: the game's picture beside the steps, following a game in play."""

from __future__ import annotations

from typing import Any

import jobs_for_tests
from PySide6.QtWidgets import QWidget

from gui.controller import Job
from solvers.explain import Ref, Step


class FakePicture(QWidget):
    """Records what the Why page asks of a game's picture."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[tuple[Any, Any]] = []
        self.lit: list[tuple[Ref, ...]] = []

    def show_result(self, inputs: Any, result: Any) -> None:
        self.shown.append((inputs, result))

    def highlight(self, refs: Any) -> None:
        self.lit.append(tuple(refs))


def _why_page(tab) -> None:  # type: ignore[no-untyped-def]
    tab.pagesBar.setCurrentIndex(tab.pages.indexOf(tab.why.page))


def test_the_picture_is_built_once_shows_the_result_and_lights_a_pointed_step(
    make_tab, qtbot, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    built: list[FakePicture] = []

    def make() -> FakePicture:
        built.append(FakePicture())
        return built[-1]

    tab = make_tab("nim")
    monkeypatch.setattr(tab.why, "_make_picture", make)
    qtbot.waitUntil(lambda: tab.result_is_current() and bool(tab.whyView.steps), timeout=30000)
    assert built == []  # nothing is built before the page is seen
    _why_page(tab)
    tab.pagesBar.setCurrentIndex(0)
    _why_page(tab)
    assert len(built) == 1 and built[0].parent() is tab.why.page
    assert built[0].shown == [(tab.result_inputs, tab.result)]
    step = next(s for s in tab.whyView.steps if s.refs)
    tab.whyView.step_selected.emit(step)
    assert built[0].lit[-1] == step.refs


def test_following_play_shows_the_position_then_the_result_again(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    qtbot.waitUntil(lambda: tab.result_is_current() and bool(tab.whyView.steps), timeout=30000)
    derived = tab.whyView.steps
    _why_page(tab)  # a position is derived while the page is in sight
    position = [Step("The position now", "three stones left")]
    tab.follow_play(Job(jobs_for_tests.answer, (position,)), "In play")
    qtbot.waitUntil(lambda: list(tab.whyView.steps) == position, timeout=30000)
    assert "three stones left" in tab.explainView.toPlainText()
    tab.follow_play(None)
    assert tab.whyView.steps == derived


def test_an_exported_picture_is_the_game_picture_under_its_caption(
    make_tab, qtbot, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QImage

    from gui.tabs.tab_files import picture_caption

    tab = make_tab("nim")
    qtbot.waitUntil(tab.result_is_current, timeout=30000)
    caption = picture_caption(tab)
    assert caption[0] == tab.title
    assert tab.module.format_input(tab.result_inputs).split()[0] in caption[1]
    assert tab.judgeOutput.text() in caption[2]
    assert tab.export_image(tmp_path / "nim.png")
    image = QImage(str(tmp_path / "nim.png"))
    picture = tab.picture()
    assert (
        image.width() == picture.width() * image.devicePixelRatio()
        or image.width() >= picture.width()
    )
    assert image.height() > picture.height()  # the caption is above it
    assert tab.export_image(tmp_path / "nim.svg")
    assert caption[0] in (tmp_path / "nim.svg").read_text(encoding="utf-8")


def test_a_hidden_page_derives_the_position_when_it_is_shown(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    qtbot.waitUntil(lambda: tab.result_is_current() and bool(tab.whyView.steps), timeout=30000)
    derived = tab.whyView.steps
    position = [Step("The position now", "three stones left")]
    tab.follow_play(Job(jobs_for_tests.answer, (position,)), "In play")
    assert not tab.why.controller.busy and tab.whyView.steps == derived  # nothing made yet
    _why_page(tab)
    qtbot.waitUntil(lambda: list(tab.whyView.steps) == position, timeout=30000)
