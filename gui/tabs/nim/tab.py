"""The Nim tab: the rule and piles (form), the winner and every winning move, g(x), play.

The form sits left; on the right the pile chart (the solved piles, or the position
of the game in play), the Grundy plot of a subtraction game, and the play panel.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QSplitter, QWidget

from gui.tabs.base import GameTab
from gui.widgets.play_panel import GameRestarter, show_play_headline
from gui.widgets.theme import BEST
from gui.worker import Job
from solvers import nim
from solvers.i18n import N_, _, ngettext
from solvers.nim.why import explain_position

from .form import NimForm
from .play import NimPlayPanel
from .views import GrundyPlot, PileChart
from .why_picture import NimWhyPicture

__all__ = ["TAB", "NimTab"]

#: Help > Rules, a paragraph per text to translate.
RULES = (
    N_(
        "<p><b>Nim.</b> Two players take turns removing any number of stones (at least one)"
        " from one pile. <i>Normal play</i>: who takes the last stone wins. Write the pile sizes"
        " in binary and add them without carrying (XOR): this <i>nim-sum</i> decides the game."
        " If it is not 0, the player to move can win by a move that makes it 0; if it is 0,"
        " every move loses against best play.</p>"
    ),
    N_(
        "<p><i>Misère</i>: who takes the last stone loses. Play as in normal Nim, except when"
        " your move would leave only piles of 0 or 1 stones: then leave an odd number of"
        " 1-stone piles.</p>"
    ),
    N_(
        "<p><i>Subtraction set S</i>: a move takes exactly s stones, s from S. Each pile size x"
        " gets a <i>Grundy value</i> g(x): the smallest number that no move from x reaches. The"
        " piles together are lost for the player to move exactly when the XOR of their Grundy"
        " values is 0. The values repeat with a period, shaded in the plot.</p>"
    ),
    N_(
        "<p>Colours: a pile with a winning move is green; the stones the move takes are hatched"
        " and the size it leaves is marked with a triangle. In play, winning takes are marked ✓"
        " on green.</p>"
    ),
)


class NimTab(GameTab):
    """Solve Nim, misère Nim and subtraction games on editable piles; play them."""

    game_id = "nim"
    rules = RULES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form = NimForm()
        self.option_fields = self.form.options
        self.piles = self.form.piles
        self.piles.refused.connect(lambda text: self.show_message(text, error=True))
        self.misereCheck = self.form.misereCheck
        self.subtractionEdit = self.form.subtractionEdit
        self.form.changed.connect(self.inputs_changed)

        self.chart = PileChart()
        self.pileChart = self.chart.widget
        self.grundy = GrundyPlot()
        self.grundyPlot = self.grundy.widget
        self.grundyCurve = self.grundy.curve
        self.play = NimPlayPanel(self.checked_inputs)
        self.play.changed.connect(self._play_changed)
        self.restarter = GameRestarter(
            self.checked_inputs,
            lambda: self.play.state is not None or self.play.controller.busy,
            self.play.reset,
            lambda _inputs: self.play.new_game(note=self.restarter.take_note()),
            self,
        )
        self.play.game_requested.connect(self.restarter.game_requested)
        # A splitter: the user decides how much room the chart, g(x) and the game get.
        views = QSplitter(Qt.Orientation.Vertical)
        views.setObjectName("nimViewsSplitter")
        views.setChildrenCollapsible(False)
        for widget, stretch in ((self.chart.view, 3), (self.grundyPlot, 2), (self.play, 3)):
            views.addWidget(widget)
            views.setStretchFactor(views.indexOf(widget), stretch)
        self.pileChart.setMinimumHeight(110)
        self.grundyPlot.setMinimumHeight(80)
        self.add_form_and_views(self.form, views, (380, 860))
        self.splitters.append(views)  # after the outer one, which keeps its name nimSplitter0
        self.viewsSplitter = views
        #: Whether g(x) was ever shown: only its first appearance is given room.
        self._grundy_shown = False
        #: The position in play the Why page derives (None: it derives the answer).
        self._followed: nim.NimInputs | None = None
        #: The chart Export picture draws while a game holds the one on screen (made then).
        self._export_chart: PileChart | None = None
        self._draw_form_piles()
        self.revalidate()

    # ----- inputs --------------------------------------------------------------------------
    def read_inputs(self) -> nim.NimInputs:
        """Piles and rule from the form."""
        return self.form.inputs()

    def set_inputs(self, inputs: nim.NimInputs) -> None:
        """Show piles and rule."""
        self.form.set_inputs(inputs)

    def inputs_changed(self) -> None:
        """A game in play restarts from the new inputs; until then the chart shows them.

        The old Grundy values, winning moves and g(x) belong to other piles: they go (the
        answer above greys), as Xoinc's line does. They go first: the edit may bring back a
        kept answer at once (``super().inputs_changed``), which draws its own.
        """
        if not self.history.applying:
            self.form.set_annotations(None)
            self.grundy.clear()
        self.restarter.inputs_changed()
        super().inputs_changed()
        self._draw_form_piles()

    def state(self) -> dict[str, Any]:
        """Piles as typed and the rule fields."""
        return self.form.state()

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the form from a session."""
        self.form.restore(state)

    # ----- result --------------------------------------------------------------------------
    def result_text(self, result: nim.NimResult) -> str:
        """Winner and nim-sum."""
        moves = len(result.winning_moves)
        if moves:
            detail = ngettext("{count} winning move", "{count} winning moves", moves)
        else:
            detail = _("every move loses")
        fields = {"winner": result.winner_text, "detail": detail.format(count=f"{moves:,}")}
        piles = result.inputs.piles
        if result.inputs.rule is nim.Rule.MISERE and all(p <= 1 for p in piles):
            # The nim-sum does not decide this end of a misère game: the count of 1s does.
            ones = sum(piles)
            text = ngettext(
                "{winner} — misère, {ones} pile of 1 left, {detail}",
                "{winner} — misère, {ones} piles of 1 left, {detail}",
                ones,
            )
            return text.format(ones=f"{ones:,}", **fields)
        text = _("{winner} — nim-sum {value}, {detail}")
        return text.format(value=f"{result.nim_sum:,}", **fields)

    def show_result(self, result: nim.NimResult) -> None:
        """Annotate the pile table, draw the chart and the Grundy plot."""
        by_pile: dict[int, list[nim.Move]] = {}
        for move in result.winning_moves:
            by_pile.setdefault(move.pile, []).append(move)
        notes = [
            [f"{g:,}", ", ".join(_take_text(m) for m in by_pile.get(i, []))]
            for i, g in enumerate(result.grundy)
        ]
        colours = [BEST if i in by_pile else None for i in range(len(result.grundy))]
        self.form.set_annotations(notes, colours)
        self._draw_form_piles()  # the answer is current now: its winning moves too
        if result.sequence is None:
            self.grundy.clear()
        else:
            largest = max(result.inputs.piles)
            self.grundy.draw(result.sequence, result.inputs.subtraction, largest)
            if not self._grundy_shown:  # later, the splitter gives back what it had
                self._grundy_shown = True
                self._make_room_for_grundy()

    def _make_room_for_grundy(self) -> None:
        """The first g(x) plot gets its share (3:2:3), not the sliver a never-shown one has.

        Hidden again and shown, it gets back the size it had (the user's drag included).
        """
        sizes = self.viewsSplitter.sizes()
        total = sum(sizes)
        if total > 0 and sizes[1] < total // 5:
            self.viewsSplitter.setSizes([total * 3 // 8, total * 2 // 8, total * 3 // 8])

    def clear_result(self) -> None:
        """Forget highlights and plots."""
        self.form.set_annotations(None)
        self.grundy.clear()
        self._draw_form_piles()

    def main_view(self) -> QWidget:
        """The pile chart with its legend."""
        return self.chart.view

    def retranslate(self) -> None:
        """Texts built from state in the language spoken now; the game in play goes on.

        The base redraws the answer line and the derivation; the pile table's notes and
        g(x)'s title are this tab's (an answer of other inputs has none to redraw).
        """
        super().retranslate()
        if self.result is not None and self.result_is_current():
            self.show_result(self.result)
        self.form.retranslate()
        self.chart.retranslate()
        self.grundy.retranslate()
        picture = self.why.picture
        if isinstance(picture, NimWhyPicture):
            # Said again, not looked up: two English titles may share a translation.
            picture.chart.retranslate()
        if self._export_chart is not None:
            self._export_chart.retranslate()
        self._headline()
        self._followed = None  # the game's derivation again, in the new words
        self._follow()

    # ----- drawing -------------------------------------------------------------------------
    def _draw_form_piles(self) -> None:
        if self.play.state is not None:
            return
        result = self.result
        if result is not None and self.result_is_current():  # its winning moves too
            self.chart.draw(result.inputs.piles, _winning(result))
            return
        # A bad entry draws as 0: the valid piles stay in sight while it is being fixed.
        self.chart.draw(self.piles.model.values_or_zero(), None)

    def _play_changed(self) -> None:
        """In play the chart shows the position (bars shrink) and the mover's winning moves."""
        state = self.play.state
        self._headline()
        self._follow()
        if state is None:
            self._draw_form_piles()
            return
        self.chart.draw(state.piles, self.play.winning_by_pile())

    # ----- the Why page and Export picture ---------------------------------------------------
    def why_picture(self) -> QWidget:
        """The piles over their binary digits, beside the Why page's steps."""
        picture = NimWhyPicture()
        # The page draws the answer's case in it first: a game in play takes it over after.
        QTimer.singleShot(0, self._sync_why_picture)
        return picture

    def picture(self) -> QWidget:
        """The pile chart with its legend and the answer's winning moves (Export picture).

        While a game is in play the chart on screen shows the position: the picture is
        then a copy of it, as large, drawn from the answer.
        """
        if self.play.state is None or self.result is None:
            return self.chart.view
        if self._export_chart is None:
            self._export_chart = PileChart()
        chart = self._export_chart
        chart.view.resize(self.chart.view.size())
        chart.draw(self.result.inputs.piles, _winning(self.result))
        layout = chart.view.layout()
        if layout is not None:
            layout.activate()  # never shown: lay it out before it is painted
        return chart.view

    def _follow(self) -> None:
        """The Why page follows the game in play: the position now, for the player to move.

        Every change of the position in play sends its derivation; the game's end (or
        leaving it) gives the page back to the answer's.
        """
        state = self.play.state
        position = None if state is None or state.over else state.position
        if position == self._followed:
            return
        self._followed = position
        if state is None or position is None:
            self.follow_play(None, "")
        else:
            job = Job(explain_position, (position, state.sequence), progress=False)
            piles = ", ".join(f"{p:,}" for p in position.piles)
            self.follow_play(job, _("The game in play: piles {piles}").format(piles=piles))
        self._sync_why_picture()

    def _sync_why_picture(self) -> None:
        """The Why page's picture shows what its steps derive: the position, or the answer."""
        picture = self.why.picture
        if not isinstance(picture, NimWhyPicture):
            return
        state = self.play.state
        if self._followed is not None and state is not None:
            picture.show_result(self._followed, nim.decide(self._followed, state.sequence))
        elif self.result is not None:
            picture.show_result(self.result.inputs, self.result)

    def _headline(self) -> None:
        """While a game runs before any solve, the answer line speaks of the game."""
        if self.result is None:
            show_play_headline(self.messages, self.play.headline())


def _winning(result: nim.NimResult) -> dict[int, list[int]]:
    """Pile index -> the sizes its winning moves leave (what the chart marks)."""
    winning: dict[int, list[int]] = {}
    for move in result.winning_moves:
        winning.setdefault(move.pile, []).append(move.after)
    return winning


def _take_text(move: nim.Move) -> str:
    """A winning move in the pile table: ``take 2 → 1``."""
    text = _("take {count} → {after}")
    return text.format(count=f"{move.removed:,}", after=f"{move.after:,}")


#: What ``gui.tabs.tab_class`` builds for this game.
TAB = NimTab
