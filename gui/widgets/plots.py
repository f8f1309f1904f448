"""pyqtgraph, configured once: plots that keep still, count in whole numbers, and save themselves.

Importing this module imports pyqtgraph (about 0.1 s): import it where a view
is built, not at the top of a tab module the first paint needs.

- ``make_plot(...)`` builds a ``PlotWidget``; ``configure_plot(widget)`` does
  the same to a ``PlotWidget`` subclass after its ``__init__``.
- Wheel and drag zoom are off (``zoom=True`` turns them on, with a "Reset
  view" entry); the small auto-range button is hidden.
- ``count_axes`` get ``IntegerAxis`` ticks: 0, 1, 2 and never 0.5.
- A right click offers "Save image…" (PNG or SVG) and nothing else.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import pyqtgraph as pg
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from gui.widgets.images import save_picture_dialog
from gui.widgets.theme import ROLE

__all__ = ["IntegerAxis", "configure_plot", "make_plot", "pg"]

pg.setConfigOptions(antialias=True, background=ROLE.paper, foreground=ROLE.ink)


class IntegerAxis(pg.AxisItem):  # type: ignore[misc]
    """An axis whose ticks fall on whole numbers only (counts, throws, piles)."""

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:
        """Pyqtgraph's levels, keeping only whole-number spacings (at least 1)."""
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


def make_plot(
    title: str = "",
    x_label: str = "",
    y_label: str = "",
    count_axes: Iterable[str] = (),
    zoom: bool = False,
    name: str = "",
    parent: QWidget | None = None,
) -> pg.PlotWidget:
    """A configured plot; ``count_axes`` ("left", "bottom") get whole-number ticks."""
    axes = {side: IntegerAxis(side) for side in count_axes}
    plot = pg.PlotWidget(parent=parent, axisItems=axes)
    if name:
        plot.setObjectName(name)
    if title:
        plot.setTitle(title)
    if x_label:
        plot.setLabel("bottom", x_label)
    if y_label:
        plot.setLabel("left", y_label)
    configure_plot(plot, zoom=zoom)
    return plot


def configure_plot(plot: pg.PlotWidget, zoom: bool = False) -> None:
    """Zoom off unless asked, no auto-range button, right click = "Save image…"."""
    plot.setMouseEnabled(x=zoom, y=zoom)
    plot.hideButtons()
    item = plot.getPlotItem()
    item.setMenuEnabled(True)  # the view box only raises a menu when enabled: ours
    view_box = item.getViewBox()
    menu = QMenu(plot)
    save = QAction("Save image…", menu)
    save.triggered.connect(lambda: save_picture_dialog(plot))
    menu.addAction(save)
    if zoom:
        reset = QAction("Reset view", menu)
        reset.triggered.connect(lambda: view_box.enableAutoRange())
        menu.addAction(reset)
    plot.saveImageAction = save
    plot.plotMenu = menu

    def raise_menu(event: Any) -> None:
        # Only our menu: pyqtgraph's own adds axis, zoom and export dialogs users do not need.
        menu.popup(event.screenPos().toPoint())

    view_box.raiseContextMenu = raise_menu
