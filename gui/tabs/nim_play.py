"""Play Nim against the solver: the user moves, the solver answers optimally."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QSpinBox, QWidget

from gui.widgets.play_panel import PlayPanelFrame
from solvers import nim

__all__ = ["NimPlayPanel"]


class NimPlayPanel(PlayPanelFrame):
    """A game on the form's piles: you against the solver, mistakes flagged."""

    def __init__(
        self, read_inputs: Callable[[], nim.NimInputs], parent: QWidget | None = None
    ) -> None:
        super().__init__(
            ["I move first", "I move second"],
            "New game from the piles",
            "Press “New game” to play on the piles in the form.",
            parent,
        )
        self._read_inputs = read_inputs
        self.position: nim.NimInputs | None = None
        self.user_moved_last = False
        self.mistakes = 0
        self.newButton.clicked.connect(lambda: self.new_game())
        self.pileSpin = QSpinBox()
        self.pileSpin.setPrefix("pile ")
        self.takeSpin = QSpinBox()
        self.takeSpin.setPrefix("take ")
        self.takeSpin.setRange(1, nim.MAX_PILE)
        self.takeButton.clicked.connect(
            lambda: self.user_move(self.pileSpin.value() - 1, self.takeSpin.value())
        )
        self.hintButton.clicked.connect(lambda: self.show_hint())
        self.arrange([self.pileSpin, self.takeSpin])

    def new_game(self, user_first: bool | None = None) -> bool:
        """Start on the form's piles; the solver moves at once if the user is second."""
        if user_first is not None:
            self.sideCombo.setCurrentIndex(0 if user_first else 1)
        try:
            self.position = self._read_inputs()
        except ValueError as exc:
            self.positionLabel.setText(f"Fix the inputs first: {exc}")
            return False
        self.mistakes = 0
        self.log.clear()
        self.pileSpin.setRange(1, len(self.position.piles))
        # Start the take box on a legal amount (1 is illegal when S lacks it).
        self.takeSpin.setValue(self.position.subtraction[0] if self.position.subtraction else 1)
        self.user_moved_last = False
        if self.sideCombo.currentIndex() == 1:
            self._solver_move()
        self._after_move()
        return True

    def user_move(self, pile: int, take: int) -> bool:
        """Play the user's move; flag it when it throws away a win."""
        if self.position is None or nim.game_over(self.position):
            return False
        before = self.position
        try:
            after = nim.apply_move(
                before, nim.Move(pile, before.piles[pile], before.piles[pile] - take)
            )
        except (ValueError, IndexError) as exc:
            self.positionLabel.setText(f"Not a legal move: {exc}")
            return False
        was_winning = nim.solve(before).first_player_wins
        now_losing = self._mover_wins(after)
        text = f"You: pile {pile + 1}, {before.piles[pile]:,} → {after.piles[pile]:,}"
        if was_winning and now_losing:
            self.mistakes += 1
            text += "   ✗ a losing move — you had a winning one"
        self.log.addItem(text)
        self.position = after
        self.user_moved_last = True
        if not nim.game_over(after):
            self._solver_move()
        self._after_move()
        return True

    def _solver_move(self) -> None:
        assert self.position is not None
        move = nim.reply(self.position)
        if move is None:
            return
        self.position = nim.apply_move(self.position, move)
        self.user_moved_last = False
        self.log.addItem(f"Solver: pile {move.pile + 1}, {move.before:,} → {move.after:,}")

    @staticmethod
    def _mover_wins(position: nim.NimInputs) -> bool:
        if nim.game_over(position):
            # No move left: in misère play the opponent took the last stone and lost.
            return position.rule is nim.Rule.MISERE
        return nim.solve(position).first_player_wins

    def _after_move(self) -> None:
        assert self.position is not None
        piles = ", ".join(f"{p:,}" for p in self.position.piles)
        self.log.scrollToBottom()
        if nim.game_over(self.position):
            user_to_move = not self.user_moved_last
            user_wins = self._mover_wins(self.position) == user_to_move
            verdict = "You win!" if user_wins else "The solver wins."
            self.positionLabel.setText(f"Piles: {piles}. Game over — {verdict}")
            self.set_move_controls(False)
            return
        winning = nim.solve(self.position).first_player_wins
        outlook = "you can force a win" if winning else "the solver can force a win"
        self.positionLabel.setText(f"Piles: {piles}. Your move — {outlook}.")
        self.set_move_controls(True)

    def show_hint(self) -> None:
        """Say the best move from here."""
        if self.position is None:
            return
        move = nim.reply(self.position)
        if move is not None:
            self.log.addItem(f"Hint: take {move.removed:,} from pile {move.pile + 1}")
            self.pileSpin.setValue(move.pile + 1)
            self.takeSpin.setValue(move.removed)
