"""The Dice Yut tab: the form and board editor left; the board, the line and play-along right.

After a solve the tab keeps the play state (``solvers.yut.KnownGame`` or
``ExpectGame``) of the turn being played and sends it the user's throws and
moves; the play panel and the board only draw it. Known throws: the game is
made by ``new_game`` in a worker process (it runs the whole search again) when
the play panel is first shown. Unknown throws: the solve's tables already hold
every value, so the game is made from them at once. Any edit of the inputs
drops the game (and cancels its job).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea, QSplitter, QTabWidget, QVBoxLayout, QWidget

from gui.controller import Job, JobFailure, SolveController
from gui.tabs.base import GameTab
from gui.widgets.labels import caption
from gui.widgets.play_panel import GameRestarter
from solvers import yut
from solvers.i18n import N_, _
from solvers.play_session import CHANCE, PlaySession
from solvers.yut.why import explain_position, face_options

from .board_view import BoardView, Sketch
from .form import YutForm
from .names import named_csv_rows
from .play import IDLE, PlayPanel
from .views import LinePanel, board_legend, move_words, no_line_note
from .why_picture import WhyBoard

__all__ = ["TAB", "YutTab"]

RULES = N_(
    "<p><b>Dice Yut</b> (Baekjoon 17825). Pieces start on <i>start</i>. Each turn, pick a "
    "piece not on <i>end</i> and move it as many squares as the die shows, along the arrows. "
    "A move that <i>starts</i> on a blue square takes the blue arrow first. A piece reaching "
    "<i>end</i> stops there. A move may not end on a square another piece holds (except "
    "<i>end</i>). Each move scores the number on the square it ends on.</p>"
    "<p><b>Known throws</b>: the maximum total and an optimal line. <b>Unknown throws</b>: "
    "the expected total with the best adaptive play, and for a throw just made the best move "
    "with the expected total of every legal move. If no piece can move, the throw is lost.</p>"
)

Game = yut.KnownGame | yut.ExpectGame


class YutTab(GameTab):
    """Dice Yut on an editable board: exact best line, expectimax, play-along."""

    game_id = "yut"
    rules = RULES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: The game in play (None: none).
        self.session: PlaySession | None = None
        #: The board beside the Why page's steps (made when that page is first shown).
        self.whyBoard: WhyBoard | None = None
        #: The play log, each line made again in the language spoken when it is shown.
        self._log: list[Callable[[], str]] = []
        #: Why there is no game (shown by the play panel), in the language spoken now.
        self._why: Callable[[], str] = lambda: _(IDLE)
        #: Known throws solved, game not made yet: made when the play panel is first shown.
        self._game_inputs: yut.YutInputs | None = None
        self.form = YutForm()
        self.editor = self.form.editor
        scroll = QScrollArea()
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.boardView = BoardView()
        self.linePanel = LinePanel()
        self.playPanel = PlayPanel()
        self.views = QTabWidget()
        self.views.setObjectName("yutViews")
        self.views.addTab(self.linePanel, _("Optimal line"))
        self.views.addTab(self.playPanel, _("Play along"))
        right = QSplitter(Qt.Orientation.Vertical)
        right.setObjectName("yutViewSplitter")
        self.boardLegend = caption(board_legend(), "boardLegend")
        board = QWidget()
        column = QVBoxLayout(board)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.boardView, 1)
        column.addWidget(self.boardLegend)
        right.addWidget(board)
        right.addWidget(self.views)
        right.setChildrenCollapsible(False)
        right.setStretchFactor(0, 1)
        right.setStretchFactor(1, 1)
        # At 1024x700 the line table still shows six rows under the board.
        right.setSizes([320, 310])
        self.splitters.append(right)
        self.add_form_and_views(scroll, right, (400, 900))
        # new_game of known throws runs the search: a worker job, cancelled with the tab's.
        self.playController = SolveController(self)
        self.playController.finished.connect(self._game_ready)
        self.playController.failed.connect(self._game_failed)
        # A game in play restarts from changed inputs: they are solved again (Solve's worker
        # job) and show_result builds the new game, as after any solve.
        self.restarter = GameRestarter(
            self.checked_inputs,
            lambda: self.game is not None or self.playController.busy,
            self._drop_game,
            lambda _inputs: self.solve(seal=False),
            self,
        )

        self.form.edited.connect(self.inputs_changed)
        self.editor.changed.connect(self._board_edited)
        self.editor.selection_changed.connect(
            lambda square_id: self.boardView.select_square(square_id or None)
        )
        self.editor.editCheck.toggled.connect(self.boardView.set_editable)
        self.boardView.squareClicked.connect(self.editor.square_clicked)
        self.boardView.squareMoved.connect(self.editor.move_square)
        self.linePanel.step_selected.connect(self.show_step)
        self.playPanel.throw_chosen.connect(self.throw)
        self.playPanel.move_chosen.connect(self.play_move)
        self.playPanel.move_previewed.connect(self._draw_game)
        self.playPanel.restart_requested.connect(self.restart)
        self.views.currentChanged.connect(lambda _: self._prepare_game())
        self._draw_start()
        self.revalidate()

    # ----- inputs (gui/tabs/yut/form.py) -------------------------------------------------------
    def read_inputs(self) -> yut.YutInputs | yut.ExpectInputs:
        """The known-throw or the unknown-throw problem described by the form."""
        return self.form.read_inputs()

    def set_inputs(self, inputs: yut.YutInputs | yut.ExpectInputs) -> None:
        """Show ``inputs`` in the form (and their board in the editor)."""
        self.form.set_inputs(inputs)

    def judge_options(self) -> dict[str, Any]:
        """Judge files hold throws only: keep the board and pieces of the form."""
        return dict(self.form.judge_options())

    def apply_options(self, options: Mapping[str, Any]) -> None:
        """Set pieces, faces, turns, mode and board from the judge options."""
        self.form.apply_options(options)

    def state(self) -> dict[str, Any]:
        """The form as typed, the board as edited."""
        return self.form.state()

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the form from a session."""
        self.form.restore(state)

    def inputs_changed(self) -> None:
        """An edit: the game in play ends and restarts from the new inputs (re-solved)."""
        if not self.restarter.inputs_changed() and not self.history.applying:
            self._drop_game(lambda: _("The inputs changed: solve again to play along."))
        super().inputs_changed()
        if self._stale and not self.linePanel.stale:
            # The line belongs to the old inputs: grey it and take its move off the board.
            self.linePanel.set_stale(True)
            self._draw_start()

    def _board_edited(self) -> None:
        self.inputs_changed()
        view = self.boardView
        sketch = Sketch.from_data(self.editor.data)
        view.show_board(sketch, view.positions, view.path, view.moved_piece)
        view.select_square(self.editor.selected)

    def csv_rows(self) -> list[list[str]]:
        """The solver's rows with squares named by score and route instead of ids."""
        rows = super().csv_rows()  # always for the inputs on screen, solved
        return named_csv_rows(rows, self.result_inputs.board)

    # ----- results -----------------------------------------------------------------------------
    def result_text(self, result: yut.YutResult | yut.ExpectResult) -> str:
        """The maximum (judge answer) or the expectation."""
        if isinstance(result, yut.ExpectResult):
            inputs = result.inputs
            return _(
                "Expected score with best play: {expected} ({turns} unknown throws, "
                "{pieces} pieces)"
            ).format(expected=f"{result.expected:.3f}", turns=inputs.turns, pieces=inputs.pieces)
        return _("Maximum score: {best}").format(best=result.best)

    def show_result(self, result: yut.YutResult | yut.ExpectResult) -> None:
        """The line (known throws) or the play-along panel (unknown throws)."""
        self._drop_game(lambda: _("Preparing the game…"))
        if isinstance(result, yut.ExpectResult):
            self.linePanel.clear(no_line_note())
            self.views.setCurrentWidget(self.playPanel)
            # The solve's tables hold every value: this builds no table and searches nothing.
            self._game_ready(yut.new_game(result.inputs, result))
            return
        if not (self.restarter.wanted and self.views.currentWidget() is self.playPanel):
            self.views.setCurrentWidget(self.linePanel)  # a restarted game stays in view
        self.linePanel.set_stale(False)
        self.linePanel.show_line(result.inputs.board, result.line)
        # The game repeats the search: only when the user turns to the play panel.
        self._game_inputs = result.inputs
        self._prepare_game()

    def clear_result(self) -> None:
        """Back to the bare board with every piece on the start."""
        self.linePanel.clear()
        self._restart_on_inputs()

    def outdate_views(self) -> None:
        """The optimal line greys, its move off the board, as it does while the form is edited."""
        self.linePanel.set_stale(True)
        self._restart_on_inputs()

    def _restart_on_inputs(self) -> None:
        # Inputs replaced (an example, an import, undo, a session), maybe by equal ones that
        # signal no edit: a game in play restarts all the same, from the start position.
        self.restarter.inputs_changed()
        self._drop_game(self.restarter.idle_text(IDLE))
        self._draw_start()

    def show_step(self, index: int) -> None:
        """Draw the board after step ``index`` of the line (-1: before the first)."""
        result = self.result
        if not isinstance(result, yut.YutResult) or self.linePanel.stale:
            return
        if index < 0:
            self._show_position((result.inputs.board.start,) * result.inputs.pieces, (), 0)
            return
        step = result.line[index]
        self._show_position(step.positions, step.path, step.piece or 0)

    # ----- play along --------------------------------------------------------------------------
    @property
    def game(self) -> Game | None:
        """The state being shown (None: no game)."""
        state = None if self.session is None else self.session.state
        return state if isinstance(state, yut.KnownGame | yut.ExpectGame) else None

    def _prepare_game(self) -> None:
        inputs = self._game_inputs
        if inputs is not None and self.views.currentWidget() is self.playPanel:
            self._game_inputs = None
            self.playController.start(Job(yut.new_game, (inputs,)))

    def _game_ready(self, game: Game) -> None:
        self._start(PlaySession.of("yut", game))

    def _start(self, session: PlaySession) -> None:
        self.session = session
        note = self.restarter.take_note()
        self._log = [lambda: _(note)] if note else []
        self._show_game()

    def _game_failed(self, failure: JobFailure) -> None:
        def why() -> str:
            return _("The game could not be prepared: {reason}").format(reason=failure)

        self.restarter.failed(why())
        self._drop_game(why)

    def _drop_game(self, why: str | Callable[[], str]) -> None:
        """No game any more; ``why`` says why (English, or a function saying it now)."""
        self.playController.cancel()
        self._game_inputs = None
        self.session = None
        self._log = []
        self._why = why if callable(why) else lambda: _(why)
        self.playPanel.show_game(None, [], self._why())
        self._follow()

    def throw(self, face: int) -> None:
        """The die showed ``face`` (unknown throws); a second throw replaces the first."""
        session = self.session
        if session is None or session.over:
            return
        rethrow = session.steps and session.steps[-1].mover == CHANCE and session.user_to_move
        if not (session.at_chance or rethrow):
            return
        try:
            self.session = session.play(face) if session.at_chance else session.instead(face)
        except ValueError as exc:
            message = _("Cannot throw a {face}: {reason}").format(face=face, reason=exc)
            self.show_message(message, error=True)
            return
        self._show_game()

    def play_move(self, move: yut.Move) -> None:
        """Move piece ``move`` (None: the throw is lost) in the game being played."""
        session, game = self.session, self.game
        if session is None or game is None or not session.user_to_move:
            return
        try:
            after = session.play(move)
        except ValueError as exc:
            self.show_message(_("Cannot play that move: {reason}").format(reason=exc), error=True)
            return
        self._log.append(lambda: move_words(session, move))
        self.session = after
        self._show_game()

    def restart(self) -> None:
        """Back to the first turn of the game."""
        if self.session is not None:
            self._start(self.session.restart())

    def _show_game(self) -> None:
        self.playPanel.show_game(self.session, [line() for line in self._log], self._why())
        self._draw_game(self.playPanel.selected_move())
        self._follow()

    def _follow(self) -> None:
        """The Why page follows the game in play: the pieces now and every move's value."""
        game = self.game
        if game is None or game.over:
            self.follow_play(None, "")
            if self.whyBoard is not None:
                self.whyBoard.follow(None)
            return
        if isinstance(game, yut.ExpectGame):
            assert game.lookup is not None
            faces = () if game.throw is None else (game.throw,)
            # This position's moves only: the expectation tables may be tens of megabytes.
            table = face_options(game.lookup, game.turn, game.labelled, faces)
            args: tuple[Any, ...] = (game.inputs, table, game.positions, game.turn, game.total)
            args += (game.throw,)
            turns = game.inputs.turns
        else:
            # The game's search has every value already: the worker need not search again.
            args = (game.inputs, game.values(), game.positions, game.turn, game.total)
            turns = len(game.inputs.throws)
        title = _("The game in play: turn {turn} of {turns}").format(
            turn=game.turn + 1, turns=turns
        )
        self.follow_play(Job(explain_position, args, progress=False), title)
        if self.whyBoard is not None:
            self.whyBoard.follow(game.positions)

    # ----- the Why page and Export picture -----------------------------------------------------
    def why_picture(self) -> WhyBoard:
        """A second board beside the Why steps; what a step names lights up on it."""
        self.whyBoard = WhyBoard()
        return self.whyBoard

    def picture(self) -> BoardView:
        """Export picture draws the board as the Solve page shows it."""
        return self.boardView

    # ----- language ----------------------------------------------------------------------------
    def retranslate(self) -> None:
        """The texts made from the state (legend, line, play panel, board words)."""
        super().retranslate()
        self.views.setTabText(self.views.indexOf(self.linePanel), _("Optimal line"))
        self.views.setTabText(self.views.indexOf(self.playPanel), _("Play along"))
        self.boardLegend.setText(board_legend())
        self.editor.retranslate()
        self.form.retranslate()
        self.linePanel.retranslate()
        if isinstance(self.result, yut.ExpectResult) and not self.linePanel.steps:
            self.linePanel.clear(no_line_note())
        self.playPanel.retranslate()
        self._show_game()
        # The board's start and end words and the pieces' tooltips.
        view = self.boardView
        if view.board is not None:
            view.show_board(view.board, view.positions, view.path, view.moved_piece)

    def _draw_game(self, move: yut.Move = None) -> None:
        """The game's position with ``move``'s path (or else the last move's) highlighted."""
        game = self.game
        if game is None:
            return
        throw = game.throw if game.to_move != "chance" else None
        if move is not None and throw is not None and not game.over:
            self._show_position(game.positions, game.move_path(move, throw), move)
        elif game.last is not None:
            self._show_position(game.positions, game.last[1], game.last[0])
        else:
            self._show_position(game.positions, (), 0)

    # ----- drawing -----------------------------------------------------------------------------
    def _show_position(self, positions: Any, path: Any, piece: int) -> None:
        sketch = Sketch.from_data(self.editor.data)
        self.boardView.show_board(sketch, tuple(positions), tuple(path), piece or None)
        self.boardView.select_square(self.editor.selected)

    def _draw_start(self) -> None:
        sketch = Sketch.from_data(self.editor.data)
        spin = self.form.piecesSpin
        # While Pieces is marked (0, 99, empty) the board keeps the pieces it shows.
        count = spin.value() if spin.problem() is None else len(self.boardView.positions or ())
        self._show_position((sketch.start,) * count, (), 0)


#: What ``gui.tabs.tab_class`` builds for this game.
TAB = YutTab
