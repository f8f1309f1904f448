"""The Dice Yut and Cover Up play views draw their session: its best moves, values and costs."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from PySide6.QtWidgets import QTableWidget

from gui.tabs.coverup.views import alternatives_table, fill_alternatives, turn_words
from gui.tabs.yut.views import MOVE_HEADERS, fill_moves, game_words, move_words
from gui.widgets.play_panel import BEST_MARK, costs_you, mistake_words
from gui.widgets.tables import readonly_table
from solvers import coverup as cu
from solvers import yut
from solvers.coverup.model import Column
from solvers.play_session import PROBABILITY_TIE, PlaySession


class Shifted(PlaySession):
    """A session whose move values are the real ones plus ``shift[move]`` (a near tie)."""

    shift: ClassVar[dict[Any, float]] = {}

    def values(self) -> dict[Any, float]:
        return {m: v + self.shift.get(m, 0.0) for m, v in super().values().items()}


def starred_rows(table: QTableWidget, column: int) -> list[int]:
    """The rows whose ``column`` carries the best-move mark."""
    return [
        row
        for row in range(table.rowCount())
        if BEST_MARK in (table.item(row, column).text() if table.item(row, column) else "")
    ]


def yut_decision() -> PlaySession:
    """Dice Yut, throws 2 1, after the first move: two moves from different squares."""
    session = PlaySession.of("yut", yut.new_game(yut.YutInputs((2, 1))))
    return session.play(session.solver_move())


def test_yut_table_marks_exactly_the_sessions_best_moves(qtbot) -> None:  # type: ignore[no-untyped-def]
    table = readonly_table(MOVE_HEADERS, "movesTable")
    session = yut_decision()
    values = session.values()
    moves = fill_moves(table, session)
    assert len(moves) == 2 == table.rowCount()  # three pieces on the start: one row
    best = [row for row, move in enumerate(moves) if move in session.best_moves()]
    assert starred_rows(table, 4) == best
    for row, move in enumerate(moves):
        assert table.item(row, 4).text().endswith(f"{values[move]:.0f}")


@pytest.mark.parametrize(("gap", "both"), [(PROBABILITY_TIE / 2, True), (1e-6, False)])
def test_yut_near_tie_is_decided_by_the_session(qtbot, gap: float, both: bool) -> None:  # type: ignore[no-untyped-def]
    real = yut_decision()
    moves = fill_moves(readonly_table(MOVE_HEADERS, "movesTable"), real)
    values = real.values()
    top, other = sorted(moves, key=lambda m: -values[m])
    # The other move ends ``gap`` below the top one: a rounding error, or a real loss.
    Shifted.shift = {other: values[top] - values[other] - gap}
    session = Shifted(real.start, real.units, real.user, real.steps, real.current)
    table = readonly_table(MOVE_HEADERS, "movesTable")
    assert fill_moves(table, session) == moves
    expected = [moves.index(top), moves.index(other)] if both else [moves.index(top)]
    assert starred_rows(table, 4) == sorted(expected)


def test_yut_words_follow_the_session() -> None:
    session = yut_decision()
    assert f"best final total from here: {session.best_value():.0f}" in game_words(session)
    while not session.over:  # the worst move each turn (bounded: two throws)
        values = session.values()
        session = session.play(min(values, key=values.__getitem__))
    best = session.restart().best_value()
    lost = best - session.score_for_user()
    assert lost > 0
    assert lost == sum(session.user_costs())  # a known line: what the moves gave away
    assert game_words(session) == (
        f"Game over: {session.score_for_user():.0f} points."
        f" Best play scores {best:.0f}: your moves cost you {lost:.2f} points."
    )


def test_yut_log_says_what_a_move_costs_as_every_tab() -> None:
    session = yut_decision()  # throws 2 1, piece 1 moved: moving it again is best
    values = session.values()
    worst = min(values, key=values.__getitem__)
    best = session.solver_move()
    path = "piece 1 4 (outer ring) → 6 (outer ring)"  # squares are named by their points
    assert move_words(session, best) == f"Turn 2, throw 1: {path} (+6)"
    words = move_words(session, worst)
    cost = mistake_words(session.units, session.cost(worst), path)
    assert cost == f"Best was {path}: this costs you 4.00 points." and values[best] == 10
    assert words == f"Turn 2, throw 1: piece {worst} start → 2 (outer ring) (+2). {cost}"


def test_yut_unknown_throws_wait_for_the_die(qtbot) -> None:  # type: ignore[no-untyped-def]
    session = PlaySession.of("yut", yut.new_game(yut.ExpectInputs(3, 2)))
    table = readonly_table(MOVE_HEADERS, "movesTable")
    assert fill_moves(table, session) == [] and table.rowCount() == 0
    assert game_words(session).endswith("Throw the die.")
    thrown = session.play(5)
    assert f"{thrown.best_value():.3f}" in game_words(thrown)

    def play_out(start: PlaySession, pick: Any) -> PlaySession:
        session = start
        for _ in range(10):  # bounded: two turns of a throw and a move
            if session.over:
                break
            session = session.play(5 if session.at_chance else pick(session))
        assert session.over
        return session

    expected = f" Best play expected {session.state.expected:.3f} before the first throw"
    best = play_out(session, lambda s: s.solver_move())
    assert game_words(best).endswith(expected + "; every move was a best one.")
    worst = play_out(session, lambda s: min(s.values(), key=s.values().__getitem__))
    lost = sum(worst.user_costs())
    assert lost > 0
    assert game_words(worst).endswith(
        f"{expected}; your moves cost you {lost:.2f} points on average."
    )


def coverup_session(columns: tuple[Column, ...]) -> PlaySession:
    """A Cover Up game at its first turn, the solver's picks made (as the tab shows it)."""
    first = PlaySession.of("coverup", cu.new_game(cu.CoverUpInputs(columns)))
    return first.play(first.solver_move())


def test_coverup_ties_are_all_starred(qtbot) -> None:  # type: ignore[no-untyped-def]
    # Two equal columns, half the chance on two of four digits: every way to pick ties.
    session = coverup_session((Column(4, 2, 0.5), Column(4, 2, 0.5)))
    decision = session.undo()
    assert len(decision.best_moves()) == 4
    table = alternatives_table()
    options = fill_alternatives(table, session)
    assert starred_rows(table, 0) == list(range(4))
    assert [options[row] for row in starred_rows(table, 0)] == decision.best_moves()
    assert "Your picks" not in turn_words(session.instead(options[-1]))


def test_coverup_worse_picks_say_what_they_cost(qtbot) -> None:  # type: ignore[no-untyped-def]
    session = coverup_session(cu.example().columns)
    decision = session.undo()
    values = decision.values()
    worst = min(values, key=values.__getitem__)
    played = session.instead(worst)
    table = alternatives_table()
    options = fill_alternatives(table, played)
    best_rows = [options.index(move) for move in decision.best_moves()]
    assert starred_rows(table, 0) == sorted(best_rows)
    assert table.item(options.index(worst), 0).text() == "▶"
    words = turn_words(played)
    assert f"the best picks win with probability {decision.best_value():.4f}." in words
    assert f"Your picks win with {values[worst]:.4f}" in words
    assert f"they cost you {costs_you(played.units, decision.cost(worst))}." in words
    assert turn_words(session).endswith(f"{decision.best_value():.4f}.")
