"""Sessions in the window: every tab's state saved and shown, all or nothing, no tab built.

Reading, checking and writing the file is Qt-free (``gui.session_file``, re-exported
here): a worker process reads the file and checks each tab's state with its game's
model (``gui.form_state``), so nothing is tried on widgets. ``restore_all`` then
shows the checked states: a built tab records one undo step and solves its new
inputs; a tab not built yet keeps its state until it is (``LazyTabWidget.keep_state``),
and is built no sooner for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gui.session_file import (
    FORMAT,
    MAX_SESSION_BYTES,
    check_states,
    read_session,
    read_session_job,
    write_session,
)

if TYPE_CHECKING:
    from gui.lazy_tabs import LazyTabWidget
    from gui.tabs.base import GameTab

__all__ = [
    "FORMAT",
    "MAX_SESSION_BYTES",
    "check_states",
    "read_session",
    "read_session_job",
    "restore_all",
    "saved_states",
    "write_session",
]


def saved_states(pages: LazyTabWidget) -> dict[str, dict[str, Any]]:
    """Every tab's state (game id -> state), building none."""
    return {game_id: pages.state(game_id) for game_id in pages.ids}


def restore_all(pages: LazyTabWidget, states: Mapping[str, dict[str, Any]]) -> None:
    """Show ``states``, checked already (``check_states``): every one, or none.

    Should a built tab refuse its state all the same (a bug: its model accepted it), the
    tabs changed before it go back by their undo step and the refusal is raised.
    """
    changed: list[GameTab] = []
    try:
        for game_id, state in states.items():
            tab = pages.built_page(game_id)
            if tab is not None:
                tab.restore_session(state)
                changed.append(tab)
    except ValueError:
        for tab in changed:
            tab.undo_stack.undo()
        raise
    for game_id, state in states.items():
        if pages.built_page(game_id) is None:
            pages.keep_state(game_id, state)
