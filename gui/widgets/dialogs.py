"""File dialogs that open where the user last was, per kind of file.

Each kind ("judge", "csv", "image", "session", ...) remembers its own folder.
The main window hands its ``QSettings`` to ``use_settings`` so folders survive a
restart; without it (tests, scripts) they are kept in memory only, so nothing
ever touches the user's real settings by accident.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

__all__ = ["default_folder", "folder_for", "open_file", "remember", "save_file", "use_settings"]

_memory: dict[str, str] = {}
_settings: QSettings | None = None


def use_settings(settings: QSettings | None) -> None:
    """Keep remembered folders in ``settings`` (None: in memory only)."""
    global _settings
    _settings = settings


def default_folder() -> str:
    """Where a first dialog opens: the user's documents, else home.

    Qt's default is the working folder, often the program's own source tree.
    """
    for location in (
        QStandardPaths.StandardLocation.DocumentsLocation,
        QStandardPaths.StandardLocation.HomeLocation,
    ):
        folder = QStandardPaths.writableLocation(location)
        if folder and Path(folder).is_dir():
            return folder
    return ""


def folder_for(kind: str) -> str:
    """The folder a dialog for ``kind`` opens in: the last one used, else the documents."""
    value: object = _memory.get(kind, "")
    if _settings is not None:
        value = _settings.value(f"folders/{kind}", "")
    if isinstance(value, str) and value and Path(value).is_dir():
        return value
    return default_folder()


def remember(kind: str, path: str) -> None:
    """Remember the folder of ``path`` for the next dialog of ``kind``."""
    folder = str(Path(path).parent)
    _memory[kind] = folder
    if _settings is not None:
        _settings.setValue(f"folders/{kind}", folder)


def open_file(parent: QWidget, kind: str, title: str, filters: str) -> str:
    """Ask for a file to read ("" when the user gives up)."""
    path, _ = QFileDialog.getOpenFileName(parent, title, folder_for(kind), filters)
    if path:
        remember(kind, path)
    return path


def save_file(parent: QWidget, kind: str, title: str, name: str, filters: str) -> tuple[str, str]:
    """Ask where to save ``name``; returns the path ("" if given up) and the chosen filter."""
    folder = folder_for(kind)
    suggested = str(Path(folder) / name) if folder else name
    path, chosen = QFileDialog.getSaveFileName(parent, title, suggested, filters)
    if path:
        remember(kind, path)
    return path, chosen
