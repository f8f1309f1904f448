"""What every "play against the solver" panel shares.

``PlayPanelFrame`` (the Nim and Xoinc panels) owns the widgets every such panel has
(which side you play, New game, Take, Hint, the position line, the move log) and
their layout; a game's panel adds its own move inputs and logic. ``GameRestarter``
(every play tab) restarts the game in play from the inputs whenever they change.
Every panel is a view of a ``solvers.play_session.PlaySession``; the words it uses
for the same things (whose move, the best move's ★, what a move costs) come from
the helpers here, so every tab says them alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer
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

from gui.widgets.labels import reserve_lines
from gui.widgets.message_area import EXAMPLE_LOADED, MessageArea
from solvers.i18n import N_, _, pgettext
from solvers.play_session import PlaySession, Units

__all__ = [
    "BEST_MARK",
    "NEW_GAME",
    "RESTARTED",
    "RESTARTING",
    "RESTART_CANCELLED",
    "SIDES",
    "GameRestarter",
    "PlayPanelFrame",
    "best_label",
    "costs_you",
    "invalid_text",
    "mistake_words",
    "move_log",
    "mover_words",
    "show_play_headline",
    "status_label",
]

#: The button that starts a game, in every tab (English, marked: said with ``_()``).
NEW_GAME = N_("New game")
#: The side chooser's choices, in every tab that has one.
SIDES = (N_("I move first"), N_("I move second"))
# These three are English (marked): the restarter says them with ``_()``.
#: The first line of a game that a change of the inputs restarted.
RESTARTED = N_("The inputs changed: the game restarted from them.")
#: On the panel between the edit and the restart (the old game is over at once).
RESTARTING = N_("The inputs changed: restarting the game from them…")
#: On the panel when Cancel or Esc stopped a restart.
RESTART_CANCELLED = N_("Cancelled: the game did not restart.")
#: Edits closer together than this restart the game once (typing a number, a paste).
RESTART_DELAY_MS = 250


#: Marks the best move (or moves: ties are all marked) in every play panel.
BEST_MARK = "★"


def best_label(text: str, best: bool) -> str:
    """``text`` with the best-move mark in front when ``best``."""
    return f"{BEST_MARK} {text}" if best else text


def costs_you(units: Units, cost: float) -> str:
    """What a move costs against the best one, as every panel writes it ("nothing" if best)."""
    return pgettext("move cost", "nothing") if cost == 0 else units.cost_text(cost)


def mistake_words(units: Units, cost: float, best: str) -> str:
    """How every log says a move was not a best one: what was best, what it cost ("" if best).

    ``best`` names the best move (or moves) in the game's own words.
    """
    if cost == 0:
        return ""
    amount = costs_you(units, cost)
    if units.percent:  # "2.030 percentage points" alone does not say of what
        amount = _("{amount} of {value}").format(amount=amount, value=_(units.value))
    return _("Best was {best}: this costs you {amount}.").format(best=best, amount=amount)


def mover_words(your_move: bool) -> str:
    """Whose move it is, in the words of every tab."""
    return _("your move") if your_move else _("the solver moves")


def invalid_text(exc: Exception) -> str:
    """The panel's line while the edited inputs are not valid: no game, no moves."""
    return _("No game: the inputs are not valid ({reason}). It restarts once they are.").format(
        reason=exc
    )


def show_play_headline(messages: MessageArea, game: tuple[bool, bool] | None) -> None:
    """The answer line while a game runs with nothing solved: it speaks of the game, not Solve.

    ``game`` is (over, your move), or None when no game runs (back to the placeholder).
    """
    if game is None:
        messages.reset_result()
        return
    over, your_move = game
    if messages.messageLabel.text() == _(EXAMPLE_LOADED):
        messages.show_message("")  # old news once a game is on
    if over:
        messages.set_result(_("Playing: game over (see the play panel)"))
    else:
        messages.set_result(
            _("Playing against the solver: {whose}").format(whose=mover_words(your_move))
        )


