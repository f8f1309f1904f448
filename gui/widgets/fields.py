"""One way to mark a form field invalid: the theme's red background and the reason as tooltip."""

from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox, QFormLayout, QSpinBox, QWidget

from gui.widgets.theme import ROLE

__all__ = ["field_name", "invalid_reason", "mark_invalid", "out_of_range"]

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
    return ValueError(
        f"{field_name(spin)} must be from {spin.minimum():g} to {spin.maximum():g}, not {value}"
    )


def field_name(field: QWidget) -> str:
    """How the user knows ``field``: its form label, accessible name, tooltip or object name."""
    parent = field.parentWidget()
    layout = parent.layout() if parent is not None else None
    if isinstance(layout, QFormLayout):
        label = layout.labelForField(field)
        text = getattr(label, "text", lambda: "")()
        if text:
            return f"'{str(text).rstrip(':').strip()}'"
    for text in (field.accessibleName(), field.toolTip(), field.objectName()):
        if text:
            return f"'{text}'"
    return "a number field"
