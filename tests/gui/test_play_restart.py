"""A play game restarts from the inputs after Load example, Undo and Open session (every tab).

Each tab's own test covers typing and invalid inputs; here the whole-form replacements,
which reach the tabs by other paths (``load_inputs``, undo snapshots, ``restore_session``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jobs_for_tests
import pytest

from gui.widgets.play_panel import RESTART_CANCELLED, RESTARTING
from gui.worker import Job

GAMES = ("nim", "xoinc", "greatgame", "coverup", "yut")
EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def start_game(tab: Any, solve_and_wait: Any) -> None:
    """New game (Nim, Xoinc); the others start theirs after a solve (Yut on its play page)."""
    if tab.game_id == "nim":
        assert tab.play.new_game(user_first=True)
    elif tab.game_id == "xoinc":
        tab.start_game(True)
    else:
        if tab.game_id == "yut":
            tab.form.throwsEdit.setText("1 2 3 4 1 2 3 4 1 2")
        solve_and_wait(tab)
        if tab.game_id == "yut":  # its game is made when the play page is shown
            tab.views.setCurrentWidget(tab.playPanel)


def game(tab: Any) -> Any:
    """The play state shown by ``tab``'s panel (None: no game)."""
    if tab.game_id in ("nim", "xoinc"):
        return tab.play.state
    if tab.game_id == "greatgame":
        return tab.playPanel.state
    return tab.game


def playing(tab: Any, qtbot: Any, solve_and_wait: Any) -> Any:
    """``tab`` with a game started and settled (nothing running)."""
    start_game(tab, solve_and_wait)
    qtbot.waitUntil(lambda: game(tab) is not None and not tab.working, timeout=20000)
    return tab


def panel_text(tab: Any) -> str:
    """What the play panel of a tab that restarts by solving says."""
    return str(tab.playPanel.statusLabel.text())


@pytest.mark.parametrize("game_id", ["greatgame", "coverup", "yut"])
def test_cancelling_a_restart_says_so_and_the_next_edit_restarts(
    make_tab, qtbot, solve_and_wait, monkeypatch, game_id
) -> None:  # type: ignore[no-untyped-def]
    tab = playing(make_tab(game_id), qtbot, solve_and_wait)
    solve_job = tab.solve_job
    monkeypatch.setattr(tab, "solve_job", lambda inputs: Job(jobs_for_tests.slow, (30,)))
    assert tab.load_example()  # an edit: the game ends and restarts by solving again
    qtbot.waitUntil(lambda: tab.busy and not tab.restarter.pending, timeout=5000)
    assert RESTARTING in panel_text(tab)
    tab.cancel()  # Esc while the restart's solve runs
    assert not tab.working and game(tab) is None
    assert RESTART_CANCELLED in panel_text(tab)
    monkeypatch.setattr(tab, "solve_job", solve_job)
    tab.undo_stack.undo()  # the next edit restarts the game
    qtbot.waitUntil(lambda: game(tab) is not None and not tab.working, timeout=20000)


@pytest.mark.parametrize("how", ["example", "import", "undo", "session"])
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
    if how not in ("example", "import"):  # first a change to come back from
        assert tab.load_example() and tab.state() != before
        old = settled()
    if how == "example":
        assert tab.load_example()
    elif how == "import":  # the judge file of the example, as Import… reads it
        assert tab.import_judge_file(EXAMPLES / f"{game_id}.txt")
    elif how == "undo":
        tab.undo_stack.undo()
    else:
        tab.restore_session(before)
    # The old game never continues on the new inputs: it ends, or a new one starts at once
    # (inputs solved before have their answer back without a pause).
    assert game(tab) is not old
    new = settled()
    assert new is not old
    if how not in ("example", "import"):
        assert tab.state() == before


@pytest.mark.parametrize("game_id", ["greatgame", "coverup", "yut"])
def test_a_failed_restart_says_so_and_esc_then_changes_nothing(
    make_tab, qtbot, solve_and_wait, monkeypatch, game_id
) -> None:  # type: ignore[no-untyped-def]
    tab = playing(make_tab(game_id), qtbot, solve_and_wait)
    monkeypatch.setattr(tab, "solve_job", lambda inputs: Job(jobs_for_tests.broken))
    assert tab.load_example()  # the restart's solve fails
    qtbot.waitUntil(lambda: not tab.restarter.pending and not tab.working, timeout=20000)
    said = panel_text(tab)
    assert said.startswith("The game did not restart") and RESTARTING not in said
    tab.cancel()  # nothing runs: Esc must not claim it stopped a restart
    assert panel_text(tab) == said
