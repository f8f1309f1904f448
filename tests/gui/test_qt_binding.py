"""Guard against a PySide6 release that leaks references through Python overrides.

PySide6 6.12.0 on Python < 3.12 drops a reference to the object a Python override
returns each time Qt calls it; after enough calls the object is freed while still in
use and the process aborts. pyproject.toml excludes that release; this test fails if
such a binding comes back. It watches a fresh string (not ``None``, whose count is
immortal and constant on Python 3.12+, so a check on it could never fail there).
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt


class _OneRow(QAbstractListModel):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 1

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> object:
        return self.text if role == Qt.ItemDataRole.DisplayRole else None


def test_overrides_do_not_leak_references_to_what_they_return(qtbot) -> None:  # type: ignore[no-untyped-def]
    text = "".join(["returned by an override ", str(id(qtbot))])  # built at run time: mortal
    model = _OneRow(text)
    index = model.index(0, 0)
    before = sys.getrefcount(text)
    for _ in range(300):
        assert index.data() == text  # C++ QModelIndex::data calls the Python override
    assert sys.getrefcount(text) == before
