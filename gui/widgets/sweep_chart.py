"""The What-if plot: the answer against the swept value, and the current value marked.

Imported when the plot is first shown (pyqtgraph costs a quarter of a second to load).
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF

from gui.widgets.plots import make_plot, pg
from gui.widgets.theme import ROLE
from solvers.protocol import SweepRow

__all__ = ["nearest_point", "sweep_chart"]


def sweep_chart() -> tuple[Any, Any, Any]:
    """A new plot with its (empty) curve and the hidden line marking the current value."""
    plot = make_plot(name="sweepPlot")
    # Values as they are: pyqtgraph would write 0.9 as 900 with "(x0.001)".
    plot.getPlotItem().getAxis("left").enableAutoSIPrefix(False)
    curve = pg.PlotDataItem(
        [], [], pen=pg.mkPen(ROLE.player0, width=2), symbol="o", symbolSize=7,
        symbolBrush=ROLE.player0, symbolPen=None,
    )  # fmt: skip
    plot.addItem(curve)
    line = pg.InfiniteLine(angle=90, pen=pg.mkPen(ROLE.best_text, width=2))
    line.setVisible(False)
    plot.addItem(line)
    return plot, curve, line


def nearest_point(
    plot: Any, points: dict[float, SweepRow], column: int, scene_pos: QPointF, pixels: float
) -> SweepRow | None:
    """The point of ``points`` drawn within ``pixels`` of a scene position, or None."""
    best: tuple[float, SweepRow] | None = None
    view_box = plot.getPlotItem().getViewBox()
    for x, row in points.items():
        spot = view_box.mapViewToScene(QPointF(x, float(row[column])))
        distance = math.hypot(spot.x() - scene_pos.x(), spot.y() - scene_pos.y())
        if distance <= pixels and (best is None or distance < best[0]):
            best = (distance, row)
    return None if best is None else best[1]
