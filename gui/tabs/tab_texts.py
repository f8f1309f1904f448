"""What a tab says again after a language change (``GameTab`` inherits it).

Texts set once from a constant are switched by ``gui.i18n``; what a tab made from
its state (the answer line, the derivation, messages, tables with numbers) is made
again here, in the language spoken now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from PySide6.QtWidgets import QAbstractItemView, QWidget

from gui.widgets.fields import NumberField
from gui.widgets.grid_model import ValidatedGridModel
from gui.widgets.number_list import NumberListEditor
from gui.widgets.options import OptionFields
from gui.widgets.play_panel import PlayPanelFrame
from solvers.i18n import _

if TYPE_CHECKING:
    from gui.tabs.base import GameTab

__all__ = ["TabTexts", "page_names"]


def page_names() -> tuple[tuple[str, str], ...]:
    """The titles and tooltips of the Solve, Why and What-if pages, in the language spoken."""
    return (
        (_("Solve"), _("The inputs, the optimal play and playing along")),
        (_("Why"), _("How the answer is derived, step by step")),
        (_("What if"), _("Vary one input over a range and see the answer move")),
    )


class TabTexts:
    """The language hooks of ``GameTab`` (a mixin: they use only the tab's parts)."""

    def retranslate(self) -> None:
        """Draw again, in the language now spoken, what the tab made from its state.

        Texts set once from a constant are switched by ``gui.i18n``. The answer line, the
        derivation and the messages are made again; inputs without a current answer are
        solved again, so a refusal (too big, invalid) is said in the new language.
        Tabs add their own (play panels, tables with numbers) and call this first.
        """
        tab = cast("GameTab", self)
        # Said again here: "Why" and "Explanation" are one word in some languages, so the
        # page names cannot be found back from what they read.
        for index, (title, tip) in enumerate(page_names()):
            tab.pagesBar.setTabText(index, title)
            tab.pagesBar.setTabToolTip(index, tip)
        tab.history.retranslate()
        for panel in tab.findChildren(PlayPanelFrame):
            panel.name_frame()
        for widget in (tab.sweepPanel, tab.messages, tab.judgeLine, *tab._shared_parts()):
            again = getattr(widget, "retranslate", None)
            if callable(again):
                again()
        if tab.result is not None:
            tab.messages.set_result(tab.result_text(tab.result))
            if tab._stale:
                tab.messages.set_stale()
        message = tab.doc.message
        if tab.revalidate():  # a problem with the inputs is said anew, else the message was
            tab.show_message(message.render, message.error)
            if tab.result_is_current():
                answer = tab.judgeOutput.text()
                tab.why.again(_("{game}: {answer}").format(game=tab.title, answer=answer))
            elif not tab.controller.busy:
                tab.solve(seal=False)

    def _shared_parts(self) -> list[Any]:
        """The shared widgets and tables in the tab that draw texts from their state."""
        tab = cast(QWidget, self)
        parts: list[Any] = [
            *tab.findChildren(NumberField),
            *tab.findChildren(OptionFields),
            *tab.findChildren(PlayPanelFrame),
            *tab.findChildren(NumberListEditor),
        ]
        for view in tab.findChildren(QAbstractItemView):
            model = view.model()
            if isinstance(model, ValidatedGridModel) and model not in parts:
                parts.append(model)
        return parts
