"""Drawing Dice Yut results and play states: the optimal line, the moves of a turn, words.

Nothing here decides anything about the game: the result's line and the play
session (``solvers.play_session.PlaySession`` over a ``solvers.yut.KnownGame`` /
``ExpectGame``) say where pieces stand, which moves are legal, what each is worth,
which are best and what a move costs; this module turns that into tables and
sentences, in the words every play tab shares (``gui.widgets.play_panel``).
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.widgets.labels import caption
from gui.widgets.play_panel import BEST_MARK, best_label, costs_you, mistake_words
from gui.widgets.tables import fill_rows, mark_best, readonly_table
from gui.widgets.theme import BEST, ROLE, SELECTED, colour_css
from solvers import yut
from solvers.i18n import N_, _
from solvers.play_session import PlaySession

from .names import board_names

__all__ = [
    "MOVE_HEADERS",
    "LinePanel",
    "board_legend",
    "compact_table",
    "fill_moves",
    "game_words",
    "line_caption",
    "move_words",
    "moves_caption",
    "no_line_note",
    "square_text",
    "translated",
]

HEADERS = (N_("Turn"), N_("Throw"), N_("Piece"), N_("From"), N_("To"), N_("Points"), N_("Total"))
#: The last column: the final total if the rest is played best (expected, for unknown throws).
MOVE_HEADERS = (N_("Piece"), N_("From"), N_("To"), N_("Points"), N_("Final total"))
#: Milliseconds between steps while playing.
PLAY_INTERVAL = 900


def _swatch(colour: QColor) -> str:
    """A small box of ``colour`` for a legend (always followed by words)."""
    style = colour_css(colour, "background-color")
    return "".join(('<span style="', style, '">', "&nbsp;" * 4, "</span>"))


def translated(headers: tuple[str, ...]) -> list[str]:
    """Column titles in the language spoken now."""
    return [_(title) for title in headers]


def board_legend() -> str:
    """What the board's colours and marks mean (shown under the board)."""
    return _(
        "{path} dashed: squares the move passes · {end} double ring: where it ends · "
        "black rim: the piece that moved · {blue} a move starting here takes the blue "
        "arrow (shortcut) first · number: points for ending there"
    ).format(path=_swatch(SELECTED), end=_swatch(BEST), blue=_swatch(ROLE.tie))


def line_caption() -> str:
    """What the optimal line's table shows (under it)."""
    return _("One row per throw; {swatch} the highlighted row is drawn on the board.").format(
        swatch=_swatch(SELECTED)
    )


def no_line_note() -> str:
    """Under the empty line table once unknown throws are solved."""
    return _(
        "Unknown throws have no single best line: the best move depends on each throw. "
        "Play along (next tab) to throw the die and see every move's expected total."
    )


def moves_caption() -> str:
    """What the play-along table shows (under it)."""
    return _(
        "{swatch} {mark} best: highest final total (expected, for unknown throws); "
        "select a row to see its path."
    ).format(swatch=_swatch(BEST), mark=BEST_MARK)


def compact_table(table: QTableWidget, wide: tuple[int, ...]) -> QTableWidget:
    """The ``wide`` columns (square names) share the spare width; the others fit their text."""
    header = table.horizontalHeader()
    for column in range(table.columnCount()):
        mode = (
            QHeaderView.ResizeMode.Stretch
            if column in wide
            else QHeaderView.ResizeMode.ResizeToContents
        )
        header.setSectionResizeMode(column, mode)
    return table


def square_text(board: yut.Board, square_id: str | None) -> str:
    """How a square appears in tables and sentences: its score and route, never its id."""
    if square_id is None:
        return "—"
    return board_names(board).get(square_id, square_id)


def _total(game: yut.KnownGame | yut.ExpectGame, value: float) -> str:
    return f"{value:.3f}" if isinstance(game, yut.ExpectGame) else f"{value:.0f}"


def _game(session: PlaySession) -> yut.KnownGame | yut.ExpectGame:
    game = session.state
    if not isinstance(game, yut.KnownGame | yut.ExpectGame):
        raise TypeError(f"not a Dice Yut game: {type(game).__name__}")
    return game


