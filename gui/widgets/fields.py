"""One way to mark a form field invalid: the theme's red background and the reason as tooltip."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QShowEvent, QValidator
from PySide6.QtWidgets import QAbstractSpinBox, QDoubleSpinBox, QFormLayout, QSpinBox, QWidget

from gui.widgets.theme import ROLE
from solvers.i18n import _

__all__ = ["NumberField", "field_name", "invalid_reason", "mark_invalid", "out_of_range"]

_REASON = "workbenchInvalidReason"
_TIP = "workbenchPlainTooltip"


def mark_invalid(widget: QWidget, reason: str | None) -> None:
    """Mark ``widget`` invalid with ``reason`` (red + tooltip), or valid again with None.

    The widget's own tooltip comes back once it is valid.
    """
    previous = widget.property(_REASON)
    if previous == (reason or None):
        return
    if not previous:
        widget.setProperty(_TIP, widget.toolTip())
    widget.setProperty(_REASON, reason or None)
    if reason:
        widget.setStyleSheet(f"background-color: {ROLE.invalid.name()}; color: {ROLE.ink.name()};")
        widget.setToolTip(reason)
    else:
        widget.setStyleSheet("")
        widget.setToolTip(str(widget.property(_TIP) or ""))


def invalid_reason(widget: QWidget) -> str | None:
    """The reason ``widget`` was marked invalid, or None."""
    reason = widget.property(_REASON)
    return str(reason) if reason else None


def out_of_range(spin: QSpinBox | QDoubleSpinBox, value: float) -> ValueError:
    """The refusal of a number outside ``spin``'s range, in the form's words."""
    text = _("{field} must be from {lo} to {hi}, not {value}")
    return ValueError(
        text.format(
            field=field_name(spin), lo=f"{spin.minimum():g}", hi=f"{spin.maximum():g}", value=value
        )
    )


def field_name(field: QWidget) -> str:
    """How the user knows ``field``: its form label, accessible name, tooltip or object name."""
    parent = field.parentWidget()
    layout = parent.layout() if parent is not None else None
    if isinstance(layout, QFormLayout):
        label = layout.labelForField(field)
        text = getattr(label, "text", lambda: "")()
        if text:
            return _("'{name}'").format(name=str(text).rstrip(":\uff1a").strip())
    # While marked invalid the tooltip is the reason: the field's own tip is kept aside.
    tip = field.property(_TIP) if field.property(_REASON) else field.toolTip()
    for text in (field.accessibleName(), tip, field.objectName()):
        if text:
            return _("'{name}'").format(name=text)
    return _("a number field")


#: Qt's own bounds for every number field: wide, so that Qt never clamps what was typed.
_WIDE = 2**31 - 1


class NumberField(QSpinBox):
    """A whole-number field that never changes what was typed.

    A plain ``QSpinBox`` clamps "0" to its minimum, turns "-3" into 3 and keeps its old
    value under an emptied text. Here Qt's range is wide and the field's own range
    (``setRange``, ``minimum``, ``maximum``) is checked instead: a number outside it, an
    empty or unfinished text is marked red with the range (``problem()`` says why) and
    the tab solves nothing until it is fixed. The arrows stay within the range.
    ``solve_input=False`` for a panel's field (a simulation's seed), which Solve ignores.
    """

    def __init__(self, parent: QWidget | None = None, solve_input: bool = True) -> None:
        super().__init__(parent)
        self.solve_input = solve_input
        self._lo, self._hi = 0, 99
        self._empty = False
        super().setRange(-_WIDE, _WIDE)
        # Typing reaches the line edit; a value set by the program reaches only valueChanged
        # (Qt fills the line edit with its signals blocked).
        self.lineEdit().textChanged.connect(lambda *_: self._check())
        # Typed empty: known at once, also where Qt reads the text only later (a field
        # without keyboard tracking takes its value when the typing is over).
        self.lineEdit().textEdited.connect(self._typed)
        self.valueChanged.connect(lambda *_: self._check())

    def setRange(self, lo: int, hi: int) -> None:
        """The range the field accepts (Qt's own stays wide)."""
        self._lo, self._hi = lo, hi
        self._check()

    def setMinimum(self, lo: int) -> None:
        """The smallest number the field accepts."""
        self.setRange(lo, max(lo, self._hi))

    def setMaximum(self, hi: int) -> None:
        """The largest number the field accepts."""
        self.setRange(min(self._lo, hi), hi)

    def minimum(self) -> int:
        """The smallest number the field accepts."""
        return self._lo

    def maximum(self) -> int:
        """The largest number the field accepts."""
        return self._hi

    def problem(self) -> str | None:
        """Why the text is not a number in range, or None."""
        separator = self.locale().groupSeparator()
        text = self.cleanText().strip().replace(separator, "").replace(",", "")
        words = {"field": field_name(self), "lo": f"{self._lo:,}", "hi": f"{self._hi:,}"}
        if not text and not self._empty:  # not drawn yet: the value is what it will show
            text = str(self.value())
        if not text:
            return _("{field} is empty: type a whole number from {lo} to {hi}").format(**words)
        try:
            typed = int(text)
        except ValueError:
            return _("{field} must be a whole number from {lo} to {hi}, not {text}").format(
                text=repr(text), **words
            )
        if not self._lo <= typed <= self._hi:
            return _("{field} must be from {lo} to {hi}, not {value}").format(
                value=f"{typed:,}", **words
            )
        return None

    def _typed(self, text: str) -> None:
        self._empty = not self.cleanText().strip()
        self._check()

    def retranslate(self) -> None:
        """Say why the field is refused in the language spoken now (its label may change too)."""
        self._check()

    def _check(self) -> None:
        # Not before the field is first shown: a style sheet set and cleared while the field
        # is built (a range set before its value) leaves its red in the line edit's palette.
        if self.testAttribute(Qt.WidgetAttribute.WA_WState_Polished):
            mark_invalid(self, self.problem())

    def showEvent(self, event: QShowEvent) -> None:
        """Mark the field as it is now, the first time it is shown too."""
        mark_invalid(self, self.problem())
        super().showEvent(event)

    def sizeHint(self) -> QSize:
        """As wide as the field's own range needs, not Qt's wide one."""
        return self._narrowed(super().sizeHint())

    def minimumSizeHint(self) -> QSize:
        """As wide as the field's own range needs, not Qt's wide one."""
        return self._narrowed(super().minimumSizeHint())

    def _narrowed(self, hint: QSize) -> QSize:
        metrics = self.fontMetrics()
        wide = max(metrics.horizontalAdvance(str(v)) for v in (-_WIDE, _WIDE))
        ours = max(metrics.horizontalAdvance(str(v)) for v in (self._lo, self._hi))
        return QSize(max(hint.width() - wide + ours, 0), hint.height())

    # An emptied field stays empty (Qt would put the last value back on leaving it): the
    # empty text is accepted as a value of its own, which ``problem()`` refuses.
    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        """Empty is acceptable here (and marked as a problem); the rest as Qt decides."""
        if not text.strip():
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)

    def valueFromText(self, text: str) -> int:
        """Remember an emptied text, so that it is shown empty again."""
        self._empty = not text.strip()
        return self._lo - 1 if self._empty else super().valueFromText(text)

    def textFromValue(self, value: int) -> str:
        """Empty while the field was emptied, else the number."""
        return "" if self._empty else super().textFromValue(value)

    def setPrefix(self, prefix: str) -> None:
        """The text before the number (checked again: the text changed)."""
        super().setPrefix(prefix)
        self._check()

    def setSuffix(self, suffix: str) -> None:
        """The text after the number (checked again: the text changed)."""
        super().setSuffix(suffix)
        self._check()

    def setValue(self, value: int) -> None:
        """Show ``value`` (a field emptied by the user shows a number again)."""
        self._empty = False
        super().setValue(value)
        self._check()  # also when the caller blocked the signals

    def stepBy(self, steps: int) -> None:
        """Arrow keys and buttons move within the field's range."""
        self.setValue(min(self._hi, max(self._lo, self.value() + steps)))
        self.selectAll()

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:
        """Up only below the maximum, down only above the minimum."""
        flags = QAbstractSpinBox.StepEnabledFlag.StepNone
        if self.value() < self._hi:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        if self.value() > self._lo:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        return flags
