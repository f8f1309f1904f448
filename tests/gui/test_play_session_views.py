"""Every play panel is a view of one ``PlaySession``: the same questions, the same words."""

from __future__ import annotations

from typing import Any

import pytest
from test_play_restart import GAMES, game, playing

from gui.widgets.play_panel import (
    BEST_MARK,
    best_label,
    costs_you,
    mistake_words,
    mover_words,
)
from solvers import nim
from solvers.play_session import GAME_UNITS, PlaySession


def session_of(tab: Any) -> PlaySession:
    """The session behind ``tab``'s play panel."""
    if tab.game_id in ("nim", "xoinc"):
        return tab.play.session  # type: ignore[no-any-return]
    if tab.game_id == "greatgame":
        return tab.playPanel.session  # type: ignore[no-any-return]
    return tab.session  # type: ignore[no-any-return]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_panel_shows_its_sessions_state(make_tab, qtbot, solve_and_wait, game_id) -> None:  # type: ignore[no-untyped-def]
    tab = playing(make_tab(game_id), qtbot, solve_and_wait)
    session = session_of(tab)
    assert isinstance(session, PlaySession) and session.units is GAME_UNITS[game_id]
    assert session.state is game(tab) and session.user == 0
    if game_id == "coverup":  # the suggested picks are made: the outcome is awaited
        assert session.at_chance and session.steps[-1].move == session.start.entry().picks
    elif game_id == "greatgame":
        assert session.user_to_move and session.steps == ()


def test_nim_second_player_is_side_1_and_a_mistake_costs_you_the_win(tab_of_nim: Any) -> None:
    tab = tab_of_nim
    session = tab.play.session
    assert session.user == 1 and tab.play.user == 1
    # The solver opened (its move is in the session's history, as player 0's).
    assert [step.mover for step in session.history] == [0]
    assert session.user_to_move and tab.resultLabel.text().endswith(mover_words(True))
    losing = next(m for m, v in session.values().items() if v < 0)
    pile, after = losing
    assert tab.play.user_move(pile, session.state.piles[pile] - after)
    log = [tab.play.log.item(i).text() for i in range(tab.play.log.count())]
    assert any("losing move (costs you the win)" in line for line in log)


@pytest.fixture
def tab_of_nim(make_tab, qtbot) -> Any:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    tab.piles.model.set_values([1, 2, 3])  # lost for the first player
    assert tab.play.new_game(user_first=False)
    qtbot.waitUntil(lambda: tab.play.state is not None and not tab.working, timeout=20000)
    # The solver, lost, takes as little as it can: one stone, from the first pile.
    assert tab.play.state.position == nim.NimInputs((0, 2, 3))
    return tab


def test_xoinc_user_sides_are_0_and_1(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    from test_xoinc_tab import xoinc_tab

    tab = xoinc_tab(make_tab)
    tab.start_game(False)
    qtbot.waitUntil(lambda: tab.play.state is not None and not tab.working, timeout=10000)
    session = tab.play.session
    assert session.user == 1 and session.user_to_move
    assert tab.play.option_values() == [round(v) for v in session.values().values()]


def test_the_shared_words(qtbot) -> None:  # type: ignore[no-untyped-def]
    assert best_label("Rock: 50.000%", True) == f"{BEST_MARK} Rock: 50.000%"
    assert best_label("2", False) == "2"
    assert costs_you(GAME_UNITS["xoinc"], 0) == "nothing"
    assert costs_you(GAME_UNITS["xoinc"], 5.0) == "5 in value"
    assert costs_you(GAME_UNITS["greatgame"], 0.5) == "50.000 percentage points"
    assert (mover_words(True), mover_words(False)) == ("your move", "the solver moves")
    # A mistake reads the same way in every tab; a best move says nothing.
    assert mistake_words(GAME_UNITS["xoinc"], 0, "1") == ""
    assert mistake_words(GAME_UNITS["xoinc"], 5.0, "1 (worth 9)") == (
        "Best was 1 (worth 9): this costs you 5 in value."
    )
    assert mistake_words(GAME_UNITS["greatgame"], 0.02030, "paper") == (
        "Best was paper: this costs you 2.030 percentage points of chance to win the match."
    )
    assert mistake_words(GAME_UNITS["nim"], 2.0, "(0, 1)") == (
        "Best was (0, 1): this costs you the win."
    )
