"""Great Game result views: the policy heat map, the round outcome bars, the lead curve."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtGui import QColor

from gui.widgets.plots import IntegerAxis, Plot, pg
from gui.widgets.theme import OKABE_ITO, ROLE
from solvers.greatgame import GreatGameResult, Hand
from solvers.greatgame.model import hand_name
from solvers.i18n import N_, _, ngettext, pgettext

__all__ = [
    "CHARTS_CAPTION",
    "CURVE",
    "DECIDED",
    "HAND_COLOURS",
    "OUTCOME_COLOURS",
    "LeadPlot",
    "OutcomeBars",
    "PolicyHeatmap",
    "describe_cell",
    "hand_letter",
    "heatmap_legend",
    "policy_image",
]

#: Colour of each hand in the heat map: three Okabe-Ito colours far apart under the common
#: colour-vision deficiencies (the legend and the hover line name the hand as well). None is
#: a colour of the charts beside it: rock was vermillion, the "lost" bar's colour.
HAND_COLOURS = {
    Hand.ROCK: OKABE_ITO["reddish_purple"],
    Hand.PAPER: OKABE_ITO["blue"],
    Hand.SCISSORS: OKABE_ITO["yellow"],
}
#: The round's outcomes in the bar chart and the match-chance curve.
OUTCOME_COLOURS = (ROLE.win, ROLE.tie, ROLE.lose)
CURVE = ROLE.ink
#: Cells where the round is already decided: a light tint of the theme's neutral grey.
DECIDED = ROLE.neutral.lighter(150).name()
IMPOSSIBLE = ROLE.paper.name()
CHARTS_CAPTION = N_(
    "Left: how one round ends when you play the best hand at every throw. Right: your chance"
    " to win the match at the start of a round, by how many rounds you lead; the big dot is"
    " where the match stands (lead 0 before it starts)."
)
#: Up to this many throws the cells also carry letters (beyond, they are too small to read).
LETTERED_THROWS = 12


def _rgb(name: str) -> npt.NDArray[np.uint8]:
    name = name.lstrip("#")
    return np.array([int(name[k : k + 2], 16) for k in (0, 2, 4)], dtype=np.uint8)


def _pale(colour: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    return (colour.astype(np.float64) * 0.45 + 255 * 0.55).astype(np.uint8)


def _palette() -> npt.NDArray[np.uint8]:
    """Colour of each cell code: 0 cannot happen, 1-3 a hand alone, 4-6 tied, 7 decided."""
    colours = [_rgb(IMPOSSIBLE)]
    colours += [_rgb(HAND_COLOURS[hand]) for hand in Hand]
    colours += [_pale(_rgb(HAND_COLOURS[hand])) for hand in Hand]
    colours.append(_rgb(DECIDED))
    return np.array(colours, dtype=np.uint8)


def _ink_on(rgb: npt.NDArray[np.uint8]) -> QColor:
    """Black on a light cell, white on a dark one (paper's blue): the letter stays readable."""
    red, green, blue = (float(c) / 255 for c in rgb)
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue  # sRGB weights, close enough
    return QColor("white") if luminance < 0.4 else ROLE.ink


def _legend_ink(hand: Hand) -> str:
    """The legend's word on its hand's colour, readable as the letters on the map."""
    return _ink_on(_rgb(HAND_COLOURS[hand])).name()


def hand_letter(hand: Hand) -> str:
    """The one character that names ``hand`` on a heat map cell (R, P, S in English)."""
    letters = {
        Hand.ROCK: pgettext("hand letter", "R"),
        Hand.PAPER: pgettext("hand letter", "P"),
        Hand.SCISSORS: pgettext("hand letter", "S"),
    }
    return letters[hand]


def _swatch(background: str, ink: str, words: str) -> str:
    """``words`` written in ``ink`` on ``background``, as the legend shows a colour."""
    style = f"background:{background};color:{ink}"
    return "".join(('<span style="', style, '">&nbsp;', words, "&nbsp;</span>"))


def heatmap_legend() -> str:
    """The heat map's legend, as rich text, in the language spoken now."""
    hands = " ".join(_swatch(HAND_COLOURS[h], _legend_ink(h), hand_name(h)) for h in Hand)
    grey = _swatch(DECIDED, ROLE.ink.name(), _("grey"))
    # The legend's entries, each one whole, side by side as a list (not one sentence).
    entries = (
        _("{hands} the hand to play (letters {letters} on small grids)").format(
            hands=hands, letters=pgettext("list", ", ").join(hand_letter(h) for h in Hand)
        ),
        _("lighter shade and +: another hand is just as good"),
        _("{grey} round already decided").format(grey=grey),
        _("outlined: the cell you are looking at"),
    )
    return " &nbsp;·&nbsp; ".join(entries)


def policy_image(result: GreatGameResult) -> npt.NDArray[np.uint8]:
    """G x (2G+1) x 3 colours: the hand played, pale where other hands tie with it.

    Built as one small code per cell and a single palette look-up: at G = 1000
    (two million cells) this runs on the UI thread when a result arrives.
    """
    g = result.inputs.throws
    masks = result.policy_grid()
    # Letters R, P, S -> codes 1, 2, 3 (the hand played, alone); 0 where nothing is played.
    letters = np.zeros(128, dtype=np.uint8)
    for hand in Hand:
        letters[ord(hand.letter)] = hand.value + 1
    codes = np.zeros((g, 2 * g + 1), dtype=np.uint8)
    for i, row in enumerate(result.played):
        codes[i, g - i : g + i + 1] = letters[np.frombuffer(row.encode(), dtype=np.uint8)]
    tied = (masks & (masks - 1)) != 0  # more than one bit: other hands are as good
    codes[tied & (codes > 0)] += 3
    throws = np.arange(g)[:, np.newaxis]
    scores = np.abs(np.arange(-g, g + 1))[np.newaxis, :]
    codes[(scores > g - throws) & (scores <= throws)] = 7
    # np.take, not _palette()[codes]: the same look-up four times faster (4 ms at G = 1000).
    image: npt.NDArray[np.uint8] = np.take(_palette(), codes, axis=0)
    return image


def describe_cell(result: GreatGameResult, throw: int, score: int) -> str:
    """One line on cell (throw 0-based, score): what to play and why it is shown so."""
    g = result.inputs.throws
    if not 0 <= throw < g:
        return ""
    cell = {"throw": throw + 1, "score": f"{score:+d}"}
    if abs(score) > throw:
        return ngettext(
            "Throw {throw}, round score {score}: cannot happen (only {made} throw made).",
            "Throw {throw}, round score {score}: cannot happen (only {made} throws made).",
            throw,
        ).format(made=throw, **cell)
    if result.decided(throw, score):
        if score > 0:
            return _(
                "Throw {throw}, round score {score}: the round is decided (you cannot be"
                " caught); any hand."
            ).format(**cell)
        return _(
            "Throw {throw}, round score {score}: the round is decided (the opponent cannot be"
            " caught); any hand."
        ).format(**cell)
    played = result.best_hand(throw, score)
    others = [hand_name(h) for h in result.hands_at(throw, score) if h is not played]
    a, b, c = result.inputs.percentages[throw]
    odds = {"hand": hand_name(played), "rock": f"{a:g}", "paper": f"{b:g}", "scissors": f"{c:g}"}
    if not others:
        return _(
            "Throw {throw}, round score {score}: play {hand}; opponent plays"
            " R {rock}% / P {paper}% / S {scissors}%."
        ).format(**cell, **odds)
    # "ties" would read as a drawn throw: say the hands are as good.
    return ngettext(
        "Throw {throw}, round score {score}: play {hand} ({others} is just as good);"
        " opponent plays R {rock}% / P {paper}% / S {scissors}%.",
        "Throw {throw}, round score {score}: play {hand} ({others} are just as good);"
        " opponent plays R {rock}% / P {paper}% / S {scissors}%.",
        len(others),
    ).format(others=_(" and ").join(others), **cell, **odds)


class PolicyHeatmap(Plot):
    """Best hand by (throw, score so far); hover explains a cell, click selects it."""

    hovered = Signal(int, int)
    selected = Signal(int, int)

    def __init__(self) -> None:
        super().__init__({side: IntegerAxis(side) for side in ("left", "bottom")})
        self.setObjectName("policyHeatmap")
        self.invertY(True)
        self.image = pg.ImageItem(axisOrder="row-major")
        self.addItem(self.image)
        self.marker = pg.ScatterPlotItem(
            symbol="s",
            size=1.0,
            pxMode=False,
            brush=None,
            pen=pg.mkPen(ROLE.ink, width=3),
        )
        self.addItem(self.marker)
        self.result: GreatGameResult | None = None
        self.selection: tuple[int, int] | None = None
        #: Letters on the cells of a small grid, so the hand is never told by colour alone.
        self.letters: list[Any] = []
        #: Each letter's hand (R, P, S) and mark ("+": tied), to write it again in a new language.
        self._letter_keys: list[tuple[str, str]] = []
        for side in ("bottom", "left"):
            self.getAxis(side).enableAutoSIPrefix(False)
        self.setRange(xRange=(-3.5, 3.5), yRange=(0.5, 3.5), padding=0)
        self.scene().sigMouseMoved.connect(self._moved)
        self.scene().sigMouseClicked.connect(self._clicked)
        self.retranslate()

    def retranslate(self) -> None:
        """Name the axes, and write the cells' letters, in the language spoken now."""
        self.setLabel("bottom", _("round score so far (you minus opponent)"))
        self.setLabel("left", _("throw"))
        letters = {hand.letter: hand_letter(hand) for hand in Hand}
        for item, (letter, mark) in zip(self.letters, self._letter_keys, strict=True):
            item.setText(letters[letter] + mark)

    def show_result(self, result: GreatGameResult | None) -> None:
        """Draw ``result`` (None clears)."""
        self.result = result
        self.selection = None
        self.marker.setData([], [])
        for item in self.letters:
            self.removeItem(item)
        self.letters = []
        self._letter_keys = []
        if result is None:
            self.image.clear()
            return
        g = result.inputs.throws
        self.image.setImage(policy_image(result), autoLevels=False)
        # Pixel (i, k) covers score k - G and throw i + 1.
        self.image.setRect(QRectF(-g - 0.5, 0.5, 2 * g + 1, g))
        self.setRange(xRange=(-g - 0.5, g + 0.5), yRange=(0.5, g + 0.5), padding=0.02)
        if g <= LETTERED_THROWS:
            self._put_letters(result)

    def _put_letters(self, result: GreatGameResult) -> None:
        """R, P or S on each open cell (``+``: another hand is as good), readable on its colour."""
        inks = [_ink_on(colour) for colour in _palette()]  # by cell code, as policy_image
        letters = {hand.letter: hand_letter(hand) for hand in Hand}
        for throw, row in enumerate(result.played):
            for k, letter in enumerate(row):
                score = k - throw
                if result.decided(throw, score):
                    continue
                tied = len(result.hands_at(throw, score)) > 1
                code = 1 + "RPS".index(letter) + (3 if tied else 0)
                mark = "+" if tied else ""
                item = pg.TextItem(letters[letter] + mark, color=inks[code], anchor=(0.5, 0.5))
                item.setPos(score, throw + 1)
                self.addItem(item)
                self.letters.append(item)
                self._letter_keys.append((letter, mark))

    def cell_at(self, point: QPointF) -> tuple[int, int] | None:
        """(throw 0-based, score) under a scene point, or None outside the grid."""
        if self.result is None:
            return None
        view = self.getPlotItem().vb.mapSceneToView(point)
        throw, score = int(np.floor(view.y() - 0.5)), int(np.round(view.x()))
        g = self.result.inputs.throws
        if 0 <= throw < g and abs(score) <= throw:
            return throw, score
        return None

    def select(self, throw: int, score: int) -> None:
        """Outline cell (throw 0-based, score)."""
        self.selection = (throw, score)
        self.marker.setData([score], [throw + 1])
        self.selected.emit(throw, score)

    def _moved(self, point: QPointF) -> None:
        cell = self.cell_at(point)
        if cell is not None:
            self.hovered.emit(*cell)

    def _clicked(self, event: Any) -> None:
        cell = self.cell_at(event.scenePos())
        if cell is not None:
            self.select(*cell)


class OutcomeBars(Plot):
    """The round's win / tie / lose probabilities under the optimal policy."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("outcomeBars")
        self.setYRange(0, 1.25, padding=0)  # room for a label above a full bar
        self.setXRange(-0.5, 2.5, padding=0.05)
        self.retranslate()
        brushes = list(OUTCOME_COLOURS)
        self.bars = pg.BarGraphItem(x=[0, 1, 2], height=[0, 0, 0], width=0.6, brushes=brushes)
        self.addItem(self.bars)
        self.labels = [pg.TextItem("", anchor=(0.5, 1.0), color=ROLE.ink) for _ in range(3)]
        for k, label in enumerate(self.labels):
            label.setPos(k, 0)
            self.addItem(label)

    def retranslate(self) -> None:
        """Title, outcome names and axis in the language spoken now."""
        self.setTitle(_("One round, best play"))
        self.getAxis("bottom").setTicks([[(0, _("won")), (1, _("tied")), (2, _("lost"))]])
        self.setLabel("left", _("chance"))

    def show_result(self, result: GreatGameResult | None) -> None:
        """Bars for ``result`` (None: empty)."""
        heights = (
            [0.0, 0.0, 0.0]
            if result is None
            else [result.round_win, result.round_tie, result.round_lose]
        )
        self.bars.setOpts(height=heights)
        for k, (label, h) in enumerate(zip(self.labels, heights, strict=True)):
            label.setText("" if result is None else f"{100 * h:.2f}%")
            label.setPos(k, h + 0.02)  # its bottom edge just above the bar


class LeadPlot(Plot):
    """Match-win probability against the current lead (rounds ahead); where the match stands."""

    def __init__(self) -> None:
        super().__init__({"bottom": IntegerAxis("bottom")})
        self.setObjectName("leadPlot")
        self.retranslate()
        self.showGrid(x=True, y=True, alpha=0.25)
        self.curve = self.plot(
            [],
            [],
            # Ink, not blue: blue is paper on the heat map beside it.
            pen=pg.mkPen(CURVE, width=2),
            symbol="o",
            symbolSize=5,
            symbolBrush=CURVE,
        )
        self.start = pg.ScatterPlotItem(
            size=14, brush=ROLE.best, pen=pg.mkPen(ROLE.best_text, width=2)
        )
        self.addItem(self.start)

    def retranslate(self) -> None:
        """Title and axes in the language spoken now."""
        self.setTitle(_("Chance to win the match, by lead"))
        self.setLabel("bottom", _("lead in rounds (won minus lost)"))
        self.setLabel("left", _("chance to win"))

    def show_result(self, result: GreatGameResult | None) -> None:
        """Curve from lead -L (0) to +W (1) for ``result`` (None clears)."""
        if result is None:
            self.curve.setData([], [])
            self.start.setData([], [])
            return
        w, lose = result.inputs.win_by, result.inputs.lose_by
        xs = np.arange(-lose, w + 1)
        ys = np.concatenate([[0.0], result.lead_probabilities, [1.0]])
        self.curve.setData(xs, ys)
        self.setXRange(-lose, w, padding=0.03)
        self.start.setData([0], [result.probability])
        self.setYRange(0, 1, padding=0.06)  # the big dot stays whole at 0 and at 1

    def mark(self, lead: int, chance: float) -> None:
        """Put the big dot at ``lead`` (the match being played stands there)."""
        self.start.setData([lead], [chance])
