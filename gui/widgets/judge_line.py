"""The judge's exact output for the shown result: a read-only field with a Copy button.

Competitive programmers compare it with their own program's output, so it holds
exactly what ``python -m solvers GAME`` prints for the case, nothing more, and
greys with the answer line when the inputs changed since.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from gui.widgets.theme import ROLE, colour_css
from solvers.i18n import _

__all__ = ["JudgeLine"]


class JudgeLine(QWidget):
    """``judgeOutput`` (read-only, selectable) and ``copyJudgeButton``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        label = QLabel(_("Judge output:"))
        self.judgeOutput = QLineEdit()
        self.judgeOutput.setObjectName("judgeOutput")
        self.judgeOutput.setReadOnly(True)
        self.judgeOutput.setPlaceholderText(_("not solved yet"))
        self.judgeOutput.setToolTip(_("Exactly what the judge prints for these inputs"))
        self.judgeOutput.setMinimumWidth(90)
        self.judgeOutput.setMaximumWidth(200)
        label.setBuddy(self.judgeOutput)
        self.copyJudgeButton = QToolButton()
        self.copyJudgeButton.setObjectName("copyJudgeButton")
        self.copyJudgeButton.setText(_("Copy"))
        self.copyJudgeButton.setToolTip(_("Copy the judge output to the clipboard"))
        self.copyJudgeButton.clicked.connect(self.copy)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(label)
        layout.addWidget(self.judgeOutput)
        layout.addWidget(self.copyJudgeButton)
        self.show_output("")

    def show_output(self, text: str, stale: bool = False) -> None:
        """Show ``text`` (the judge's output; "" when nothing is solved); greyed if ``stale``."""
        self.judgeOutput.setText(text)
        self.judgeOutput.setCursorPosition(0)
        self.judgeOutput.setStyleSheet(colour_css(ROLE.stale) if stale and text else "")
        # An answer of earlier inputs is shown, greyed, but never copied as if current.
        self.copyJudgeButton.setEnabled(bool(text) and not stale)

    def set_stale(self, stale: bool) -> None:
        """Grey (or un-grey) the output shown: it belongs to the previous inputs."""
        self.show_output(self.judgeOutput.text(), stale)

    def copy(self) -> None:
        """Put the judge output on the clipboard."""
        QGuiApplication.clipboard().setText(self.judgeOutput.text())
