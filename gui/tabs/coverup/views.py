"""Drawing a play state: the digit table's overlay, the pick combinations, words and legends.

Nothing here decides anything about the game: the play session
(``solvers.play_session.PlaySession`` over a ``solvers.coverup.CoverUpGame``) says
which slots were tried, which is right, each digit's chance, which slot each pick
covers, which picks are best and what others cost; this module only turns slots
into the digits the user typed and into words, those every play tab shares.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
)

from gui.widgets.grid_view import GridView
from gui.widgets.play_panel import BEST_MARK, costs_you
from gui.widgets.tables import mark_best, readonly_table
from gui.widgets.theme import ROLE, SELECTED
from solvers import coverup as cu
from solvers.i18n import N_, _
from solvers.play_session import PlaySession

from .form import FIRST_SLOT, LIKELY_COL, P_COL, PICK_COL, DigitTableModel, RowOverlay

__all__ = [
    "ALTERNATIVES_CAPTION",
    "TABLE_LEGEND",
    "alternatives_caption",
    "alternatives_table",
    "decision_of",
    "describe_pick",
    "digit_view",
    "fill_alternatives",
    "fit_rows",
    "overlay_of",
    "turn_words",
]

RESERVE_WORDS = N_("deliberate miss (reserve)")
#: A pick cell in reserve: two lines in English; one where the words are short but tall (CJK).
RESERVE_CELL = N_("{pick}\n{reserve}")
RESERVE_TIP = N_(
    "A deliberate miss: this column is covered with a less likely digit on purpose, keeping it"
    " in reserve for a later turn in which every other column might miss."
)
TABLE_LEGEND = N_(
    "Tick the likely digits; p is the chance that the right digit is one of the ticked ones."
    " <b>Bold on green</b>: cover this digit now. <b>Bold on yellow, “reserve”</b>: a deliberate"
    " miss keeping the column for a later turn. %: chance each digit is right now;"
    " ✗ struck out: tried, wrong; ✓: right. Tick the picks that came up right, then Next turn."
)
#: The row of the picks being played (when not the best): a light grey, as a selection.
PLAYED = ROLE.neutral.lighter(145)
ALTERNATIVES_CAPTION = N_(
    "Every way to pick this turn, with its chance to win: {best} best, ▶ played;"
    " click a row to play it."
)


def alternatives_caption() -> str:
    """``ALTERNATIVES_CAPTION`` in the language spoken now, with the best mark."""
    return _(ALTERNATIVES_CAPTION).format(best=BEST_MARK)


def digit_view(model: DigitTableModel) -> GridView:
    """The digit table's view: widths for six digit slots at 1024 px, every column in sight."""
    view = GridView()
    view.setObjectName("digitTable")
    view.setModel(model)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setMinimumSectionSize(40)
    # Widths that show six digit slots at 1024 px; cells hold two lines (digit, chance).
    # A header is never cut, in bold either (the current column's header is bold).
    bold = QFont(view.font())
    bold.setBold(True)
    for column, width in ((0, 90), (P_COL, 104), (LIKELY_COL, 92)):
        title = QFontMetrics(bold).horizontalAdvance(
            str(model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole))
        )
        view.setColumnWidth(column, max(width, title + 16))
    view.setColumnWidth(PICK_COL, 170)
    # A slot holds a check box and "100%" in bold (a sure digit): never elided.
    box = view.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)
    slot = max(58, box + QFontMetrics(bold).horizontalAdvance("100%") + 20)
    for c in range(FIRST_SLOT, model.columnCount()):
        view.setColumnWidth(c, slot)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    fit_rows(view)
    return view


def fit_rows(view: GridView, scroll: bool = False) -> None:
    """Rows two lines high in the language spoken now; every column of the game in sight.

    ``scroll``: keep room for the horizontal scroll bar that more than six digit slots
    need at 1024 px (the table is otherwise as high as its rows).

    Hangul and Han come from a fallback font with taller lines than the Latin default
    (36 px against 28 for two lines at 10 pt): measured on the words a pick cell shows.
    """
    pick = _("cover {digit} · {kind} · {chance}")
    sample = _(RESERVE_CELL).format(pick=pick, reserve=_(RESERVE_WORDS))
    flags = int(Qt.AlignmentFlag.AlignLeft)
    lines = view.fontMetrics().boundingRect(QRect(0, 0, 2000, 200), flags, sample).height()
    rows = view.verticalHeader()
    rows.setDefaultSectionSize(max(lines, 2 * view.fontMetrics().lineSpacing()) + 4)
    # Every column of the game (at most five rows) stays in sight at any window height.
    header = view.horizontalHeader().sizeHint().height()
    table_height = rows.defaultSectionSize() * cu.MAX_COLUMNS + header
    bar = view.horizontalScrollBar().sizeHint().height() if scroll else 0
    view.setFixedHeight(table_height + bar + 4)


def describe_pick(pick: cu.Pick | None, reserve: bool = False) -> str:
    """``likely``, ``other``, ``reserve`` (a deliberate miss) or ``—`` (solved column)."""
    if pick is None:
        return "—"
    if reserve:
        return _("reserve")  # short enough for five columns at 1024 px; the tooltip explains
    return _("likely") if pick is cu.Pick.CANDIDATE else _("other")


def _game(session: PlaySession) -> cu.CoverUpGame:
    game = session.state
    if not isinstance(game, cu.CoverUpGame):
        raise TypeError(f"not a Cover Up game: {type(game).__name__}")
    return game


