"""The game protocol, checked the same way for every game (used by each game's tests)."""

from __future__ import annotations

import math
import random
import typing
from typing import Any

from solvers.protocol import GameModule, Option, PlayState

#: Every name the protocol asks for (``typing`` keeps them privately on Python 3.11).
PROTOCOL_NAMES = sorted(typing._get_protocol_attrs(GameModule))  # type: ignore[attr-defined]

#: A game played from its example must end within this many moves and outcomes.
MAX_PLIES = 20_000


def check_module(module: Any) -> None:
    """``module`` satisfies the protocol: names, option data, example round trip."""
    missing = [name for name in PROTOCOL_NAMES if not hasattr(module, name)]
    assert not missing and isinstance(module, GameModule), missing
    assert all(isinstance(option, Option) for option in module.OPTIONS)
    inputs = module.example()
    assert isinstance(inputs, module.Inputs)
    result = module.solve(inputs)
    assert isinstance(result, module.Result)
    text = module.format_input(inputs)
    assert (
        module.parse_judge(text)[0] == inputs
        or module.format_input(module.parse_judge(text)[0]) == text
    )
    rows = module.csv_rows(inputs, result)
    assert rows and all(len(row) == len(rows[0]) for row in rows), "rows as wide as the header"


def play_through(state: PlayState, rng: random.Random) -> PlayState:
    """Play to the end, alternating the best and a random move; check every step."""
    best_turn = True
    for _ in range(MAX_PLIES):
        if state.over:
            assert isinstance(state.score, (int, float)) and math.isfinite(state.score)
            return state
        moves = list(state.moves())
        assert moves, "a state that is not over has moves or outcomes"
        if state.to_move == "chance":
            chances = state.chances()
            assert set(chances) == set(moves)
            assert abs(sum(chances.values()) - 1.0) < 1e-9
            move = rng.choices(moves, weights=[chances[m] for m in moves])[0]
        else:
            assert state.to_move in (0, 1)
            values = state.values()
            assert set(values) == set(moves), "every legal move is valued"
            assert all(math.isfinite(v) for v in values.values())
            move = max(moves, key=values.__getitem__) if best_turn else rng.choice(moves)
            best_turn = not best_turn
        hash(move)
        state = state.play(move)
    raise AssertionError(f"not over after {MAX_PLIES} plies")


def check_generate_and_shrink(module: Any, seed: int = 0, count: int = 20) -> None:
    """Generated inputs are valid and solvable; shrink candidates differ and are valid."""
    from budget import PROFILE  # beside this file, like the brute forces

    if PROFILE != "thorough":
        count = max(5, count // 4)
    rng = random.Random(seed)
    for size in ("small", "judge"):
        for _ in range(count):
            inputs = module.generate(rng, size)
            assert isinstance(inputs, module.Inputs)
            assert module.parse_judge(module.format_input(inputs))
            for smaller in list(module.shrink(inputs))[:50]:
                assert isinstance(smaller, module.Inputs)
                assert smaller != inputs
