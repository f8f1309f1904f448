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

import os
import sys
import weakref
from collections.abc import Iterator
from functools import partial
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


def _translate(key: str, area: str, code: str) -> str:
    """The catalogue key ``key`` as ``area`` says it in language ``code``."""
    context, _, text = key.rpartition("\x04")
    table = i18n.area_catalogue(code, area)
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


#: The key each switched text was found to be, by holder and slot ("text", "item 3"…): a
#: text two keys translate alike (Korean says "max" and "up to" as 최대) is found again
#: by the key it had at the last switch.
_KEYS: weakref.WeakKeyDictionary[object, dict[str, str]] = weakref.WeakKeyDictionary()


class _Switch:
    """One language switch: finds each text's key and writes it in the new language."""

    def __init__(self, old: str, new: str) -> None:
        self.old, self.new = old, new
        self.keys = _shown_to_key(old)

    def swap(self, holder: object, slot: str, read: Any, write: Any, area: str) -> None:
        """Replace the text ``read()`` gives by its translation, if it is a known one."""
        text = read()
        if not text:
            return
        key = self.keys.get(text)
        memory = _KEYS.get(holder)
        if key is None and memory is not None:  # unknown or two keys: the one it had?
            had = memory.get(slot)
            if had is not None and _translate(had, area, self.old) == text:
                key = had
        if key is None:
            return  # its owner says it again (``retranslate``)
        if memory is None:
            memory = _KEYS.setdefault(holder, {})
        memory[slot] = key
        new = _translate(key, area, self.new)
        if new != text:
            write(new)

    def widget(self, widget: QWidget) -> None:
        """Switch the texts ``widget`` got from a constant: never what the user typed."""
        area = _area(widget)

        def swap(slot: str, read: Any, write: Any) -> None:
            self.swap(widget, slot, read, write, area)

        swap("toolTip", widget.toolTip, widget.setToolTip)
        swap("statusTip", widget.statusTip, widget.setStatusTip)
        swap("whatsThis", widget.whatsThis, widget.setWhatsThis)
        if widget.isWindow():
            swap("windowTitle", widget.windowTitle, widget.setWindowTitle)
        if isinstance(widget, QLabel | QAbstractButton):
            swap("text", widget.text, widget.setText)
        elif isinstance(widget, QGroupBox | QMenu):
            swap("title", widget.title, widget.setTitle)
        elif isinstance(widget, QLineEdit):
            swap("placeholder", widget.placeholderText, widget.setPlaceholderText)
        elif isinstance(widget, QAbstractSpinBox):
            swap("special", widget.specialValueText, widget.setSpecialValueText)
            for read, write in (("suffix", "setSuffix"), ("prefix", "setPrefix")):
                if hasattr(widget, read):
                    swap(read, getattr(widget, read), getattr(widget, write))
        elif isinstance(widget, QComboBox):
            for i in range(widget.count()):
                swap(f"item:{i}", partial(widget.itemText, i), partial(widget.setItemText, i))
        elif isinstance(widget, QTabBar):
            for i in range(widget.count()):
                swap(f"tab:{i}", partial(widget.tabText, i), partial(widget.setTabText, i))
                tip = partial(widget.setTabToolTip, i)
                swap(f"tip:{i}", partial(widget.tabToolTip, i), tip)
        if "pyqtgraph" in sys.modules and hasattr(widget, "getPlotItem"):
            self.plot(widget.getPlotItem(), area)

    def action(self, action: QAction) -> None:
        """An action's text and tips."""
        area = _area(action)
        for slot, read, write in (
            ("text", action.text, action.setText),
            ("toolTip", action.toolTip, action.setToolTip),
            ("statusTip", action.statusTip, action.setStatusTip),
        ):
            self.swap(action, slot, read, write, area)

    def plot(self, item: Any, area: str) -> None:
        """A pyqtgraph plot's title, axis labels and legend entries."""
        title = getattr(item, "titleLabel", None)
        if title is not None and title.text:
            self.swap(item, "title", lambda: title.text, item.setTitle, area)
        for name in ("left", "bottom", "right", "top"):
            axis = item.getAxis(name) if name in item.axes else None
            if axis is not None and axis.labelText:
                units = axis.labelUnits or None
                write = partial(axis.setLabel, units=units)
                self.swap(axis, "label", lambda a=axis: a.labelText, write, area)
        legend = getattr(item, "legend", None)
        for _sample, label in getattr(legend, "items", []) or []:
            self.swap(label, "text", lambda lab=label: lab.text, label.setText, area)


def switch(window: QWidget, code: str) -> None:
    """Speak ``code`` in ``window`` now, keeping everything it shows and holds."""
    old = i18n.language()
    if code == old or code not in LANGUAGES:
        return
    change = _Switch(old, code)
    install(code)
    # QObject's own lookup: the window's findChildren would build every lazy page first.
    for widget in [window, *QObject.findChildren(window, QWidget)]:
        change.widget(widget)
    for action in QObject.findChildren(window, QAction):
        change.action(action)
    retranslate = getattr(window, "retranslate", None)
    if callable(retranslate):
        retranslate()
