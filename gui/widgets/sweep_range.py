"""The "What if" panel's range (issue 23): which input to sweep, over which values.

``SweepRange`` is the base of ``gui.widgets.sweep_panel.SweepPanel``: it builds the
choice of sweep (and of its item), the start / stop / step fields, and checks them
as they are typed (red with the reason, Run disabled) without ever changing what
the user typed. The panel supplies Run, Cancel, the caption and the plot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from gui.widgets.fields import mark_invalid
from solvers import TITLES
from solvers.i18n import _, ngettext, pgettext
from solvers.protocol import Sweep, TooBig
from solvers.sweep import RangeError, applicable, sweep_values
from solvers.sweep_cli import format_number

__all__ = ["SweepRange", "done_words", "named", "number_text"]

W = TypeVar("W", bound=QWidget)
#: An integer sweep over at most this many values starts with the whole range.
_WHOLE_RANGE = 30


def done_words(count: int) -> Callable[[], str]:
    """What the panel says once ``count`` points are drawn (a function of the language)."""
    return lambda: ngettext("Done: {count} point.", "Done: {count} points.", count).format(
        count=count
    )


class SweepRange(QWidget):
    """The sweep's choice and range fields, checked as typed (the panel's base).

    The panel sets ``game_id``, ``inputs``, ``sweeps`` and ``_filled_for`` before it
    builds, builds Run and Cancel, and says the captions (``_say``) and marks the
    current value on its plot (``_mark_current``).
    """

    game_id: str
    inputs: Any
    sweeps: tuple[Sweep, ...]
    #: The bounds the range fields were filled for (new bounds fill them again).
    _filled_for: tuple[float, float] | None
    runButton: QPushButton
    cancelButton: QPushButton

    def _build_range(self) -> QHBoxLayout:
        """The row of the sweep's choice and its range fields (the panel adds its buttons)."""
        self.sweepCombo = named(QComboBox(), "sweepCombo")
        self.sweepCombo.setToolTip(_("The input to vary"))
        # As wide as its words in the language spoken now, not in the first one.
        self.sweepCombo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.itemLabel = QLabel("")
        self.itemSpin = named(QSpinBox(), "sweepItemSpin")
        self.itemSpin.setMinimum(1)
        self.startEdit = named(QLineEdit(), "sweepStartEdit")
        self.stopEdit = named(QLineEdit(), "sweepStopEdit")
        self.stepEdit = named(QLineEdit(), "sweepStepEdit")
        for edit in (self.startEdit, self.stopEdit, self.stepEdit):
            edit.setMaximumWidth(90)
            edit.textEdited.connect(self._validate)
        row = QHBoxLayout()
        for widget in (self.sweepCombo, self.itemLabel, self.itemSpin):
            row.addWidget(widget)
        self._range_labels = [QLabel(), QLabel(), QLabel()]
        for label, edit in zip(
            self._range_labels, (self.startEdit, self.stopEdit, self.stepEdit), strict=True
        ):
            row.addWidget(label)
            row.addWidget(edit)
        self._name_range()
        self.sweepCombo.currentIndexChanged.connect(self._chosen)
        self.itemSpin.valueChanged.connect(self._item_changed)
        return row

    def _say(self, message: str | Callable[[], str]) -> None:
        """Show ``message`` under the fields (the panel's caption)."""
        raise NotImplementedError

    def _mark_current(self) -> None:
        """Mark the current input's value on the plot (the panel's)."""
        raise NotImplementedError

    def _follow_inputs(self, inputs: Any) -> None:
        """Offer the sweeps that fit ``inputs``, keeping the chosen one and its range if it can."""
        self.inputs = inputs
        fitting = applicable(self.game_id, inputs) if inputs is not None else ()
        if fitting != self.sweeps:
            self.sweeps = fitting
            chosen = self.sweepCombo.currentData()
            self.sweepCombo.blockSignals(True)
            self.sweepCombo.clear()
            for found in fitting:
                self.sweepCombo.addItem(_label(found), found.name)
            at = self.sweepCombo.findData(chosen)
            self.sweepCombo.setCurrentIndex(at if at >= 0 else self._first_open(fitting, inputs))
            self.sweepCombo.blockSignals(False)
            self._chosen()
        else:
            self._limit_item()
            bounds = self._bounds()
            if bounds != self._filled_for:  # new inputs allow other values: a fresh range
                self._fill_range()
            self._validate()

    @staticmethod
    def _first_open(fitting: tuple[Sweep, ...], inputs: Any) -> int:
        """The first sweep whose input can move.

        Cover Up's p is fixed at 0 while no digit is ticked: a range from 0 to 0 is no sweep
        to offer first.
        """
        for at, found in enumerate(fitting):
            lo, hi = found.bounds(inputs, 1)
            if lo < hi:
                return at
        return 0

    def _bounds(self) -> tuple[float, float] | None:
        """The values the chosen sweep's input can take for the inputs shown now."""
        chosen = self.current()
        return None if chosen is None else chosen[0].bounds(self.inputs, chosen[1])

    def current(self) -> tuple[Sweep, int] | None:
        """The chosen sweep and item, or None when nothing can be swept."""
        at = self.sweepCombo.currentIndex()
        if self.inputs is None or not 0 <= at < len(self.sweeps):
            return None
        return self.sweeps[at], self.itemSpin.value()

    def _chosen(self) -> None:
        """A sweep was picked: its item field, and a starting range around the current value."""
        chosen = self.current()
        self.itemLabel.setVisible(bool(chosen and chosen[0].indexed))
        self.itemSpin.setVisible(bool(chosen and chosen[0].indexed))
        if chosen is None:
            self._validate()
            return
        found = chosen[0]
        self.itemLabel.setText(found.text(found.indexed))
        self._limit_item()
        self._fill_range()

    def _item_changed(self) -> None:
        self._fill_range()

    def _limit_item(self) -> None:
        chosen = self.current()
        if chosen is not None and chosen[0].count is not None:
            self.itemSpin.setMaximum(max(1, chosen[0].count(self.inputs)))

    def _fill_range(self) -> None:
        chosen = self.current()
        if chosen is None:
            return
        found, index = chosen
        lo, hi = found.bounds(self.inputs, index)
        self._filled_for = (lo, hi)
        now = found.current(self.inputs, index)
        if found.kind == "real" or hi - lo <= _WHOLE_RANGE:
            start, stop = lo, hi
        else:
            start, stop = max(lo, now - _WHOLE_RANGE // 2), min(hi, now + _WHOLE_RANGE // 2)
        self.startEdit.setText(number_text(start))
        self.stopEdit.setText(number_text(stop))
        self.stepEdit.setText("")
        self._validate()
        self._mark_current()

    def values(self) -> list[float]:
        """The values the fields give; ``ValueError`` (``RangeError``/``TooBig``) says why not."""
        chosen = self.current()
        if chosen is None:
            title = _(TITLES[self.game_id])
            raise ValueError(_("Nothing of these {game} inputs can be swept.").format(game=title))
        found, index = chosen
        return sweep_values(
            found, self.inputs, index, self.startEdit.text(), self.stopEdit.text(),
            self.stepEdit.text(),
        )  # fmt: skip

    def _validate(self) -> bool:
        """Mark the field at fault (red, with the reason) and enable Run only when all is well."""
        edits = {"START": self.startEdit, "STOP": self.stopEdit, "STEP": self.stepEdit}
        fault: tuple[str, str] | None = None
        count = 0
        try:
            count = len(self.values())
        except RangeError as exc:
            fault = (exc.field, str(exc))
        except TooBig as exc:
            fault = ("STEP", str(exc))
        except ValueError as exc:
            fault = ("", str(exc))
        for name, edit in edits.items():
            mark_invalid(edit, fault[1] if fault and fault[0] == name else None)
        running = self.cancelButton.isEnabled()
        self.runButton.setEnabled(fault is None and not running)
        drawn = self.points_drawn()
        if fault is not None:
            self._say(fault[1])
        elif drawn:  # a sweep still valid for the inputs stays said done (a point was loaded)
            self._say(done_words(drawn))
        elif not running:
            self._say(
                lambda: ngettext(
                    "{count} value: press Run.", "{count} values: press Run.", count
                ).format(count=count)
            )
        return fault is None

    def points_drawn(self) -> int:
        """How many points of a finished sweep are shown (the panel draws them)."""
        return 0

    def _name_range(self) -> None:
        """The range fields' words (short words other areas have too: the panel says them)."""
        for label, text in zip(
            self._range_labels,
            (
                pgettext("sweep range", "from"),
                pgettext("sweep range", "to"),
                pgettext("sweep range", "step"),
            ),
            strict=True,
        ):
            label.setText(text)
        self.stepEdit.setPlaceholderText(pgettext("sweep step", "auto"))
        for edit, tip in (
            (self.startEdit, _("First value")),
            (self.stopEdit, _("Last value (included)")),
            (self.stepEdit, _("Step between values (empty: 1, or a twentieth of a real range)")),
        ):
            edit.setToolTip(tip)

    def _retranslate_range(self) -> None:
        """Say the range fields' words, the choices and the item's name again."""
        self._name_range()
        for at, found in enumerate(self.sweeps):
            self.sweepCombo.setItemText(at, _label(found))
        chosen = self.current()
        if chosen is not None:
            self.itemLabel.setText(chosen[0].text(chosen[0].indexed))


def _label(found: Sweep) -> str:
    """The sweep's name among the choices: its label without the item's number."""
    return found.text(found.label).replace(" {index}", "").replace("{index}", "").strip()


def named(widget: W, name: str) -> W:
    """``widget`` with the object name tests and the language switch find it by."""
    widget.setObjectName(name)
    return widget


def number_text(value: float) -> str:
    """A swept value as the fields and the tooltips write it."""
    return format_number(value) if not isinstance(value, float) else f"{value:.10g}"
