"""Great Game screenshots: an invalid row, a tie selected, a match being played, a big case."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtWidgets import QApplication

from gui.tabs.greatgame import GreatGameTab
from solvers.greatgame import Hand


def invalid(tab: GreatGameTab) -> None:
    """A row that sums to 99."""
    tab.throws.setData(tab.throws.index(1, 2), "29")


def _wait(tab: GreatGameTab) -> None:
    while tab.busy:
        QApplication.processEvents()
        time.sleep(0.01)


def states(tab: GreatGameTab) -> list[tuple[str, Callable[[], None]]]:
    """A selected cell with a tie, two throws of a match, and a bigger random case."""

    def tie() -> None:
        if tab.result is not None:
            tab.heatmap.select(4, 2)

    def playing() -> None:
        _wait(tab)
        tab.playPanel.play(Hand.PAPER)
        tab.playPanel.play(Hand.ROCK)
        tab.playPanel.play(Hand.SCISSORS)

    def big() -> None:
        tab.gSpin.setValue(60)
        tab.throws.fill("rock", seed=3)
        tab.wSpin.setValue(5)
        tab.lSpin.setValue(5)
        tab.solve()
        _wait(tab)

    return [("tie-selected", tie), ("playing", playing), ("big", big)]
