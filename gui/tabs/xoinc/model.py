"""The Xoinc form as plain data (no Qt; see ``gui.form_state``): coins as typed, the side.

``{"coins": ["1", "3", "1", "7", "2"], "user_first": true}``: the coin list, top of the
stack first, and the side chosen for play (the user moves first). Sessions saved before
the side was kept hold only ``"coins"``, and are read with the user first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gui.form_state import flag, number_texts
from solvers import xoinc

__all__ = ["DEFAULT_STACK", "check_state", "default_state", "state_of"]

#: The stack shown when the tab opens.
DEFAULT_STACK = (1, 3, 1, 7, 2)


def default_state() -> dict[str, Any]:
    """The first stack, the user moving first."""
    return {"coins": [str(c) for c in DEFAULT_STACK], "user_first": True}


def check_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """Coins (texts, at most ``xoinc.MAX_COINS``) and the side, as the form shows them.

    A bad coin is kept as typed (the list marks it); a list longer than a stack is
    refused before any row is built.
    """
    coins = number_texts(state["coins"], "coins", xoinc.MAX_COINS, "coins")
    user_first = flag(state.get("user_first", True), "user_first")
    return {"coins": coins, "user_first": user_first}


def state_of(inputs: xoinc.XoincInputs, user_first: bool = True) -> dict[str, Any]:
    """The form showing ``inputs``, the user on the side ``user_first`` says.

    The side is not an input of the solver: a form given new inputs keeps its side
    (``XoincTab.set_inputs`` passes it).
    """
    return {"coins": [str(c) for c in inputs.coins], "user_first": user_first}
