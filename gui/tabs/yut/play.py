"""The play-along panel: where the game stands, the throw, every move of the turn, the log.

The panel is a view of a ``PlaySession`` over a ``solvers.yut.KnownGame`` or
``ExpectGame`` and reports what the user does through signals (a throw, a move,
a row looked at, Restart); the tab sends the matching moves to the session. No
rule of the game lives here.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gui.widgets.labels import caption
from gui.widgets.play_panel import NEW_GAME, move_log, status_label
from gui.widgets.tables import readonly_table, table_height
from solvers import yut
from solvers.i18n import N_, _, pgettext
from solvers.play_session import PlaySession

from .views import MOVE_HEADERS, compact_table, fill_moves, game_words, moves_caption, translated

__all__ = ["PlayPanel"]

IDLE = N_("Solve first; then play the game here, throw by throw, with every move's value.")


class PlayPanel(QGroupBox):
    """Status, the throw (unknown throws), the moves with their values, Play move, New game."""

    #: The die showed this face (unknown throws).
    throw_chosen = Signal(int)
    #: Play this move (a 1-based piece, or None when the throw is lost).
    move_chosen = Signal(object)
    #: The user looks at this move (draw its path), or None for no move.
    move_previewed = Signal(object)
    restart_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        # No title: the tab above already says "Play along", and a title costs a line.
        super().__init__("", parent)
        self.session: PlaySession | None = None
        self.moves: list[yut.Move] = []
        #: What the status says without a game (translated when shown).
        self.idle = IDLE
        self.statusLabel = status_label(_(IDLE))
        self.throwSpin = QSpinBox()
        self.throwSpin.setObjectName("threwSpin")
        self.throwSpin.setRange(1, yut.MAX_FACE)
        self.throwButton = QPushButton(pgettext("button", "Throw"))
        self.throwButton.setObjectName("throwButton")
        self.throwButton.setToolTip(_("Play the face set on the left (or change it to re-throw)"))
        self.rollButton = QPushButton(_("Roll the die"))
        self.rollButton.setObjectName("rollButton")
        self.rollButton.setToolTip(_("A random face, with the die's probabilities"))
        self.playButton = QPushButton(_("Play move"))
        self.playButton.setObjectName("playMoveButton")
        self.playButton.setToolTip(_("Play the move selected in the table (the best one if none)"))
        self.restartButton = QPushButton(_(NEW_GAME))
        self.restartButton.setObjectName("restartButton")
        self.table = compact_table(readonly_table(translated(MOVE_HEADERS), "movesTable"), (1, 2))
        self.table.setToolTip(
            _(
                "Every move of this throw; the last column is the final total if the rest is "
                "played best (expected, when the throws are unknown). Green: the best moves."
            )
        )
        # A move for each of four pieces in sight at 1024x700 (it showed three): the board
        # above gives up the height.
        self.table.setMinimumHeight(table_height(self.table, 4))
        self.log = move_log(_("The moves played so far, latest last"))

        self.throwButton.clicked.connect(lambda: self.throw_chosen.emit(self.throwSpin.value()))
        self.throwSpin.valueChanged.connect(self._rethrow)
        self.rollButton.clicked.connect(self._roll)
        self.playButton.clicked.connect(lambda: self.move_chosen.emit(self.selected_move()))
        self.restartButton.clicked.connect(self.restart_requested.emit)
        self.table.itemSelectionChanged.connect(
            lambda: self.move_previewed.emit(self.selected_move())
        )
        row = QHBoxLayout()
        for widget in (
            self.throwSpin,
            self.throwButton,
            self.rollButton,
            self.playButton,
            self.restartButton,
        ):
            row.addWidget(widget)
        row.addStretch(1)
        moves = QWidget()
        moves_column = QVBoxLayout(moves)
        moves_column.setContentsMargins(0, 0, 0, 0)
        moves_column.addWidget(self.table, 1)
        played = QWidget()
        played_column = QVBoxLayout(played)
        played_column.setContentsMargins(0, 0, 0, 0)
        played_column.addWidget(QLabel(_("Moves played:")))
        played_column.addWidget(self.log, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(moves)
        split.addWidget(played)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([450, 150])
        layout = QVBoxLayout(self)
        layout.addWidget(self.statusLabel)
        layout.addLayout(row)
        layout.addWidget(split, 1)
        # Under both columns: one line at 1024 px, where under the table it took two.
        self.captionLabel = caption(moves_caption(), "movesCaption")
        layout.addWidget(self.captionLabel)
        self.retranslate()

    def retranslate(self) -> None:
        """The texts built from values, in the language spoken now (the tab redraws the game)."""
        # "I threw a 3": the prefix is the sentence's start in English only.
        self.throwButton.setText(pgettext("button", "Throw"))
        prefix, _face, suffix = _("I threw a {face}").partition("{face}")
        self.throwSpin.setPrefix(prefix)
        self.throwSpin.setSuffix(suffix)
        self.table.setHorizontalHeaderLabels(translated(MOVE_HEADERS))
        self.captionLabel.setText(moves_caption())
        log = [self.log.item(i).text() for i in range(self.log.count())]
        self.show_game(self.session, log, self.idle)

    @property
    def game(self) -> yut.KnownGame | yut.ExpectGame | None:
        """The state drawn (None: no game)."""
        state = None if self.session is None else self.session.state
        return state if isinstance(state, yut.KnownGame | yut.ExpectGame) else None

    def show_game(self, session: PlaySession | None, log: list[str], idle: str = "") -> None:
        """Draw ``session``'s game and the moves played (None: ``idle`` says why).

        ``idle`` is English (it is translated here, again on a change of language); empty
        means ``IDLE``. The end compares the score with best play from the game's start.
        """
        self.session = session
        self.idle = idle or IDLE
        game = self.game
        self.moves = fill_moves(self.table, session)
        self.log.clear()
        self.log.addItems(log)
        self.log.scrollToBottom()
        self.statusLabel.setText(_(self.idle) if session is None else game_words(session))
        unknown = isinstance(game, yut.ExpectGame)
        live = game is not None and not game.over
        if isinstance(game, yut.ExpectGame):
            self.throwSpin.blockSignals(True)
            self.throwSpin.setRange(1, game.inputs.faces)
            if game.throw is not None:
                self.throwSpin.setValue(game.throw)
            self.throwSpin.blockSignals(False)
        chance = session is not None and session.at_chance
        for widget in (self.throwSpin, self.rollButton):
            widget.setEnabled(unknown and live)
        self.throwButton.setEnabled(chance)
        self.playButton.setEnabled(live and not chance)
        self.restartButton.setEnabled(game is not None)

    def selected_move(self) -> yut.Move:
        """The move selected in the table, else the best one (None: the throw is lost)."""
        rows = self.table.selectionModel().selectedRows()
        if rows and rows[0].row() < len(self.moves):
            return self.moves[rows[0].row()]
        session = self.session
        if session is None or not self.moves or not session.user_to_move:
            return None
        return session.solver_move()  # type: ignore[no-any-return]

    def _rethrow(self, face: int) -> None:
        # Changing the face after a throw asks again for the same turn ("what if a 3?").
        game = self.game
        if isinstance(game, yut.ExpectGame) and game.throw is not None and not game.over:
            self.throw_chosen.emit(face)

    def _roll(self) -> None:
        game = self.game
        if game is None:
            return
        chances = game.chances() if game.to_move == "chance" else {}
        if not chances and isinstance(game, yut.ExpectGame):
            chances = dict(enumerate(game.inputs.probabilities, start=1))
        faces = [face for face, p in chances.items() if p > 0]
        if faces:
            face = random.choices(faces, weights=[chances[f] for f in faces])[0]
            assert isinstance(face, int)
            self.throw_chosen.emit(face)
