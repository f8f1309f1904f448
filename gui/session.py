"""Session files: every tab's inputs in one JSON document."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["FORMAT", "read_session", "write_session"]

FORMAT = "strategy-workbench-session"
VERSION = 1


def write_session(path: str | Path, tabs: dict[str, dict[str, Any]], current: str) -> None:
    """Save the tabs' states (game id -> state) and which tab is shown."""
    document = {"format": FORMAT, "version": VERSION, "current": current, "tabs": tabs}
    Path(path).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def read_session(path: str | Path) -> tuple[dict[str, dict[str, Any]], str | None]:
    """Read a session; ValueError with a readable reason when the file is not one."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"cannot read the file: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError("not a Strategy Workbench session file")
    if document.get("version") != VERSION:
        raise ValueError(f"session version {document.get('version')!r} is not supported")
    tabs = document.get("tabs")
    if not isinstance(tabs, dict) or not all(isinstance(v, dict) for v in tabs.values()):
        raise ValueError("the session has no valid 'tabs' object")
    current = document.get("current")
    return tabs, current if isinstance(current, str) else None
