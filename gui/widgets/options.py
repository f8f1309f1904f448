"""A game's option fields, built from its ``OPTIONS`` (the same data the CLI builds flags from).

``OptionFields(module.OPTIONS)`` lays out one field per option: a check box for
a flag, a spin box for an int, a text field for a list of numbers or a file.
Flags of one ``group`` exclude each other. ``values()`` returns
``{Option.name: value}`` (ValueError naming the option when a field is bad),
``set_values()`` fills the fields, ``changed`` fires on every edit. A tab
with options keeps one and lets ``GameTab`` use it (``self.option_fields``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QFormLayout, QLineEdit, QSpinBox, QWidget

from gui.form_state import INT_LIMIT, check_options, option_label, option_text, whole_number
from gui.widgets.fields import NumberField, mark_invalid
from solvers.i18n import _
from solvers.protocol import Option, OptionError

__all__ = ["OptionFields"]


class OptionFields(QWidget):
    """One field per option; object names are ``option_<name>``."""

    changed = Signal()

    def __init__(self, options: Sequence[Option], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.options = {option.name: option for option in options}
        self.fields: dict[str, QWidget] = {}
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for option in options:
            field = self._field(option)
            field.setObjectName(f"option_{option.name}")
            self.fields[option.name] = field
            layout.addRow(option_label(option), field)
        self.retranslate()
        self.set_values({})

    def retranslate(self) -> None:
        """Labels, tips and check boxes in the language spoken now (the games mark the helps)."""
        layout = self.layout()
        assert isinstance(layout, QFormLayout)
        for name, option in self.options.items():
            field = self.fields[name]
            help_text = _(option.help)
            field.setToolTip(help_text)
            label = layout.labelForField(field)
            if label is not None and hasattr(label, "setText"):
                label.setText(option_label(option))
            if isinstance(field, QCheckBox):
                field.setText(help_text.split(".")[0].split("。")[0] or option.name)
            elif isinstance(field, NumberField):
                field.retranslate()

    def _field(self, option: Option) -> QWidget:
        if option.kind == "flag":
            box = QCheckBox()
            box.toggled.connect(lambda on, o=option: self._flag_toggled(o, on))
            return box
        if option.kind == "int":
            spin = NumberField()
            spin.setRange(
                max(option.lo if option.lo is not None else -INT_LIMIT, -INT_LIMIT),
                min(option.hi if option.hi is not None else INT_LIMIT, INT_LIMIT),
            )
            spin.valueChanged.connect(lambda *_: self.changed.emit())
            return spin
        edit = QLineEdit()
        edit.setPlaceholderText(option.metavar or ("1,3,4" if option.kind == "ints" else ""))
        edit.textChanged.connect(lambda *_: self.changed.emit())
        return edit

    def _flag_toggled(self, option: Option, on: bool) -> None:
        if on and option.group:
            for other in self.options.values():
                if other.group == option.group and other is not option:
                    box = self.fields[other.name]
                    if isinstance(box, QCheckBox) and box.isChecked():
                        box.setChecked(False)
        self.changed.emit()

    def values(self) -> dict[str, Any]:
        """``{name: value}`` of every option; ValueError naming the first bad field."""
        values: dict[str, Any] = {}
        for name, option in self.options.items():
            field = self.fields[name]
            if isinstance(field, QCheckBox):
                values[name] = field.isChecked()
            elif isinstance(field, QSpinBox):
                values[name] = field.value()
            else:
                assert isinstance(field, QLineEdit)
                text = field.text().strip()
                try:
                    values[name] = option.parse(text) if text else option.default
                except OptionError as exc:  # the field's own name, not the command line's flag
                    text = _("{name}: {reason}")
                    name = option_label(option) or option.name
                    reason = text.format(name=name, reason=exc.reason)
                    mark_invalid(field, reason)
                    raise ValueError(reason) from None
                mark_invalid(field, None)
        return values

    def set_values(self, values: Mapping[str, Any]) -> None:
        """Show ``values`` (options missing from it get their default)."""
        for name, option in self.options.items():
            value = values.get(name, option.default)
            field = self.fields[name]
            if isinstance(field, QCheckBox):
                field.setChecked(bool(value))
            elif isinstance(field, QSpinBox):
                # Checked: a spin box would clamp silently, or raise OverflowError past 2**31.
                field.setValue(whole_number(value, option_label(option), *_range(field)))
            else:
                assert isinstance(field, QLineEdit)
                field.setText(option_text(value))

    def state(self) -> dict[str, Any]:
        """The fields as typed (JSON-ready), for sessions and undo."""
        state: dict[str, Any] = {}
        for name, field in self.fields.items():
            if isinstance(field, QCheckBox):
                state[name] = field.isChecked()
            elif isinstance(field, QSpinBox):
                state[name] = field.value()
            elif isinstance(field, QLineEdit):
                state[name] = field.text()
        return state

    def restore(self, state: Mapping[str, Any]) -> None:
        """Fill the fields from ``state()`` data; ValueError/TypeError when malformed.

        Checked in full first (``gui.form_state.check_options``): a spin box would clamp a
        number out of its range silently, or raise OverflowError past 2**31.
        """
        for name, value in check_options(tuple(self.options.values()), state).items():
            if name not in state:
                continue
            field = self.fields[name]
            if isinstance(field, QCheckBox):
                field.setChecked(value)
            elif isinstance(field, QLineEdit):
                field.setText(value)
            else:
                assert isinstance(field, QSpinBox)
                field.setValue(value)


def _range(spin: QSpinBox) -> tuple[int, int]:
    return spin.minimum(), spin.maximum()
