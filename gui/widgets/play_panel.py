"""The frame of a "play against the solver" panel, shared by the Nim and Xoinc tabs.

It owns the widgets every such panel has (which side you play, New game, Take, Hint,
the position line, the move log) and their layout; a game's panel adds its own move
inputs and logic.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

__all__ = ["PlayPanelFrame"]


class PlayPanelFrame(QGroupBox):
    """Side chooser, New game, position line, move row and log, laid out once."""

    def __init__(
        self,
        sides: Sequence[str],
        new_game_text: str,
        idle_text: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Play against the solver", parent)
        self.sideCombo = QComboBox()
        self.sideCombo.setObjectName("sideCombo")
        self.sideCombo.addItems(list(sides))
        self.newButton = QPushButton(new_game_text)
        self.newButton.setObjectName("newGameButton")
        self.takeButton = QPushButton("Take")
        self.takeButton.setObjectName("takeButton")
        self.hintButton = QPushButton("Hint")
        self.hintButton.setObjectName("hintButton")
        self.positionLabel = QLabel(idle_text)
        self.positionLabel.setObjectName("positionLabel")
        self.positionLabel.setWordWrap(True)
        self.positionLabel.setStyleSheet("font-weight: 600;")
        self.log = QListWidget()
        self.log.setObjectName("playLog")
        self.log.setWordWrap(True)
        self._move_controls: list[QWidget] = []

    def arrange(
        self,
        inputs: Sequence[QWidget],
        extras: Sequence[QWidget] = (),
        middle: QWidget | None = None,
    ) -> None:
        """Lay out: side and New game; position; ``inputs`` + Take + Hint + ``extras``; log.

        ``inputs``, Take and Hint are the move controls, enabled only while it is the
        user's turn; ``middle`` (e.g. a table of every move's value) sits above the log.
        """
        self._move_controls = [*inputs, self.takeButton, self.hintButton]
        top = QHBoxLayout()
        top.addWidget(self.sideCombo)
        top.addWidget(self.newButton)
        top.addStretch(1)
        moves = QHBoxLayout()
        for widget in (*self._move_controls, *extras):
            moves.addWidget(widget)
        moves.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.positionLabel)
        layout.addLayout(moves)
        if middle is not None:
            layout.addWidget(middle, 1)
        layout.addWidget(self.log, 2 if middle is not None else 1)
        self.set_move_controls(False)

    def set_move_controls(self, enabled: bool) -> None:
        """Enable the move inputs, Take and Hint (only on the user's turn)."""
        for widget in self._move_controls:
            widget.setEnabled(enabled)