def decision_of(session: PlaySession) -> PlaySession:
    """The session at this turn's decision: before the picks when they are made."""
    return session.undo() if session.at_chance else session


def turn_words(session: PlaySession) -> str:
    """One plain sentence on where ``session``'s game stands."""
    if session.over:
        if session.score_for_user() == 1.0:
            return _("Game won: every column is right. Press “New game” to play again.")
        return _("Game lost: no pick was right this turn. Press “New game” to play again.")
    game = _game(session)
    decision = decision_of(session)
    # One rounding, the alternatives table's four decimals: no second number to explain.
    best = f"{decision.best_value():.4f}"
    picks = game.picks
    if picks is not None and not decision.is_best(picks):
        return _(
            "Turn {turn}: the best picks win with probability {best}. Your picks win with"
            " {value}: they cost you {cost}."
        ).format(
            turn=game.turn,
            best=best,
            value=f"{decision.values()[picks]:.4f}",
            cost=costs_you(session.units, decision.cost(picks)),
        )
    return _("Turn {turn}: the best picks win with probability {best}.").format(
        turn=game.turn, best=best
    )


def overlay_of(game: cu.CoverUpGame, slots: Sequence[Sequence[int]]) -> list[RowOverlay]:
    """The digit table's view of ``game``; ``slots[i]`` are column i's digits by solver slot."""
    covering = game.slots() if game.picks is not None else (None,) * game.inputs.n
    # Chances only while the game goes on: after a lost turn the solver's state holds none
    # (every digit read 0%, though the right one is still among the untried).
    live = game.state is not None and not game.over
    posteriors = game.posteriors() if live else (None,) * game.inputs.n
    reserve: tuple[bool, ...] = (False,) * game.inputs.n
    if game.picks is not None and game.state is not None:
        reserve = cu.reserve_flags(game.inputs, game.state, game.picks)
    rows = []
    for i, digits in enumerate(slots):
        column = game.inputs.columns[i]
        tried = {digits[s] for s in game.tried[i]}
        right = game.right[i]
        row = RowOverlay(tried, None if right is None else digits[right])
        chances = posteriors[i] if i < len(posteriors) else None
        if chances is not None:
            row.posterior = {
                d: chances[0] if s < column.candidates else chances[1]
                for s, d in enumerate(digits)
                if d not in tried
            }
        slot = covering[i] if i < len(covering) else None
        if row.right is not None:
            row.pick_text = _("solved: {digit}").format(digit=row.right)
        elif slot is not None and not game.over:
            row.suggested = digits[slot]
            row.reserve = reserve[i]
            chance = row.posterior.get(row.suggested, 0.0)
            kind = _("likely") if slot < column.candidates else _("other")
            row.pick_text = _("cover {digit} · {kind} · {chance}").format(
                digit=row.suggested, kind=kind, chance=f"{chance:.0%}"
            )
            if row.reserve:
                row.pick_text = _(RESERVE_CELL).format(pick=row.pick_text, reserve=_(RESERVE_WORDS))
                row.pick_tip = _(RESERVE_TIP)
            else:
                row.pick_tip = _("Tick when this digit came up right, then press Next turn.")
        rows.append(row)
    return rows


def alternatives_table() -> QTableWidget:
    """The table of this turn's pick combinations (filled by ``fill_alternatives``)."""
    table = readonly_table(["", _("Win chance")], "alternativesTable")
    table.setToolTip(alternatives_caption())  # one line a row: three rows show where two did
    return table


def fill_alternatives(table: QTableWidget, session: PlaySession | None) -> list[cu.Picks]:
    """Show every pick combination of the turn, the session's best marked; returns them by row."""
    table.setRowCount(0)
    if session is None or session.over:
        return []
    game = _game(session)
    decision = decision_of(session)
    entry = game.entry()
    n = game.inputs.n
    table.setColumnCount(2 + n)
    table.setHorizontalHeaderLabels(
        ["", _("Win chance"), *(_("Col {number}").format(number=i + 1) for i in range(n))]
    )
    table.setRowCount(len(entry.alternatives))
    best_picks = decision.best_moves()
    options = []
    for row, alt in enumerate(entry.alternatives):
        options.append(alt.picks)
        best, played = alt.picks in best_picks, alt.picks == game.picks
        mark = "".join(word for word, on in ((BEST_MARK, best), ("▶", played)) if on)
        cells = [mark, f"{alt.value:.4f}"]
        cells += [describe_pick(p, r) for p, r in zip(alt.picks, alt.reserve, strict=True)]
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column == 1:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if column >= 2 and alt.reserve[column - 2]:
                item.setToolTip(_(RESERVE_TIP))
            if column == 0 and mark:
                words = (
                    (_("{best} the best picks").format(best=BEST_MARK), best),
                    (_("▶ the picks being played"), played),
                )
                item.setToolTip("; ".join(word for word, on in words if on))
            reserve = column >= 2 and alt.reserve[column - 2]
            if best:
                mark_best((item,))
            if reserve:
                # Yellow means "reserve" here as in the digit table, never "played".
                item.setBackground(SELECTED)
            elif played and not best:
                item.setBackground(PLAYED)
            table.setItem(row, column, item)
    header = table.horizontalHeader()
    # Every column as wide as its words ("reserve" never elided); none takes the spare
    # width ("Col 5" was 600 px wide at 1600 px).
    header.setStretchLastSection(False)
    for column in range(table.columnCount()):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return options
