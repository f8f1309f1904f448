"""The window's language: which one at start, Qt's own catalogues, switching at run time.

The texts themselves are gettext's (``solvers.i18n``); Qt's standard buttons and
dialogs come translated from Qt's own ``qtbase`` catalogue, installed beside.

Switching (View > Language) keeps every input, result and game in play: nothing is
rebuilt. Texts a widget got once, from a constant ``_("...")``, are found again by
what they read now (every catalogue maps its translation back to the English text)
and replaced by the new language's; texts made from the state (answers, messages,
tables with numbers) are drawn again by their owners' ``retranslate()``.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QObject, QSettings, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabBar,
    QWidget,
)

from solvers import i18n
from solvers.i18n import LANGUAGES, catalogue

__all__ = ["SETTING", "install", "start_language", "switch"]

#: The QSettings key holding the language the user chose (none: the system's).
SETTING = "language"
#: Qt's own catalogues to load beside ours (standard buttons, file and colour dialogs).
QT_CATALOGUES = ("qtbase",)

_installed: list[QTranslator] = []


def start_language(settings: QSettings) -> str:
    """The language to start in: the user's choice, else the system locale's."""
    chosen = settings.value(SETTING)
    if isinstance(chosen, str) and chosen in LANGUAGES:
        return chosen
    return i18n.system_language(os.environ)


class _Bridge(QTranslator):
    """Qt-style ``translate(context, text)`` calls (pyqtgraph's) answered from our catalogues."""

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        """Our text for ``source`` in ``context`` (or without context); None lets Qt go on.

        (None is Qt's null string: an empty one would count as the translation.)
        """
        text = i18n.pgettext(context, source) if source else source
        if text == source and source:
            text = i18n._(source)
        return None if text == source else text

    def isEmpty(self) -> bool:
        """Never empty: Qt would skip it."""
        return False


def install(code: str) -> None:
    """Speak ``code`` from now on: our catalogues and Qt's (its standard buttons, dialogs)."""
    i18n.set_language(code)
    app = QCoreApplication.instance()
    if app is None:
        return
    while _installed:
        app.removeTranslator(_installed.pop())
    if code == "en":
        return
    bridge = _Bridge(app)  # installed first: Qt asks the last installed translator first
    app.installTranslator(bridge)
    _installed.append(bridge)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name in QT_CATALOGUES:
        translator = QTranslator(app)
        if translator.load(f"{name}_{code}", folder):
            app.installTranslator(translator)
            _installed.append(translator)


def _shown_to_key(code: str) -> dict[str, str | None]:
    """Every text of language ``code``'s catalogues mapped back to its catalogue key.

    Keys are the English text (after the context and a 0x04 byte for pgettext). A text
    that translates two keys maps to None (its owner draws it again). Plural forms are
    left out: a text with a count is drawn by its owner again.
    """
    table: dict[str, str | None] = {}
    any_language = catalogue(code if code != "en" else next(c for c in LANGUAGES if c != "en"))
    for part in _chain(any_language):
        for key, value in getattr(part, "_catalog", {}).items():  # gettext's own table
            if isinstance(key, str) and key:
                shown = key.rpartition("\x04")[2] if code == "en" else str(value)
                table[shown] = key if table.get(shown, key) == key else None
    return table


def _chain(translations: Any) -> Iterator[Any]:
    while translations is not None:
        yield translations
        translations = getattr(translations, "_fallback", None)


def _translate(key: str, area: str) -> str:
    """The catalogue key ``key`` as ``area`` says it now."""
    context, _, text = key.rpartition("\x04")
    table = i18n.area_catalogue(i18n.language(), area)
    return table.pgettext(context, text) if context else table.gettext(text)


def _area(widget: QObject) -> str:
    """The game whose tab holds ``widget`` ("" outside the game tabs)."""
    holder: QObject | None = widget
    while holder is not None:
        game = getattr(holder, "game_id", "")
        if isinstance(game, str) and game:
            return game
        holder = holder.parent()
    return ""


def switch(window: QWidget, code: str) -> None:
    """Speak ``code`` in ``window`` now, keeping everything it shows and holds."""
    old = i18n.language()
    if code == old or code not in LANGUAGES:
        return
    keys = _shown_to_key(old)
    install(code)

    def again_in(area: str) -> Callable[[str], str | None]:
        def again(text: str) -> str | None:
            key = keys.get(text)
            return None if key is None else _translate(key, area)

        return again

    # QObject's own lookup: the window's findChildren would build every lazy page first.
    for widget in [window, *QObject.findChildren(window, QWidget)]:
        _retranslate_widget(widget, again_in(_area(widget)))
    for action in QObject.findChildren(window, QAction):
        again = again_in(_area(action))
        for read, write in (
            (action.text, action.setText),
            (action.toolTip, action.setToolTip),
            (action.statusTip, action.setStatusTip),
        ):
            _swap(read, write, again)
    retranslate = getattr(window, "retranslate", None)
    if callable(retranslate):
        retranslate()


def _swap(read: Any, write: Any, again: Any) -> None:
    text = read()
    if text:
        new = again(text)
        if new is not None and new != text:
            write(new)


def _swap_each(count: int, read: Any, write: Any, again: Any) -> None:
    """``_swap`` for each of ``count`` indexed texts (combo box items, tabs)."""
    for index in range(count):
        _swap(functools.partial(read, index), functools.partial(write, index), again)


def _retranslate_widget(widget: QWidget, again: Any) -> None:
    """Switch the texts ``widget`` got from a constant: never what the user typed."""
    _swap(widget.toolTip, widget.setToolTip, again)
    _swap(widget.statusTip, widget.setStatusTip, again)
    _swap(widget.whatsThis, widget.setWhatsThis, again)
    if widget.isWindow():
        _swap(widget.windowTitle, widget.setWindowTitle, again)
    if isinstance(widget, QLabel | QAbstractButton):
        _swap(widget.text, widget.setText, again)
    elif isinstance(widget, QGroupBox):
        _swap(widget.title, widget.setTitle, again)
    elif isinstance(widget, QMenu):
        _swap(widget.title, widget.setTitle, again)
    elif isinstance(widget, QLineEdit):
        _swap(widget.placeholderText, widget.setPlaceholderText, again)
    elif isinstance(widget, QAbstractSpinBox):
        _swap(widget.specialValueText, widget.setSpecialValueText, again)
        for read, write in (("suffix", "setSuffix"), ("prefix", "setPrefix")):
            if hasattr(widget, read):
                _swap(getattr(widget, read), getattr(widget, write), again)
    elif isinstance(widget, QComboBox):
        for index in range(widget.count()):
            _swap(
                lambda i=index: widget.itemText(i),
                lambda t, i=index: widget.setItemText(i, t),
                again,
            )
    elif isinstance(widget, QTabBar):
        for index in range(widget.count()):
            _swap(
                lambda i=index: widget.tabText(i), lambda t, i=index: widget.setTabText(i, t), again
            )
            _swap(
                lambda i=index: widget.tabToolTip(i),
                lambda t, i=index: widget.setTabToolTip(i, t),
                again,
            )
    if "pyqtgraph" in sys.modules and hasattr(widget, "getPlotItem"):
        _retranslate_plot(widget.getPlotItem(), again)


def _retranslate_plot(item: Any, again: Any) -> None:
    """A pyqtgraph plot's title, axis labels and legend entries."""
    title = getattr(item, "titleLabel", None)
    if title is not None and title.text:
        _swap(lambda: title.text, item.setTitle, again)
    for name in ("left", "bottom", "right", "top"):
        axis = item.getAxis(name) if name in item.axes else None
        if axis is not None and axis.labelText:
            _swap(
                lambda a=axis: a.labelText,
                lambda t, a=axis: a.setLabel(t, units=a.labelUnits or None),
                again,
            )
    legend = getattr(item, "legend", None)
    for _sample, label in getattr(legend, "items", []) or []:
        _swap(lambda lab=label: lab.text, label.setText, again)
