"""The Great Game tab's play panel: a match against the solver, and what edits do to it."""

from __future__ import annotations

import pytest

from gui.widgets.play_panel import RESTARTED
from gui.widgets.theme import ROLE
from solvers import greatgame as gg


@pytest.fixture()
def tab(make_tab):  # type: ignore[no-untyped-def]
    return make_tab("greatgame")


def wait_for_match(tab, qtbot):  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: tab.playPanel.state is not None, timeout=20000)
    return tab.playPanel.state


def test_play_panel_values_every_hand_and_highlights_the_best(tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = tab.playPanel
    assert not any(b.isEnabled() for b in panel.handButtons.values())
    result = solve_and_wait(tab)  # the statement's second sample, W = L = 2
    state = wait_for_match(tab, qtbot)
    assert state.value == pytest.approx(result.probability, abs=1e-9)
    values = state.values()
    best = max(values, key=values.__getitem__)
    for hand, button in panel.handButtons.items():
        assert button.isEnabled()
        assert f"{100 * values[hand]:.3f}%" in button.text()  # as the heading: 79.318%
        assert ("★" in button.text()) == (values[hand] >= values[best] - 1e-9)
    assert ROLE.best.name() in panel.handButtons[best].styleSheet()
    status = panel.statusLabel.text()
    assert "Round 1, throw 1 of 2" in status and "79.3" in status
    assert not panel.drawButton.isEnabled()
    # Your hand, then the opponent's, reported: the state moves on, the heat map follows.
    assert panel.play(gg.Hand.ROCK)
    assert panel.state.to_move == "chance" and panel.drawButton.isEnabled()
    assert not any(b.isEnabled() for b in panel.handButtons.values())
    # Off, yet the best hand keeps its green and black text: not greyed out.
    best_sheet = next(b.styleSheet() for b in panel.handButtons.values() if "★" in b.text())
    assert ROLE.best.name() in best_sheet and f"color: {ROLE.best_text.name()}" in best_sheet
    assert "▶" in panel.handButtons[gg.Hand.ROCK].text()
    assert panel.opponentButtons[gg.Hand.SCISSORS].text() == "Scissors (40%)"
    assert panel.play(gg.Hand.SCISSORS)  # rock beats scissors
    assert (panel.state.throw, panel.state.round_score) == (1, 1)
    assert tab.heatmap.selection == (1, 1)
    assert panel.log.count() == 1 and "you score" in panel.log.item(0).text()
    lost = values[best] - values[gg.Hand.ROCK]
    cost = f"Best was {best.name.lower()}: this costs you {100 * lost:.3f} percentage points"
    # (one best hand in this sample: rock, paper and scissors all differ)
    assert (cost in panel.log.item(0).text()) == (lost > 1e-9)
    # A drawn hand is one the opponent can play; the round ends after throw 2.
    assert panel.play(gg.Hand.PAPER)
    drawn = panel.draw()
    assert drawn in gg.Hand and panel.state.throw == 0 and panel.state.round_ended is not None
    assert "Round 1" in panel.log.item(1).text() and "lead now" in panel.log.item(1).text()
    assert "Rounds so far" in panel.statusLabel.text()
    panel.new_match()
    assert panel.state is state and panel.log.count() == 0


def test_play_a_match_to_the_end_and_restart(tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab.throws.set_texts([["100", "0", "0"]])
    tab.wSpin.setValue(1)
    tab.lSpin.setValue(1)
    solve_and_wait(tab)
    panel = tab.playPanel
    first = wait_for_match(tab, qtbot)
    assert panel.play(gg.Hand.PAPER) and panel.play(gg.Hand.ROCK)
    assert panel.state.over and "You won the match" in panel.statusLabel.text()
    assert not panel.drawButton.isEnabled() and not panel.handButtons[gg.Hand.ROCK].isEnabled()
    assert not panel.play(gg.Hand.ROCK)
    panel.new_match()
    assert panel.state is first and panel.handButtons[gg.Hand.ROCK].isEnabled()
    # The opponent never plays paper here: reporting it is refused with the reason.
    assert panel.play(gg.Hand.SCISSORS)
    assert not panel.opponentButtons[gg.Hand.PAPER].isEnabled()
    assert not panel.play(gg.Hand.PAPER) and "never plays paper" in panel.statusLabel.text()
    # Scissors against a sure rock: the log says what the mistake cost.
    assert panel.play(gg.Hand.ROCK) and panel.state.over
    assert "You lost the match" in panel.statusLabel.text()
    words = (
        "Best was rock or paper: this costs you 100.000 percentage points"
        " of chance to win the match."
    )
    assert words in panel.log.item(0).text()


def test_editing_drops_the_match_and_cancels_building_it(tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    solve_and_wait(tab)
    wait_for_match(tab, qtbot)
    tab.wSpin.setValue(3)
    # The old match never continues on the new inputs: it ends at once.
    assert tab.playPanel.state is None and tab.playPanel.first is None
    assert "inputs changed" in tab.playPanel.statusLabel.text()
    assert "gray" in tab.resultLabel.styleSheet()
    # The old policy stays visible but faded, and says it is outdated.
    assert tab.heatmap.image.opacity() < 1 and "Outdated" in tab.cellLabel.text()
    tab.heatmap.hovered.emit(0, 0)
    assert "Outdated" in tab.cellLabel.text()
    # A match still being built when the inputs change is cancelled.
    tab.playPanel.start(tab.read_inputs())
    assert tab.working and not tab.busy  # Cancel follows the match; no solve runs
    tab.lSpin.setValue(3)
    assert not tab.working and tab.playPanel.state is None
    # Then the inputs are solved again and the match restarts on them.
    wait_for_restart(tab, qtbot)
    assert tab.heatmap.image.opacity() == 1 and "Throw 1" in tab.cellLabel.text()


def wait_for_restart(tab, qtbot):  # type: ignore[no-untyped-def]
    qtbot.waitUntil(
        lambda: tab.playPanel.state is not None and not tab.working and not tab.restarter.pending,
        timeout=20000,
    )
    return tab.playPanel.state


def test_editing_restarts_the_match_from_the_new_inputs(tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    solve_and_wait(tab)
    panel = tab.playPanel
    wait_for_match(tab, qtbot)
    assert panel.play(gg.Hand.ROCK) and panel.play(gg.Hand.SCISSORS)
    assert tab.throws.setData(tab.throws.index(0, 0), "20")
    assert tab.throws.setData(tab.throws.index(0, 2), "50")
    assert panel.state is None and not any(b.isEnabled() for b in panel.handButtons.values())
    state = wait_for_restart(tab, qtbot)
    assert state.match.inputs == tab.read_inputs() == tab.result.inputs
    assert (state.throw, state.round_score, state.lead) == (0, 0, 0) and state.to_move == 0
    assert panel.log.count() == 1 and panel.log.item(0).text() == RESTARTED
    assert tab.heatmap.selection == (0, 0)  # the new match's cell on the new heat map
    # Inputs not valid: no match, no hand to play, and it says so; fixed, it restarts.
    assert tab.throws.setData(tab.throws.index(0, 0), "30")
    qtbot.waitUntil(lambda: not tab.restarter.pending, timeout=5000)
    assert panel.state is None and not tab.working and "not valid" in panel.statusLabel.text()
    assert not any(b.isEnabled() for b in panel.handButtons.values())
    assert tab.throws.setData(tab.throws.index(0, 0), "20")
    assert wait_for_restart(tab, qtbot).match.inputs == tab.read_inputs()


def test_esc_stops_building_the_match_and_new_match_builds_it_again(
    tab, solve_and_wait, qtbot
) -> None:  # type: ignore[no-untyped-def]
    solve_and_wait(tab)
    panel = tab.playPanel
    panel.start(tab.read_inputs())
    assert tab.working
    tab.cancel()
    assert not tab.working and panel.state is None
    assert "stopped" in panel.statusLabel.text() and panel.newButton.isEnabled()
    panel.new_match()
    assert wait_for_match(tab, qtbot).throw == 0
