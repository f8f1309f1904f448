"""The Xoinc form: the coin list (top of the stack first) and the game's option fields.

The coin list is the shared number list on ``ValidatedGridModel``: what is
typed stays in its cell, a bad coin is marked with its reason. A paste or a
random stack longer than the solver accepts is refused at once with a
message (``refused``) instead of filling a table of a million rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from gui.widgets.number_list import NumberListEditor
from gui.widgets.options import OptionFields
from solvers import xoinc
from solvers.i18n import N_, _, pgettext
from solvers.protocol import Option

from .model import DEFAULT_STACK
from .views import caption

__all__ = ["FORM_CAPTION", "CoinForm", "CoinList"]

FORM_CAPTION = N_(
    "One coin per row, the top of the stack first. Type, paste a list, drag rows, or make a"
    " random stack. After a solve the rows say who takes each coin."
)


class CoinList(NumberListEditor):
    """The number list for coins, at most a stack's worth."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            # Functions of the language: the table says its headers in Xoinc's words, in
            # the language spoken when it draws them.
            lambda: _("Coin value"),
            1,
            xoinc.MAX_VALUE,
            (lambda: _("Taken by"), lambda: pgettext("the turn a coin is taken on", "Turn")),
            (20, 1, xoinc.MAX_COINS),
            100,
            parent,
            max_rows=xoinc.MAX_COINS,
            noun="coins",
        )
        self.setObjectName("coinEditor")
        # The arrows need no more room than their glyph: the form then fits beside the chart
        # at 1024 px.
        for arrow in (self.upButton, self.downButton):
            arrow.setMaximumWidth(arrow.fontMetrics().horizontalAdvance(arrow.text()) + 28)

    def _name_parts(self) -> None:
        """The list's words, Random said as a stack of coins (again after a language change)."""
        super()._name_parts()
        self.randomButton.setText(_("Random stack of"))
        self.randomButton.setToolTip(_("Replace the stack with random coins"))
        self.randomCount.setSuffix(pgettext("after the number of random coins", " coins"))


class CoinForm(QGroupBox):
    """The coin list, the option fields (built from ``OPTIONS``) and a caption."""

    def __init__(self, options: Sequence[Option], parent: QWidget | None = None) -> None:
        super().__init__(_("Coin stack (top first)"), parent)
        self.setObjectName("coinForm")
        self.coins = CoinList()
        self.coins.model.set_values(DEFAULT_STACK)
        self.option_fields = OptionFields(options)
        # Xoinc declares no options today: the fields take no room until it does.
        self.option_fields.setVisible(bool(options))
        layout = QVBoxLayout(self)
        layout.addWidget(self.option_fields)
        layout.addWidget(self.coins, 1)
        layout.addWidget(caption(_(FORM_CAPTION)))
