"""A tab widget whose game pages are built when first needed, so the window paints quickly.

Building all five tabs (and pyqtgraph, and NumPy) before the first paint costs
most of the start-up; only the visible page is needed then. Each page starts as
an empty placeholder and becomes its ``GameTab`` (``gui.tabs.tab_class(id)``
imports that tab only) when it is shown, when code asks for it, or in idle time
after the first paint (``build_in_idle_time``): one page per pause, and never while
a job runs or right after one (building Great Game imports pyqtgraph, about 0.2 s,
which must not land in the middle of a solve's progress or drawing).

Code that inspects the pages always gets real ones: ``widget(i)``,
``currentWidget()``, ``findChild`` and ``findChildren`` build what they return
(the testability contract looks pages up that way right after ``MainWindow()``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QTabWidget, QWidget

import solvers
from gui.form_state import state_model
from gui.tabs import GameTab, tab_class
from solvers.i18n import _

log = logging.getLogger(__name__)

__all__ = ["LazyTabWidget", "Pages"]


class LazyTabWidget(QTabWidget):
    """One page per game in ``solvers.GAMES`` order; pages built on demand."""

    #: A page was just built (a ``GameTab``), to be wired by the window.
    built = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ids = list(solvers.GAMES)
        self._pages: dict[str, GameTab] = {}
        #: States a session gave pages not built yet: each is shown when its page is built.
        self._kept: dict[str, dict[str, Any]] = {}
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.timeout.connect(self._build_one_in_idle_time)
        #: While this says True, idle-time building waits (a tab's import can take 0.2 s).
        self.is_busy: Callable[[], bool] = lambda: False
        for game_id in self.ids:
            self.addTab(QWidget(), _(solvers.TITLES[game_id]))
        self.currentChanged.connect(self._build_current)

    def retranslate(self) -> None:
        """Name every page in the language spoken now."""
        for index, game_id in enumerate(self.ids):
            self.setTabText(index, _(solvers.TITLES[game_id]))

    # ----- building ------------------------------------------------------------------------------
    def page(self, game_id: str) -> GameTab:
        """The tab of ``game_id``, built now if it was not yet (KeyError if unknown)."""
        tab = self._pages.get(game_id)
        if tab is not None:
            return tab
        index = self.ids.index(game_id) if game_id in self.ids else -1
        if index < 0:
            raise KeyError(game_id)
        tab = tab_class(game_id)()
        self._pages[game_id] = tab
        placeholder = super().widget(index)
        current = self.currentIndex()
        blocked = self.blockSignals(True)  # the same page stays current: nothing to announce
        try:
            self.removeTab(index)
            self.insertTab(index, tab, _(solvers.TITLES[game_id]))
            self.setCurrentIndex(current)
        finally:
            self.blockSignals(blocked)
        if placeholder is not None:
            placeholder.deleteLater()
        kept = self._kept.pop(game_id, None)
        if kept is not None:
            try:
                tab.restore_session(kept)  # one undo step, solved like any opened session
            except ValueError:  # a bug: the game's model accepted this state
                log.exception("%s: the session's state kept for it was refused", game_id)
        self.built.emit(tab)
        return tab

    def built_page(self, game_id: str) -> GameTab | None:
        """The tab of ``game_id`` if it is built (nothing is built by asking)."""
        return self._pages.get(game_id)

    def keep_state(self, game_id: str, state: dict[str, Any]) -> None:
        """Show ``state`` (checked by the game's model) when the page is built."""
        self._kept[game_id] = state

    def state(self, game_id: str) -> dict[str, Any]:
        """The page's state (``GameTab.state()``), without building it."""
        tab = self._pages.get(game_id)
        if tab is not None:
            return tab.state()
        kept = self._kept.get(game_id)
        return dict(kept) if kept is not None else state_model(game_id).default_state()

    def built_pages(self) -> list[GameTab]:
        """The pages built so far (nothing is built by asking)."""
        return [self._pages[g] for g in self.ids if g in self._pages]

    def build_all(self) -> None:
        """Build every page now."""
        for game_id in self.ids:
            self.page(game_id)

    def build_in_idle_time(self, delay_ms: int) -> None:
        """Build the remaining pages one at a time, ``delay_ms`` apart, while the window idles."""
        self._idle.setInterval(delay_ms)
        self._idle.start()

    def postpone_idle_build(self) -> None:
        """Start the idle-time pause again (something just happened)."""
        if self._idle.isActive():
            self._idle.start()

    def _build_one_in_idle_time(self) -> None:
        if self.is_busy():
            self._idle.start()
            return
        missing = [g for g in self.ids if g not in self._pages]
        if missing:
            self.page(missing[0])
        if len(missing) > 1:
            self._idle.start()

    def _build_current(self, index: int) -> None:
        if 0 <= index < len(self.ids):
            self.page(self.ids[index])

    # ----- lookups always see real pages ---------------------------------------------------------
    def widget(self, index: int) -> QWidget | None:
        """The page at ``index`` (built if needed)."""
        if 0 <= index < len(self.ids):
            return self.page(self.ids[index])
        return super().widget(index)

    def currentWidget(self) -> QWidget:
        """The page shown (built if needed)."""
        index = self.currentIndex()
        if 0 <= index < len(self.ids):
            return self.page(self.ids[index])
        return super().currentWidget()

    def findChild(self, *args: Any, **kwargs: Any) -> Any:
        """Like ``QObject.findChild``, over built pages only after building all of them."""
        self.build_all()
        return super().findChild(*args, **kwargs)

    def findChildren(self, *args: Any, **kwargs: Any) -> Any:
        """Like ``QObject.findChildren``, after building every page."""
        self.build_all()
        return super().findChildren(*args, **kwargs)


class Pages(Mapping[str, GameTab]):
    """``window.tabs``: game id -> tab, building a tab when it is looked up."""

    def __init__(self, widget: LazyTabWidget) -> None:
        self._widget = widget

    def __getitem__(self, game_id: str) -> GameTab:
        return self._widget.page(game_id)

    def __iter__(self) -> Iterator[str]:
        return iter(self._widget.ids)

    def __len__(self) -> int:
        return len(self._widget.ids)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._widget.ids
