"""A game's form as plain data, without Qt: the rules of each game's ``model.py``, said once.

Every tab's form is a view of a JSON-ready *state* (``GameTab.state()`` reads it,
``restore(state)`` shows it). Each game declares what that state may hold in
``gui/tabs/<game>/model.py``, a module that imports no Qt (``StateModel``):

- ``default_state()``: what a new tab's form shows (equal to a new tab's ``state()``);
- ``check_state(state)``: the state as ``restore`` shows it, normalised (an older
  session's shape, a number given where text is typed), or ValueError / TypeError /
  KeyError with the reason a user reads; a number outside its field's range is refused
  with the range, never clamped;
- ``state_of(inputs)``: the state of a form showing ``inputs`` (an example, an import,
  a What-if point).

So a session is checked (in a worker, with the file's reading), saved and kept for a
tab that is not built yet without any widget (``gui.session``). The helpers below
check one entry each and word their refusals as the form's fields do.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol, cast

import solvers
from solvers.i18n import N_, _, pgettext
from solvers.protocol import Option

__all__ = [
    "INT_LIMIT",
    "STATE_ERRORS",
    "StateModel",
    "as_typed",
    "check_options",
    "default_options",
    "field",
    "flag",
    "list_too_long",
    "noun",
    "number_text",
    "number_texts",
    "option_label",
    "option_text",
    "refusal",
    "state_model",
    "text",
    "whole_number",
]

#: What ``check_state`` (and a tab's ``restore``) raise for a malformed state.
STATE_ERRORS = (ValueError, KeyError, TypeError, IndexError, OverflowError)


class StateModel(Protocol):
    """What ``gui/tabs/<game>/model.py`` provides (see the module docstring)."""

    def default_state(self) -> dict[str, Any]:
        """What a new tab's form shows."""

    def check_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """``state`` as ``restore`` shows it; ValueError/TypeError/KeyError when malformed."""

    def state_of(self, inputs: Any) -> dict[str, Any]:
        """The state of a form showing ``inputs``."""


def refusal(exc: Exception) -> str:
    """The reason a state was refused, as the user reads it (a missing entry named)."""
    if isinstance(exc, KeyError):
        if exc.args:
            return _("the entry {name} is missing").format(name=repr(exc.args[0]))
        return _("an entry is missing")
    return str(exc) or type(exc).__name__


def state_model(game_id: str) -> StateModel:
    """The state model of ``game_id`` (importing no Qt); KeyError for an unknown game."""
    if game_id not in solvers.GAMES:
        raise KeyError(game_id)
    return cast(StateModel, importlib.import_module(f"gui.tabs.{game_id}.model"))


def field(label: str) -> str:
    """How a message names the field labelled ``label`` (a translated form label)."""
    return _("'{name}'").format(name=label.rstrip(":\uff1a").strip())


#: True while states the form made itself are put back (undo, redo): see ``as_typed``.
_AS_TYPED: ContextVar[bool] = ContextVar("as_typed", default=False)


@contextmanager
def as_typed() -> Iterator[None]:
    """Check states the form itself made (undo and redo put them back) as the form holds them.

    A number typed out of its field's range ("0 pieces") is kept by the field, marked red;
    undoing to it or redoing it must show it again, not be refused. Only what no field can
    hold (a text for a number, more than 2**31) is still refused. A session is never read
    this way: a file whose number is out of range is refused with the range.
    """
    token = _AS_TYPED.set(True)
    try:
        yield
    finally:
        _AS_TYPED.reset(token)


def whole_number(value: Any, label: str, lo: int, hi: int) -> int:
    """``value`` as a whole number field labelled ``label`` holds it, from ``lo`` to ``hi``."""
    if _AS_TYPED.get():
        lo, hi = -INT_LIMIT, INT_LIMIT
    if isinstance(value, bool) or not isinstance(value, int):
        text = _("{field} must be a whole number, not {value}")
        raise TypeError(text.format(field=field(label), value=repr(value)))
    if not lo <= value <= hi:
        text = _("{field} must be from {lo} to {hi}, not {value}")
        raise ValueError(text.format(field=field(label), lo=f"{lo:g}", hi=f"{hi:g}", value=value))
    return int(value)


