"""The answer line and the message line above every tab's form, at a fixed height.

Both lines always take their space (two lines of text each), so a message
appearing or a result wrapping never pushes the form down under the user's
pointer. Text longer than the space is cut, with the whole of it as tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from gui.widgets.theme import ROLE, bold_label_css, colour_css

__all__ = ["MessageArea"]

#: Lines of text each label has room for.
LINES = 2


class MessageArea(QWidget):
    """``resultLabel`` (big, bold) over ``messageLabel`` (red for errors)."""

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.placeholder = placeholder
        self.resultLabel = self._label("resultLabel", bold_label_css())
        self.messageLabel = self._label("messageLabel", "")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.resultLabel)
        layout.addWidget(self.messageLabel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.set_result(placeholder)

    def _label(self, name: str, css: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        label.setStyleSheet(css)
        self._fix_height(label)
        return label

    @staticmethod
    def _fix_height(label: QLabel) -> None:
        label.ensurePolished()
        label.setFixedHeight(label.fontMetrics().lineSpacing() * LINES + 4)

    def set_result(self, text: str, stale: bool = False) -> None:
        """Show the answer line; ``stale`` greys it (the inputs changed since)."""
        self.resultLabel.setText(text)
        css = bold_label_css() + (colour_css(ROLE.stale) if stale else "")
        if css != self.resultLabel.styleSheet():
            self.resultLabel.setStyleSheet(css)
            self._fix_height(self.resultLabel)
        tip = "The inputs changed since this was solved." if stale else ""
        self.resultLabel.setToolTip(tip or (text if len(text) > 80 else ""))

    def reset_result(self) -> None:
        """Back to the placeholder."""
        self.set_result(self.placeholder)

    def set_stale(self) -> None:
        """Grey the answer shown: it no longer matches the form."""
        self.set_result(self.resultLabel.text(), stale=True)

    def show_message(self, text: str, error: bool = False) -> None:
        """Show (or with "" clear) the message line; red for errors. Nothing moves."""
        self.messageLabel.setText(text)
        self.messageLabel.setStyleSheet(colour_css(ROLE.error_text) if error else "")
        self.messageLabel.setToolTip(text if len(text) > 100 else "")
