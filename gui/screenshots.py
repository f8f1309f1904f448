"""Screenshots of the real app for a person to look at (not a test).

Every tab in every state (empty, solved, playing) at every size, saved as
``OUTDIR/<game>-<state>-<W>x<H>.png``. Run under Xvfb for real fonts and
window decorations (offscreen works too)::

    xvfb-run -a -s "-screen 0 1700x1100x24" .venv/bin/python -m gui.screenshots --out DIR [GAME ...]

``--sizes 1024x700`` and ``--states solved,playing`` take fewer pictures.

The scenarios live here, not in the tabs: each one drives a tab through the
methods a user's clicks call. A scenario a tab cannot play (a method renamed,
no play mode) is reported as skipped and the others go on. The window uses
settings in a temporary folder, never the user's.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

import solvers
from gui.tabs import GameTab
from solvers import i18n as solvers_i18n

__all__ = ["DEFAULT_OUT", "SIZES", "STATES", "main", "take_screenshots"]

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "resources" / "screenshots"
SIZES = ((1024, 700), (1600, 1000))
STATES = ("empty", "solved", "playing", "why", "whatif")
#: Longest wait for a solve or a play job before the picture is taken anyway.
WAIT_SECONDS = 60.0
#: Scales every pause for layout and painting (tests that only check the files shorten it).
PAUSE = 1.0

Scenario = Callable[[Any], None]


def settle(seconds: float = 0.3) -> None:
    """Let Qt lay out and paint for ``seconds`` (times ``PAUSE``)."""
    end = time.perf_counter() + seconds * PAUSE
    while time.perf_counter() < end:
        QApplication.processEvents()
        time.sleep(0.01)


def wait_idle(tab: GameTab) -> None:
    """Run the event loop until nothing runs in ``tab`` (solve or panel job)."""
    end = time.perf_counter() + WAIT_SECONDS
    while tab.working and time.perf_counter() < end:
        QApplication.processEvents()
        time.sleep(0.01)


def solved(tab: GameTab) -> None:
    """The shipped example, solved."""
    if not tab.load_example():
        raise ValueError(tab.messageLabel.text())
    tab.solve()
    wait_idle(tab)
    if tab.result is None:
        raise ValueError(f"the solve gave no result: {tab.messageLabel.text()}")


def _yut_playing(tab: Any) -> None:
    """Unknown throws: a 4 thrown and played, then the advice for a 3."""
    tab.form.unknownRadio.setChecked(True)
    tab.solve()
    wait_idle(tab)
    tab.throw(4)
    tab.play_move(tab.playPanel.selected_move())
    tab.throw(3)


def _coverup_playing(tab: Any) -> None:
    """Play-along after two turns (first pick right, then the second)."""
    solved(tab)
    tab.next_turn([0])
    tab.next_turn([1])


def _greatgame_playing(tab: Any) -> None:
    """A match three throws in: the user's hands and the opponent's, each hand valued."""
    from solvers.greatgame import Hand

    solved(tab)
    wait_idle(tab)
    for hand in (Hand.PAPER, Hand.ROCK, Hand.SCISSORS):
        tab.playPanel.play(hand)


def _xoinc_playing(tab: Any) -> None:
    """The user went first, took two coins, and asked for a hint."""
    tab.load_example()
    tab.start_game(True)
    wait_idle(tab)
    tab.play.user_take(2)
    tab.play.show_hint()


def _nim_playing(tab: Any) -> None:
    """The user went first on the example and took one stone from the first pile."""
    tab.load_example()
    tab.play.new_game(user_first=True)
    wait_idle(tab)
    tab.play.user_move(0, 1)


PLAYING: dict[str, Scenario] = {
    "yut": _yut_playing,
    "coverup": _coverup_playing,
    "greatgame": _greatgame_playing,
    "xoinc": _xoinc_playing,
    "nim": _nim_playing,
}


def _why(tab: GameTab) -> None:
    """The example solved and its derivation on the Why page."""
    solved(tab)
    wait_idle(tab)  # the derivation is made in a worker once the answer is shown
    tab.pagesBar.setCurrentIndex(tab.pages.indexOf(tab.why.page))


def _what_if(tab: GameTab) -> None:
    """The example solved and its first sweep run over the panel's default range."""
    solved(tab)
    tab.pagesBar.setCurrentIndex(tab.pages.indexOf(tab.sweepPanel))
    tab.sweepPanel.run()
    wait_idle(tab)


def prepare(tab: GameTab, state: str) -> None:
    """Put ``tab`` in ``state`` (``empty`` is the tab as built)."""
    if state == "solved":
        solved(tab)
    elif state == "playing":
        PLAYING[tab.game_id](tab)
    elif state == "why":
        _why(tab)
    elif state == "whatif":
        _what_if(tab)


def take_screenshots(
    out: Path,
    games: list[str] | None = None,
    sizes: tuple[tuple[int, int], ...] = SIZES,
    states: tuple[str, ...] = STATES,
    language: str = "",
) -> list[Path]:
    """Save every picture; returns the files written (skipped scenarios are printed).

    The app speaks the language of the locale (``LANG=ko_KR.UTF-8``) or ``--lang``'s.
    """
    from gui import i18n

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    spoken = solvers_i18n.language()
    try:
        code = language or solvers_i18n.system_language(os.environ)
        return _take(out, games, sizes, states, code)
    finally:
        i18n.install(spoken)


def _take(
    out: Path,
    games: list[str] | None,
    sizes: tuple[tuple[int, int], ...],
    states: tuple[str, ...],
    language: str,
) -> list[Path]:
    from gui.i18n import SETTING
    from gui.main_window import MainWindow

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="screenshots-settings-") as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue(SETTING, language)  # as if chosen in View > Language
        for width, height in sizes:
            for game_id in games or list(solvers.GAMES):
                for state in states:
                    # A fresh window per picture: each state starts from the tab as built.
                    window = MainWindow(settings)
                    window.resize(width, height)
                    tab = window.tabs[game_id]
                    window.gameTabs.setCurrentWidget(tab)
                    window.show()
                    settle(0.2)
                    path = out / f"{game_id}-{state}-{width}x{height}.png"
                    try:
                        prepare(tab, state)
                    except (AttributeError, ValueError, TypeError) as exc:
                        print(f"skipped {path.name}: {exc}", file=sys.stderr)
                    else:
                        settle()
                        window.grab().save(str(path))
                        written.append(path)
                        print(path)
                    tab.cancel()
                    window.close()
                    window.deleteLater()
                    settle(0.05)
    return written


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    """``python -m gui.screenshots --out DIR [GAME ...] [--sizes WxH,...] [--states ...]``."""
    parser = argparse.ArgumentParser(prog="python -m gui.screenshots", description=__doc__)
    parser.add_argument("names", nargs="*", help="game ids (default all)")
    parser.add_argument("--out", type=Path, default=None, help=f"default {DEFAULT_OUT}")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--states", default=",".join(STATES))
    parser.add_argument("--lang", default="", choices=["", *solvers_i18n.LANGUAGES])
    args = parser.parse_args(argv)
    names = list(args.names)
    out = args.out
    unknown = [n for n in names if n not in solvers.GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from {', '.join(solvers.GAMES)}")
    states = tuple(s for s in args.states.split(",") if s)
    if any(s not in STATES for s in states):
        parser.error(f"--states: choose from {', '.join(STATES)}")
    sizes = tuple(_size(s) for s in args.sizes.split(",") if s)
    written = take_screenshots(out or DEFAULT_OUT, names or None, sizes, states, args.lang)
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
