"""The Nim tab in Korean and Chinese: built in a language, and switched while a game runs."""

from __future__ import annotations

import re

from solvers import i18n

HANGUL = re.compile("[\uac00-\ud7a3]")


def play_a_mistake(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    """A game on 1, 2 where the user gives the win away (a log of three lines, game over)."""
    tab.piles.model.set_values([1, 2])
    assert tab.play.new_game(user_first=True)
    qtbot.waitUntil(lambda: tab.play.state is not None, timeout=20000)
    assert tab.play.user_move(0, 1)


def log_lines(play) -> list[str]:  # type: ignore[no-untyped-def]
    return [play.log.item(i).text() for i in range(play.log.count())]


def test_a_tab_built_in_korean_answers_in_korean(korean, make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    tab.piles.model.set_values([1, 2, 3, 4])
    solve_and_wait(tab)
    assert tab.resultLabel.text() == "선공 승리 — 님 합 4, 이기는 수 1개"
    model = tab.piles.model
    assert model.data(model.index(3, 2)) == "4개 가져가기 → 0"
    assert tab.form.ruleBox.title() == "규칙" and "<b>님 게임.</b>" in tab.rules_html


def test_switching_the_language_rewrites_the_game_in_play(qtbot, make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    play_a_mistake(qtbot, tab)
    english = log_lines(tab.play)
    assert english[0] == "Game started on piles 1, 2; you move first."
    try:
        i18n.set_language("ko")
        tab.retranslate()
        korean = log_lines(tab.play)
        assert korean[0] == "돌 무더기 1, 2(으)로 게임을 시작했습니다. 내가 선공입니다."
        assert korean[2] == "컴퓨터: 2번 무더기, 2 → 0"
        assert all(HANGUL.search(line) for line in korean)
        assert tab.play.positionLabel.text() == "돌 무더기: 0, 0. 게임 종료: 컴퓨터가 이겼습니다."
        headers = [
            tab.play.movesTable.horizontalHeaderItem(c).text()
            for c in range(tab.play.movesTable.columnCount())
        ]
        assert headers == ["무더기", "돌 개수", "✓ 이기는 수", "✗ 지는 수"]
        assert tab.play.sideCombo.itemText(1) == "내가 후공"
        assert tab.pileChart.getPlotItem().titleLabel.text == "돌 무더기"
        assert "<b>님 게임.</b>" in tab.rules_html
    finally:
        i18n.set_language("en")
    tab.retranslate()
    # Back in English, word for word: nothing of the game was lost on the way.
    assert log_lines(tab.play) == english
    assert tab.play.positionLabel.text() == "Piles: 0, 0. Game over: the solver wins."
    assert tab.rules_html.startswith("<p><b>Nim.</b>")


def test_the_idle_line_follows_the_language(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    idle = tab.play.positionLabel.text()
    try:
        i18n.set_language("zh_CN")
        tab.retranslate()
        assert tab.play.positionLabel.text().startswith("按“新游戏”")
        assert tab.play.newButton.text() == "新游戏"
    finally:
        i18n.set_language("en")
    tab.retranslate()
    assert tab.play.positionLabel.text() == idle


def test_switching_redraws_the_answer_and_the_pile_notes(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    tab.piles.model.set_values([1, 2, 3, 4])
    solve_and_wait(tab)
    model = tab.piles.model
    try:
        i18n.set_language("ko")
        tab.retranslate()
        assert tab.resultLabel.text() == "선공 승리 — 님 합 4, 이기는 수 1개"
        assert model.data(model.index(3, 2)) == "4개 가져가기 → 0"
    finally:
        i18n.set_language("en")
    tab.retranslate()
    assert model.data(model.index(3, 2)) == "take 4 → 0"
    assert "First player wins" in tab.resultLabel.text()
