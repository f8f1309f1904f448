"""The board beside the Why page's steps: a step pointed at lights up its pieces and path.

A second, light ``BoardView`` (no editing). The refs of ``solvers.yut.why`` say what a
step is about: ``turn`` (throws made before it: the position then is the line's),
``piece`` (its square in ``key`` when known: a position in play) and ``square`` (the
chosen or best move's path, its end last). They are drawn as the Solve page draws a
move: the squares passed in the path colour, the end square in the best-move colour with
a double ring, the moving piece with a black rim.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QWidget

from solvers import yut
from solvers.explain import Ref

from .board_view import BoardView, Sketch

__all__ = ["WhyBoard"]


class WhyBoard(BoardView):
    """The board of the case explained; ``highlight`` marks what a step refers to."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("whyBoard")
        self.inputs: yut.YutInputs | yut.ExpectInputs | None = None
        self.result: Any = None
        #: The pieces drawn when no step says otherwise (the start, or the game in play).
        self.resting: tuple[str, ...] = ()
        #: The steps are a game's in play: its position, not the optimal line's.
        self.following = False

    def show_result(self, inputs: Any, result: Any) -> None:
        """Draw the board of ``inputs`` with every piece on the start."""
        if not isinstance(inputs, yut.YutInputs | yut.ExpectInputs):
            return
        self.inputs, self.result = inputs, result
        self.following = False
        self.resting = (inputs.board.start,) * inputs.pieces
        self.show_board(Sketch.from_board(inputs.board), self.resting)

    def highlight(self, refs: Sequence[Ref]) -> None:
        """Mark the pieces, squares and turn that ``refs`` name; ``()`` clears."""
        inputs = self.inputs
        if inputs is None:
            return
        positions = self._positions(refs, inputs.pieces)
        path = tuple(ref.key for ref in refs if ref.kind == "square" and ref.key)
        pieces = [ref.at[0] + 1 for ref in refs if ref.kind == "piece" and ref.at]
        moved = pieces[0] if len(pieces) == 1 else None
        self.show_board(Sketch.from_board(inputs.board), positions, path, moved)

    def _positions(self, refs: Sequence[Ref], pieces: int) -> tuple[str, ...]:
        """Where the pieces stand in the step: the refs' squares, else the line's turn."""
        where = list(self.resting)
        keyed = [ref for ref in refs if ref.kind == "piece" and ref.at and ref.key]
        turns = [ref.at[0] for ref in refs if ref.kind == "turn" and ref.at]
        line = getattr(self.result, "line", ())
        if turns and isinstance(self.result, yut.YutResult) and line and not self.following:
            # Before throw t the pieces stand where the line's step t-1 left them.
            turn = turns[0]
            if 0 < turn <= len(line):
                where = list(line[turn - 1].positions)
        for ref in keyed:
            if ref.at[0] < pieces:
                where[ref.at[0]] = ref.key
        return tuple(where)

    def follow(self, positions: tuple[str, ...] | None) -> None:
        """Draw the game in play with its pieces at ``positions`` (None: back to the result)."""
        inputs = self.inputs
        if inputs is None:
            return
        if positions is None or len(positions) != inputs.pieces:
            self.following = False
            self.resting = (inputs.board.start,) * inputs.pieces
        else:
            self.following = True
            self.resting = positions
        self.show_board(Sketch.from_board(inputs.board), self.resting)
