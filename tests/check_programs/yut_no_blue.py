"""Wrong Dice Yut: ignores the blue arrows (every piece stays on the red outer path)."""

import functools
import sys

END = 21  # squares 0 (start), 1..20 score 2, 4, ..., 40, then the end
throws = [int(w) for w in sys.stdin.read().split()]


@functools.cache
def best(turn: int, pieces: tuple[int, ...]) -> int:
    if turn == len(throws):
        return 0
    result = -1
    for i, square in enumerate(pieces):
        if square == END:
            continue
        target = min(END, square + throws[turn])
        if target != END and target in pieces:
            continue
        moved = tuple(sorted((*pieces[:i], target, *pieces[i + 1 :])))
        gained = 0 if target == END else 2 * target
        rest = best(turn + 1, moved)
        if rest >= 0:
            result = max(result, gained + rest)
    return result


print(best(0, (0, 0, 0, 0)))
