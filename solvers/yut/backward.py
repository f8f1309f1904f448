"""Unknown throws: the backward sweep that values every explored position at every turn.

The positions come from ``solvers.yut.explore`` (rows in the order first reached, one wave
per turn, moves in batches); ``solvers.yut.unknown`` runs the sweep and keeps its tables.
NumPy is imported here only when a sweep runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solvers.protocol import Progress, report

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from solvers.yut.explore import Explored
    from solvers.yut.unknown import ExpectInputs

    IntArray = npt.NDArray[np.int64]
    FloatArray = npt.NDArray[np.float64]

__all__ = ["EXPLORE_SHARE", "backward_sweep"]

#: Share of the progress bar for finding the positions (the rest: valuing them).
EXPLORE_SHARE = 0.4


def backward_sweep(
    inputs: ExpectInputs,
    found: Explored,
    faces: IntArray,
    probs: FloatArray,
    progress: Progress | None,
    starts: list[float] | None = None,
) -> tuple[IntArray, FloatArray]:
    """Offsets and values turn by turn from the last; turn ``t`` only for rows reachable in ``t``.

    A move from a row reachable in ``t`` moves leads to a row reachable in ``t + 1``,
    so each turn reads only the prefix of rows the next turn has values for.
    ``starts`` (when given) receives the start's value with 1, 2, .. turns to go.
    """
    import numpy as np

    board = inputs.board
    score = board.scores().astype(np.float64)
    dest = board.destinations(int(faces.max()))
    count = len(found.states)
    spans = [int(found.limits[t]) for t in range(inputs.turns)]
    offsets = np.concatenate([[0], np.cumsum(spans)]).astype(np.int64)
    values = np.empty(int(offsets[-1]))
    # The next turn's values by row (zero after the last turn); one slot past the rows
    # holds -inf: illegal moves (row -1) index it and never win.
    later = np.zeros(count + 1)
    later[count] = -np.inf
    for played in range(inputs.turns - 1, -1, -1):
        span = spans[played]
        current = values[offsets[played] : offsets[played] + span]
        for first, next_rows in found.moves:
            if first >= span:
                break  # batches never straddle a wave, so none straddles ``span`` either
            done = inputs.turns - 1 - played + first / span
            report(progress, EXPLORE_SHARE + (1 - EXPLORE_SHARE) * done / inputs.turns)
            rows = slice(first, first + len(next_rows))
            targets = dest[found.states[rows]][:, :, faces].transpose(0, 2, 1)
            candidate = score[targets] + later[next_rows]
            best = candidate[:, :, 0]
            for piece in range(1, inputs.pieces):  # faster than max() over a short axis
                best = np.maximum(best, candidate[:, :, piece])
            # No piece may move: the throw is lost and the position stays.
            best = np.where(best == -np.inf, later[rows, None], best)
            current[rows] = best @ probs
        later[:span] = current
        if starts is not None:
            starts.append(float(current[0]))
    return offsets, values
