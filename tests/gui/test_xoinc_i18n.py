"""The Xoinc tab after a change of language: ``retranslate`` makes its state's texts again.

Built in English, switched to Korean (then Chinese) as View > Language does, English put
back whatever happens: the rest of the suite reads English.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from test_xoinc_tab import xoinc_tab

from solvers import i18n

HANGUL = re.compile("[\uac00-\ud7a3]")
HAN = re.compile("[\u4e00-\u9fff]")


@pytest.fixture
def english_after() -> Iterator[None]:
    try:
        yield
    finally:
        i18n.set_language("en")


def header(view, column: int) -> str:  # type: ignore[no-untyped-def]
    """A column title of the line: the tab's (``turnModel``) or the Why picture's (``model``)."""
    model = getattr(view, "turnModel", None) or view.model
    return str(model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole))


def test_a_solved_tab_and_a_game_in_play_switch_to_korean_and_chinese(  # type: ignore[no-untyped-def]
    make_tab, qtbot, solve_and_wait, english_after
) -> None:
    tab = xoinc_tab(make_tab)
    solve_and_wait(tab)
    tab.start_game(True)
    qtbot.waitUntil(lambda: tab.play.state is not None, timeout=10000)
    tab.play.user_take(1)
    tab.play.show_hint()
    english = tab.play.positionLabel.text()
    english_log = [tab.play.log.item(i).text() for i in range(tab.play.log.count())]
    assert len(english_log) == 4  # new game, your take, the solver's, the hint
    assert english.startswith("You ") and header(tab, 2) == "May take"
    tab.viewTabs.setCurrentIndex(0)  # the coin notes of the solved line
    tab.pagesBar.setCurrentIndex(1)  # the Why page builds its picture
    picture = tab.why.picture
    assert picture is not None and header(picture, 2) == "May take"

    i18n.set_language("ko")
    tab.retranslate()
    assert header(tab, 2) == "가능한 수"
    assert tab.chart.getAxis("bottom").labelText == "동전 (1 = 더미의 맨 위)"
    assert tab.viewTabs.tabText(1) == "컴퓨터와 대결"
    position = tab.play.positionLabel.text()
    assert HANGUL.search(position) and position.startswith("나 ")
    # The same numbers: only the words changed.
    assert re.findall(r"\d+", position) == re.findall(r"\d+", english)
    assert tab.play.optionsTable.horizontalHeaderItem(2).text() == "손해"
    # The log is written again: every line in Korean, with the same numbers.
    log = [tab.play.log.item(i).text() for i in range(tab.play.log.count())]
    assert len(log) == len(english_log) and all(HANGUL.search(line) for line in log)
    digits = [re.findall(r"\d+", line) for line in log]
    assert digits[1:] == [re.findall(r"\d+", line) for line in english_log][1:]
    assert log[0] == "동전 5개로 새 게임을 시작합니다. 나는 선공(파란색)입니다."
    assert tab.play.takeSpin.suffix() == "개"
    notes = {tab.coins.model.data(tab.coins.model.index(r, 1)) for r in range(5)}
    assert notes == {"선공", "후공"}
    assert header(picture, 2) == "가능한 수"
    assert tab.rules_html.startswith("<p><b>Xoinc</b> (동전 가져가기")

    i18n.set_language("zh_CN")
    tab.retranslate()
    assert header(tab, 0) == "回合"
    assert HAN.search(tab.play.positionLabel.text())
    assert tab.turnModel.data(tab.turnModel.index(0, 1)) == "先手"


def test_with_no_game_the_idle_line_follows_the_language(make_tab, english_after) -> None:  # type: ignore[no-untyped-def]
    tab = xoinc_tab(make_tab)
    assert tab.play.positionLabel.text().startswith("Press “New game”")
    i18n.set_language("ko")
    tab.retranslate()
    assert tab.play.positionLabel.text().startswith("“새 게임”을 누르면")
