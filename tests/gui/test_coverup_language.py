"""The Cover Up tab says what it builds from state again when the language changes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from gui.tabs.coverup.form import PICK_COL
from solvers import coverup as cu
from solvers.i18n import set_language

DISPLAY = Qt.ItemDataRole.DisplayRole


@pytest.fixture
def back_to_english() -> Iterator[None]:
    try:
        yield
    finally:
        set_language("en")


def test_retranslate_says_the_game_again(make_tab, solve_and_wait, back_to_english) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("coverup")
    tab.load_inputs(cu.example())
    solve_and_wait(tab)
    tab.mark_right([0])
    assert tab.playPanel.statusLabel.text().startswith("Turn 1: the best picks win")
    horizontal, vertical = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
    set_language("ko")
    tab.retranslate()
    model = tab.model
    assert model.headerData(0, horizontal, DISPLAY) == "나오는 숫자"
    assert model.headerData(0, vertical, DISPLAY) == "자릿수 1"
    assert tab.playPanel.statusLabel.text().startswith("1번째 차례: 최선의 선택으로 승리할 확률은")
    assert "가리기" in model.data(model.index(0, PICK_COL), DISPLAY)
    assert tab.presetCombo.itemText(0).startswith("방송 형식")
    assert tab.presetCombo.itemData(0) == "Show layout: 2, 3, 4, 5, 6 choices"
    assert tab.rules_html.startswith("<p><b>Cover Up</b> (숫자 맞히기 게임")
    ready = "시뮬레이션은 이 게임들을 최선의 선택으로 진행합니다."
    assert tab.simulation.resultLabel.text() == ready
    assert tab.simulation.gamesSpin.suffix() == " 판"
    assert tab.playPanel.alternatives.horizontalHeaderItem(1).text() == "승리 확률"
    assert tab.messageLabel.text().startswith("이번 차례의 정답: 자릿수 1.")
    # A turn played in Korean, then English again: the log follows the language.
    assert tab.next_turn()
    assert tab.playPanel.log.item(0).text().startswith("1번째 차례: ")
    set_language("en")
    tab.retranslate()
    assert tab.playPanel.log.item(0).text().startswith("Turn 1: ")
    assert model.headerData(0, horizontal, DISPLAY) == "Digits offered"
    assert tab.simulation.gamesSpin.suffix() == " games"


def test_bad_cell_reason_follows_the_language(make_tab, back_to_english) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("coverup")
    tab.model.setData(tab.model.index(0, 0), "1 1")
    assert tab.model.cell_error(0, 0) == "a digit is offered twice"
    set_language("zh_CN")
    tab.retranslate()
    assert tab.model.cell_error(0, 0) == "有数字重复给出"


def test_pick_cells_fit_their_rows_in_every_language(
    make_tab, solve_and_wait, back_to_english
) -> None:  # type: ignore[no-untyped-def]
    # Hangul and Han lines are taller than Latin ones: a reserve pick says its two parts on
    # one line there, and the rows are as high as the words they hold.
    tab = make_tab("coverup")
    tab.load_inputs(cu.example())  # columns 2 to 5 are kept in reserve on turn 1
    solve_and_wait(tab)
    model, view = tab.model, tab.view
    for code in ("en", "ko", "zh_CN"):
        set_language(code)
        tab.retranslate()
        text = model.data(model.index(1, PICK_COL), DISPLAY)
        assert (text.count("\n") == 1) == (code == "en"), text
        needed = view.fontMetrics().boundingRect(0, 0, 2000, 200, 0, text).height()
        assert view.rowHeight(1) >= needed + 4
        assert view.height() >= view.rowHeight(0) * cu.MAX_COLUMNS