def status_label(text: str, name: str = "playStatus", lines: int = 2) -> QLabel:
    """A play panel's status line: bold, wrapped, ``lines`` lines high at least.

    The room is kept whatever the text says, so that the buttons below never move when a
    status takes two lines instead of one (a click aimed at Take would land elsewhere).
    """
    label = QLabel(text)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setStyleSheet("font-weight: 600;")
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    return reserve_lines(label, lines)


class GameRestarter(QObject):
    """Restarts a tab's play game from its inputs after every edit, once they are valid.

    The tab calls ``inputs_changed()`` after every change of its inputs (typing, paste,
    import, example, undo, session, options). When a game is in play or being prepared
    (``playing()``), or was at an earlier edit, the old game ends at
    once (``end(RESTARTING)``: no move on stale inputs); after a short pause, so a burst
    of edits restarts once, valid inputs go to ``restart(inputs)``, which starts the
    game's worker job the way New game does (that replaces any pending job); invalid
    ones go to ``end(invalid_text(exc))`` and the restart waits for the next edit.
    The new game takes ``take_note()`` as its first log line. Once the user asked for a game
    (``game_requested()``) or one was in play at an edit, every later edit restarts it, even
    when the restart failed, was cancelled or waits for valid inputs (``wanted``).
    """

    def __init__(
        self,
        read_inputs: Callable[[], Any],
        playing: Callable[[], bool],
        end: Callable[[str], None],
        restart: Callable[[Any], object],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._read_inputs = read_inputs
        self._playing = playing
        self._end = end
        self._restart = restart
        self._wanted = False
        self._restarted = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RESTART_DELAY_MS)
        self._timer.timeout.connect(self._fire)

    @property
    def wanted(self) -> bool:
        """Whether edits restart the game (one was asked for, or in play at an edit)."""
        return self._wanted

    @property
    def pending(self) -> bool:
        """Whether a restart waits for the pause after the last edit."""
        return self._timer.isActive()

    def game_requested(self) -> None:
        """The user asked for a game (New game): from now on every edit restarts it."""
        self._wanted = True

    def inputs_changed(self) -> bool:
        """The inputs changed: end the game in play and restart it after the pause.

        Returns whether a restart is on its way (False: there was no game to restart).
        """
        if not (self._wanted or self._playing()):
            return False
        self._wanted = True
        self._end(_(RESTARTING))
        self._timer.start()
        return True

    def take_note(self) -> str:
        """``RESTARTED`` once after a restart (the new game's first log line), else ""."""
        restarted, self._restarted = self._restarted, False
        return _(RESTARTED) if restarted else ""

    def idle_text(self, idle: str) -> str:
        """What a panel with no game says: ``RESTARTING`` while a restart waits, else ``idle``."""
        return _(RESTARTING) if self.pending else idle

    def cancel(self) -> None:
        """Drop a restart waiting for its pause or on its way (Cancel and Esc stop everything).

        The panel then says so: it would otherwise keep saying that the game is restarting.
        """
        stopped = self._timer.isActive() or self._restarted
        self._timer.stop()
        if stopped:
            self._restarted = False
            self._end(_(RESTART_CANCELLED))

    def failed(self, text: str) -> None:
        """The restart's job failed: the panel says ``text`` (once; no restart is on its way)."""
        if self._restarted:
            self._restarted = False
            self._end(text)

    def _fire(self) -> None:
        try:
            inputs = self._read_inputs()
        except ValueError as exc:
            self._end(invalid_text(exc))
            return
        self._restarted = True
        self._restart(inputs)


def move_log(tip: str) -> QListWidget:
    """The list of moves played, one entry each, long ones wrapped (never cut at the edge)."""
    log = QListWidget()
    log.setObjectName("playLog")
    log.setWordWrap(True)
    log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    log.setToolTip(_(tip))  # a tab may give the English text, marked where it is written
    # Two lines at least (it scrolls): a small window gives its height to the answer's picture.
    log.setMinimumHeight(2 * log.fontMetrics().lineSpacing() + 8)
    return log


