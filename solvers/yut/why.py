"""Why the Dice Yut answer holds: every piece's move at every throw, or averaged over the die.

Known throws: the play state of the solver's own memoised search (``KnownGame``) values
each legal move with the best total reachable after it, along the optimal line.
Unknown throws: the expectation tables (``ExpectResult.options`` and ``value``) give each
move's expected total for each face, averaged over the die. The sentences are ``TEXTS``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from solvers.explain import Ref, Step, Table, phrasebook
from solvers.yut.board import Board
from solvers.yut.known import KnownSearch, YutInputs, YutResult

if TYPE_CHECKING:
    from solvers.yut.play import KnownGame
    from solvers.yut.unknown import ExpectInputs, ExpectResult

__all__ = ["TEXTS", "explain"]

#: Every English sentence of a Dice Yut explanation, with named fields (one place to translate).
TEXTS = {
    "known_title": "Best total by search over positions",
    "known_text": (
        "The pieces are alike, so a position is the set of squares they stand on. The most "
        "still to score from a turn and a position is the best, over the legal moves of that "
        "turn's throw, of the move's points plus the most still to score after it; a move may "
        "not end on a square another piece holds (the end excepted). The search remembered "
        "{positions} positions; from the start the best total is {best}."
    ),
    "turn_title": "Turn {turn}: throw {throw}",
    "turn_text": (
        "Total so far {total}. Each piece's move with {throw}, and the best final total "
        "reachable after it; piece {piece} moves {source} → {target} for {points} points."
    ),
    "lost_text": "Total so far {total}. No piece may move with {throw}: the throw is lost.",
    "piece": "piece {number}",
    "from": "from",
    "to": "to",
    "points": "points",
    "best_after": "best final total after it",
    "note": "",
    "chosen": "✓ chosen",
    "best": "✓ best",
    "blocked": "blocked: {square} is taken by piece {other}",
    "home": "already at the end",
    "answer_title": "The answer",
    "answer_known": "The maximum total is {best}.",
    "expect_title": "Expected total by expectimax",
    "expect_text": (
        "The throws are seen one at a time, each face f with chance p(f). The expected total "
        "still to come from a turn and a position is the sum over the faces of p(f) × (the "
        "best, over the legal moves for f, of the move's points plus the expected total "
        "still to come after it); when no piece may move the throw is lost. {turns} turns, "
        "{pieces} pieces, {faces} faces."
    ),
    "moves_title": "Turn {turn}: each move for each face",
    "moves_text": (
        "Pieces on {positions}; {total} points so far. For every face, every legal move "
        "with its expected final total; the best one per face is marked."
    ),
    "face": "face",
    "chance": "p(face)",
    "expected_after": "expected final total",
    "no_move": "no legal move: the throw is lost",
    "average_title": "Averaged over the die",
    "average_text": (
        "Expected final total at turn {turn} = Σ p(face) × (best expected total for that "
        "face) = {expected}."
    ),
    "best_col": "best expected total",
    "product": "p × best",
    "sum_row": "sum",
    "answer_expected": "The expected total under optimal play is {expected}.",
}

say = phrasebook(TEXTS)


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
    where = positions or (inputs.board.start,) * inputs.pieces
    return _expected(inputs, result, turn, where, total)


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
        steps.append(_throw_step(inputs.board, game, step.piece))
        # With every piece on the end the game is over, but the throws still come (lost).
        game = replace(game, turn=game.turn + 1) if game.over else game.play(step.piece)
    steps.append(Step(say("answer_title"), say("answer_known", best=result.best)))
    return steps


def _move_note(board: Board, labelled: tuple[int, ...], piece: int, target: int) -> str:
    """Why piece ``piece`` (0-based) cannot move to ``target``, or "" when it can."""
    if labelled[piece] == board.end_index:
        return say("home")
    if target not in (board.end_index, labelled[piece]) and target in labelled:
        other = labelled.index(target) + 1
        return say("blocked", square=board.squares[target].id, other=other)
    return ""


def _throw_step(board: Board, game: KnownGame, chosen: int | None) -> Step:
    assert game.search is not None and game.throw is not None
    throw = game.throw
    dest = game.search.dest
    values = game.values()
    rows = []
    for p, here in enumerate(game.labelled):
        target = dest[here][throw] if here != board.end_index else here
        note = _move_note(board, game.labelled, p, target)
        legal = not note
        rows.append(
            (
                say("piece", number=p + 1), board.squares[here].id,
                board.squares[target].id if legal else "—",
                str(board.squares[target].score) if legal else "—",
                f"{values[p + 1]:g}" if legal else "—",
                say("chosen") if chosen == p + 1 else note,
            )
        )  # fmt: skip
    header = (
        "", say("from"), say("to"), say("points"), say("best_after"), say("note"),
    )  # fmt: skip
    if chosen is None:
        text = say("lost_text", total=game.total, throw=throw)
        refs: tuple[Ref, ...] = (Ref("turn", (game.turn,)),)
    else:
        here = game.labelled[chosen - 1]
        target = dest[here][throw]
        text = say(
            "turn_text", total=game.total, throw=throw, piece=chosen,
            source=board.squares[here].id, target=board.squares[target].id,
            points=board.squares[target].score,
        )  # fmt: skip
        path = board.path(board.squares[here].id, throw)
        refs = (
            Ref("turn", (game.turn,)),
            Ref("piece", (chosen - 1,)),
            *(Ref("square", (), square) for square in path),
        )
    title = say("turn_title", turn=game.turn + 1, throw=throw)
    return Step(title, text, (Table(header, tuple(rows)),), refs)


def _expected(
    inputs: ExpectInputs,
    result: ExpectResult,
    turn: int,
    positions: tuple[str, ...],
    total: int,
) -> list[Step]:
    board = inputs.board
    text = say("expect_text", turns=inputs.turns, pieces=inputs.pieces, faces=inputs.faces)
    steps = [Step(say("expect_title"), text)]
    try:
        labelled = tuple(board.index(square) for square in positions)
    except KeyError as exc:
        raise ValueError(f"unknown square {exc.args[0]!r}") from None
    move_rows: list[tuple[str, ...]] = []
    average_rows: list[tuple[str, ...]] = []
    expected = 0.0
    for face, chance in enumerate(inputs.probabilities, start=1):
        if chance <= 0:
            continue
        options = result.options(turn, positions, face)
        legal = {o.piece for o in options}
        for option in options:
            move_rows.append(
                (
                    str(face), say("piece", number=option.piece), option.from_square,
                    option.to_square, str(option.points), f"{total + option.expected:.6f}",
                    say("best") if option.best else "",
                )
            )  # fmt: skip
        for p, here in enumerate(labelled):
            if p + 1 in legal:
                continue
            target = _target(board, inputs.faces, here, face)
            note = _move_note(board, labelled, p, target)
            if note:
                move_rows.append(
                    (str(face), say("piece", number=p + 1), positions[p], "—", "—", "—", note)
                )
        if options:
            best = total + max(o.expected for o in options)
        else:
            best = total + result.value(turn + 1, positions)
            move_rows.append((str(face), "", "", "", "", f"{best:.6f}", say("no_move")))
        expected += chance * best
        average_rows.append((str(face), f"{chance:.6g}", f"{best:.6f}", f"{chance * best:.6f}"))
    average_rows.append((say("sum_row"), "", "", f"{expected:.6f}"))
    move_header = (
        say("face"), "", say("from"), say("to"), say("points"), say("expected_after"), "",
    )  # fmt: skip
    text = say("moves_text", turn=turn, positions=", ".join(positions), total=total)
    refs = tuple(Ref("piece", (p,), square) for p, square in enumerate(positions))
    steps.append(
        Step(say("moves_title", turn=turn), text, (Table(move_header, tuple(move_rows)),), refs)
    )
    average_header = (say("face"), say("chance"), say("best_col"), say("product"))
    steps.append(
        Step(
            say("average_title"),
            say("average_text", turn=turn, expected=f"{expected:.6f}"),
            (Table(average_header, tuple(average_rows)),),
        )
    )
    if turn == 1 and total == 0 and positions == (board.start,) * inputs.pieces:
        answer = say("answer_expected", expected=f"{result.expected:.3f}")
        steps.append(Step(say("answer_title"), answer))
    return steps


def _target(board: Board, faces: int, here: int, face: int) -> int:
    """The square a piece on ``here`` reaches with ``face`` (ignoring other pieces)."""
    return board.destination_lists(faces)[here][face]
