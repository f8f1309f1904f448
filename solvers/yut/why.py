"""Why the Dice Yut answer holds: every piece's move at every throw, or averaged over the die.

Known throws: the play state of the solver's own memoised search (``KnownGame``) values
each legal move with the best total reachable after it, along the optimal line.
Unknown throws: the expectation tables (``ExpectResult.options`` and ``value``) give each
move's expected total for each face, averaged over the die. ``explain_position`` does
the same for a position reached in play. Squares are named as the player knows them
(``solvers.yut.names``: score and route); pieces on one square move alike, so they share
a row. The sentences (``TEXTS``) and the steps' tables are in ``solvers.yut.why_steps``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

from solvers.explain import Step
from solvers.yut.known import KnownSearch, YutInputs, YutResult, unknown_square
from solvers.yut.why_steps import (
    TEXTS,
    FaceOptions,
    MoveValues,
    expect_intro,
    expected_steps,
    now_step,
    say,
    throw_step,
    thrown_step,
)

if TYPE_CHECKING:
    from solvers.yut.board import Board
    from solvers.yut.unknown import ExpectInputs, ExpectResult, Lookup

__all__ = ["TEXTS", "FaceOptions", "MoveValues", "explain", "explain_position", "face_options"]


def explain(
    inputs: YutInputs | ExpectInputs,
    result: YutResult | ExpectResult,
    *,
    turn: int = 1,
    positions: tuple[str, ...] | None = None,
    total: int = 0,
    search: KnownSearch | None = None,
) -> list[Step]:
    """The derivation of ``result`` for ``inputs``.

    Known throws: a step per throw of the optimal line, valued by the memoised search
    (``search``: one already run for these inputs, e.g. a game's, else a new one, which
    takes as long as the solve). Unknown throws: the moves at 1-based ``turn`` with the
    pieces on ``positions`` (default: the start) after ``total`` points, face by face, and
    how they average over the die.
    """
    if isinstance(inputs, YutInputs) and isinstance(result, YutResult):
        return _known(inputs, result, search)
    from solvers.yut.unknown import ExpectInputs, ExpectResult

    if not (isinstance(inputs, ExpectInputs) and isinstance(result, ExpectResult)):
        raise TypeError("the inputs and the result must be of the same kind of game")
    from solvers.yut.unknown import Lookup

    where = positions or (inputs.board.start,) * inputs.pieces
    labelled = _labelled(inputs.board, where)
    table = face_options(Lookup(result), turn - 1, labelled)
    steps = [expect_intro(inputs)]
    steps += expected_steps(inputs, table, turn, labelled, total)
    if turn == 1 and total == 0 and where == (inputs.board.start,) * inputs.pieces:
        answer = say("answer_expected", expected=f"{result.expected:.3f}")
        steps.append(Step(say("answer_title"), answer))
    return steps


def face_options(
    lookup: Lookup, played: int, labelled: tuple[int, ...], faces: tuple[int, ...] = ()
) -> FaceOptions:
    """The moves of every face (or of ``faces``) after ``played`` throws, pieces on ``labelled``."""
    table: FaceOptions = {}
    for face, chance in enumerate(lookup.result.inputs.probabilities, start=1):
        if chance <= 0 or (faces and face not in faces):
            continue
        options = lookup.options(played, list(labelled), face)
        table[face] = (options, 0.0 if options else lookup.value(played + 1, labelled))
    return table


def explain_position(
    inputs: YutInputs | ExpectInputs,
    result: YutResult | ExpectResult | FaceOptions | MoveValues | None,
    positions: tuple[str, ...],
    turn: int,
    total: int,
    throw: int | None = None,
) -> list[Step]:
    """The steps for a position reached in play: the pieces now, then every move's value.

    ``turn`` is the number of throws made (0-based), ``positions`` each piece's square id
    and ``total`` the points so far. Known throws: each move with the throw of this turn
    and the best final total after it (a new search from here). Unknown throws: with the
    face just thrown (``throw``), each move with its expected final total; before the
    throw (``throw`` None), each move for each face and how they average over the die.
    ``result`` is then the solve's, or just ``face_options`` of this position (enough,
    and far smaller to send to a worker). Known throws: ``MoveValues`` of this position
    (a game in play has them), else a new search from here finds them.
    """
    board = inputs.board
    labelled = _labelled(board, positions)
    turns = len(inputs.throws) if isinstance(inputs, YutInputs) else inputs.turns
    steps = [now_step(board, labelled, min(turn + 1, turns), turns, total)]
    over = turn >= turns or all(here == board.end_index for here in labelled)
    if over:
        steps.append(Step(say("over_title"), say("over_text", total=total)))
        return steps
    if isinstance(inputs, YutInputs):
        from solvers.yut.play import KnownGame

        game = KnownGame(labelled, turn, total, search=KnownSearch(inputs))
        # A dict for known throws is the position's move values (FaceOptions: unknown ones).
        values = cast(MoveValues, result) if isinstance(result, dict) else None
        steps.append(throw_step(board, game, None, values))
        return steps
    from solvers.yut.unknown import ExpectResult, Lookup

    if isinstance(result, ExpectResult):
        result = face_options(Lookup(result), turn, labelled, () if throw is None else (throw,))
    if not isinstance(result, dict):
        raise TypeError("unknown throws are explained from their expectation tables")
    table = cast(FaceOptions, result)
    if throw is None:
        return steps + expected_steps(inputs, table, turn + 1, labelled, total)
    return [*steps, thrown_step(inputs, table, turn + 1, labelled, total, throw)]


def _labelled(board: Board, positions: tuple[str, ...]) -> tuple[int, ...]:
    try:
        return tuple(board.index(square) for square in positions)
    except KeyError as exc:
        raise ValueError(unknown_square(exc.args[0])) from None


def _known(inputs: YutInputs, result: YutResult, search: KnownSearch | None) -> list[Step]:
    from solvers.yut.play import KnownGame, new_game

    if search is not None and search.inputs == inputs:
        game = KnownGame((inputs.board.start_index,) * inputs.pieces, search=search)
    else:
        made = new_game(inputs)
        assert isinstance(made, KnownGame)
        game = made
    text = say("known_text", positions=result.positions_searched, best=result.best)
    steps = [Step(say("known_title"), text)]
    for step in result.line:
        steps.append(throw_step(inputs.board, game, step.piece))
        # With every piece on the end the game is over, but the throws still come (lost).
        game = replace(game, turn=game.turn + 1) if game.over else game.play(step.piece)
    steps.append(Step(say("answer_title"), say("answer_known", best=result.best)))
    return steps