def game_words(session: PlaySession) -> str:
    """One plain sentence on where ``session``'s game stands; the end compares with its start."""
    game = _game(session)
    turns = len(game.inputs.throws) if isinstance(game, yut.KnownGame) else game.inputs.turns
    if session.over:
        score = f"{session.score_for_user():.0f}"
        first = session.restart()
        start = _game(first)
        # What the moves gave away, each against the best move at its throw.
        lost = sum(session.user_costs())
        cost = costs_you(session.units, lost)
        if isinstance(start, yut.KnownGame):
            best = first.best_value() if first.values() else session.score_for_user()
            if lost == 0:
                return _("Game over: {score} points. The best possible.").format(score=score)
            return _(
                "Game over: {score} points. Best play scores {best}: your moves cost you {cost}."
            ).format(score=score, best=f"{best:.0f}", cost=cost)
        # Unknown throws decided the rest, not only the moves: compare with the expectation.
        expected = f"{start.expected:.3f}"
        if lost == 0:
            return _(
                "Game over: {score} points. Best play expected {expected} before the first "
                "throw; every move was a best one."
            ).format(score=score, expected=expected)
        return _(
            "Game over: {score} points. Best play expected {expected} before the first "
            "throw; your moves cost you {cost} on average."
        ).format(score=score, expected=expected, cost=cost)
    fields = {"turn": game.turn + 1, "turns": turns, "throw": game.throw, "total": game.total}
    if isinstance(game, yut.KnownGame):
        return _(
            "Turn {turn} of {turns}: the throw is {throw}; {total} points so far; "
            "best final total from here: {best}."
        ).format(**fields, best=f"{session.best_value():.0f}")
    if session.at_chance:
        return _(
            "Turn {turn} of {turns}; {total} points so far; expected final total with best "
            "play: {expected}. Throw the die."
        ).format(**fields, expected=f"{game.expected:.3f}")
    return _(
        "Turn {turn} of {turns}: you threw a {throw}; {total} points so far; expected final "
        "total with best play: {expected}."
    ).format(**fields, expected=f"{session.best_value():.3f}")


def _piece_words(game: yut.KnownGame | yut.ExpectGame, move: yut.Move) -> str:
    """``piece 2 start → 4 (outer)`` (None: the throw is lost)."""
    path = game.move_path(move, game.throw or 0)
    if move is None or not path:
        return _("no piece can move, the throw is lost")
    board = game.inputs.board
    here = game.positions[move - 1]
    return _("piece {piece} {source} → {target}").format(
        piece=move, source=square_text(board, here), target=square_text(board, path[-1])
    )


def move_words(session: PlaySession, move: yut.Move) -> str:
    """A line of the play log for ``move`` played now in ``session``, with what it cost."""
    game = _game(session)
    throw = game.throw or 0
    path = game.move_path(move, throw)
    fields = {"turn": game.turn + 1, "throw": throw, "move": _piece_words(game, move)}
    if move is not None and path:
        points = game.inputs.board.square(path[-1]).score
        text = _("Turn {turn}, throw {throw}: {move} (+{points})").format(**fields, points=points)
    else:
        text = _("Turn {turn}, throw {throw}: {move}").format(**fields)
    best = _piece_words(game, session.solver_move())
    mistake = mistake_words(session.units, session.cost(move), best)
    return f"{text}. {mistake}" if mistake else text


def fill_moves(table: QTableWidget, session: PlaySession | None) -> list[yut.Move]:
    """Every move of the turn with its value, the session's best ones marked; the moves by row."""
    table.blockSignals(True)
    table.clearSelection()
    values = {} if session is None else session.values()
    best = [] if session is None else session.best_moves()
    game = None if session is None else _game(session)
    # Pieces on one square (the start) make the same move: one row for them.
    moves: list[yut.Move] = []
    seen: set[str] = set()
    for move in values:
        here = "" if move is None or game is None else game.positions[move - 1]
        if here not in seen:
            seen.add(here)
            moves.append(move)
    rows: list[list[QTableWidgetItem]] = []
    if game is not None and moves:
        board = game.inputs.board
        throw = game.throw or 0
        for move in moves:
            path = game.move_path(move, throw)
            origin = None if move is None else game.positions[move - 1]
            points = board.square(path[-1]).score if path else 0
            is_best = move in best
            cells = (
                "—" if move is None else str(move),
                square_text(board, origin),
                square_text(board, path[-1]) if path else _("no piece can move"),
                str(points),
                best_label(_total(game, values[move]), is_best),
            )
            rows.append([QTableWidgetItem(text) for text in cells])
            if is_best:
                mark_best(rows[-1])
    fill_rows(table, rows)
    table.blockSignals(False)
    return moves


