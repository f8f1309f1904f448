"""Read-only result tables (optimal lines, move options) that look alike in every tab."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget

from gui.widgets.theme import ROLE, SELECTED

__all__ = ["readonly_table"]


def readonly_table(headers: Sequence[str], name: str) -> QTableWidget:
    """A table of whole rows the user selects one at a time (selection shown in amber)."""
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(list(headers))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.verticalHeader().hide()
    selected = f"background: {SELECTED.name()}; color: {ROLE.ink.name()};"
    table.setStyleSheet(f"QTableWidget::item:selected {{ {selected} }}")
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    return table
