"""Session files: every tab's inputs in one JSON document, written atomically, read all-or-nothing.

Reading and writing the file is Qt-free (``gui.session_file``, re-exported here: a
worker process reads it). ``restore_all`` then
tries every tab's state on the tab itself, silently, with every number field
checked against its range; the first refusal puts every tried tab back and
becomes the one message the user sees. Only when every state was accepted does
each tab record one undo step and solve its new inputs. No widget is built for
the check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QAbstractSpinBox, QDoubleSpinBox, QSpinBox, QWidget

from gui.session_file import FORMAT, MAX_SESSION_BYTES, read_session, write_session
from gui.widgets.fields import field_name, out_of_range
from solvers.i18n import N_, _

if TYPE_CHECKING:
    from gui.tabs.base import GameTab

__all__ = [
    "FORMAT",
    "MAX_SESSION_BYTES",
    "read_session",
    "restore_all",
    "write_session",
]

#: Errors a tab's ``restore`` may raise for a malformed state.
RESTORE_ERRORS = (ValueError, KeyError, TypeError, IndexError, OverflowError)


def restore_all(tabs: Mapping[str, GameTab], states: Mapping[str, dict[str, Any]]) -> None:
    """Restore every known tab's state, or none (ValueError naming the tab and the reason).

    Each state is tried on its own tab silently (nothing recorded, no solve, no game
    restarted); a refusal puts every tried tab back as it was. Only once every state was
    accepted does each tab record one undo step and move on to its new inputs.
    """
    chosen = {game_id: state for game_id, state in states.items() if game_id in tabs}
    before = {game_id: tabs[game_id].state() for game_id in chosen}
    tried: list[str] = []
    try:
        for game_id, state in chosen.items():
            tried.append(game_id)
            try_state(tabs[game_id], state)
    except ValueError:
        for game_id in tried:
            with tabs[game_id].history.silently():
                tabs[game_id].restore(before[game_id])
            tabs[game_id].revalidate()
        raise
    for game_id in chosen:  # a tab the session leaves alone keeps its solve (and stays unbuilt)
        tab = tabs[game_id]
        tab.cancel()
        tab.history.record(N_("Open session"), merge=False)
        tab.inputs_replaced()


def try_state(tab: GameTab, state: dict[str, Any]) -> None:
    """Check that ``tab`` accepts ``state`` in full (nothing recorded for undo)."""
    try:
        with tab.history.silently(), checked_ranges(tab):
            tab.restore(state)
    except RESTORE_ERRORS as exc:
        raise ValueError(
            _("{game}: {reason}").format(game=tab.title, reason=_reason(exc))
        ) from None


def _reason(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        if exc.args:
            return _("the entry {name} is missing").format(name=repr(exc.args[0]))
        return _("an entry is missing")
    return str(exc) or type(exc).__name__


@contextmanager
def checked_ranges(widget: QWidget) -> Iterator[None]:
    """Make every number field inside ``widget`` refuse values out of its range.

    Qt clamps an out-of-range value silently and raises OverflowError past 32
    bits; a session must instead be refused with the field and its range. The
    check shadows ``setValue`` on each field instance for the ``with`` block.
    """
    with ExitStack() as stack:
        for spin in widget.findChildren(QAbstractSpinBox):
            if isinstance(spin, (QSpinBox, QDoubleSpinBox)):
                stack.enter_context(_checked(spin))
        yield


@contextmanager
def _checked(spin: QSpinBox | QDoubleSpinBox) -> Iterator[None]:
    original: Callable[[Any], None] = spin.setValue

    def set_value(value: Any) -> None:
        decimal = isinstance(spin, QDoubleSpinBox)
        number_types = (int, float) if decimal else (int,)
        if not isinstance(value, number_types) or isinstance(value, bool):
            text = _("{field} must be a number, not {value}") if decimal else None
            text = text or _("{field} must be a whole number, not {value}")
            raise ValueError(text.format(field=field_name(spin), value=repr(value)))
        if not spin.minimum() <= value <= spin.maximum():
            raise out_of_range(spin, value)
        original(value)

    spin.setValue = set_value  # type: ignore[method-assign]
    try:
        yield
    finally:
        del spin.setValue
