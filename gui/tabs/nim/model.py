"""The Nim form as plain data (no Qt; see ``gui.form_state``): piles as typed, rule fields.

``{"piles": ["3", "4", "5"], "options": {"misere": false, "subtract": ""}}``; sessions
saved before the rule became option fields hold ``"rule"`` and ``"subtraction"``
instead of ``"options"``, and are still read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gui.form_state import check_options, default_options, number_texts, option_text
from solvers import nim
from solvers.i18n import _

__all__ = ["FIRST_PILES", "check_state", "default_state", "inputs_from", "state_of"]

#: Piles shown when the tab opens.
FIRST_PILES = (3, 4, 5)
#: The rules older sessions name.
_RULES = ("normal", "misere", "subtraction")


def default_state() -> dict[str, Any]:
    """The first piles under the normal rule."""
    return {"piles": [str(p) for p in FIRST_PILES], "options": default_options(nim.OPTIONS)}


def check_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """Piles (texts, at most ``nim.MAX_PILES``) and the rule fields, as the form shows them."""
    piles = number_texts(state["piles"], "piles", nim.MAX_PILES, "piles")
    if "options" in state:
        options = state["options"]
        if not isinstance(options, dict):
            raise TypeError(_("'options' must be a mapping of option names"))
    else:  # sessions saved before the rule became option fields
        rule, subtraction = state["rule"], state["subtraction"]
        if rule not in _RULES or not isinstance(subtraction, str):
            raise ValueError(_("unknown rule {rule}").format(rule=repr(rule)))
        options = {
            "misere": rule == "misere",
            "subtract": subtraction if rule == "subtraction" else "",
        }
    return {"piles": piles, "options": check_options(nim.OPTIONS, options)}


def state_of(inputs: nim.NimInputs) -> dict[str, Any]:
    """The form showing ``inputs``."""
    subtract = inputs.subtraction if inputs.rule is nim.Rule.SUBTRACTION else ()
    options = {"misere": inputs.rule is nim.Rule.MISERE, "subtract": option_text(subtract)}
    return {"piles": [str(p) for p in inputs.piles], "options": options}


def inputs_from(piles: Sequence[int], options: Mapping[str, Any]) -> nim.NimInputs:
    """The solver's inputs from piles and option values; ValueError says what is wrong."""
    subtract = tuple(options.get("subtract") or ())
    if options.get("misere") and subtract:
        raise ValueError(_("misère and a subtraction set exclude each other: clear S or untick it"))
    if subtract:
        return nim.NimInputs(tuple(piles), nim.Rule.SUBTRACTION, subtract)
    rule = nim.Rule.MISERE if options.get("misere") else nim.Rule.NORMAL
    return nim.NimInputs(tuple(piles), rule)
