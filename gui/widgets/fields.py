"""One way to mark a form field invalid: the theme's red background and the reason as tooltip."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gui.widgets.theme import ROLE

__all__ = ["invalid_reason", "mark_invalid"]

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
