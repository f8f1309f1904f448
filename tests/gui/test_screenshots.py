"""The screenshot script drives a tab through every state without hooks in the tab classes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage

from gui import screenshots


def test_every_state_of_a_tab_is_saved_at_the_size_asked(
    qtbot: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setattr(screenshots, "PAUSE", 0.1)  # offscreen paints at once
    written = screenshots.take_screenshots(tmp_path, ["nim"], sizes=((1024, 700),))
    assert [p.name for p in written] == [
        "nim-empty-1024x700.png",
        "nim-solved-1024x700.png",
        "nim-playing-1024x700.png",
        "nim-why-1024x700.png",
        "nim-whatif-1024x700.png",
    ]
    for path in written:
        image = QImage(str(path))
        assert (image.width(), image.height()) == (1024, 700)


def test_command_line_takes_games_and_a_folder(monkeypatch: Any, tmp_path: Path) -> None:
    calls: list[tuple[Any, ...]] = []

    def record(*args: Any) -> list[Path]:
        calls.append(args)
        return [tmp_path / "x.png"]

    monkeypatch.setattr(screenshots, "take_screenshots", record)
    argv = ["--out", str(tmp_path), "nim", "--sizes", "800x600", "--states", "empty"]
    assert screenshots.main(argv) == 0
    assert calls == [(tmp_path, ["nim"], ((800, 600),), ("empty",), "")]
