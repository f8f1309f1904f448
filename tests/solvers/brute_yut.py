"""The plain exact brute force for Dice Yut: depth-first search over piece choices.

It walks the arrows itself (no precomputed tables, no memo) so that it shares
as little as possible with ``solvers.yut``. A turn where no piece may move is
lost, as in the solver.
"""

from __future__ import annotations

from solvers.yut.board import Board


def walk(board: Board, square: str, steps: int) -> str:
    current = board.square(square)
    for step in range(steps):
        if current.id == board.end:
            break
        target = current.blue if step == 0 and current.blue is not None else current.red
        assert target is not None
        current = board.square(target)
    return current.id


def legal_targets(board: Board, positions: tuple[str, ...], throw: int) -> list[tuple[int, str]]:
    """``(piece index, target square)`` of every legal move for ``throw``, from the rules."""
    moves = []
    for p, here in enumerate(positions):
        if here == board.end:
            continue
        there = walk(board, here, throw)
        if there == board.end or there not in positions[:p] + positions[p + 1 :]:
            moves.append((p, there))
    return moves


def brute_max(board: Board, throws: tuple[int, ...], pieces: int = 4) -> int:
    positions = [board.start] * pieces

    def dfs(turn: int) -> int:
        if turn == len(throws):
            return 0
        best: int | None = None
        for p in range(pieces):
            here = positions[p]
            if here == board.end:
                continue
            there = walk(board, here, throws[turn])
            if there != board.end and any(q != p and positions[q] == there for q in range(pieces)):
                continue
            positions[p] = there
            value = board.square(there).score + dfs(turn + 1)
            positions[p] = here
            if best is None or value > best:
                best = value
        return dfs(turn + 1) if best is None else best

    return dfs(0)


def brute_expect(
    board: Board,
    turns: int,
    probabilities: tuple[float, ...],
    pieces: int,
    start_at: tuple[str, ...] | None = None,
    first_turn: int = 0,
) -> float:
    """Expectimax by plain recursion over labelled pieces (tiny cases only)."""
    where = list(start_at) if start_at is not None else [board.start] * pieces

    def value(turn: int) -> float:
        if turn == turns:
            return 0.0
        total = 0.0
        for face, p_face in enumerate(probabilities, start=1):
            if p_face == 0:
                continue
            best: float | None = None
            for p in range(pieces):
                here = where[p]
                if here == board.end:
                    continue
                there = walk(board, here, face)
                if there != board.end and any(q != p and where[q] == there for q in range(pieces)):
                    continue
                where[p] = there
                v = board.square(there).score + value(turn + 1)
                where[p] = here
                if best is None or v > best:
                    best = v
            total += p_face * (value(turn + 1) if best is None else best)
        return total

    return value(first_turn)
