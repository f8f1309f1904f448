"""Every game's Why page in Korean and Chinese: every step there, readable at 1024x700."""

from __future__ import annotations

import pytest
from i18n_words import english_words

import solvers
from solvers import i18n


@pytest.mark.parametrize("code", ["ko", "zh_CN"])
@pytest.mark.parametrize("game_id", list(solvers.GAMES))
def test_every_step_reads_in_the_language_without_clipping(
    make_tab, qtbot, speak, code, game_id
) -> None:  # type: ignore[no-untyped-def]
    speak(code)
    tab = make_tab(game_id, size=(1024, 620))
    qtbot.waitUntil(lambda: tab.result_is_current() and bool(tab.whyView.steps), timeout=60000)
    tab.pagesBar.setCurrentIndex(tab.pages.indexOf(tab.why.page))
    qtbot.waitUntil(lambda: not tab.working, timeout=60000)  # a game in play: its position
    qtbot.wait(100)
    steps = tab.whyView.steps
    expected = tab.module.explain(tab.result_inputs, tab.result)  # made here, in the language
    if not tab.why.following:  # a game in play shows its position's steps instead
        assert [s.title for s in steps] == [s.title for s in expected]
    shown = tab.explainView.toPlainText()
    for step in steps:
        assert step.title in shown
        assert english_words(step.title + " " + step.text) == [], step.title
    assert i18n.language() == code
    # Nothing is cut: the steps wrap inside the page, no sideways scrolling.
    view = tab.explainView
    assert view.horizontalScrollBar().maximum() <= 0, view.document().idealWidth()