class LinePanel(QWidget):
    """Shows a line; ``step_selected(i)`` fires with i = -1 for the start position."""

    step_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.steps: tuple[yut.Step, ...] = ()
        self.current = -1
        #: The line belongs to inputs that changed since: shown grey, not drawn on the board.
        self.stale = False
        #: The board of the line shown (its squares are named in the table).
        self.board: yut.Board | None = None
        #: Why there is no line (shown instead of the caption), "" when there is one.
        self.note = ""
        self.table = compact_table(readonly_table(translated(HEADERS), "lineTable"), (3, 4))
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.startButton = QPushButton(_("« Start"))
        self.startButton.setObjectName("lineStartButton")
        self.backButton = QPushButton(_("◀ Back"))
        self.backButton.setObjectName("lineBackButton")
        self.stepButton = QPushButton(_("Step ▶"))
        self.stepButton.setObjectName("lineStepButton")
        self.playButton = QPushButton(_("Play"))
        self.playButton.setObjectName("linePlayButton")
        self.playButton.setCheckable(True)
        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_INTERVAL)
        self.timer.timeout.connect(self._tick)
        self.startButton.clicked.connect(lambda: self.go(-1))
        self.backButton.clicked.connect(lambda: self.go(self.current - 1))
        self.stepButton.clicked.connect(lambda: self.go(self.current + 1))
        self.playButton.toggled.connect(self._play)
        buttons = QHBoxLayout()
        for button in (self.startButton, self.backButton, self.stepButton, self.playButton):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.table, 1)
        self.captionLabel = caption(line_caption(), "lineCaption")
        layout.addWidget(self.captionLabel)
        self._enable()

    def show_line(self, board: yut.Board, steps: tuple[yut.Step, ...]) -> None:
        """Fill the table; the first step is shown, the table scrolled to its start.

        A line is read from its first turn: at the last one the table opened scrolled to
        its end, as if the first turns were missing.
        """
        self.captionLabel.setText(line_caption())
        self.note = ""
        self.board = board
        self.steps = steps
        self._fill()
        self.table.scrollToTop()
        self.go(0)

    def retranslate(self) -> None:
        """Headers, caption, buttons and the squares' names in the language spoken now."""
        self.table.setHorizontalHeaderLabels(translated(HEADERS))
        self.captionLabel.setText(self.note or line_caption())
        self.playButton.setText(_("Pause") if self.playButton.isChecked() else _("Play"))
        if self.board is not None and self.steps:
            current = self.current
            self._fill()
            self.table.blockSignals(True)
            if current >= 0:
                self.table.selectRow(current)
            self.table.blockSignals(False)

    def _fill(self) -> None:
        board, steps = self.board, self.steps
        assert board is not None
        rows = []
        for step in steps:
            cells = (
                str(step.turn),
                str(step.throw),
                "—" if step.piece is None else str(step.piece),
                square_text(board, step.from_square),
                square_text(board, step.to_square) if step.piece else _("no legal move"),
                str(step.points),
                str(step.total),
            )
            rows.append([QTableWidgetItem(text) for text in cells])
        with QSignalBlocker(self.table):  # go() selects the row and draws the board
            fill_rows(self.table, rows)

    def set_stale(self, stale: bool) -> None:
        """Grey the line (stale) or show it as current again."""
        self.stale = stale
        if stale:
            self.playButton.setChecked(False)
            self.table.blockSignals(True)
            self.table.clearSelection()  # no row stays "the move drawn on the board"
            self.table.blockSignals(False)
        self.table.setEnabled(not stale)
        self._enable()

    def clear(self, note: str = "") -> None:
        """Empty the table; ``note`` replaces the caption (why there is no line)."""
        self.note = note
        self.captionLabel.setText(note or line_caption())
        self.set_stale(False)
        self.playButton.setChecked(False)
        self.steps = ()
        self.board = None
        self.current = -1
        self.table.setRowCount(0)
        self._enable()

    def go(self, index: int) -> None:
        """Show step ``index`` (-1: the start), clamped to the line."""
        index = max(-1, min(len(self.steps) - 1, index))
        self.current = index
        self.table.blockSignals(True)
        self.table.clearSelection()
        if index >= 0:
            self.table.selectRow(index)
            item = self.table.item(index, 0)
            if item is not None:
                self.table.scrollToItem(item)
        self.table.blockSignals(False)
        self._enable()
        self.step_selected.emit(index)

    def _selection_changed(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows and rows[0].row() != self.current:
            self.go(rows[0].row())

    def _play(self, on: bool) -> None:
        if on:
            if self.current >= len(self.steps) - 1:
                self.go(-1)
            self.timer.start()
        else:
            self.timer.stop()
        self.playButton.setText(_("Pause") if on else _("Play"))

    def _tick(self) -> None:
        if self.current >= len(self.steps) - 1:
            self.playButton.setChecked(False)
            return
        self.go(self.current + 1)

    def _enable(self) -> None:
        has = bool(self.steps) and not self.stale
        self.startButton.setEnabled(has and self.current > -1)
        self.backButton.setEnabled(has and self.current > -1)
        self.stepButton.setEnabled(has and self.current < len(self.steps) - 1)
        self.playButton.setEnabled(has)
