"""Guard against the PySide6 release that leaks references through Python overrides.

PySide6 6.12.0 on Python < 3.12 drops a reference to the returned object each time Qt
calls a Python override; after enough repaints None is deallocated and the process
aborts. pyproject.toml excludes it; this test fails if such a binding comes back.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QApplication, QWidget


class _Painted(QWidget):
    def paintEvent(self, event: QPaintEvent) -> None:
        return None


def test_overrides_do_not_leak_references_to_none(qtbot) -> None:  # type: ignore[no-untyped-def]
    widget = _Painted()
    qtbot.addWidget(widget)
    widget.resize(40, 40)
    widget.show()
    before = sys.getrefcount(None)
    for _ in range(300):
        widget.repaint()
        QApplication.processEvents()
    assert sys.getrefcount(None) - before > -50