def text(value: Any, name: str) -> str:
    """``value`` as a text field (named ``name`` in the file) holds it."""
    if not isinstance(value, str):
        raise TypeError(_("{name} must be text").format(name=name))
    return value


def flag(value: Any, name: str) -> bool:
    """``value`` as a check box (named ``name`` in the file) holds it."""
    if not isinstance(value, bool):
        raise TypeError(_("{name} must be true or false").format(name=name))
    return value


def noun(word: str) -> str:
    """What a list's entries (or one row) are called, by the English noun a tab gives."""
    words = {
        "numbers": pgettext("list entries", "numbers"),
        "piles": pgettext("list entries", "piles"),
        "coins": pgettext("list entries", "coins"),
        "row": pgettext("list entry", "row"),
        "pile": pgettext("list entry", "pile"),
        "coin": pgettext("list entry", "coin"),
    }
    return words.get(word) or _(word)


def list_too_long(count: int, most: int | None, things: str) -> str | None:
    """Why a list of ``count`` entries (``things``, an English noun) cannot be loaded, or None."""
    if most is not None and count > most:
        text = _("{count} {things}: at most {most}")
        return text.format(count=f"{count:,}", things=noun(things), most=f"{most:,}")
    return None


def number_text(text: str) -> str:
    """A number list's entry as its cell keeps it: no spaces around, no digit separators.

    Separators go first, so that once is enough ("0 _" is "0", not "0 ").
    """
    return text.replace(",", "").replace("_", "").strip()


def number_texts(value: Any, name: str, most: int, things: str) -> list[str]:
    """A number list as typed (entry ``name`` of the file): texts, at most ``most`` of them.

    Numbers and texts are both taken (a hand-written session may give either); a bad
    number is kept as typed, and the form marks it.
    """
    if not isinstance(value, list):
        raise TypeError(_("'{name}' must be a list of numbers").format(name=name))
    reason = list_too_long(len(value), most, things)
    if reason is not None:  # refused before any row is built: a long list freezes a table
        raise ValueError(_("'{name}' holds {reason}").format(name=name, reason=reason))
    if not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        raise ValueError(_("'{name}' must be a list of numbers").format(name=name))
    return [number_text(str(v)) for v in value]


#: The form labels the games' option names make (``option_label``), marked for translation
#: here: they are derived from the names, which the games' own texts do not hold.
LABELS = (N_("Board"), N_("Pieces"), N_("Faces"), N_("Throws"), N_("Turns"), N_("Subtract"))


def option_label(option: Option) -> str:
    """The form label of an option's field ("" for a check box, which says it itself)."""
    return "" if option.kind == "flag" else _(option.name.replace("_", " ").capitalize())


def default_options(options: Sequence[Option]) -> dict[str, Any]:
    """The option fields' state before anything is typed (every option at its default)."""
    state: dict[str, Any] = {}
    for option in options:
        if option.kind == "flag":
            state[option.name] = bool(option.default)
        elif option.kind == "int":
            state[option.name] = option.default
        elif option.kind in ("ints", "file"):
            state[option.name] = option_text(option.default)
    return state


def check_options(options: Sequence[Option], state: Mapping[str, Any]) -> dict[str, Any]:
    """The option fields' state ``state`` (options missing keep their default)."""
    declared = {option.name: option for option in options}
    checked = default_options(options)
    for name, value in state.items():
        option = declared.get(name)
        if option is None:
            raise ValueError(_("unknown option {name}").format(name=repr(name)))
        if option.kind == "flag":
            checked[name] = flag(value, name)
        elif option.kind == "int":
            lo = option.lo if option.lo is not None else -INT_LIMIT
            hi = option.hi if option.hi is not None else INT_LIMIT
            lo, hi = max(lo, -INT_LIMIT), min(hi, INT_LIMIT)
            checked[name] = whole_number(value, option_label(option), lo, hi)
        else:
            checked[name] = text(value, name)
    return checked


#: The largest magnitude a whole-number option field holds (Qt's spin boxes are 32-bit).
INT_LIMIT = 2**31 - 1


def option_text(value: Any) -> str:
    """An option's value as its text field shows it (``1,3,4`` for a list)."""
    if value is None:
        return ""
    if isinstance(value, (tuple, list)):
        return ",".join(str(v) for v in value)
    return str(value)