class PlayPanelFrame(QGroupBox):
    """Side chooser, New game, position line, move row and log, laid out once."""

    def __init__(
        self,
        sides: Sequence[str],
        new_game_text: str,
        idle_text: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.sideCombo = QComboBox()
        self.sideCombo.setObjectName("sideCombo")
        # As wide as its words in the language spoken now, not in the first one.
        self.sideCombo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.sideCombo.addItems(list(sides))
        self.newButton = QPushButton(new_game_text)
        self.newButton.setObjectName("newGameButton")
        self.takeButton = QPushButton()
        self.takeButton.setObjectName("takeButton")
        self.hintButton = QPushButton()
        self.hintButton.setObjectName("hintButton")
        self.positionLabel = status_label(idle_text, "positionLabel")
        self.log = move_log(N_("The moves played so far, latest last"))
        self._move_controls: list[QWidget] = []
        self.name_frame()
        #: The game in play (None: no game).
        self.session: PlaySession | None = None

    @property
    def state(self) -> Any:
        """The play state of the game in play (None: no game)."""
        return None if self.session is None else self.session.state

    def headline(self) -> tuple[bool, bool] | None:
        """(over, your move) for ``show_play_headline``, None with no game."""
        session = self.session
        return None if session is None else (session.over, session.user_to_move)

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
        # The table of every move's value is what a player reads; the log only needs its
        # last few lines (with the log at twice the table's share, 3 rows showed at 1024x700).
        if middle is not None:
            layout.addWidget(middle, 3)
        layout.addWidget(self.log, 1)
        self.set_move_controls(False)

    def retranslate(self) -> None:
        """Say the position again in the language spoken now (the log keeps its lines).

        Its own words are said again (short ones like Take are other areas' words too,
        which ``gui.i18n`` cannot tell apart); the position line is built from the game.
        """
        self.name_frame()
        if self.session is not None:
            self._after_move()

    def name_frame(self) -> None:
        """The frame's own words (title, Take, Hint) in the language spoken now.

        Short words like Take are other areas' words too, which ``gui.i18n`` cannot tell
        apart: the tab calls this on a language change, whatever the panel's own
        ``retranslate`` does.
        """
        self.setTitle(_("Play against the solver"))
        self.takeButton.setText(_("Take"))
        self.hintButton.setText(_("Hint"))
        self.log.setToolTip(_("The moves played so far, latest last"))

    def inputs_checked(self, reason: str | None) -> None:
        """The form's inputs are valid (None) or not (``reason``).

        New game waits for valid inputs, as the other tabs' games do, and says why on a hover.
        """
        self.newButton.setEnabled(reason is None)
        self.newButton.setToolTip(reason or "")

    def set_move_controls(self, enabled: bool) -> None:
        """Enable the move inputs, Take and Hint (only on the user's turn)."""
        for widget in self._move_controls:
            widget.setEnabled(enabled)

    # ----- the turn cycle both two-player panels share ----------------------------------------
    def record_user_move(self, after: PlaySession, text: str) -> bool:
        """Log the user's move as ``text``, make ``after`` the game, let the solver answer."""
        self.log.addItem(text)
        self.session = after
        if after.solver_to_move:
            self._solver_move()
        self._after_move()
        return True

    def _solver_move(self) -> None:
        """Play the session's solver move and log it (each panel's own words)."""
        session = self.session
        assert session is not None
        move = session.solver_move()
        self.session = session.play(move)
        self.log.addItem(self.solver_words(session, move))

    def solver_words(self, before: PlaySession, move: Any) -> str:
        """The log line of the solver's ``move`` made in ``before`` (each panel's own)."""
        raise NotImplementedError

    def _after_move(self) -> None:
        """Redraw the position and the move controls (each panel's own)."""
        raise NotImplementedError
