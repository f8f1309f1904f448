"""A play game restarts from the inputs after Load example, Undo and Open session (every tab).

Each tab's own test covers typing and invalid inputs; here the whole-form replacements,
which reach the tabs by other paths (``load_inputs``, undo snapshots, ``restore_session``).
"""

from __future__ import annotations

from typing import Any

import pytest

GAMES = ("nim", "xoinc", "greatgame", "coverup")


def start_game(tab: Any, solve_and_wait: Any) -> None:
    """New game (Nim, Xoinc); Great Game and Cover Up start theirs after a solve."""
    if tab.game_id == "nim":
        assert tab.play.new_game(user_first=True)
    elif tab.game_id == "xoinc":
        tab.start_game(True)
    else:
        solve_and_wait(tab)


def game(tab: Any) -> Any:
    """The play state shown by ``tab``'s panel (None: no game)."""
    if tab.game_id in ("nim", "xoinc"):
        return tab.play.state
    if tab.game_id == "greatgame":
        return tab.playPanel.state
    return tab.game


@pytest.mark.parametrize("how", ["example", "undo", "session"])
@pytest.mark.parametrize("game_id", GAMES)
def test_replacing_the_inputs_restarts_the_game(
    make_tab, qtbot, solve_and_wait, game_id, how
) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)

    def settled() -> Any:
        qtbot.waitUntil(
            lambda: game(tab) is not None and not tab.working and not tab.restarter.pending,
            timeout=20000,
        )
        return game(tab)

    before = tab.state()
    start_game(tab, solve_and_wait)
    old = settled()
    if how != "example":  # first a change to come back from
        assert tab.load_example() and tab.state() != before
        old = settled()
    if how == "example":
        assert tab.load_example()
    elif how == "undo":
        tab.undo_stack.undo()
    else:
        tab.restore_session(before)
    assert game(tab) is None  # the old game never continues on the new inputs
    new = settled()
    assert new is not old
    if how != "example":
        assert tab.state() == before
