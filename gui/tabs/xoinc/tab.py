"""The Xoinc tab: the coin stack, both totals, the optimal line, the chart, play mode.

The coin list sits on the left; on the right the stack as a bar chart above
two pages: the optimal line and the play panel. The tab holds no rule of the
game: the solve runs in a worker process (returning the line without the value
table, which would cost the window its transfer), and so does building a play
state (``solvers.xoinc.new_game``) for every new game.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QSplitter, QTabWidget, QVBoxLayout, QWidget

from gui.controller import Job
from gui.tabs.base import GameTab
from gui.widgets.play_panel import GameRestarter, show_play_headline
from solvers import xoinc
from solvers.i18n import N_, _, ngettext
from solvers.xoinc.play import XoincGame

from .form import CoinForm
from .model import check_state, state_of
from .play import XoincPlayPanel
from .views import (
    CHART_LEGEND,
    LINE_LEGEND,
    PLAYER_NAMES,
    StackChart,
    TurnTableModel,
    best_colour,
    caption,
    fit_line_columns,
    line_table,
    player_tint,
)
from .why_picture import XoincWhyPicture

__all__ = ["TAB", "XoincTab"]

RULES = N_("""<p><b>Xoinc</b> (USACO 2009 November). A stack of coins, coin 1 on top. Players
take turns taking coins from the top. The first player takes 1 or 2 coins; after that each
player takes at least 1 and at most twice as many coins as the opponent just took. The game
ends when the stack is empty; both try to end with as much money as they can.</p>
<p><i>How it is solved.</i> A position is: how many coins are left, and the most you may take.
What you end with is all the money left minus the least the opponent can be held to after
your take. Working up from the bottom of the stack gives every position's value, about
N² steps for N coins.</p>
<p><i>Colours.</i> In the chart and the coin list, blue coins go to the first player and
orange coins to the second; grey coins are not taken yet. The yellow band and row: the turn
you selected in the optimal line. In play, the green band and the ★ row: the best take now.</p>""")


class XoincTab(GameTab):
    """Solve Xoinc on an editable coin stack and play it against the solver."""

    game_id = "xoinc"

    rules = RULES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form = CoinForm(self.options())
        self.coins = self.form.coins
        self.option_fields = self.form.option_fields
        self.coins.model.edited.connect(self.inputs_changed)
        self.option_fields.changed.connect(self.inputs_changed)
        self.coins.refused.connect(lambda text: self.show_message(text, error=True))

        self.chart = StackChart()
        chart_box = QWidget()
        chart_layout = QVBoxLayout(chart_box)
        chart_layout.setContentsMargins(0, 0, 0, 0)
        chart_layout.addWidget(self.chart, 1)
        chart_layout.addWidget(caption(_(CHART_LEGEND)))

        self.turnModel = TurnTableModel()
        self.turnTable = line_table(self.turnModel)
        self.turnTable.selectionModel().selectionChanged.connect(self._turn_selection_changed)
        line_box = QWidget()
        line_layout = QVBoxLayout(line_box)
        line_layout.addWidget(self.turnTable, 1)
        line_layout.addWidget(caption(_(LINE_LEGEND)))

        self.play = XoincPlayPanel()
        self.play.game_requested.connect(self.start_game)
        self.play.changed.connect(self._play_changed)
        #: The position the Why page follows (None: the result's derivation).
        self._followed: tuple[object, ...] | None = None
        self.restarter = GameRestarter(
            self.checked_inputs,
            lambda: self.play.state is not None or self.play.controller.busy,
            self.play.reset,
            lambda inputs: self._build_game(
                inputs, self.play.sideCombo.currentIndex() == 0, self.restarter.take_note()
            ),
            self,
        )

        self.viewTabs = QTabWidget()
        self.viewTabs.setObjectName("xoincViews")
        self.viewTabs.addTab(line_box, _("Optimal line"))
        self.viewTabs.addTab(self.play, _("Play against the solver"))
        self.viewTabs.currentChanged.connect(lambda _: self._play_changed())
        views = QSplitter(Qt.Orientation.Vertical)
        views.setObjectName("xoincViewSplitter")
        views.setChildrenCollapsible(False)
        views.addWidget(chart_box)
        views.addWidget(self.viewTabs)
        views.setSizes([260, 420])
        self.add_form_and_views(self.form, views, (290, 730))
        self.splitters.append(views)
        self._redraw()
        self.revalidate()

    def retranslate(self) -> None:
        """Make again the texts built from state: headers, axes, coin notes, the game's lines.

        Texts set once from a constant (buttons, captions) are switched by ``gui.i18n``.
        """
        super().retranslate()
        self.viewTabs.setTabText(0, _("Optimal line"))
        self.viewTabs.setTabText(1, _("Play against the solver"))
        self.chart.retranslate()
        self.turnModel.retranslate()
        fit_line_columns(self.turnTable, self.turnModel)
        self.play.retranslate()
        self._annotate()
        if isinstance(self.why.picture, XoincWhyPicture):
            self.why.picture.retranslate()
        self._followed = None  # the position in play is derived again, in the new language
        self._follow()

    # ----- inputs --------------------------------------------------------------------------
    def read_inputs(self) -> xoinc.XoincInputs:
        """The stack from the form."""
        return xoinc.XoincInputs(tuple(self.coins.model.values()))

    def set_inputs(self, inputs: xoinc.XoincInputs) -> None:
        """Show a stack; the side chosen for play stays (it is no input of the solver)."""
        self.restore(state_of(inputs, self.play.sideCombo.currentIndex() == 0))

    def inputs_changed(self) -> None:
        """Any edit cancels work, greys the answer and its line, restarts a game.

        The old notes go first: the edit may bring back a kept answer at once
        (``super().inputs_changed``), which draws its own.
        """
        if not self.history.applying:
            self._outdate()
        super().inputs_changed()
        if self.history.applying:
            # A silent change (a session being tried, a refused one put back) keeps the
            # result: its notes come back once the form shows the solved stack again. An
            # undo goes on in outdate_views.
            self._annotate()
            return
        self._redraw()

    def _outdate(self) -> None:
        """An edit's mark on the views: the notes of rows that may be gone go.

        The optimal line stays in sight, greyed, until the new answer comes (as Dice Yut's
        does); a game restarts on the new stack.
        """
        self.coins.model.set_annotations(None)
        self.turnTable.clearSelection()
        self.turnModel.select(None)  # no turn of an old line stays shaded as the one shown
        self.turnTable.setEnabled(False)
        self.restarter.inputs_changed()

    def outdate_views(self) -> None:
        """An import, an example or an undo greys the line as typing does."""
        self._outdate()
        self._redraw()

    def state(self) -> dict[str, Any]:
        """The coins as typed and the side chosen for play."""
        return {
            "coins": self.coins.model.texts(),
            "user_first": self.play.sideCombo.currentIndex() == 0,
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the form from ``state()`` data (``model.check_state`` refuses a bad one first)."""
        state = check_state(state)
        self.coins.model.set_texts(state["coins"])
        self.play.sideCombo.setCurrentIndex(0 if state["user_first"] else 1)

    # ----- result --------------------------------------------------------------------------
    def result_text(self, result: xoinc.XoincResult) -> str:
        """Both totals in words; the first one is the judge's answer, written as the judge does."""
        # Short enough for 2,000-coin totals at 1024x700 (the longer one was cut there).
        return _("Best play: first player {first}, second {second}").format(
            first=result.first_total, second=result.second_total
        )

    def show_result(self, result: xoinc.XoincResult) -> None:
        """Fill the line table, annotate the coins, colour the chart."""
        self.turnModel.set_turns(result.line)
        self.turnTable.setEnabled(True)
        fit_line_columns(self.turnTable, self.turnModel)
        self._annotate()
        self.select_turn(0)

    def _annotate(self) -> None:
        """Write who takes each coin beside it: in the game in play, else in the solved line.

        The solved line only while the form shows the solved stack; otherwise no notes.
        """
        state = self._game_shown()
        result = self.result
        if state is not None:
            takes = [(take.player, take.taken) for take in state.history]
        elif (
            result is not None
            and not self._stale
            and self.coins.model.texts() == [str(c) for c in result.inputs.coins]
        ):
            takes = [(turn.player, turn.taken) for turn in result.line]
        else:
            self.coins.model.set_annotations(None)
            return
        notes: list[list[str]] = []
        colours: list[QColor | None] = []
        tints = (player_tint(0), player_tint(1))  # once: a QColor per coin costs 10 ms at 5000
        names = (_(PLAYER_NAMES[0]), _(PLAYER_NAMES[1]))
        for number, (player, taken) in enumerate(takes, start=1):
            notes.extend([[names[player], str(number)]] * taken)
            colours.extend([tints[player]] * taken)
        left = self.coins.model.rowCount() - len(notes)  # a game's coins not taken yet
        notes.extend([["", ""]] * left)
        colours.extend([None] * left)
        self.coins.model.set_annotations(notes, colours)

    def clear_result(self) -> None:
        """Forget the line, annotations and colours; a game restarts from the new stack."""
        self.turnModel.set_turns(())
        self.turnTable.setEnabled(True)
        self.coins.model.set_annotations(None)
        # Called when the inputs were replaced (example, import, undo, session).
        self.restarter.inputs_changed()
        self._redraw()

    def solve_job(self, inputs: xoinc.XoincInputs) -> Job[Any]:
        """Solve without sending the value table back: the line is all the views draw."""
        return Job(xoinc.solve, (inputs,), {"table": False})

    def main_view(self) -> QWidget:
        """The chart of the stack (coloured by taker once solved or while playing)."""
        return self.chart

    def picture(self) -> QWidget:
        """Export picture draws the stack chart: coins coloured by who takes them."""
        return self.chart

    def why_picture(self) -> QWidget:
        """The Why page's picture: the stack and the optimal line, lit by the step in view."""
        picture = XoincWhyPicture()
        self._follow_picture(picture)
        return picture

    # ----- the line ------------------------------------------------------------------------
    def select_turn(self, row: int | None) -> None:
        """Select turn ``row`` (0-based) of the line: shaded in the table and the chart."""
        if row is None or not 0 <= row < self.turnModel.rowCount():
            self.turnTable.clearSelection()
            self.turnModel.select(None)
        else:
            self.turnTable.selectRow(row)
            self.turnTable.scrollTo(self.turnModel.index(row, 0))
        self._redraw()

    def _turn_selection_changed(self, selected: QItemSelection, _: QItemSelection) -> None:
        rows = sorted({index.row() for index in selected.indexes()})
        if rows:
            self.turnModel.select(rows[0])
            self._redraw()

    def _game_shown(self) -> XoincGame | None:
        """The game the chart and the coin table show: the one in play, on its own page.

        On the Optimal line page they show the solved line, game or not.
        """
        if self.viewTabs.currentWidget() is not self.play:
            return None
        return self.play.state

    def _play_changed(self) -> None:
        """A take, a new game or its end: the coin table, the chart, the Why page follow."""
        self._annotate()
        self._redraw()
        self._follow()

    def _follow(self) -> None:
        """The Why page derives the position in play (once per position), or the result again.

        A finished game, no game or the Optimal line page in front: the result's derivation.
        """
        state = self._game_shown()
        if state is None or state.over:
            self._followed = None
            self.follow_play(None, "")
        else:
            from solvers.xoinc.why import explain_position

            position = (state.coins, state.coins_left, state.allowance, state.totals, state.to_move)
            if position != self._followed:
                self._followed = position
                title = ngettext(
                    "The game in play: {left} coin left", "The game in play: {left} coins left",
                    state.coins_left,
                ).format(left=state.coins_left)  # fmt: skip
                inputs = xoinc.XoincInputs(state.coins)
                args = (inputs, *position[1:])
                self.follow_play(Job(explain_position, args, progress=False), title)
        if isinstance(self.why.picture, XoincWhyPicture):
            self._follow_picture(self.why.picture)

    def _follow_picture(self, picture: XoincWhyPicture) -> None:
        """The Why picture shows the game in play, else the solved stack."""
        state = self._game_shown()
        if state is not None:
            picture.show_game(state.coins, state.owners())
        elif self.result is not None:
            picture.show_result(self.result_inputs, self.result)

    def _redraw(self) -> None:
        """Chart the game in play, else the current solved line, else the plain stack."""
        self._headline()
        state = self._game_shown()
        if state is not None:
            band = None
            shaded = self.play.shaded_take()
            if shaded is not None:
                band = (state.top + 1, state.top + shaded)
            self.chart.draw(state.coins, state.owners(), band, best_colour())
            # On a long stack the coins in play would be a sliver: show the top of what is left.
            last_take = state.history[-1].taken if state.history else 0
            self.chart.focus(state.top + 1 - last_take, state.top + state.most)
            return
        if self.result is not None and not self._stale:
            turn = self.turnModel.selected
            band = None
            if turn is not None:
                t = self.turnModel.turns[turn]
                band = (t.first_coin, t.first_coin + t.taken - 1)
            self.chart.draw(self.result_inputs.coins, self.result.takers(), band)
            return
        try:
            self.chart.draw(self.coins.model.values())
        except ValueError:
            # Keep the valid coins in sight while one is being fixed: a bad one draws as 0.
            self.chart.draw(self.coins.model.values_or_zero())

    def _headline(self) -> None:
        """While a game runs before any solve, the answer line speaks of the game."""
        if self.result is None:
            show_play_headline(self.messages, self.play.headline())

    # ----- play ----------------------------------------------------------------------------
    def start_game(self, user_first: bool) -> None:
        """Start a game on the form's stack, built in a worker (``new_game``).

        From then on every edit restarts it; a stack not valid yet starts it once fixed.
        """
        self.restarter.game_requested()
        try:
            inputs = self.checked_inputs()
        except ValueError as exc:
            self.play.reset(_("Fix the stack first: {reason}").format(reason=exc))
            return
        self.viewTabs.setCurrentWidget(self.play)
        self._build_game(inputs, user_first, "")

    def _build_game(self, inputs: xoinc.XoincInputs, user_first: bool, note: str) -> None:
        """Build a game on ``inputs`` in a worker (``new_game``); ``note`` opens its log."""
        self.play.build(Job(xoinc.new_game, (inputs,)), user_first, note)


#: What ``gui.tabs.tab_class`` builds for this game.
TAB = XoincTab
