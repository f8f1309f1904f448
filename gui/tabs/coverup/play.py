"""The play-along panel: where the game stands, Next turn / New game, the pick combinations.

The panel is a view of a ``PlaySession`` over a ``solvers.coverup.CoverUpGame``
and reports what the user does (Next turn, Restart, another pick combination)
through signals; the tab sends the matching moves to the session. No rule of the game lives here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gui.widgets.labels import caption
from gui.widgets.play_panel import NEW_GAME, move_log, status_label
from solvers import coverup as cu
from solvers.i18n import N_, _
from solvers.play_session import PlaySession

from .views import alternatives_caption, alternatives_table, fill_alternatives, turn_words

__all__ = ["IDLE", "PlayPanel"]

IDLE = N_("Solve first; then follow the game turn by turn here and in the digit table.")


class PlayPanel(QGroupBox):
    """Turn status, Next turn / New game, every pick combination of the turn and a log."""

    #: The user picked another combination in the table (a ``cu.Picks``).
    picks_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Play along"), parent)
        self.statusLabel = status_label(_(IDLE))
        self.nextButton = QPushButton(_("Next turn"))
        self.nextButton.setObjectName("nextTurnButton")
        self.nextButton.setToolTip(_("Apply the ticks of the “Cover this turn” column"))
        self.restartButton = QPushButton(_(NEW_GAME))
        self.restartButton.setObjectName("restartButton")
        self.alternatives = alternatives_table()
        self.alternatives.cellClicked.connect(self._clicked)
        self.log = move_log(
            _(
                "The turns played so far, one entry per column left to right: the digit"
                " covered, ✓ right, ✗ wrong; · the column was already solved"
            )
        )
        top = QHBoxLayout()
        top.addWidget(self.statusLabel, 1)
        top.addWidget(self.nextButton)
        top.addWidget(self.restartButton)
        # Two single-line rows and the header stay in sight at 1024x700, in every language.
        row_height = self.alternatives.verticalHeader().defaultSectionSize()
        header_height = self.alternatives.horizontalHeader().sizeHint().height()
        self.alternatives.setMinimumHeight(2 * row_height + header_height + 4)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.alternatives)
        split.addWidget(self.log)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        # The log needs a turn per line; the table its five pick columns unelided.
        split.setSizes([450, 210])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        # Under both (not under the narrow table alone): one line at 1024 px.
        self.caption = caption(alternatives_caption(), "alternativesCaption")
        layout.addWidget(self.caption)
        self._options: list[cu.Picks] = []
        self.show_game(None, [])

    def _clicked(self, row: int, _column: int) -> None:
        if 0 <= row < len(self._options):
            self.picks_chosen.emit(self._options[row])

    def retranslate(self) -> None:
        """Say the texts that hold the best mark again (the tab then shows its game again)."""
        self.caption.setText(alternatives_caption())
        self.alternatives.setToolTip(alternatives_caption())

    def show_game(self, session: PlaySession | None, log: list[str], idle: str = IDLE) -> None:
        """Status, pick combinations and log of ``session`` (None: no game, ``idle`` says why).

        ``idle`` is a marked English text (``N_``): it is said in the language spoken now.
        """
        self.nextButton.setEnabled(session is not None and not session.over)
        self.restartButton.setEnabled(session is not None)
        self._options = fill_alternatives(self.alternatives, session)
        self.log.clear()
        self.log.addItems(log)
        self.log.scrollToBottom()
        self.statusLabel.setText(_(idle) if session is None else turn_words(session))
