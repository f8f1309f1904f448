"""Every tab at 1024x700, solved and in play: no text is cut off (the smallest size we support)."""

from __future__ import annotations

import pytest
from layout_checks import WINDOW_1024X700, clipped

import solvers
from gui import screenshots


@pytest.mark.parametrize("state", ["solved", "playing"])
@pytest.mark.parametrize("game_id", list(solvers.GAMES))
def test_nothing_is_cut_off_at_1024x700(make_tab, game_id: str, state: str) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id, WINDOW_1024X700)
    # The screenshot scenarios: the example solved, then a few moves into a game.
    screenshots.prepare(tab, state)
    if state == "solved":
        assert tab.result is not None, tab.messageLabel.text()
    assert clipped(tab) == []


@pytest.mark.parametrize("game_id", ["nim", "yut"])
def test_play_tables_show_four_rows_at_1024x700(make_tab, game_id: str) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id, WINDOW_1024X700)
    screenshots.prepare(tab, "playing")
    table = tab.play.movesTable if game_id == "nim" else tab.playPanel.table
    assert table.rowCount() >= 2
    assert table.viewport().height() >= 4 * table.rowHeight(0)
