"""The File > Open Recent menu: sessions opened or saved lately, newest first, in QSettings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu

__all__ = ["MAX_RECENT", "RecentFiles"]

#: How many sessions the menu offers.
MAX_RECENT = 8
KEY = "recentFiles"


class RecentFiles:
    """Keeps ``menu`` listing the recent sessions; choosing one calls ``open_path``."""

    def __init__(self, settings: QSettings, menu: QMenu, open_path: Callable[[str], None]) -> None:
        self._settings = settings
        self.menu = menu
        self._open = open_path
        self.refresh()

    def paths(self) -> list[str]:
        """Recently opened or saved sessions, newest first."""
        value = self._settings.value(KEY, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def remember(self, path: str | Path) -> None:
        """Put ``path`` first."""
        path = str(Path(path).resolve())
        self._store([path, *[p for p in self.paths() if p != path]][:MAX_RECENT])

    def forget(self, path: str | Path) -> None:
        """Stop offering ``path`` (moved or deleted)."""
        self._store([p for p in self.paths() if p != str(Path(path).resolve())])

    def _store(self, paths: list[str]) -> None:
        self._settings.setValue(KEY, paths)
        self.refresh()

    def refresh(self) -> None:
        """List the paths again (the menu is off when there is none)."""
        self.menu.clear()
        paths = self.paths()
        for path in paths:
            action = self.menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self._open(p))
        self.menu.setEnabled(bool(paths))
