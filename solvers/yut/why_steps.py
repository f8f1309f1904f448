"""The parts of a Dice Yut Why page: the sentences (``TEXTS``) and the steps' tables.

``solvers.yut.why`` chooses which steps a derivation shows (the answer's, or a position's in
play); the steps are built here: the pieces now, every move with a known throw, every move
for each face and the average over the die, the moves with the face just thrown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solvers.explain import Ref, Step, Table, phrasebook
from solvers.i18n import N_, ngettext
from solvers.yut.board import Board
from solvers.yut.names import board_names

if TYPE_CHECKING:
    from solvers.yut.play import KnownGame
    from solvers.yut.unknown import ExpectInputs, MoveOption

__all__ = [
    "TEXTS",
    "FaceOptions",
    "MoveValues",
    "expect_intro",
    "expected_steps",
    "now_step",
    "say",
    "throw_step",
    "thrown_step",
]

#: Unknown throws, at one turn and position: for each face that can come up, its legal
#: moves (each with its expected total still to come) and, when there is none, the
#: expected total still to come after the lost throw. A few hundred bytes, where the
#: expectation tables may take tens of megabytes: what a job for a position in play sends.
FaceOptions = dict[int, tuple[tuple["MoveOption", ...], float]]
#: Known throws, at one position: the best final total after each legal move (a 1-based
#: piece; None: the throw is lost), as ``KnownGame.values()`` gives them from its search.
MoveValues = dict[int | None, float]

#: Every English sentence of a Dice Yut explanation, with named fields (one place to translate).
TEXTS = {
    "known_title": N_("Best total by search over positions"),
    "known_text": N_(
        "The pieces are alike, so a position is the set of squares they stand on. The most "
        "still to score from a turn and a position is the best, over the legal moves of that "
        "turn's throw, of the move's points plus the most still to score after it; a move may "
        "not end on a square another piece holds (the end excepted). The search remembered "
        "{positions} positions; from the start the best total is {best}."
    ),
    "turn_title": N_("Turn {turn}: throw {throw}"),
    "turn_text": N_(
        "Total so far {total}. Each piece's move with {throw}, and the best final total "
        "reachable after it; piece {piece} moves {source} → {target} for {points} points."
    ),
    "lost_text": N_("Total so far {total}. No piece may move with {throw}: the throw is lost."),
    # Capitals as in the tab's tables: a bare "from" or "to" is another area's word too
    # (a range's ends), and one catalogue answers for all the areas.
    "from": N_("From"),
    "to": N_("To"),
    "points": N_("points"),
    "best_after": N_("best final total after it"),
    "chosen": N_("✓ chosen"),
    "best": N_("✓ best"),
    "blocked": N_("blocked: {square} is taken by piece {other}"),
    "home": N_("already at the end"),
    "answer_title": N_("The answer"),
    "answer_known": N_("The maximum total is {best}."),
    "expect_title": N_("Expected total by expectimax"),
    "expect_text": N_(
        "The throws are seen one at a time, each face f with chance p(f). The expected total "
        "still to come from a turn and a position is the sum over the faces of p(f) × (the "
        "best, over the legal moves for f, of the move's points plus the expected total "
        "still to come after it); when no piece may move the throw is lost. {turns} turns, "
        "{pieces} pieces, {faces} faces."
    ),
    "moves_title": N_("Turn {turn}: each move for each face"),
    "moves_text": N_(
        "Pieces on {positions}; {total} points so far. For every face, every legal move "
        "with its expected final total; the best one per face is marked."
    ),
    "face": N_("face"),
    "chance": N_("p(face)"),
    "expected_after": N_("expected final total"),
    "no_move": N_("no legal move: the throw is lost"),
    "average_title": N_("Averaged over the die"),
    "average_text": N_(
        "Expected final total at turn {turn} = Σ p(face) × (best expected total for that "
        "face) = {expected}."
    ),
    "best_col": N_("best expected total"),
    "product": N_("p × best"),
    "sum_row": N_("sum"),
    "answer_expected": N_("The expected total under optimal play is {expected}."),
    "now_title": N_("The position now: turn {turn} of {turns}"),
    "now_text": N_(
        "{total} points so far. Where each piece stands; pieces on one square move alike."
    ),
    "square": N_("square"),
    "thrown_title": N_("Turn {turn}: you threw {throw}"),
    "thrown_text": N_(
        "Pieces on {positions}; {total} points so far. Every move with {throw} and its "
        "expected final total; the best one is marked."
    ),
    "over_title": N_("The game is over"),
    "over_text": N_("Every throw is made: the final total is {total}."),
}

say = phrasebook(TEXTS)


def _pieces(numbers: list[int]) -> str:
    """The row label of pieces (1-based numbers): "piece 2" or "pieces 1, 3"."""
    listed = ", ".join(str(n) for n in numbers)
    return ngettext("piece {numbers}", "pieces {numbers}", len(numbers)).format(numbers=listed)


def _groups(labelled: tuple[int, ...]) -> list[list[int]]:
    """The pieces (0-based) on each occupied square, in the order of their first piece."""
    groups: dict[int, list[int]] = {}
    for p, here in enumerate(labelled):
        groups.setdefault(here, []).append(p)
    return list(groups.values())


def _name(board: Board, index: int) -> str:
    square = board.squares[index].id
    return board_names(board).get(square, square)


def _where(board: Board, labelled: tuple[int, ...]) -> str:
    """Each occupied square once: "start, 10 (outer ring)"."""
    return ", ".join(_name(board, labelled[group[0]]) for group in _groups(labelled))


def _piece_refs(board: Board, labelled: tuple[int, ...]) -> tuple[Ref, ...]:
    return tuple(Ref("piece", (p,), board.squares[here].id) for p, here in enumerate(labelled))


def now_step(board: Board, labelled: tuple[int, ...], turn: int, turns: int, total: int) -> Step:
    """Where each piece stands at 1-based ``turn`` of ``turns``, a row per occupied square."""
    rows = tuple(
        (_pieces([p + 1 for p in group]), _name(board, labelled[group[0]]))
        for group in _groups(labelled)
    )
    table = Table(("", say("square")), rows)
    title = say("now_title", turn=turn, turns=turns)
    return Step(title, say("now_text", total=total), (table,), _piece_refs(board, labelled))


def _move_note(board: Board, labelled: tuple[int, ...], piece: int, target: int) -> str:
    """Why piece ``piece`` (0-based) cannot move to ``target``, or "" when it can."""
    if labelled[piece] == board.end_index:
        return say("home")
    if target not in (board.end_index, labelled[piece]) and target in labelled:
        other = labelled.index(target) + 1
        return say("blocked", square=_name(board, target), other=other)
    return ""


def throw_step(
    board: Board, game: KnownGame, chosen: int | None, values: MoveValues | None = None
) -> Step:
    """Every piece's move with this turn's throw; ``chosen`` marked (None: in play, the best).

    ``values``: the game's ``values()`` when already known (a search runs for them else).
    """
    assert game.search is not None and game.throw is not None
    throw = game.throw
    dest = game.search.dest
    if values is None:
        values = game.values()
    top = max((v for move, v in values.items() if move is not None), default=None)
    rows = []
    for group in _groups(game.labelled):
        p, here = group[0], game.labelled[group[0]]
        target = dest[here][throw] if here != board.end_index else here
        note = _move_note(board, game.labelled, p, target)
        legal = not note
        if chosen is not None and chosen - 1 in group:
            note = say("chosen")
        elif chosen is None and legal and values[p + 1] == top:
            note = say("best")
        rows.append(
            (
                _pieces([q + 1 for q in group]), _name(board, here),
                _name(board, target) if legal else "—",
                str(board.squares[target].score) if legal else "—",
                f"{values[p + 1]:g}" if legal else "—",
                note,
            )
        )  # fmt: skip
    header = ("", say("from"), say("to"), say("points"), say("best_after"), "")
    refs: tuple[Ref, ...] = (Ref("turn", (game.turn,)), *_piece_refs(board, game.labelled))
    if chosen is None and top is None:
        text = say("lost_text", total=game.total, throw=throw)
    else:
        best = chosen if chosen is not None else next(m for m, v in values.items() if v == top)
        assert best is not None
        here = game.labelled[best - 1]
        target = dest[here][throw]
        text = say(
            "turn_text", total=game.total, throw=throw, piece=best,
            source=_name(board, here), target=_name(board, target),
            points=board.squares[target].score,
        )  # fmt: skip
        path = board.path(board.squares[here].id, throw)
        refs = (
            Ref("turn", (game.turn,)),
            Ref("piece", (best - 1,), board.squares[here].id),
            *(Ref("square", (), square) for square in path),
        )
    title = say("turn_title", turn=game.turn + 1, throw=throw)
    return Step(title, text, (Table(header, tuple(rows)),), refs)


def expect_intro(inputs: ExpectInputs) -> Step:
    """How the expected total is found: expectimax over the faces."""
    text = say("expect_text", turns=inputs.turns, pieces=inputs.pieces, faces=inputs.faces)
    return Step(say("expect_title"), text)


def _face_rows(
    inputs: ExpectInputs,
    table: FaceOptions,
    labelled: tuple[int, ...],
    total: int,
    face: int,
) -> tuple[list[tuple[str, ...]], float, tuple[Ref, ...]]:
    """The rows of ``face``'s moves, the best expected final total, the best move's refs.

    A row per occupied square (its pieces move alike); blocked pieces named as such.
    """
    board = inputs.board
    moves, lost = table[face]
    options = {o.piece: o for o in moves}
    rows: list[tuple[str, ...]] = []
    refs: tuple[Ref, ...] = ()
    best = total + max((o.expected for o in options.values()), default=0.0)
    for group in _groups(labelled):
        p = group[0]
        pieces = _pieces([q + 1 for q in group])
        option = options.get(p + 1)
        if option is not None:
            rows.append(
                (
                    str(face), pieces, _name(board, labelled[p]),
                    _name(board, board.index(option.to_square)), str(option.points),
                    f"{total + option.expected:.6f}", say("best") if option.best else "",
                )
            )  # fmt: skip
            if option.best and not refs:
                path = board.path(option.from_square, face)
                refs = (
                    Ref("piece", (p,), option.from_square),
                    *(Ref("square", (), square) for square in path),
                )
            continue
        target = board.destination_lists(inputs.faces)[labelled[p]][face]
        note = _move_note(board, labelled, p, target)
        if note:
            rows.append((str(face), pieces, _name(board, labelled[p]), "—", "—", "—", note))
    if not options:
        best = total + lost
        rows.append((str(face), "", "", "", "", f"{best:.6f}", say("no_move")))
    return rows, best, refs


def expected_steps(
    inputs: ExpectInputs,
    table: FaceOptions,
    turn: int,
    labelled: tuple[int, ...],
    total: int,
) -> list[Step]:
    """Each move for each face at 1-based ``turn``, then the average over the die."""
    board = inputs.board
    move_rows: list[tuple[str, ...]] = []
    average_rows: list[tuple[str, ...]] = []
    expected = 0.0
    for face, chance in enumerate(inputs.probabilities, start=1):
        if chance <= 0:
            continue
        rows, best, _refs = _face_rows(inputs, table, labelled, total, face)
        move_rows += rows
        expected += chance * best
        average_rows.append((str(face), f"{chance:.6g}", f"{best:.6f}", f"{chance * best:.6f}"))
    average_rows.append((say("sum_row"), "", "", f"{expected:.6f}"))
    move_header = (
        say("face"), "", say("from"), say("to"), say("points"), say("expected_after"), "",
    )  # fmt: skip
    text = say("moves_text", turn=turn, positions=_where(board, labelled), total=total)
    moves = Step(
        say("moves_title", turn=turn),
        text,
        (Table(move_header, tuple(move_rows)),),
        _piece_refs(board, labelled),
    )
    average_header = (say("face"), say("chance"), say("best_col"), say("product"))
    average = Step(
        say("average_title"),
        say("average_text", turn=turn, expected=f"{expected:.6f}"),
        (Table(average_header, tuple(average_rows)),),
    )
    return [moves, average]


def thrown_step(
    inputs: ExpectInputs,
    table: FaceOptions,
    turn: int,
    labelled: tuple[int, ...],
    total: int,
    throw: int,
) -> Step:
    """The moves with the face just thrown at 1-based ``turn``, each with its expected total."""
    board = inputs.board
    rows, _best, refs = _face_rows(inputs, table, labelled, total, throw)
    header = (
        say("face"), "", say("from"), say("to"), say("points"), say("expected_after"), "",
    )  # fmt: skip
    text = say("thrown_text", positions=_where(board, labelled), total=total, throw=throw)
    return Step(
        say("thrown_title", turn=turn, throw=throw),
        text,
        (Table(header, tuple(rows)),),
        (Ref("turn", (turn - 1,)), *(refs or _piece_refs(board, labelled))),
    )
