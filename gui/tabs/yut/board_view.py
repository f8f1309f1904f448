"""The Dice Yut board drawn as a graph: squares with scores, red and blue arrows, pieces.

Board coordinates have y pointing up (as on paper); the scene flips them.
In edit mode squares can be dragged; clicks select a square (``squareClicked``)
and drags report the new position (``squareMoved``).
"""

from __future__ import annotations

import functools
import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QMenu,
    QWidget,
)

from gui.widgets.images import save_picture_dialog
from gui.widgets.theme import BEST, OKABE_ITO, ROLE, SELECTED
from solvers.i18n import _
from solvers.yut import Board, Square

from .names import square_names

__all__ = ["PIECE_COLOURS", "BoardView", "Sketch"]

#: Pixels per board unit and the radius of a square, in board units.
SCALE = 52.0
RADIUS = 0.42
# Every colour comes from the shared theme (Okabe-Ito: safe under colour-vision deficiencies).
RED_ARROW = ROLE.lose
BLUE_ARROW = ROLE.player0
BLUE_SQUARE = ROLE.tie
PLAIN_SQUARE = ROLE.paper
START_END = ROLE.neutral
#: Piece colours, one per piece (up to six); each disc also carries its number.
PIECE_COLOURS = tuple(
    OKABE_ITO[name]
    for name in ("blue", "orange", "bluish_green", "vermillion", "reddish_purple", "sky_blue")
)
#: Point sizes of a square's score and of the "start"/"end" words (as big as the scores).
SCORE_PT = 11
WORD_PT = 12
#: A piece is never drawn smaller than this many pixels across: at 1024x700 the board is
#: drawn at under half size, and its pieces were 10-pixel dots with unreadable numbers.
MIN_PIECE_PX = 20.0
#: The start and end discs are this much bigger than squares, to hold their word.
WORD_DISC = 1.45


class Sketch:
    """What the view draws: a board's squares, possibly not (yet) a valid board.

    While a board is being edited it may be invalid; it is still drawn, with
    arrows to unknown squares left out.
    """

    def __init__(self, squares: tuple[Square, ...], start: str, end: str) -> None:
        self.squares = squares
        self.start = start
        self.end = end
        self._by_id = {sq.id: sq for sq in squares}

    @classmethod
    def from_board(cls, board: Board) -> Sketch:
        """The sketch of a valid board."""
        return cls(board.squares, board.start, board.end)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Sketch:
        """A sketch of board JSON data, skipping what cannot be drawn."""
        squares = []
        for item in data.get("squares", []):
            try:
                x, y = float(item.get("x", 0)), float(item.get("y", 0))
            except (TypeError, ValueError):
                x = y = 0.0
            red, blue = item.get("red"), item.get("blue")
            squares.append(
                Square(
                    str(item.get("id")),
                    item.get("score", 0),
                    x,
                    y,
                    None if red is None else str(red),
                    None if blue is None else str(blue),
                )
            )
        return cls(tuple(squares), str(data.get("start")), str(data.get("end")))

    @functools.cached_property
    def names(self) -> dict[str, str]:
        """Plain names of the squares ("25 (centre)"), for tooltips."""
        arrows = {sq.id: (sq.score, sq.red, sq.blue) for sq in self.squares}
        return square_names(arrows, self.start, self.end)

    def has(self, square_id: str | None) -> bool:
        """Whether a square with this id exists."""
        return square_id in self._by_id

    def square(self, square_id: str) -> Square:
        """The square with id ``square_id``."""
        return self._by_id[square_id]


def _scene_point(x: float, y: float) -> QPointF:
    return QPointF(x * SCALE, -y * SCALE)


class SquareItem(QGraphicsEllipseItem):
    """One square; reports clicks and the end of a drag to its view."""

    def __init__(self, view: BoardView, square_id: str, radius: float) -> None:
        super().__init__(-radius, -radius, 2 * radius, 2 * radius)
        self.view = view
        self.square_id = square_id
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Select this square (the view forwards the click)."""
        super().mousePressEvent(event)
        # Handlers redraw the scene, which deletes this item: never inside its own event.
        square_id, view = self.square_id, self.view
        QTimer.singleShot(0, lambda: view.squareClicked.emit(square_id))

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Report where a dragged square was dropped, in board units."""
        super().mouseReleaseEvent(event)
        if self.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable:
            pos = self.pos()
            x, y = round(pos.x() / SCALE, 2), round(-pos.y() / SCALE, 2)
            square_id, view = self.square_id, self.view
            QTimer.singleShot(0, lambda: view.squareMoved.emit(square_id, x, y))


