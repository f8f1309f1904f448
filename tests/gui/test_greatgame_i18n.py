"""The Great Game tab switches language at run time: every text built from state follows."""
# ruff: noqa: RUF001  (the Chinese texts are written with full-width punctuation, as they should be)

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from gui.tabs.greatgame.views import hand_letter
from solvers import greatgame as gg
from solvers.i18n import set_language

HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture()
def tab(make_tab) -> Iterator[object]:  # type: ignore[no-untyped-def]
    tab = make_tab("greatgame")
    try:
        yield tab
    finally:
        set_language("en")


def chinese(text: str) -> bool:
    return bool(HAN.search(text))


def test_retranslate_rewrites_the_views_the_match_and_the_table(tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    solve_and_wait(tab)
    qtbot.waitUntil(lambda: tab.playPanel.state is not None, timeout=20000)
    tab.playPanel.play(gg.Hand.ROCK)
    tab.playPanel.play(gg.Hand.PAPER)
    set_language("zh_CN")
    tab.retranslate()
    assert tab.heatmap.getAxis("bottom").labelText == "本轮目前比分（你减对手）"
    assert tab.leads.getAxis("left").labelText == "获胜概率"
    assert tab.outcomes.getPlotItem().titleLabel.text == "一轮，最优策略"
    assert [tab.lowerTabs.tabText(i) for i in range(2)] == ["进行比赛", "轮次与整个比赛图表"]
    assert "石头" in tab.legendLabel.text() and "灰色" in tab.legendLabel.text()
    assert tab.cellLabel.text().startswith("第 2 次出拳，本轮比分 -1：出")
    model = tab.throws
    assert model.headerData(0, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "石头"
    assert model.headerData(1, Qt.Orientation.Vertical, Qt.ItemDataRole.DisplayRole) == (
        "第 2 次出拳"
    )
    panel = tab.playPanel
    assert panel.title() == "与该对手比赛" and panel.newButton.text() == "新游戏"
    assert panel.statusLabel.text().startswith("第 1 轮，第 2 次出拳（共 2 次）")
    assert [panel.log.item(i).text() for i in range(panel.log.count())] == [
        "第 1 轮第 1 次出拳：你出石头，对手出布：对手得分。"
        + panel.log.item(0).text().partition("对手得分。")[2]
    ]
    assert all(chinese(b.text()) for b in panel.handButtons.values())
    # Back to English: the same widgets say it in English again.
    set_language("en")
    tab.retranslate()
    assert tab.heatmap.getAxis("bottom").labelText == "round score so far (you minus opponent)"
    assert (
        panel.log.item(0)
        .text()
        .startswith("Round 1, throw 1: you played rock, the opponent paper: the opponent scores.")
    )
    assert not chinese(panel.statusLabel.text())


def test_a_bad_cell_is_explained_in_chinese_after_a_switch(tab) -> None:  # type: ignore[no-untyped-def]
    tab.throws.set_texts([["30", "x", "40"]])
    set_language("zh_CN")
    tab.retranslate()
    tip = tab.throws.data(tab.throws.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert tip == "'x' 不是数字"
    with pytest.raises(ValueError, match=r"^第 1 次出拳：布：'x' 不是数字$"):
        tab.throws.values()


def test_heat_map_letters_follow_the_language(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    set_language("ko")
    assert [hand_letter(h) for h in gg.Hand] == ["바", "보", "가"]
    solve_and_wait(tab)
    assert {item.textItem.toPlainText()[0] for item in tab.heatmap.letters} <= {"바", "보", "가"}
    set_language("zh_CN")
    tab.retranslate()
    assert {item.textItem.toPlainText()[0] for item in tab.heatmap.letters} <= {"石", "布", "剪"}
