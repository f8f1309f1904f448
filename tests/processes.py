"""Looking at processes a test started: which pids a program wrote down, and whether they run."""

from __future__ import annotations

from pathlib import Path


def ids(pids: Path) -> list[int]:
    """The pids written in ``pids`` (none while the file does not exist)."""
    return [int(word) for word in pids.read_text().split()] if pids.exists() else []


def running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its parent does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False
