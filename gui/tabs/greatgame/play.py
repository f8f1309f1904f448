"""Play a match throw by throw against the fixed opponent, every hand valued.

The panel is a view of a ``PlaySession`` over a ``solvers.greatgame.GreatGamePlay``
and sends it moves: your hand (one of three buttons, each showing your chance to
win the match if you play it, the best one marked), then the opponent's hand,
which you report (three buttons with the throw's percentages) or let the app
draw from the percentages (the state's chance node). The first position is built by the
solver's ``new_game`` in a worker process through the panel's own
``SolveController``; New match goes back to it. No rule lives here.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.controller import Job, JobFailure, SolveController
from gui.widgets.labels import caption
from gui.widgets.play_panel import NEW_GAME, best_label, mistake_words, move_log, status_label
from gui.widgets.theme import ROLE, colour_css
from solvers import greatgame
from solvers.greatgame import GreatGameInputs, GreatGamePlay, Hand
from solvers.greatgame.model import hand_name
from solvers.i18n import N_, _
from solvers.play_session import GAME_UNITS, PlaySession

__all__ = ["IDLE", "GreatGamePlayPanel", "match_percent", "position_words"]

IDLE = N_("Solve first; then play a match here, throw by throw, against the opponent in the table.")
WAITING = N_("Setting up the match…")
STOPPED = N_("Setting up the match was stopped; press “New game”.")
LEGEND = N_(
    "Each of your hands shows your chance to win the match if you play it now;"
    " ★ marks the best (on green). Then report the opponent's hand, or let the app draw"
    " it. The heat map outlines the current throw and round score."
)
#: A throw's log line by its points for you (the hands are named in it).
THROW_WORDS = {
    1: N_("Round {round}, throw {throw}: you played {yours}, the opponent {theirs}: you score."),
    0: N_("Round {round}, throw {throw}: you played {yours}, the opponent {theirs}: no score."),
    -1: N_(
        "Round {round}, throw {throw}: you played {yours}, the opponent {theirs}:"
        " the opponent scores."
    ),
}
#: What the end of a round adds to its last throw's line, by the round's outcome.
ROUND_WORDS = {
    1: N_("Round won ({score}); lead now {lead}."),
    0: N_("Round tied ({score}); lead now {lead}."),
    -1: N_("Round lost ({score}); lead now {lead}."),
}
UNITS = GAME_UNITS["greatgame"]


def this_throw(session: PlaySession) -> PlaySession | None:
    """Where your hand of this throw is (or was) chosen; None once the match is over.

    Its values stay shown while the opponent's hand is awaited.
    """
    if session.over:
        return None
    return session if session.user_to_move else session.undo()


def position_words(state: GreatGamePlay) -> str:
    """Where the match stands, in words."""
    inputs = state.match.inputs
    rounds = state.rounds_won + state.rounds_tied + state.rounds_lost
    score = _(
        "Rounds so far: won {won}, tied {tied}, lost {lost} (lead {lead}; the match is won at"
        " +{win_by} and lost at -{lose_by})."
    ).format(
        won=state.rounds_won,
        tied=state.rounds_tied,
        lost=state.rounds_lost,
        lead=f"{state.lead:+d}",
        win_by=inputs.win_by,
        lose_by=inputs.lose_by,
    )
    if state.over:
        verdict = _("You won the match!") if state.score == 1.0 else _("You lost the match.")
        return _("{verdict} {score}").format(verdict=verdict, score=score)
    where = _(
        "Round {round}, throw {throw} of {throws}; round score {score} (you minus opponent)."
        " Your chance to win the match: {chance}."
    ).format(
        round=rounds + 1,
        throw=state.throw + 1,
        throws=inputs.throws,
        score=f"{state.round_score:+d}",
        chance=match_percent(state.value),
    )
    return _("{where} {score}").format(where=where, score=score)


class GreatGamePlayPanel(QGroupBox):
    """Your hand (valued), the opponent's hand (reported or drawn), New game, the log."""

    #: The position changed (a ``GreatGamePlay``, or None when there is no match).
    position_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = SolveController(self)
        self.controller.finished.connect(self._started)
        self.controller.failed.connect(self._failed)
        self.controller.cancelled.connect(self._cancelled)
        #: The inputs of the match being played or built (None: no match).
        self.inputs: GreatGameInputs | None = None
        #: The match in play (None: no match, or it is being set up).
        self.session: PlaySession | None = None
        self.rng = random.Random()
        #: What the hand just chosen cost against the best one (for the throw's log line).
        self._cost: Callable[[], str] = str
        #: Each log line as a function that writes it in the language spoken now.
        self._lines: list[Callable[[], str]] = []
        #: The first log line of the match being built (why it started), or "".
        self._note = ""
        #: What the status line says when no match is shown (a text to translate).
        self._status: Callable[[], str] = lambda: _(IDLE)
        self.statusLabel = status_label("", lines=3)  # at 1024x700 it takes three lines
        self.newButton = QPushButton()
        self.newButton.setObjectName("newMatchButton")
        self.newButton.clicked.connect(lambda: self.new_match())
        self.handButtons = {h: self._button(f"handButton_{h.name.lower()}") for h in Hand}
        self.opponentButtons = {h: self._button(f"opponentButton_{h.name.lower()}") for h in Hand}
        for hand in Hand:
            self.handButtons[hand].clicked.connect(lambda _=False, h=hand: self.play(h))
            self.opponentButtons[hand].clicked.connect(lambda _=False, h=hand: self.play(h))
        self.drawButton = self._button("drawButton")
        self.drawButton.clicked.connect(lambda: self.draw())
        self.log = move_log("")

        top = QHBoxLayout()
        top.addWidget(self.statusLabel, 1)
        top.addWidget(self.newButton)
        yours = QHBoxLayout()
        self.yoursLabel = QLabel()
        yours.addWidget(self.yoursLabel)
        for button in self.handButtons.values():
            yours.addWidget(button, 1)
        theirs = QHBoxLayout()
        self.theirsLabel = QLabel()
        theirs.addWidget(self.theirsLabel)
        for button in self.opponentButtons.values():
            theirs.addWidget(button, 1)
        theirs.addWidget(self.drawButton)
        self.legend = caption("", lines=3)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(yours)
        layout.addLayout(theirs)
        layout.addWidget(self.legend)
        layout.addWidget(self.log, 1)
        self.retranslate()

    def retranslate(self) -> None:
        """Every text of the panel, the log included, in the language spoken now."""
        self.setTitle(_("Play a match against this opponent"))
        self.newButton.setText(_(NEW_GAME))
        self.newButton.setToolTip(_("Start again from lead 0, round 1, throw 1"))
        self.drawButton.setText(_("Draw it from the percentages"))
        self.drawButton.setToolTip(
            _("Let the app pick the opponent's hand at random, as they would")
        )
        self.log.setToolTip(_("The throws played so far, latest last"))
        self.yoursLabel.setText(_("You play:"))
        self.theirsLabel.setText(_("Opponent:"))
        self.legend.setText(_(LEGEND))
        self.log.clear()
        self.log.addItems([line() for line in self._lines])
        self._show()

    def _say(self, status: Callable[[], str]) -> None:
        """Show ``status`` now and again after a change of language."""
        self._status = status
        self.statusLabel.setText(status())

    def _log(self, line: Callable[[], str]) -> None:
        """Add a log line that a change of language writes again."""
        self._lines.append(line)
        self.log.addItem(line())
        self.log.scrollToBottom()

    def _clear_log(self) -> None:
        self._lines = []
        self.log.clear()

    @staticmethod
    def _button(name: str) -> QPushButton:
        button = QPushButton()
        button.setObjectName(name)
        return button

    @property
    def first(self) -> GreatGamePlay | None:
        """The first position of the match (None: no match, or it is being set up)."""
        first = None if self.session is None else self.session.start
        return first if isinstance(first, GreatGamePlay) else None

    @property
    def state(self) -> GreatGamePlay | None:
        """The position of the match in play."""
        state = None if self.session is None else self.session.state
        return state if isinstance(state, GreatGamePlay) else None

    @property
    def busy(self) -> bool:
        """Whether the first position is being built."""
        return self.controller.busy

    # ----- starting ----------------------------------------------------------------------
    def start(self, inputs: GreatGameInputs, note: str = "") -> None:
        """Build a match on ``inputs`` in a worker process (replacing any match).

        ``note`` opens the match's log (e.g. it restarted because the inputs changed).
        """
        self.inputs = inputs
        self._note = note
        self.session = None
        self._clear_log()
        self._say(lambda: _(WAITING))
        self._show()
        self.controller.start(Job(greatgame.new_game, (inputs,)))

    def clear(self, reason: str = IDLE) -> None:
        """No match (the inputs changed or there is no result): stop building one; say why.

        ``reason`` is an English text marked with ``N_`` (translated here and again on a
        change of language) or one already translated.
        """
        self.controller.cancel()
        self.inputs = None
        self.session = None
        self._clear_log()
        self._say(lambda: _(reason))
        self._show()

    def _started(self, state: GreatGamePlay) -> None:
        self.session = PlaySession.of("greatgame", state)
        self.new_match()
        if self._note:
            note = self._note
            self._log(lambda: _(note))

    def _failed(self, failure: JobFailure) -> None:
        self._say(lambda: _("The match could not be set up: {reason}").format(reason=failure))
        self._show()

    def _cancelled(self) -> None:
        if self.inputs is not None:
            self._say(lambda: _(STOPPED))
            self._show()

    def new_match(self) -> None:
        """Back to the first position of the match (nothing is recomputed).

        When the first position was never built (stopped or failed), build it again.
        """
        if self.session is None:
            if self.inputs is not None and not self.busy:
                self.start(self.inputs)
            return
        self.session = self.session.restart()
        self._clear_log()
        self._show()

    # ----- moves -------------------------------------------------------------------------
    def play(self, hand: Hand) -> bool:
        """Send ``hand`` to the state: yours at your turn, the opponent's at the chance node."""
        session = self.session
        if session is None or session.over:
            return False
        try:
            after = session.play(hand)
        except ValueError as exc:
            self.statusLabel.setText(str(exc))
            return False
        if session.user_to_move:
            self._cost = lambda: _cost_words(session, hand)
        if after.user_to_move or after.over:
            before, now, cost = session.state, after.state, self._cost
            self._log(lambda: _throw_words(before, now) + cost())
        self.session = after
        self._show()
        return True

    def draw(self) -> Hand | None:
        """Draw the opponent's hand from this throw's percentages and play it."""
        session = self.session
        if session is None or not session.at_chance:
            return None
        chances = session.chances()
        hands = list(chances)
        hand = self.rng.choices(hands, weights=[chances[h] for h in hands])[0]
        return hand if self.play(hand) else None

    # ----- drawing -----------------------------------------------------------------------
    def _show(self) -> None:
        session, state = self.session, self.state
        throw = None if session is None else this_throw(session)
        values = {} if throw is None else throw.values()
        best = [] if throw is None else throw.best_moves()
        mine = session is not None and session.user_to_move
        at_chance = session is not None and session.at_chance
        for hand, button in self.handButtons.items():
            name = hand_name(hand).capitalize()
            if hand in values:
                is_best = hand in best
                played = "▶ " if state is not None and state.hand is hand else ""
                chance = _("{hand}: {chance}").format(hand=name, chance=match_percent(values[hand]))
                button.setText(played + best_label(chance, is_best))
                tip = (
                    _("Your chance to win the match if you play {hand} now (the best hand)")
                    if is_best
                    else _("Your chance to win the match if you play {hand} now")
                )
                button.setToolTip(tip.format(hand=hand_name(hand)))
                # The colours are set for every state: the best hand stays readable (not
                # greyed) while the buttons are off, waiting for the opponent's hand.
                button.setStyleSheet(
                    colour_css(ROLE.best, "background-color")
                    + colour_css(ROLE.best_text)  # as the best row of every table
                    + " font-weight: 600;"
                    if is_best
                    else ""
                )
            else:
                button.setText(name)
                button.setToolTip("")
                button.setStyleSheet("")
            button.setEnabled(mine)
        chances = {} if session is None else session.chances()
        for hand, button in self.opponentButtons.items():
            name = hand_name(hand).capitalize()
            if state is not None and not state.over:
                share = f"{state.percentages[hand]:g}"
                button.setText(_("{hand} ({percent}%)").format(hand=name, percent=share))
            else:
                button.setText(name)
            button.setEnabled(hand in chances)
        self.drawButton.setEnabled(at_chance)
        self.newButton.setEnabled(session is not None or self.inputs is not None)
        self.statusLabel.setText(self._status() if state is None else position_words(state))
        self.position_changed.emit(state)


def match_percent(probability: float) -> str:
    """A chance to win the match as the heading writes it: per cent with 3 decimals."""
    return UNITS.text(probability)


def _cost_words(session: PlaySession, hand: Hand) -> str:
    """`` Best was paper: this costs you 2.030 ...`` when ``hand`` was not a best hand."""
    best = _(" or ").join(hand_name(h) for h in session.best_moves())
    words = mistake_words(UNITS, session.cost(hand), best)
    return f" {words}" if words else ""


def _throw_words(before: GreatGamePlay, after: GreatGamePlay) -> str:
    """One log line for the throw just played (``before`` is its chance node)."""
    last = after.last
    assert last is not None
    rounds = before.rounds_won + before.rounds_tied + before.rounds_lost
    text = _(THROW_WORDS[last.points]).format(
        round=rounds + 1,
        throw=before.throw + 1,
        yours=hand_name(last.yours),
        theirs=hand_name(last.theirs),
    )
    if after.round_ended is None:
        return text
    final = before.round_score + last.points
    ended = _(ROUND_WORDS[after.round_ended]).format(score=f"{final:+d}", lead=f"{after.lead:+d}")
    return _("{throw} {round}").format(throw=text, round=ended)