class BoardView(QGraphicsView):
    """Draws a ``Board`` with pieces and highlights; redraws completely on each change."""

    squareClicked = Signal(str)
    squareMoved = Signal(str, float, float)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """Right click: "Save image…", as on every plot."""
        menu = QMenu(self)
        menu.addAction(_("Save image…"), lambda: save_picture_dialog(self))
        menu.exec(event.globalPos())

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boardView")
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QBrush(ROLE.paper))
        self.setMinimumSize(240, 200)  # small windows give the tables the height
        self.board: Sketch | None = None
        self.positions: tuple[str, ...] = ()
        self.path: tuple[str, ...] = ()
        self.moved_piece: int | None = None
        self.selected_square: str | None = None
        self.editable = False
        #: Square id -> its ellipse item (tests and the editor look squares up here).
        self.square_items: dict[str, SquareItem] = {}
        #: Piece number (1-based) -> its disc item.
        self.piece_items: dict[int, QGraphicsEllipseItem] = {}
        #: Each disc's square centre, the square's radius, its place in a row and the row's
        #: length: ``fit`` places the discs again when it scales them.
        self._piece_places: list[tuple[QGraphicsEllipseItem, QPointF, float, int, int]] = []
        #: The drawing without its pieces (the pieces grow to stay readable when it shrinks).
        self._board_rect = QRectF()

    # ----- what to show ----------------------------------------------------------------------
    def show_board(
        self,
        board: Sketch,
        positions: tuple[str, ...] = (),
        path: tuple[str, ...] = (),
        moved_piece: int | None = None,
    ) -> None:
        """Draw ``board`` with pieces at ``positions``; highlight ``path`` and the moved piece."""
        self.board = board
        self.positions = tuple(p for p in positions if board.has(p))
        self.path = path
        self.moved_piece = moved_piece
        self._redraw()

    def set_editable(self, editable: bool) -> None:
        """Let squares be dragged (edit mode)."""
        self.editable = editable
        for item in self.square_items.values():
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, editable)

    def select_square(self, square_id: str | None) -> None:
        """Outline the square being edited."""
        self.selected_square = square_id
        self._redraw()

    def square_brush(self, square_id: str) -> QColor:
        """Fill colour of a square as drawn now (tests check highlights with it)."""
        return self.square_items[square_id].brush().color()

    # ----- drawing ---------------------------------------------------------------------------
    def _redraw(self) -> None:
        scene = self.scene()
        scene.clear()
        self.square_items = {}
        self.piece_items = {}
        self._piece_places = []
        board = self.board
        if board is None:
            return
        radius = RADIUS * SCALE
        for sq in board.squares:
            for colour, target in ((RED_ARROW, sq.red), (BLUE_ARROW, sq.blue)):
                if board.has(target):
                    assert target is not None
                    self._arrow(board, sq.id, target, colour, radius, sq.blue is not None)
        path_set = set(self.path)
        final = self.path[-1] if self.path else None
        for sq in board.squares:
            words = sq.id in (board.start, board.end)
            item = SquareItem(self, sq.id, radius * WORD_DISC if words else radius)
            item.setPos(_scene_point(sq.x, sq.y))
            fill = PLAIN_SQUARE
            if sq.blue is not None:
                fill = BLUE_SQUARE
            if sq.id in (board.start, board.end):
                fill = START_END
            if sq.id in path_set:
                fill = SELECTED
            if sq.id == final:
                fill = BEST
            item.setBrush(QBrush(fill))
            width = 3.5 if sq.id == self.selected_square else 1.4
            pen_colour = ROLE.chance if sq.id == self.selected_square else ROLE.ink
            pen = QPen(pen_colour, width)
            if sq.id in path_set and sq.id != final:
                pen.setStyle(Qt.PenStyle.DashLine)  # the path is marked by its outline too
            item.setPen(pen)
            if sq.id == final:
                self._ring(item, item.rect().width() / 2)
            item.setZValue(1)
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, self.editable)
            scene.addItem(item)
            self.square_items[sq.id] = item
            if sq.id in (board.start, board.end):
                label = _("start") if sq.id == board.start else _("end")
                self._text(item, label, WORD_PT)
            else:
                self._text(item, str(sq.score), SCORE_PT)
        margin = 30.0
        self._board_rect = scene.itemsBoundingRect().adjusted(-margin, -margin, margin, margin)
        self._pieces(board, radius)
        self.setSceneRect(self._board_rect)
        self.fit()

    def _ring(self, parent: QGraphicsItem, radius: float) -> None:
        """A second ring around the square a move ends on (its mark besides the colour)."""
        outer = radius + 5
        ring = QGraphicsEllipseItem(-outer, -outer, 2 * outer, 2 * outer, parent)
        ring.setPen(QPen(ROLE.best_text, 3))
        ring.setBrush(QBrush(Qt.BrushStyle.NoBrush))

    def _text(self, parent: QGraphicsItem, text: str, size: int) -> None:
        label = QGraphicsSimpleTextItem(text, parent)
        font = QFont()
        font.setPointSize(size)
        font.setBold(True)
        label.setFont(font)
        box = label.boundingRect()
        label.setPos(-box.width() / 2, -box.height() / 2)

    def _arrow(
        self, board: Sketch, source: str, target: str, colour: QColor, radius: float, bend: bool
    ) -> None:
        a = board.square(source)
        b = board.square(target)
        start = _scene_point(a.x, a.y)
        end = _scene_point(b.x, b.y)
        dx, dy = end.x() - start.x(), end.y() - start.y()
        length = math.hypot(dx, dy)
        if length < 2 * radius * WORD_DISC + 1:
            return
        ux, uy = dx / length, dy / length
        tail = QPointF(start.x() + ux * radius, start.y() + uy * radius)
        # The start and end discs are bigger: the head stops at their rim.
        reach = radius * WORD_DISC if target in (board.start, board.end) else radius
        head = QPointF(end.x() - ux * reach, end.y() - uy * reach)
        path = QPainterPath(tail)
        # A red and a blue arrow leaving one square may overlap: bend the red one a little.
        if bend and colour == RED_ARROW:
            mid = QPointF((tail.x() + head.x()) / 2 - uy * 10, (tail.y() + head.y()) / 2 + ux * 10)
            path.quadTo(mid, head)
        else:
            path.lineTo(head)
        size = 9.0
        left = QPointF(
            head.x() - ux * size - uy * size * 0.55, head.y() - uy * size + ux * size * 0.55
        )
        right = QPointF(
            head.x() - ux * size + uy * size * 0.55, head.y() - uy * size - ux * size * 0.55
        )
        path.addPolygon(QPolygonF([head, left, right, head]))
        item = QGraphicsPathItem(path)
        item.setPen(QPen(colour, 2.2))
        item.setBrush(QBrush(colour))
        item.setZValue(0)
        self.scene().addItem(item)

    def _pieces(self, board: Sketch, radius: float) -> None:
        stacked: dict[str, list[int]] = {}
        for number, square_id in enumerate(self.positions, start=1):
            stacked.setdefault(square_id, []).append(number)
        size = radius * 1.15
        for square_id, numbers in stacked.items():
            sq = board.square(square_id)
            centre = _scene_point(sq.x, sq.y)
            # Pieces on the start and end sit around their bigger discs.
            rim = radius * WORD_DISC if square_id in (board.start, board.end) else radius
            for k, number in enumerate(numbers):
                disc = QGraphicsEllipseItem(QRectF(-size / 2, -size / 2, size, size))
                self._piece_places.append((disc, centre, rim, k, len(numbers)))
                disc.setBrush(QBrush(QColor(PIECE_COLOURS[(number - 1) % len(PIECE_COLOURS)])))
                moved = number == self.moved_piece
                disc.setPen(QPen(ROLE.ink if moved else ROLE.paper, 3 if moved else 1.5))
                disc.setZValue(3 if moved else 2)
                where = board.names.get(square_id, square_id)
                disc.setToolTip(_("piece {number} on {square}").format(number=number, square=where))
                self.scene().addItem(disc)
                text = QGraphicsSimpleTextItem(str(number), disc)
                font = QFont()
                font.setPointSize(8)
                font.setBold(True)
                text.setFont(font)
                text.setBrush(QBrush(ROLE.paper))
                box = text.boundingRect()
                text.setPos(-box.width() / 2, -box.height() / 2)
                self.piece_items[number] = disc

    def _place_pieces(self, grow: float) -> None:
        """Put the discs beside their squares, ``grow`` times their size in the scene."""
        for disc, centre, rim, k, count in self._piece_places:
            size = disc.rect().width() * grow
            disc.setScale(grow)
            # Pieces sit beside the square's score; several (start, end) form a row above it.
            if count == 1:
                disc.setPos(centre.x() + rim * 0.8 * grow, centre.y() - rim * 0.8 * grow)
            else:
                row_x = (k - (count - 1) / 2) * size * 1.05
                disc.setPos(centre.x() + row_x, centre.y() - rim - size * 0.45)

    def piece_pixels(self) -> float:
        """How many pixels across a piece is drawn now (0 without pieces)."""
        if not self.piece_items:
            return 0.0
        disc = next(iter(self.piece_items.values()))
        return disc.rect().width() * disc.scale() * self.transform().m11()

    def fit(self) -> None:
        """Scale the drawing to the widget; pieces grow to stay ``MIN_PIECE_PX`` across."""
        rect = self._board_rect if self._board_rect.isValid() else self.sceneRect()
        if rect.width() <= 0 or rect.height() <= 0:
            return
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        if not self._piece_places:
            return
        # Twice: grown pieces may need room beyond the board, which shrinks the drawing a bit.
        for _twice in range(2):
            scale = self.transform().m11()
            size = self._piece_places[0][0].rect().width()
            self._place_pieces(max(1.0, MIN_PIECE_PX / (size * scale)) if scale > 0 else 1.0)
            pieces = QRectF()
            for disc, *_place in self._piece_places:
                pieces = pieces.united(disc.sceneBoundingRect())
            self.setSceneRect(rect.united(pieces.adjusted(-4, -4, 4, 4)))
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        """Keep the whole board visible."""
        super().resizeEvent(event)
        self.fit()
