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

from gui.widgets.fields import NumberField, field_name, mark_invalid, out_of_range
from solvers.i18n import N_, _
from solvers.protocol import Option, OptionError

__all__ = ["OptionFields"]

_INT_LIMIT = 2**31 - 1
#: The form labels the games' option names make (``_label``), marked for translation here:
#: they are derived from the names, which the games' own texts do not hold.
LABELS = (N_("Board"), N_("Pieces"), N_("Faces"), N_("Throws"), N_("Turns"), N_("Subtract"))


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
            layout.addRow(_label(option), field)
        self.retranslate()
        self.set_values({})

    def retranslate(self) -> None:
        """Labels, tips and check boxes in the language spoken now (the games mark the helps)."""
        layout = self.layout()
        assert isinstance(layout, QFormLayout)
        for name, option in self.options.items():
            field = self.fields[name]
            field.setToolTip(_(option.help))
            label = layout.labelForField(field)
            if label is not None and hasattr(label, "setText"):
                label.setText(_label(option))
            if isinstance(field, QCheckBox):
                field.setText(_(option.help).split(".")[0].split("。")[0] or option.name)
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
                max(option.lo if option.lo is not None else -_INT_LIMIT, -_INT_LIMIT),
                min(option.hi if option.hi is not None else _INT_LIMIT, _INT_LIMIT),
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
                    reason = text.format(name=_label(option) or option.name, reason=exc.reason)
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
                _set_spin(option, field, value)
            else:
                assert isinstance(field, QLineEdit)
                field.setText(_text(value))

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
        """Fill the fields from ``state()`` data; ValueError/TypeError when malformed."""
        for name, value in state.items():
            field = self.fields.get(name)
            if field is None:
                raise ValueError(_("unknown option {name}").format(name=repr(name)))
            if isinstance(field, QCheckBox):
                if not isinstance(value, bool):
                    raise TypeError(_("{name} must be true or false").format(name=name))
                field.setChecked(value)
            elif isinstance(field, QLineEdit):
                if not isinstance(value, str):
                    raise TypeError(_("{name} must be text").format(name=name))
                field.setText(value)
            else:
                assert isinstance(field, QSpinBox)
                _set_spin(self.options[name], field, value)


def _set_spin(option: Option, spin: QSpinBox, value: Any) -> None:
    # Checked here: a QSpinBox would clamp silently, or raise OverflowError past 2**31.
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(_("{field} must be a whole number").format(field=field_name(spin)))
    if not spin.minimum() <= value <= spin.maximum():
        raise out_of_range(spin, value)
    spin.setValue(value)


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (tuple, list)):
        return ",".join(str(v) for v in value)
    return str(value)


def _label(option: Option) -> str:
    """The form label of an option's field ("" for a check box, which says it itself)."""
    return "" if option.kind == "flag" else _(option.name.replace("_", " ").capitalize())
