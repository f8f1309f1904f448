"""The Nim form: the rule (option fields built from ``solvers.nim.OPTIONS``) and the piles.

The rule fields are the CLI's options, so ``import_judge_file(path, ["--subtract",
"1,3,4"])`` and a session fill the same fields a user types into. The pile editor
also carries the per-pile annotations of a solve (Grundy value, winning moves).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLineEdit, QVBoxLayout, QWidget

from gui.widgets.fields import mark_invalid
from gui.widgets.labels import caption
from gui.widgets.number_list import NumberListEditor
from gui.widgets.options import OptionFields
from solvers import nim
from solvers.i18n import N_, _

from .model import FIRST_PILES, check_state, inputs_from, state_of

__all__ = ["PILES_CAPTION", "RULE_CAPTION", "NimForm"]

RULE_CAPTION = N_(
    "Normal play: who takes the last stone wins. Misère: who takes it loses. "
    "A subtraction set S (e.g. 1,3,4) limits a move to taking exactly s stones, s in S."
)
PILES_CAPTION = N_(
    "Grundy: what a pile counts for when piles are combined (in plain Nim, its size). "
    "Nim-sum: the Grundy values added in binary without carrying; 0 means the player to move"
    " loses against best play (in misère once every pile is 0 or 1, an odd count of 1s does)."
)


class NimForm(QWidget):
    """Rule fields above the pile editor; ``changed`` fires on every edit."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.options = OptionFields(nim.OPTIONS)
        self.options.changed.connect(self.changed)
        misere = self.options.fields["misere"]
        subtract = self.options.fields["subtract"]
        assert isinstance(misere, QCheckBox) and isinstance(subtract, QLineEdit)
        self.misereCheck = misere
        misere.setToolTip(
            _("Misère: the player who takes the last stone loses instead of winning.")
        )
        self.subtractionEdit = subtract
        self.subtractionEdit.setPlaceholderText(_("empty: take any number (e.g. 1,3,4)"))
        self.ruleBox = QGroupBox(_("Rule"))
        self.ruleCaption = caption(_(RULE_CAPTION))
        rule_layout = QVBoxLayout(self.ruleBox)
        rule_layout.addWidget(self.options)
        rule_layout.addWidget(self.ruleCaption)

        self.piles = NumberListEditor(
            # English, marked: the table says its headers in the language spoken when drawn.
            N_("Stones"),
            1,
            nim.MAX_PILE,
            (N_("Grundy"), N_("Winning moves")),
            (5, 1, 100),
            20,
            max_rows=nim.MAX_PILES,
            noun="piles",
        )
        self.piles.model.set_values(list(FIRST_PILES))
        self.piles.model.edited.connect(self.changed)
        self.pilesBox = QGroupBox(_("Piles"))
        self.pilesCaption = caption(_(PILES_CAPTION), "pilesCaption", lines=3)
        piles_layout = QVBoxLayout(self.pilesBox)
        piles_layout.addWidget(self.piles)
        piles_layout.addWidget(self.pilesCaption)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.ruleBox)
        layout.addWidget(self.pilesBox, 1)

    def retranslate(self) -> None:
        """The form's own texts in the language spoken now."""
        self.misereCheck.setToolTip(
            _("Misère: the player who takes the last stone loses instead of winning.")
        )
        self.subtractionEdit.setPlaceholderText(_("empty: take any number (e.g. 1,3,4)"))
        self.ruleBox.setTitle(_("Rule"))
        self.ruleCaption.setText(_(RULE_CAPTION))
        self.pilesBox.setTitle(_("Piles"))
        self.pilesCaption.setText(_(PILES_CAPTION))

    def inputs(self) -> nim.NimInputs:
        """The piles and rule typed; ValueError (the bad field marked) otherwise."""
        options = self.options.values()
        try:
            inputs = inputs_from(self.piles.model.values(), options)
        except ValueError as exc:
            if options["misere"] and options["subtract"]:
                mark_invalid(self.subtractionEdit, str(exc))
            raise
        mark_invalid(self.subtractionEdit, None)
        return inputs

    def set_inputs(self, inputs: nim.NimInputs) -> None:
        """Show piles and rule."""
        self.restore(state_of(inputs))

    def set_annotations(
        self, notes: list[list[str]] | None, colours: list[QColor | None] | None = None
    ) -> None:
        """Per-pile Grundy value and winning moves (None: clear)."""
        if notes is None:
            self.piles.model.set_annotations(None)
        else:
            self.piles.model.set_annotations(notes, colours)

    def state(self) -> dict[str, Any]:
        """Piles as typed and the rule fields."""
        return {"piles": self.piles.model.texts(), "options": self.options.state()}

    def restore(self, state: Mapping[str, Any]) -> None:
        """Fill the form from ``state()`` data (``model.check_state`` refuses a bad one first)."""
        state = check_state(state)
        self.options.restore(state["options"])
        self.piles.model.set_texts(state["piles"])
