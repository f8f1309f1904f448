"""Session files without Qt: written atomically, read with limits, every tab's state checked.

Kept apart from ``gui.session`` so that a worker process can read a session: a file
of up to 4 MB is parsed there, and each tab's state checked by its game's model
(``gui.form_state``), never on the window's thread (``read_session_job``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import solvers
from gui.files import atomic_write, load_json
from gui.form_state import STATE_ERRORS, refusal, state_model
from solvers.i18n import _
from solvers.protocol import InputError

__all__ = [
    "FORMAT",
    "MAX_SESSION_BYTES",
    "check_states",
    "read_session",
    "read_session_job",
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


def write_session(path: str | Path, tabs: Mapping[str, dict[str, Any]], current: str) -> None:
    """Save the tabs' states (game id -> state) and which tab is shown, atomically."""
    document = {"format": FORMAT, "version": VERSION, "current": current, "tabs": dict(tabs)}
    atomic_write(path, json.dumps(document, indent=2) + "\n")


def read_session(path: str | Path) -> tuple[dict[str, dict[str, Any]], str | None]:
    """Read a session; ValueError with a readable reason when the file is not one."""
    try:
        document = load_json(path, max_bytes=MAX_SESSION_BYTES)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ValueError(_("cannot read the file ({reason})").format(reason=reason)) from None
    except ValueError as exc:  # the window names the file once, in front of the reason
        reason, name = str(exc), Path(path).name
        if name and name in reason:  # the reason names the file first (in English, at least)
            reason = reason.replace(name, _("the file"), 1)
        raise ValueError(reason) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError(_("not a Strategy Workbench session file"))
    if document.get("version") != VERSION:
        version = repr(document.get("version"))
        raise ValueError(_("session version {version} is not supported").format(version=version))
    tabs = document.get("tabs")
    if not isinstance(tabs, dict) or not all(isinstance(v, dict) for v in tabs.values()):
        raise ValueError(_("the session has no valid 'tabs' object"))
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
                text = _("{game}: {where} holds {count} entries (no game takes more than {most})")
                raise ValueError(
                    text.format(
                        game=game_id,
                        where=where,
                        count=f"{len(value):,}",
                        most=f"{MAX_LIST_ITEMS:,}",
                    )
                )
            stack.extend((where, item) for item in value)
        elif isinstance(value, dict):
            stack.extend((f"{where}.{key}", item) for key, item in value.items())
        elif isinstance(value, str) and len(value) > MAX_TEXT_CHARS:
            text = _(
                "{game}: {where} holds a text of {count} characters"
                " (no field takes more than {most})"
            )
            raise ValueError(
                text.format(
                    game=game_id, where=where, count=f"{len(value):,}", most=f"{MAX_TEXT_CHARS:,}"
                )
            )


def check_states(states: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each known game's state as its form will show it; ValueError naming the game and why.

    A game this version does not know is left out (a newer app's session still opens).
    """
    checked = {}
    for game_id, state in states.items():
        if game_id not in solvers.GAMES:
            continue
        try:
            checked[game_id] = state_model(game_id).check_state(state)
        except STATE_ERRORS as exc:
            game = _(solvers.TITLES[game_id])
            raise ValueError(_("{game}: {reason}").format(game=game, reason=refusal(exc))) from None
    return checked


def read_session_job(path: str) -> tuple[dict[str, dict[str, Any]], str | None]:
    """A session's checked states and its current tab, as a worker job.

    A refused file is the user's (``InputError``).
    """
    try:
        states, current = read_session(path)
        return check_states(states), current
    except ValueError as exc:
        raise InputError(str(exc)) from None
