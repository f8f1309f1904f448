"""Every text a user can read in a widget tree, and the English words among them."""

from __future__ import annotations

import re
from collections.abc import Iterator

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabBar,
    QTextEdit,
    QWidget,
)

#: English that may stay: file formats, key names, judge words, proper names, units.
ALLOWED = {
    "csv", "png", "svg", "html", "md", "markdown", "json", "txt", "utf", "bom", "in", "out",
    "ctrl", "shift", "esc", "return", "enter", "alt", "del", "backspace", "tab", "pgup", "pgdown",
    "xoinc", "cover", "up", "baekjoon", "boj", "usaco", "uva", "koosaga", "cubelover", "mex",
    "xor", "sg", "ms", "qt", "pyside", "pyqtgraph", "numpy", "python", "strategy", "workbench",
    "nim", "grundy", "sprague", "cpp", "java", "rs", "py", "rust", "gcc", "kb", "mb", "gb",
    "great", "game", "yut", "vs", "ok", "id", "max", "min", "ios", "pc",
}  # fmt: skip
_WORD = re.compile(r"[A-Za-z]{2,}")
_TAG = re.compile(r"<[^>]*>|&[a-z]+;")


def _model_texts(view: QAbstractItemView) -> Iterator[str]:
    model = view.model()
    if model is None:
        return
    root = QModelIndex()
    # A list model keeps columnCount private (it has one column).
    columns = 1 if isinstance(model, QAbstractListModel) else min(model.columnCount(root), 60)
    rows = min(model.rowCount(root), 60)
    for orientation, count in (
        (Qt.Orientation.Horizontal, columns),
        (Qt.Orientation.Vertical, rows),
    ):
        for section in range(count):
            yield str(model.headerData(section, orientation) or "")
    for row in range(rows):
        for column in range(columns):
            yield str(model.index(row, column).data() or "")
            yield str(model.index(row, column).data(Qt.ItemDataRole.ToolTipRole) or "")


def widget_texts(widget: QWidget) -> Iterator[str]:
    """What ``widget`` itself shows or tells (never what the user typed into it)."""
    yield widget.toolTip()
    if widget.isWindow():
        yield widget.windowTitle()
    if isinstance(widget, QLabel | QAbstractButton):
        yield widget.text()
    elif isinstance(widget, QGroupBox | QMenu):
        yield widget.title()
    elif isinstance(widget, QLineEdit):
        yield widget.placeholderText()
    elif isinstance(widget, QAbstractSpinBox):
        yield widget.specialValueText()
        yield str(getattr(widget, "suffix", lambda: "")())
        yield str(getattr(widget, "prefix", lambda: "")())
    elif isinstance(widget, QComboBox):
        yield from (widget.itemText(i) for i in range(widget.count()))
    elif isinstance(widget, QTabBar):
        for i in range(widget.count()):
            yield widget.tabText(i)
            yield widget.tabToolTip(i)
    elif isinstance(widget, QTextEdit):
        yield widget.toPlainText()
    elif isinstance(widget, QAbstractItemView):
        yield from _model_texts(widget)
    if hasattr(widget, "getPlotItem"):
        item = widget.getPlotItem()
        yield str(getattr(item.titleLabel, "text", ""))
        for name in ("left", "bottom", "right", "top"):
            if name in item.axes:
                yield str(item.getAxis(name).labelText or "")
        for _sample, label in getattr(getattr(item, "legend", None), "items", []) or []:
            yield str(label.text)


def tree_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for ``root``, its children and the actions they hold."""
    for widget in [root, *QObject.findChildren(root, QWidget)]:
        where = f"{type(widget).__name__}({widget.objectName()})"
        for text in widget_texts(widget):
            yield where, text
    for action in QObject.findChildren(root, QAction):
        if action.objectName().startswith("language_"):
            continue  # View > Language names each language in its own script
        yield f"QAction({action.objectName()})", action.text()
        yield f"QAction({action.objectName()})", action.toolTip()


def english_words(text: str) -> list[str]:
    """The English words of ``text`` that are not allowed to stay."""
    plain = _TAG.sub(" ", text)
    return [w for w in _WORD.findall(plain) if w.lower() not in ALLOWED]


def english_left(root: QWidget) -> list[str]:
    """``where: text`` for every text of ``root`` still holding an English word."""
    found = []
    for where, text in tree_texts(root):
        words = english_words(text)
        if words:
            found.append(f"{where}: {text[:120]!r} {sorted(set(words))[:6]}")
    return sorted(set(found))
