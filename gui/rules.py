"""Help texts: the rules a tab gives (Help → Rules), and About with the version.

Every tab sets ``rules_html`` (it can explain its colours); a tab without one
shows its solver's docstring. ``COLOURS`` adds what a game's board marks mean
where the rules alone left a newcomer guessing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QColor

from solvers.i18n import _

if TYPE_CHECKING:
    from gui.tabs.base import GameTab

__all__ = ["about_html", "rules_html", "version"]

DISTRIBUTION = "strategy-workbench"


def rules_html(tab: GameTab) -> str:
    """The rules shown by Help → Rules for ``tab``, with what its colours mean."""
    colours = _colours(tab.game_id)
    if tab.rules_html:
        return tab.rules_html + colours
    from html import escape  # only for this fallback and About, never at start-up

    return f"<pre>{escape(tab.module.__doc__ or tab.title)}</pre>{colours}"


def _swatch(colour: QColor) -> str:
    return f'<span style="background-color: {colour.name()};">&nbsp;&nbsp;&nbsp;&nbsp;</span>'


def _colours(game_id: str) -> str:
    """What the board's colours mean, for games whose rules do not say it themselves."""
    if game_id != "yut":
        return ""
    from gui.tabs.yut.board_view import BLUE_SQUARE, PIECE_COLOURS
    from gui.widgets.theme import BEST, SELECTED

    pieces = "".join(_swatch(QColor(colour)) for colour in PIECE_COLOURS)
    items = (
        (
            _swatch(SELECTED),
            _(
                "<b>Yellow</b>, dashed outline: the squares the move shown passes over (the"
                " same yellow marks its row in the Optimal line table)."
            ),
        ),
        (
            _swatch(BEST),
            _(
                "<b>Green</b> with a double ring: the square where that move ends. In the move"
                " tables green (and ✓ best) marks the best move."
            ),
        ),
        (
            _swatch(BLUE_SQUARE),
            _(
                "<b>Blue</b> squares: a move that starts there takes the blue arrow (the"
                " shortcut) first; blue arrows are the shortcuts, red arrows the ordinary way."
            ),
        ),
        (
            pieces,
            _(
                "Numbered discs: the pieces, one colour each; a black rim marks the piece that"
                " just moved. The number on a square is the points for ending a move there."
            ),
        ),
    )
    rows = "".join(f"<li>{swatch} {text}</li>" for swatch, text in items)
    return f"<p><b>{_('Colours on the board.')}</b></p><ul>{rows}</ul>"


def version() -> str:
    """The installed version of the application ("unknown" when not installed)."""
    from importlib import metadata  # about 10 ms: only when About is opened

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return _("unknown")


def about_html(app_name: str) -> str:
    """The About box's text."""
    from html import escape

    head = _("{name} version {version}").format(
        name=f"<b>{escape(app_name)}</b>", version=escape(version())
    )
    body = _(
        "Exact optimal play for Dice Yut, Cover Up, The Great Game, Xoinc and Nim, "
        "with the optimal strategy shown on each game's board."
    )
    return f"{head}<p>{body}</p>"
