"""The answer line and the message line above every tab's form, at a fixed height.

Both lines always take their space (one line of text each), so a message
appearing or a long result never pushes the form down under the user's pointer.
Text wider than the line is drawn cut with "…" (``text()`` keeps all of it) and
shown whole in the tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolTip, QVBoxLayout, QWidget

from gui.widgets.theme import ROLE, bold_label_css, colour_css
from solvers.i18n import N_, _

__all__ = ["EXAMPLE_LOADED", "ElidedLabel", "MessageArea"]

#: Said after Load example; a play panel clears it once a game is on (old news then).
#: English, marked: shown with ``_()``.
EXAMPLE_LOADED = N_("Example loaded.")


class ElidedLabel(QLabel):
    """A one-line label that draws "…" where its text does not fit."""

    def fits(self) -> bool:
        """Whether the whole text fits on the line."""
        return self.fontMetrics().horizontalAdvance(self.text()) <= self.contentsRect().width()

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the text cut to the width (the usual drawing when it fits)."""
        if self.fits():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, rect.width())
        self.style().drawItemText(
            painter,
            rect,
            int(self.alignment()),
            self.palette(),
            self.isEnabled(),
            text,
            self.foregroundRole(),
        )
        painter.end()

    def event(self, event: QEvent) -> bool:
        """The whole text as tooltip, only when it is cut."""
        if event.type() == QEvent.Type.ToolTip and not self.fits():
            assert isinstance(event, QHelpEvent)
            QToolTip.showText(event.globalPos(), self.text(), self)
            return True
        return super().event(event)


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
        self.reset_result()

    def _label(self, name: str, css: str) -> ElidedLabel:
        label = ElidedLabel()
        label.setObjectName(name)
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        label.setStyleSheet(css)
        self._fix_height(label)
        return label

    @staticmethod
    def _fix_height(label: QLabel) -> None:
        label.ensurePolished()
        label.setFixedHeight(label.fontMetrics().lineSpacing() + 4)

    def set_result(self, text: str, stale: bool = False) -> None:
        """Show the answer line; ``stale`` greys it (the inputs changed since)."""
        self.resultLabel.setText(text)
        css = bold_label_css() + (colour_css(ROLE.stale) if stale else "")
        if css != self.resultLabel.styleSheet():
            self.resultLabel.setStyleSheet(css)
            self._fix_height(self.resultLabel)
        self.resultLabel.setToolTip(_("The inputs changed since this was solved.") if stale else "")

    def reset_result(self) -> None:
        """Back to the placeholder (given in English, marked with ``N_``)."""
        self.set_result(_(self.placeholder))

    def set_stale(self) -> None:
        """Grey the answer shown: it no longer matches the form."""
        self.set_result(self.resultLabel.text(), stale=True)

    def show_message(self, text: str, error: bool = False) -> None:
        """Show (or with "" clear) the message line; red for errors. Nothing moves."""
        self.messageLabel.setText(text)
        self.messageLabel.setStyleSheet(colour_css(ROLE.error_text) if error else "")
