"""The "Why" page of a tab: a game's explanation, step by step, with copy and export.

``WhyView`` shows the steps of ``solvers.<game>.explain`` as HTML in a read-only text
view (objectName ``explainView``). Each step's title is a link: hovering or clicking it
emits ``step_selected(step)``, so the tab can highlight what the step refers to on its
board, table or plot. **Copy as text** puts the steps on the clipboard as plain text with
aligned tables; **Export explanation…** writes Markdown or HTML by the file's extension,
atomically.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gui.files import atomic_write
from gui.widgets.dialogs import save_file
from gui.widgets.theme import CAPTION_CSS
from solvers.explain import Step, step_of_anchor, to_html, to_markdown, to_text
from solvers.i18n import N_, _

__all__ = ["EXPORT_FILTER", "WhyView", "explanation_text"]

#: File types of "Export explanation…"; the extension decides the format (shown with ``_()``).
EXPORT_FILTER = N_("Markdown (*.md);;HTML (*.html)")


def explanation_text(steps: Sequence[Step], path: str | Path, title: str = "") -> str:
    """The file contents for ``path``: Markdown for ``.md``, HTML (titled) for ``.html``."""
    title = title or _("Explanation")
    suffix = Path(path).suffix.lower()
    if suffix in (".md", ".markdown"):
        return to_markdown(steps)
    if suffix in (".html", ".htm"):
        return to_html(steps, title=title)
    raise ValueError(
        _("{name}: choose a .md (Markdown) or .html file").format(name=Path(path).name)
    )


#: Pixels a page may stick out sideways without a scroll bar (Qt's rounding of tables).
SIDEWAYS_SLACK_PX = 2


class WhyView(QWidget):
    """The steps of an explanation, readable, selectable, copyable and exportable."""

    #: A step the user pointed at (hovered or clicked title).
    step_selected = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stale = False
        self.setObjectName("whyView")
        self._steps: tuple[Step, ...] = ()
        self._title = ""
        self.explainView = QTextBrowser(self)
        self.explainView.setObjectName("explainView")
        self.explainView.setReadOnly(True)
        # Links are the step titles: they select a step, they never navigate.
        self.explainView.setOpenLinks(False)
        self.explainView.setOpenExternalLinks(False)
        # Qt lays a table that fills the page out one pixel wider than the page: a scroll
        # bar for that pixel would only hide a line of text.
        bar = self.explainView.horizontalScrollBar()
        bar.rangeChanged.connect(lambda _lo, hi: self._sideways(hi))
        self.explainView.anchorClicked.connect(self._pointed)
        self.explainView.highlighted.connect(self._pointed)
        self.copyButton = QPushButton(_("Copy as text"), self)
        self.copyButton.setObjectName("copyExplanationButton")
        self.copyButton.clicked.connect(self.copy_text)
        self.exportButton = QPushButton(_("Export explanation…"), self)
        self.exportButton.setObjectName("exportExplanationButton")
        self.exportButton.clicked.connect(self.choose_export_file)
        # The step titles are the links: without a word, nobody would think of pointing at them.
        self.hintLabel = QLabel(_("Point at a step's title: the picture shows what it speaks of."))
        self.hintLabel.setObjectName("whyHint")
        self.hintLabel.setStyleSheet(CAPTION_CSS)
        self.hintLabel.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.hintLabel, 1)
        buttons.addWidget(self.copyButton)
        buttons.addWidget(self.exportButton)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.explainView, 1)
        layout.addLayout(buttons)
        self._enable()

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps shown (empty when cleared)."""
        return self._steps

    def show_steps(self, steps: Sequence[Step], title: str = "") -> None:
        """Show ``steps``, replacing what was shown (the view scrolls back to the top).

        ``title`` names an exported HTML page (e.g. the game and its answer; default:
        "Explanation" in the language spoken when it is exported).
        """
        self._steps = tuple(steps)
        self._title = title
        self._stale = False
        self.explainView.setEnabled(True)
        self.explainView.setHtml(to_html(self._steps, document=False))
        self._enable()

    def set_stale(self, stale: bool) -> None:
        """Grey the derivation shown: it belongs to earlier inputs (nothing copies it then)."""
        self._stale = stale
        self.explainView.setEnabled(not stale)
        self._enable()

    def clear(self) -> None:
        """Show nothing (e.g. while the result shown is not current)."""
        self._steps = ()
        self.explainView.clear()
        self._enable()

    def _enable(self) -> None:
        usable = bool(self._steps) and not self._stale
        self.copyButton.setEnabled(usable)
        self.exportButton.setEnabled(usable)

    def _sideways(self, overflow: int) -> None:
        off = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        policy = off if overflow <= SIDEWAYS_SLACK_PX else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        if self.explainView.horizontalScrollBarPolicy() != policy:
            self.explainView.setHorizontalScrollBarPolicy(policy)

    def _pointed(self, url: QUrl) -> None:
        index = step_of_anchor(url.toString())
        if index is not None and 0 <= index < len(self._steps):
            self.step_selected.emit(self._steps[index])

    def copy_text(self) -> None:
        """Put the steps on the clipboard as plain text."""
        QGuiApplication.clipboard().setText(to_text(self._steps))

    def export(self, path: str | Path) -> None:
        """Write the steps to ``path`` (``.md`` or ``.html``) atomically; ``ValueError`` else."""
        atomic_write(path, explanation_text(self._steps, path, self._title))

    def choose_export_file(self) -> None:
        """Ask where to export the explanation and write it; a failure is shown, not raised."""
        title, filters = _("Export explanation"), _(EXPORT_FILTER)
        path, chosen = save_file(self, "explanation", title, "explanation.md", filters)
        if not path:
            return
        if not Path(path).suffix:
            path += ".html" if "html" in chosen.lower() else ".md"
        try:
            self.export(path)
        except (OSError, ValueError) as exc:
            text = _("{path} was not saved: {reason}").format(path=path, reason=exc)
            QMessageBox.warning(self, _("Explanation not saved"), text)
