"""Session files: every tab's inputs in one JSON document, written atomically, read all-or-nothing.

``write_session`` goes through ``gui.files.atomic_write`` (a failed save keeps the
previous file). ``read_session`` reads with the size and nesting limits of
``gui.files.load_json`` and checks the document's shape. ``restore_all`` then
tries every tab's state on the tab itself, silently, with every number field
checked against its range; the first refusal puts every tried tab back and
becomes the one message the user sees. Only when every state was accepted does
each tab record one undo step and solve its new inputs. No widget is built for
the check.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QAbstractSpinBox, QDoubleSpinBox, QSpinBox, QWidget

from gui.files import atomic_write, load_json
from gui.widgets.fields import field_name, out_of_range

if TYPE_CHECKING:
    from gui.tabs.base import GameTab

__all__ = [
    "FORMAT",
    "MAX_SESSION_BYTES",
    "read_session",
    "restore_all",
    "write_session",
]

FORMAT = "strategy-workbench-session"
VERSION = 1
#: Sessions larger than this are refused before being parsed.
MAX_SESSION_BYTES = 4 * 1024 * 1024
#: No game takes a list this long (the largest, Xoinc's stack, holds 5,000 coins): a longer
#: one is refused before any tab spends seconds filling a table with it.
MAX_LIST_ITEMS = 10_000
#: No field takes a text this long (1,000 numbers of a Nim subtraction set fit in 5,000).
MAX_TEXT_CHARS = 20_000
#: Errors a tab's ``restore`` may raise for a malformed state.
RESTORE_ERRORS = (ValueError, KeyError, TypeError, IndexError, OverflowError)


def write_session(path: str | Path, tabs: Mapping[str, dict[str, Any]], current: str) -> None:
    """Save the tabs' states (game id -> state) and which tab is shown, atomically."""
    document = {"format": FORMAT, "version": VERSION, "current": current, "tabs": dict(tabs)}
    atomic_write(path, json.dumps(document, indent=2) + "\n")


def read_session(path: str | Path) -> tuple[dict[str, dict[str, Any]], str | None]:
    """Read a session; ValueError with a readable reason when the file is not one."""
    try:
        document = load_json(path, max_bytes=MAX_SESSION_BYTES)
    except OSError as exc:
        raise ValueError(f"cannot read the file ({exc.strerror or exc})") from None
    except ValueError as exc:  # the window names the file once, in front of the reason
        reason = str(exc)
        name = f"{Path(path).name} "
        if reason.startswith(name):
            reason = "the file " + reason[len(name) :]
        raise ValueError(reason) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError("not a Strategy Workbench session file")
    if document.get("version") != VERSION:
        raise ValueError(f"session version {document.get('version')!r} is not supported")
    tabs = document.get("tabs")
    if not isinstance(tabs, dict) or not all(isinstance(v, dict) for v in tabs.values()):
        raise ValueError("the session has no valid 'tabs' object")
    for game_id, state in tabs.items():
        _check_lengths(game_id, state)
    current = document.get("current")
    return tabs, current if isinstance(current, str) else None


def _check_lengths(game_id: str, state: dict[str, Any]) -> None:
    """Refuse a list or a text longer than any field takes, anywhere in a tab's state."""
    stack: list[tuple[str, Any]] = [(repr(key), value) for key, value in state.items()]
    while stack:
        where, value = stack.pop()
        if isinstance(value, list):
            if len(value) > MAX_LIST_ITEMS:
                raise ValueError(
                    f"{game_id}: {where} holds {len(value):,} entries"
                    f" (no game takes more than {MAX_LIST_ITEMS:,})"
                )
            stack.extend((where, item) for item in value)
        elif isinstance(value, dict):
            stack.extend((f"{where}.{key}", item) for key, item in value.items())
        elif isinstance(value, str) and len(value) > MAX_TEXT_CHARS:
            raise ValueError(
                f"{game_id}: {where} holds a text of {len(value):,} characters"
                f" (no field takes more than {MAX_TEXT_CHARS:,})"
            )


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
        tab.history.record("Open session", merge=False)
        tab.inputs_replaced()


def try_state(tab: GameTab, state: dict[str, Any]) -> None:
    """Check that ``tab`` accepts ``state`` in full (nothing recorded for undo)."""
    try:
        with tab.history.silently(), checked_ranges(tab):
            tab.restore(state)
    except RESTORE_ERRORS as exc:
        raise ValueError(f"{tab.title}: {_reason(exc)}") from None


def _reason(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"the entry {exc.args[0]!r} is missing" if exc.args else "an entry is missing"
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
            kind = "a number" if decimal else "a whole number"
            raise ValueError(f"{field_name(spin)} must be {kind}, not {value!r}")
        if not spin.minimum() <= value <= spin.maximum():
            raise out_of_range(spin, value)
        original(value)

    spin.setValue = set_value  # type: ignore[method-assign]
    try:
        yield
    finally:
        del spin.setValue
