"""The Xoinc tab: coin stack editor, both totals, the optimal line, chart, play mode."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QGroupBox,
    QHeaderView,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gui.tabs.base import GameTab
from gui.tabs.xoinc.play import XoincPlayPanel
from gui.tabs.xoinc.views import (
    StackChart,
    TurnTableModel,
    best_colour,
    player_tint,
)
from gui.widgets.number_list import NumberListEditor
from gui.widgets.theme import SELECTED
from solvers import xoinc

__all__ = ["TAB", "XoincTab"]

RULES = """<p><b>Xoinc</b> (USACO 2009 November). A stack of coins, coin 1 on top. Players
alternate taking coins from the top. The first player takes 1 or 2 coins; after that each
player takes at least 1 and at most twice as many coins as the opponent just took. The game
ends when the stack is empty; both play to get the most money for themselves.</p>
<p><i>Method.</i> A position is (coins left <i>i</i>, most you may take <i>a</i>). Your best
total is the sum of the <i>i</i> coins minus the least the opponent can be held to over your
takes <i>t</i> ≤ <i>a</i>, who then faces (<i>i</i> &minus; <i>t</i>, 2<i>t</i>). As <i>a</i> grows
the choice is a running minimum, so the whole table costs O(N²).</p>
<p>The chart colours each coin by who takes it in optimal play (blue first, orange second);
select a turn of the line to shade its coins. In play, the green band is the best take.</p>"""

DEFAULT_STACK = (1, 3, 1, 7, 2)


class XoincTab(GameTab):
    """Solve Xoinc on an editable coin stack and play it against the solver."""

    game_id = "xoinc"
    rules_html = RULES

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.coins = NumberListEditor(
            "Coin value", 1, xoinc.MAX_VALUE, ("Taken by", "Turn"), (20, 1, xoinc.MAX_COINS), 100
        )
        self.coins.setObjectName("coinEditor")
        self.coins.randomButton.setText("Random stack of")
        self.coins.randomButton.setToolTip("Replace the stack with random coins")
        self.coins.model.set_values(DEFAULT_STACK)
        self.coins.model.edited.connect(self.inputs_changed)
        stack_box = QGroupBox("Coin stack (top first)")
        QVBoxLayout(stack_box).addWidget(self.coins)

        self.chart = StackChart()
        self.turnModel = TurnTableModel()
        self.turnTable = QTableView()
        self.turnTable.setObjectName("turnTable")
        self.turnTable.setModel(self.turnModel)
        self.turnTable.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.turnTable.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # The selected turn in the theme's amber, the same as its band in the chart.
        self.turnTable.setStyleSheet(
            f"QTableView::item:selected {{ background: {SELECTED.name()}; color: black; }}"
        )
        self.turnTable.verticalHeader().hide()
        self.turnTable.verticalHeader().setDefaultSectionSize(22)
        header = self.turnTable.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.turnTable.selectionModel().selectionChanged.connect(self._turn_selection_changed)
        line_box = QGroupBox("Optimal line (select a turn to shade its coins)")
        QVBoxLayout(line_box).addWidget(self.turnTable)

        self.play = XoincPlayPanel(self.start_game)
        self.play.changed.connect(self._redraw)

        self.viewTabs = QTabWidget()
        self.viewTabs.setObjectName("xoincViews")
        self.viewTabs.addTab(line_box, "Optimal line")
        self.viewTabs.addTab(self.play, "Play against the solver")
        views = QSplitter(Qt.Orientation.Vertical)
        views.addWidget(self.chart)
        views.addWidget(self.viewTabs)
        views.setSizes([330, 420])
        self.add_form_and_views(stack_box, views, (300, 980))
        self._pending_game: bool | None = None
        self._redraw()
        self.revalidate()

    # ----- inputs --------------------------------------------------------------------------
    def read_inputs(self) -> xoinc.XoincInputs:
        """The stack from the form."""
        return xoinc.XoincInputs(tuple(self.coins.model.values()))

    def set_inputs(self, inputs: xoinc.XoincInputs) -> None:
        """Show a stack."""
        self.coins.model.set_values(inputs.coins)

    def inputs_changed(self) -> None:
        """Any edit ends a game in progress and redraws the plain stack."""
        super().inputs_changed()
        self._pending_game = None
        self.coins.model.set_annotations(None)
        self.play.reset("The stack changed: press “New game” to play on it.")
        self._redraw()

    def state(self) -> dict[str, Any]:
        """The coins as typed and the side chosen for play."""
        return {
            "coins": self.coins.model.texts(),
            "user_first": self.play.sideCombo.currentIndex() == 0,
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Fill the form from a session."""
        coins, user_first = state["coins"], state.get("user_first", True)
        if not isinstance(coins, list) or not all(isinstance(c, (str, int)) for c in coins):
            raise ValueError("'coins' must be a list of numbers")
        if not isinstance(user_first, bool):
            raise TypeError("'user_first' must be true or false")
        self.coins.model.set_texts([str(c) for c in coins])
        self.play.sideCombo.setCurrentIndex(0 if user_first else 1)

    # ----- result --------------------------------------------------------------------------
    def result_text(self, result: xoinc.XoincResult) -> str:
        """Both totals; the first one is the judge's answer."""
        turns = len(result.line)
        return (
            f"First player: {result.first_total:,} — second player: {result.second_total:,}"
            f"   (judge answer {xoinc.format_judge(result)}; {turns} turn{'s' * (turns != 1)})"
        )

    def show_result(self, result: xoinc.XoincResult) -> None:
        """Fill the line table, annotate the coins, colour the chart; start a pending game."""
        self.turnModel.set_turns(result.line)
        notes: list[list[str]] = []
        colours = []
        for turn in result.line:
            for _ in range(turn.taken):
                notes.append([("first", "second")[turn.player - 1], str(turn.turn)])
                colours.append(player_tint(turn.player))
        self.coins.model.set_annotations(notes, colours)
        self.select_turn(0)
        if self._pending_game is not None:
            user_first, self._pending_game = self._pending_game, None
            self.play.begin(result.inputs.coins, result.values, user_first)

    def clear_result(self) -> None:
        """Forget the line, annotations and colours."""
        self.turnModel.set_turns(())
        self.coins.model.set_annotations(None)
        self.play.reset("Press “New game” to play on the stack in the form.")
        self._redraw()

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

    def _redraw(self) -> None:
        """Chart the game in play, else the solved line, else the plain stack."""
        state = self.play.state
        if state is not None:
            owners = [0] * len(state.coins)
            top = 0
            for take in state.history:
                owners[top : top + take.taken] = [take.player] * take.taken
                top += take.taken
            band = None
            if self.play.hint is not None:
                band = (state.top + 1, state.top + self.play.hint)
            self.chart.draw(state.coins, owners, band, best_colour())
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
            self.chart.draw([])

    # ----- play ----------------------------------------------------------------------------
    def start_game(self, user_first: bool) -> None:
        """Start a game on the form's stack, solving it first if the result is missing or old."""
        try:
            inputs = self.read_inputs()
        except ValueError as exc:
            self.play.positionLabel.setText(f"Fix the stack first: {exc}")
            return
        self.viewTabs.setCurrentWidget(self.play)
        if self.result is not None and not self._stale and self.result_inputs == inputs:
            self.play.begin(inputs.coins, self.result.values, user_first)
            return
        self._pending_game = user_first
        self.play.positionLabel.setText("Solving the stack first…")
        self.solve()

    # ----- screenshots ---------------------------------------------------------------------
    def screenshot_invalid(self) -> None:
        """A bad coin, for the screenshot script."""
        self.coins.model.setData(self.coins.model.index(1, 0), "7x")

    def screenshot_states(self) -> list[tuple[str, Any]]:
        """The example solved with a turn selected, and a game in play."""

        def wait() -> None:
            while self.busy:
                QApplication.processEvents()

        def solved() -> None:
            self.load_example()
            self.solve()
            wait()
            self.select_turn(2)

        def playing() -> None:
            self.load_example()
            self.play.valuesCheck.setChecked(True)
            self.start_game(True)
            wait()
            self.play.user_take(2)
            self.play.show_hint()

        def big() -> None:
            self.coins.randomCount.setValue(xoinc.MAX_COINS)
            self.coins.randomMax.setValue(xoinc.MAX_VALUE)
            self.coins.randomize(5)
            self.solve()
            wait()

        return [("solved", solved), ("play", playing), ("big", big)]


TAB = XoincTab
