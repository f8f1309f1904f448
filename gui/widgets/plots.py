"""pyqtgraph, configured once: plots that keep still, count in whole numbers, and save themselves.

Importing this module imports pyqtgraph (about 0.1 s): import it where a view
is built, not at the top of a tab module the first paint needs.

- ``Plot`` is the configured ``PlotWidget`` (views subclass it); ``make_plot(...)``
  builds one with a title, labels and count axes.
- Wheel and drag zoom are off (``zoom=True`` turns them on, with a "Reset
  view" entry); the small auto-range button is hidden.
- ``count_axes`` get ``IntegerAxis`` ticks: 0, 1, 2 and never 0.5.
- A right click offers "Save image…" (PNG or SVG) and nothing else. pyqtgraph's
  own view-box menu (axis, zoom and export dialogs) is never built: about 3 ms a plot.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QFontMetrics
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from gui.widgets.images import save_picture_dialog
from gui.widgets.theme import ROLE
from solvers.i18n import _

__all__ = ["IntegerAxis", "Plot", "make_plot", "pg"]

pg.setConfigOptions(antialias=True, background=ROLE.paper, foreground=ROLE.ink)


#: Pixels between two labels of an upright whole-number axis, beyond a line of text.
LABEL_GAP_PX = 4


def _nice_step(raw: float) -> float:
    """The smallest of 1, 2, 5, 10, 20, 50... that is at least ``raw`` (and at least 1)."""
    step = 1.0
    while step < raw:
        for factor in (2.0, 2.5, 2.0):  # 1 -> 2 -> 5 -> 10
            step *= factor
            if step >= raw:
                break
    return step


class IntegerAxis(pg.AxisItem):  # type: ignore[misc]
    """An axis whose ticks fall on whole numbers only (counts, throws, piles)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Counts read in full ("1,000,000,000"): pyqtgraph's own scaling wrote a pile of
        # 10^9 stones as "1" beside a "(x1e+09)" in the axis title.
        self.enableAutoSIPrefix(False)

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:
        """Pyqtgraph's levels, keeping only whole-number spacings (at least 1)."""
        if self.orientation in ("left", "right") and maxVal > minVal:
            # An upright axis: at most one label per line of its font (and a little air).
            # Pyqtgraph's levels put six labels ("1,000,000,000" over "800,000,000"...) in
            # a chart 45 px high.
            font = self.style.get("tickFont") or QApplication.font()
            most = max(2, int(size // (QFontMetrics(font).height() + LABEL_GAP_PX)))
            step = _nice_step((maxVal - minVal) / most)
            return [(step, 0.0)]
        levels = super().tickSpacing(minVal, maxVal, size)
        whole = [
            (float(spacing), offset)
            for spacing, offset in levels
            if spacing >= 1 and float(spacing).is_integer()
        ]
        return whole or [(1.0, 0.0)]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        """Whole numbers with thousands separators."""
        return [f"{round(v * scale):,}" if math.isfinite(v) else "" for v in values]


class _QuietViewBox(pg.ViewBox):  # type: ignore[misc]
    """A view box without pyqtgraph's menu; a right click raises ``menu`` when one is set."""

    def __init__(self) -> None:
        super().__init__(enableMenu=False)
        self.menu_to_raise: QMenu | None = None

    def mouseClickEvent(self, ev: Any) -> None:
        """Right click: our menu (pyqtgraph's is disabled, so it would ignore the click)."""
        if ev.button() == Qt.MouseButton.RightButton and self.menu_to_raise is not None:
            ev.accept()
            self.menu_to_raise.popup(ev.screenPos().toPoint())
            return
        super().mouseClickEvent(ev)


class Plot(pg.PlotWidget):  # type: ignore[misc]
    """A plot that keeps still, with "Save image…" on a right click and no auto-range button.

    ``zoom=True`` turns wheel and drag zoom on and adds "Reset view" to the menu.
    """

    def __init__(
        self,
        axisItems: dict[str, pg.AxisItem] | None = None,
        zoom: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent=parent, viewBox=_QuietViewBox(), axisItems=axisItems)
        self.setMouseEnabled(x=zoom, y=zoom)
        self.hideButtons()
        view_box = self.getPlotItem().getViewBox()
        menu = QMenu(self)
        save = QAction(_("Save image…"), menu)
        save.triggered.connect(lambda: save_picture_dialog(self))
        menu.addAction(save)
        if zoom:
            reset = QAction(_("Reset view"), menu)
            reset.triggered.connect(lambda: view_box.enableAutoRange())
            menu.addAction(reset)
        view_box.menu_to_raise = menu
        # pyqtgraph's own scene action (its export dialog), never offered here but held.
        for action in self.scene().contextMenu:
            action.setText(_("Export…"))
        self.saveImageAction = save
        self.plotMenu = menu


def make_plot(
    title: str = "",
    x_label: str = "",
    y_label: str = "",
    count_axes: Iterable[str] = (),
    zoom: bool = False,
    name: str = "",
    parent: QWidget | None = None,
) -> Plot:
    """A configured plot; ``count_axes`` ("left", "bottom") get whole-number ticks."""
    plot = Plot({side: IntegerAxis(side) for side in count_axes}, zoom, parent)
    if name:
        plot.setObjectName(name)
    if title:
        plot.setTitle(title)
    if x_label:
        plot.setLabel("bottom", x_label)
    if y_label:
        plot.setLabel("left", y_label)
    return plot
