"""The "What if" panel (issue 23): sweep one input over a range and plot how the answer moves.

The panel never solves: Run emits ``run_requested(key, values)`` (``key`` as
``solvers.sweep`` names it, ``pile2``) and the owner runs the sweep in the
worker processes, handing rows back with ``add_points`` as they come. Clicking
a point emits ``point_chosen(inputs)``: the current inputs with that value.
The fields are checked as they are typed (red with the reason, Run disabled),
and nothing the user typed is ever changed behind their back.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from gui.files import atomic_write
from gui.widgets.dialogs import save_file
from gui.widgets.sweep_range import SweepRange, named, number_text
from gui.widgets.theme import CAPTION_CSS
from solvers.i18n import N_, _
from solvers.protocol import Sweep, SweepRow
from solvers.sweep import header
from solvers.sweep_cli import row_cells

__all__ = ["HOVER_PIXELS", "SweepPanel"]

#: A point answers the mouse within this many pixels.
HOVER_PIXELS = 12


#: What the plot's place says before the first Run (English, marked: shown with ``_()``).
EMPTY_PLOT = N_(
    "Choose an input and its range above, then press Run: each point drawn here is the"
    " answer for one value of the input."
)
#: What it says once the inputs changed under a sweep.
CHANGED_PLOT = N_("The inputs changed: press Run again for a new sweep.")


class SweepPanel(SweepRange):
    """Choose an input and a range, Run, and see the answer against that input.

    ``set_inputs`` tells the panel the form's current inputs (it offers the sweeps
    that fit them and marks their value on the plot); ``add_points`` draws rows;
    ``clear`` forgets them; ``set_running`` switches Run and Cancel.
    """

    run_requested = Signal(str, list)
    cancel_requested = Signal()
    point_chosen = Signal(object)

    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sweepPanel")
        self.game_id = game_id
        self.inputs = None
        self.sweeps = ()
        #: The sweep the points belong to, its item, and its base inputs.
        self.shown: tuple[Sweep, int, Any] | None = None
        self.points: dict[float, SweepRow] = {}
        self._filled_for = None
        self._build()

    def _build(self) -> None:
        row = self._build_range()
        self.runButton = named(QPushButton(_("Run")), "sweepRunButton")
        self.cancelButton = named(QPushButton(_("Cancel")), "sweepCancelButton")
        self.cancelButton.setEnabled(False)
        self.exportButton = named(QPushButton(_("Export CSV…")), "sweepExportButton")
        self.exportButton.setEnabled(False)
        self.messageLabel = named(QLabel(""), "sweepMessage")
        self.messageLabel.setWordWrap(True)
        self.messageLabel.setStyleSheet(CAPTION_CSS)
        #: The caption as a function of the language (None: a reason given as it is).
        self._message: Callable[[], str] | None = None
        for button in (self.runButton, self.cancelButton, self.exportButton):
            row.addWidget(button)
        row.addStretch(1)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addLayout(row)
        self._layout.addWidget(self.messageLabel)
        # Until the first Run the plot would show axes over nothing (9.6 to 10.4): a note
        # says what will be drawn there instead.
        #: Why the plot's place holds a note (English, marked).
        self._empty = EMPTY_PLOT
        self.emptyLabel = named(QLabel(_(EMPTY_PLOT)), "sweepEmpty")
        self.emptyLabel.setWordWrap(True)
        self.emptyLabel.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.emptyLabel.setStyleSheet(CAPTION_CSS)
        self._layout.addWidget(self.emptyLabel, 1)
        self._chart: tuple[Any, Any, Any] | None = None  # plot, curve, current line
        self.runButton.clicked.connect(self.run)
        self.cancelButton.clicked.connect(self.cancel_requested.emit)
        self.exportButton.clicked.connect(self.choose_export_file)
        self._validate()

    # The plot is built when the panel is first shown or drawn on: importing pyqtgraph costs
    # a quarter of a second, which a window opening on a tab without plots need not pay.
    def _built_chart(self) -> tuple[Any, Any, Any]:
        if self._chart is None:
            from gui.widgets.sweep_chart import sweep_chart

            self._chart = sweep_chart()
            plot = self._chart[0]
            self._layout.addWidget(plot, 1)
            plot.setVisible(self.shown is not None)
            plot.scene().sigMouseMoved.connect(self._hovered)
            plot.scene().sigMouseClicked.connect(self._clicked)
            self._mark_current()
        return self._chart

    @property
    def plot(self) -> Any:
        """The pyqtgraph plot (built on first use)."""
        return self._built_chart()[0]

    @property
    def curve(self) -> Any:
        """The answer's curve (built on first use)."""
        return self._built_chart()[1]

    @property
    def currentLine(self) -> Any:
        """The vertical line at the current input's value (built on first use)."""
        return self._built_chart()[2]

    def showEvent(self, event: QShowEvent) -> None:
        """Build the plot the first time the panel is shown."""
        self._built_chart()
        super().showEvent(event)

    # The inputs and the chosen sweep

    def set_inputs(self, inputs: Any) -> None:
        """The form's inputs now: offer the sweeps that fit them, mark their value.

        Points stay when the inputs differ from those swept only in the swept value
        (a point was loaded, say); otherwise they belong to other inputs and go.
        """
        self._follow_inputs(inputs)
        if self.shown is not None and not self._same_sweep(inputs):
            self.clear(CHANGED_PLOT)
        self._mark_current()

    def _same_sweep(self, inputs: Any) -> bool:
        if self.shown is None or inputs is None:
            return False
        found, index, base = self.shown
        if not found.fits(inputs) or (found.count is not None and found.count(inputs) < index):
            return False
        try:
            return bool(found.apply(base, found.current(inputs, index), index) == inputs)
        except (ValueError, IndexError):
            return False

    def _say(self, message: str | Callable[[], str]) -> None:
        """Show ``message`` under the fields; a function of the language is kept for later."""
        self._message = message if callable(message) else None
        self.messageLabel.setText(message() if callable(message) else message)

    def retranslate(self) -> None:
        """Say everything built from the sweep in the language spoken now.

        The caption is said again (a reason is found again by checking the fields); the
        choices, the item's name and the axes follow the sweep.
        """
        kept = self._message
        self._retranslate_range()
        self._validate()
        if kept is not None and self.messageLabel.text() != "":
            self._say(kept)
        self.emptyLabel.setText(_(self._empty))
        if self.shown is not None and self._chart is not None:
            self._label_axes(self.shown[0], self.shown[1])

    # Running and drawing

    def run(self) -> None:
        """Clear the plot and ask for the sweep the fields describe."""
        if not self._validate():
            return
        chosen = self.current()
        assert chosen is not None  # _validate passed
        found, index = chosen
        values = self.values()
        self.clear()
        self.shown = (found, index, self.inputs)
        self.emptyLabel.hide()
        self.plot.show()
        # Whole-number inputs get whole-number ticks (never "2.5 pieces").
        from gui.widgets.plots import IntegerAxis, pg

        axis = IntegerAxis("bottom") if found.kind == "int" else pg.AxisItem("bottom")
        axis.enableAutoSIPrefix(False)
        self.plot.getPlotItem().setAxisItems({"bottom": axis})
        self._label_axes(found, index)
        self._mark_current()
        self.run_requested.emit(found.key(index), values)

    def _label_axes(self, found: Sweep, index: int) -> None:
        self.plot.setLabel("bottom", found.title(index))
        self.plot.setLabel("left", found.text(found.answers[plotted_answer(found)]))

    def set_running(self, running: bool, message: str | Callable[[], str] = "") -> None:
        """Switch Run and Cancel while the owner runs the sweep; ``message`` for the caption.

        A function of the language (``lambda: _("...").format(...)``) is said again by
        ``retranslate``; a plain text stays as it is.
        """
        self.cancelButton.setEnabled(running)
        self._validate()
        if message:
            self._say(message)

    def add_points(self, rows: Iterable[SweepRow]) -> None:
        """Draw ``rows`` (``(value, *answers)``) beside the points already shown."""
        for row in rows:
            self.points[float(row[0])] = tuple(row)
        xs = sorted(self.points)
        column = self._column()
        self.curve.setData(xs, [float(self.points[x][column]) for x in xs])
        self.exportButton.setEnabled(bool(self.points))

    def points_drawn(self) -> int:
        """How many points of the finished sweep are shown (0 while it runs or none is)."""
        return (
            len(self.points) if self.shown is not None and not self.cancelButton.isEnabled() else 0
        )

    def clear(self, why: str = EMPTY_PLOT) -> None:
        """Forget the points (the chosen sweep and range stay); a note says ``why`` (``N_``).

        No axes are left over nothing: the note stands where the plot was until the next Run.
        """
        self.points = {}
        self.shown = None
        self._empty = why
        self.emptyLabel.setText(_(why))
        self.emptyLabel.show()
        if self._chart is not None:
            self.curve.setData([], [])
            self.plot.hide()
        self.exportButton.setEnabled(False)

    def _column(self) -> int:
        """The column of a row that the plot draws (a row is the value, then the answers)."""
        return (
            1 + (plotted_answer(self.shown[0]) % len(self.shown[0].answers)) if self.shown else -1
        )

    def rows(self) -> list[SweepRow]:
        """The points shown, by swept value."""
        return [self.points[x] for x in sorted(self.points)]

    def _mark_current(self) -> None:
        if self._chart is None:
            return  # marked when the plot is built
        chosen = self.current()
        if chosen is None:
            self.currentLine.setVisible(False)
            return
        found, index = chosen
        self.currentLine.setValue(float(found.current(self.inputs, index)))
        self.currentLine.setVisible(True)

    def point_at(self, scene_pos: QPointF) -> SweepRow | None:
        """The point within ``HOVER_PIXELS`` of a scene position, or None."""
        from gui.widgets.sweep_chart import nearest_point

        return nearest_point(self.plot, self.points, self._column(), scene_pos, HOVER_PIXELS)

    def point_text(self, row: SweepRow) -> str:
        """What hovering a point says: the swept value and every answer column."""
        assert self.shown is not None
        found, index, _base = self.shown
        names = [found.key(index), *(found.text(answer) for answer in found.answers)]
        return "\n".join(
            f"{name}: {number_text(value)}" for name, value in zip(names, row, strict=False)
        )

    def _hovered(self, scene_pos: QPointF) -> None:
        row = self.point_at(scene_pos)
        text = "" if row is None else self.point_text(row) + "\n" + _("Click to load these inputs.")
        # Qt shows the plot's tooltip where the mouse rests: it always describes that point.
        self.plot.setToolTip(text)

    def _clicked(self, event: Any) -> None:
        row = self.point_at(event.scenePos())
        if row is not None:
            self.choose(row[0])

    def choose(self, value: float) -> None:
        """Emit the swept inputs with ``value`` (what clicking its point does)."""
        if self.shown is None:
            return
        found, index, base = self.shown
        self.point_chosen.emit(found.apply(base, value, index))

    # Export

    def csv_text(self) -> str:
        """The shown sweep as the CLI's CSV: header, then a row per point."""
        if self.shown is None:
            return ""
        found, index, _base = self.shown
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow(header(found, index))
        writer.writerows(row_cells(found, row) for row in self.rows())
        return text.getvalue()

    def export_csv(self, path: str | Path) -> bool:
        """Write ``csv_text`` to ``path`` atomically; False (with the reason shown) on failure."""
        try:
            atomic_write(path, self.csv_text())
        except (OSError, ValueError) as exc:
            self._say(_("Export failed: {reason}").format(reason=exc))
            return False
        name = Path(path).name
        self._say(lambda: _("Exported {name}").format(name=name))
        return True

    def choose_export_file(self) -> None:
        """Ask where to save the sweep shown, as CSV."""
        name = f"{self.game_id}-sweep.csv"
        title, filters = _("Export the sweep as CSV"), _("CSV files (*.csv)")
        path, _chosen = save_file(self, "csv", title, name, filters)
        if path:
            self.export_csv(path)


def plotted_answer(found: Sweep) -> int:
    """Which answer the plot draws: the last, or the exact one when the last only rounds it.

    A judge's three decimals of the same quantity ("expected score (3 decimals)") make a
    staircase of a smooth curve, and pyqtgraph then labels its axis "x0.001".
    """
    names = found.answers
    rounded = len(names) > 1 and names[-1] != names[-2] and names[-1].startswith(names[-2])
    return -2 if rounded else -1
