"""The Dice Yut tab in Korean: what retranslate() redraws from the state, and back to English."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from solvers import yut
from solvers.i18n import set_language


def _headers(table) -> list[str]:  # type: ignore[no-untyped-def]
    return [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]


def test_retranslate_redraws_the_line_and_the_game_in_korean(  # type: ignore[no-untyped-def]
    make_tab, solve_and_wait, speak
) -> None:
    tab = make_tab("yut")
    tab.form.unknownRadio.setChecked(True)
    tab.form.turnsSpin.setValue(3)
    solve_and_wait(tab)
    panel = tab.playPanel
    panel.throwSpin.setValue(2)
    panel.throwButton.click()
    panel.playButton.click()
    assert panel.log.count() == 1 and panel.log.item(0).text().startswith("Turn 1, throw 2:")
    set_language("ko")
    tab.retranslate()
    assert tab.views.tabText(0) == "최적 수순" and tab.views.tabText(1) == "따라 하기"
    assert _headers(tab.linePanel.table) == ["차례", "주사위", "말", "출발", "도착", "점수", "합계"]
    assert _headers(panel.table)[-1] == "최종 점수"
    assert tab.linePanel.captionLabel.text().startswith("주사위 결과를 모르면")
    assert "점선" in tab.boardLegend.text() and "파란색 화살표" in tab.boardLegend.text()
    assert panel.statusLabel.text().startswith("3번 중 2번째 차례.")
    # The log is said again in Korean, squares by their Korean names.
    assert panel.log.item(0).text() == "1번째 차례, 주사위 2: 말 1: 시작 → 4 (바깥 둘레) (+4)"
    assert panel.throwSpin.prefix() == "주사위 눈: "
    assert "주사위 윷놀이" in tab.rules_html and "파란색 칸" in tab.rules_html
    # The board's words: start and end, and the pieces' tooltips.
    items = [i for item in tab.boardView.square_items.values() for i in item.childItems()]
    words = {i.text() for i in items if isinstance(i, QGraphicsSimpleTextItem)}
    assert {"시작", "도착"} <= words
    assert tab.boardView.piece_items[1].toolTip() == "말 1: 4 (바깥 둘레)"
    set_language("en")
    tab.retranslate()
    assert tab.views.tabText(0) == "Optimal line"
    assert panel.statusLabel.text().startswith("Turn 2 of 3;")
    assert panel.log.item(0).text().startswith("Turn 1, throw 2: piece 1 start → 4 (outer ring)")


def test_the_board_editor_and_refusals_in_chinese(make_tab, speak) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    set_language("zh_CN")
    tab.retranslate()
    editor = tab.editor
    assert "标准" in editor.nameLabel.text()
    editor.select("o10")
    assert editor.selectedLabel.text() == "<b>10（外圈）</b>"  # noqa: RUF001
    assert editor.redCombo.itemText(0) == "— 无 —"
    editor.set_arrow("o10", "red", None)  # breaks the board: the problem is said in Chinese
    assert re.search("[\u4e00-\u9fff]", editor.problemsLabel.text())
    assert "已编辑" in editor.nameLabel.text()
    tab.form.throwsEdit.setText("1 9")
    with pytest.raises(ValueError) as refused:
        tab.form.read_inputs()
    assert "格子" in str(refused.value) or "掷骰" in str(refused.value)
    tab.form.unknownRadio.setChecked(False)
    editor.set_board(yut.standard_board())
    with pytest.raises(ValueError, match="第 2 次掷骰"):
        tab.form.read_inputs()


def test_view_language_switches_the_tab_and_keeps_the_game(qtbot, settings, speak) -> None:  # type: ignore[no-untyped-def]
    from gui.main_window import MainWindow

    window = MainWindow(settings)
    qtbot.addWidget(window)
    tab = window.tabs["yut"]
    window.gameTabs.setCurrentWidget(tab)
    tab.form.unknownRadio.setChecked(True)
    tab.form.turnsSpin.setValue(2)
    qtbot.waitUntil(lambda: tab.result_is_current() and tab.game is not None, timeout=30000)
    tab.playPanel.throwSpin.setValue(3)
    tab.playPanel.throwButton.click()
    game = tab.game
    window.set_language("ko")
    assert tab.game == game  # the same turn and throw, still in play
    assert tab.playPanel.throwButton.text() == "던지기"
    assert tab.playPanel.statusLabel.text().startswith("2번 중 1번째 차례: 주사위 눈은 3입니다.")
    assert tab.linePanel.table.horizontalHeaderItem(4).text() == "도착"
    window.set_language("en")
    assert tab.playPanel.throwButton.text() == "Throw"
    assert tab.linePanel.table.horizontalHeaderItem(4).text() == "To"
    assert tab.playPanel.statusLabel.text().startswith("Turn 1 of 2: you threw a 3;")


def test_the_csv_speaks_korean_where_the_cli_writes_english(
    make_tab, solve_and_wait, speak
) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.piecesSpin.setValue(1)
    tab.form.throwsEdit.setText("5 5 5 5")
    solve_and_wait(tab)
    english = yut.csv_rows(tab.result_inputs, tab.result)
    set_language("ko")
    rows = tab.csv_rows()
    assert rows[0] == ["차례", "주사위", "말", "출발", "도착", "점수", "합계", "경로", "최대 점수"]
    assert rows[1][3:5] == ["시작", "10 (바깥 둘레)"]
    assert "(둘 수 있는 수 없음)" in {row[4] for row in rows}  # every piece home: throws lost
    assert english[0][0] == "turn" and yut.csv_rows(tab.result_inputs, tab.result)[0][0] == "turn"


def test_the_csv_says_how_many_turns_it_lists_in_the_language_spoken(chinese) -> None:  # type: ignore[no-untyped-def]
    from gui.tabs.yut.names import named_csv_rows
    from solvers import yut

    rows = [["turn"], ["1 to 5 of 20"]]
    said = named_csv_rows(rows, yut.standard_board())
    assert said[1][0] == "共 20 回合中的第 1 到 5 回合"
