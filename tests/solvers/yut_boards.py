"""Random valid Dice Yut boards for the tests (a hypothesis strategy)."""

from __future__ import annotations

from hypothesis import strategies as st

from solvers.yut.board import Board, Square


@st.composite
def boards(draw: st.DrawFn, max_middle: int = 10) -> Board:
    """A start, ``k`` middle squares and an end, in shuffled order.

    Red arrows only go forward (so every red walk reaches the end); blue
    arrows go anywhere except the start and the square itself, so loops
    through blue arrows (and blocked positions) occur.
    """
    k = draw(st.integers(1, max_middle))
    end = k + 1
    red: dict[int, int] = {}
    blue: dict[int, int] = {}
    for i in range(end):
        red[i] = draw(st.integers(i + 1, min(end, i + 3)))
        if i > 0 and draw(st.booleans()):
            target = draw(st.integers(1, end))
            if target != i:
                blue[i] = target
    # Every middle square must be pointed at from an earlier one, so all are
    # reachable: repair by bending the previous red arrow.
    for j in range(1, end):
        if not any(red[i] == j or blue.get(i) == j for i in range(j)):
            red[j - 1] = j
    scores = [0] + [draw(st.integers(-3, 40)) for _ in range(k)] + [0]
    names = [f"q{i}" for i in range(end + 1)]
    squares = [
        Square(
            names[i],
            scores[i],
            float(i),
            float(i % 3),
            names[red[i]] if i in red else None,
            names[blue[i]] if i in blue else None,
        )
        for i in range(end + 1)
    ]
    order = draw(st.permutations(range(end + 1)))
    return Board(tuple(squares[i] for i in order), names[0], names[end], "random")


def branchy_board(squares: int = 200) -> Board:
    """A valid board of ``squares`` squares where every square has a blue shortcut.

    Red arrows walk a long line; each square's blue arrow jumps a few squares
    ahead, so positions multiply as fast as the board allows (issue 10's
    hostile case for the known-throws search).
    """
    last = squares - 1
    names = ["s"] + [f"q{i}" for i in range(1, last)] + ["e"]
    cells = []
    for i, name in enumerate(names):
        if i == last:
            cells.append(Square(name, 0, float(i), 0.0))
            continue
        blue = names[min(last, i + 7 + i % 5)] if 0 < i else None
        cells.append(Square(name, (i * 37) % 101, float(i), 0.0, names[i + 1], blue))
    return Board(tuple(cells), "s", "e", "branchy")
