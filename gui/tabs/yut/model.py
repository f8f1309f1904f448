"""The Dice Yut form as plain data (no Qt; see ``gui.form_state``): mode, fields, board.

``{"mode": "known", "throws": "1 2 3 4 1 2 3 4 1 2", "pieces": 4, "faces": 5,
"turns": 10, "probabilities": "", "board": {...}}``: the throws and probabilities as
typed, the spin boxes' numbers, and the board editor's JSON data (``board_to_json``'s
shape, possibly not a playable board: the editor shows why). Sessions have always had
this shape.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from gui.form_state import text, whole_number
from solvers import yut
from solvers.i18n import N_, _
from solvers.yut.board import MAX_SQUARES

__all__ = [
    "FIRST",
    "LABELS",
    "MODES",
    "RANGES",
    "check_board",
    "check_state",
    "default_state",
    "state_of",
]

#: What a new form shows in each field but the board (the standard one).
FIRST: dict[str, Any] = {
    "mode": "known",
    "throws": "1 2 3 4 1 2 3 4 1 2",
    "pieces": 4,
    "faces": 5,
    "turns": 10,
    "probabilities": "",
}
#: The form's labels of the number fields (a refusal names the field by them).
LABELS = {"pieces": N_("Pieces:"), "faces": N_("Die faces 1 to"), "turns": N_("Turns:")}
#: The largest number each number field takes (the smallest is 1).
RANGES = {"pieces": yut.MAX_PIECES, "faces": yut.MAX_FACE, "turns": yut.MAX_THROWS}
#: The mode radio buttons, as a state names them.
MODES = ("known", "unknown")


def default_state() -> dict[str, Any]:
    """The first fields and the standard board."""
    return {**FIRST, "board": yut.board_to_json(yut.standard_board())}


def check_board(data: Any) -> dict[str, Any]:
    """A copy of the board editor's ``data``, or ValueError when the editor cannot hold it.

    A board that is not playable is held (the editor says what is wrong with it); only
    data the editor cannot even list is refused, and a huge one before anything is drawn.
    """
    if not isinstance(data, dict) or not isinstance(data.get("squares"), list):
        raise ValueError(_("a board must be a JSON object with a list of squares"))
    if len(data["squares"]) > MAX_SQUARES:
        # Refused before anything is drawn: a huge board would freeze the window.
        raise ValueError(
            _("at most {most} squares, got {count}").format(
                most=MAX_SQUARES, count=len(data["squares"])
            )
        )
    if not all(isinstance(s, dict) and "id" in s for s in data["squares"]):
        raise ValueError(_("every square needs an id"))
    try:
        return copy.deepcopy(data)
    except RecursionError:  # a session's board nested absurdly deep
        raise ValueError(_("the board is nested too deeply")) from None


def check_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """The mode, the texts as typed, the numbers in their fields' ranges, the board's data."""
    mode = state["mode"]
    if not isinstance(mode, str) or mode not in MODES:
        raise ValueError(_("unknown mode {mode}").format(mode=repr(mode)))
    checked: dict[str, Any] = {"mode": mode}
    for name in ("throws", "probabilities"):
        checked[name] = text(state[name], name)
    for name, top in RANGES.items():
        checked[name] = whole_number(state[name], _(LABELS[name]), 1, top)
    checked["board"] = check_board(state["board"])
    return checked


def state_of(inputs: yut.YutInputs | yut.ExpectInputs) -> dict[str, Any]:
    """The form showing ``inputs``; the other mode's fields as a new form has them."""
    state = {**FIRST, "pieces": inputs.pieces, "faces": inputs.faces}
    if isinstance(inputs, yut.YutInputs):
        state["throws"] = " ".join(map(str, inputs.throws))
    else:
        state["mode"], state["turns"] = "unknown", inputs.turns
        if inputs.probabilities != yut.uniform(inputs.faces):
            # repr: the shortest text that reads back as the same float (":g" rounds).
            state["probabilities"] = " ".join(map(repr, inputs.probabilities))
    state["board"] = yut.board_to_json(inputs.board)
    return state
