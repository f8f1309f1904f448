"""Screenshots of the real app for a human to look at (not a test).

Run under Xvfb::

    xvfb-run -a -s "-screen 0 1400x900x24" .venv/bin/python -m gui.screenshots GAME OUTDIR

Saves OUTDIR/GAME-<state>.png for the states empty, invalid, solving, solved.
A tab may define ``screenshot_states(self) -> list[tuple[str, Callable[[], None]]]`` to add more
(e.g. a selected step or the play mode); each callable prepares the state before the grab.
Scenarios kept out of the tab classes live in ``gui.screenshot_scenes.<game>``, used first.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication

from gui import screenshot_scenes
from gui.main_window import MainWindow


def settle(app: QApplication, seconds: float = 0.4) -> None:
    """Let Qt paint for ``seconds``."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.01)


def main(game: str, out: Path) -> None:
    """Open the window, walk the tab through its states and save a PNG of each."""
    app = QApplication(sys.argv[:1])
    out.mkdir(parents=True, exist_ok=True)
    window = MainWindow()
    window.resize(1360, 860)
    window.show()
    tab = window.tabs[game]
    window.gameTabs.setCurrentWidget(tab)

    def grab(name: str) -> None:
        settle(app)
        window.grab().save(str(out / f"{game}-{name}.png"))
        print(out / f"{game}-{name}.png")

    grab("empty")
    if screenshot_scenes.invalid(game, tab):
        grab("invalid")
    elif hasattr(tab, "screenshot_invalid"):
        tab.screenshot_invalid()
        grab("invalid")
    tab.load_example()
    tab.solve()
    settle(app, 0.05)
    grab("solving")
    while tab.busy:
        settle(app, 0.1)
    grab("solved")
    scenes = screenshot_scenes.states(game, tab) or getattr(tab, "screenshot_states", list)()
    for name, prepare in scenes:
        prepare()
        grab(name)
    window.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
