"""The progress bar of a job: shown while its controller is busy, at the job's fraction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QProgressBar

if TYPE_CHECKING:
    from gui.controller import SolveController

__all__ = ["job_progress_bar"]

#: Steps of the bar: progress arrives as a fraction from 0 to 1.
STEPS = 1000


def job_progress_bar(controller: SolveController, name: str) -> QProgressBar:
    """A bar that follows ``controller``: from 0 at each start, hidden while nothing runs.

    Hidden, it keeps its place in the layout, so the widgets around it never shift.
    """
    bar = QProgressBar()
    bar.setObjectName(name)
    bar.setRange(0, STEPS)
    bar.setTextVisible(False)
    policy = bar.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    bar.setSizePolicy(policy)
    bar.hide()
    controller.progressed.connect(lambda fraction: bar.setValue(int(fraction * STEPS)))
    controller.started.connect(lambda: bar.setValue(0))
    controller.busy_changed.connect(bar.setVisible)
    return bar
