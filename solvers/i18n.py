"""The user's language for every text a person reads: gettext catalogues, free of Qt.

One catalogue system serves the window, the worker processes and the solvers' own
messages (a bad input's reason is raised in ``solvers/``, often in a worker), so it
cannot be Qt's: gettext is in the standard library, its ``.po`` files are what
translators' tools edit, and a worker loads a compiled ``.mo`` in a millisecond.

Texts are marked where they are written: ``_("Solve")`` translates now, ``N_("Solve")``
only marks a text kept in a table and translated where it is shown, ``ngettext`` picks
a plural, ``pgettext`` names a context (Qt's own and pyqtgraph's texts arrive with
their class name as context, see ``gui.i18n``).

The catalogues live in ``resources/locale/<language>/<area>.mo``, one per area of the
code (the app, the solvers' shared parts, each game, pyqtgraph) so that each can be
translated on its own; a language's areas are chained into one lookup. English is the
source language: with it (and in the CLI, which never sets a language) every text is
returned as written.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "area_catalogue",
    "area_of",
    "catalogue",
    "gettext_in",
    "language",
    "ngettext",
    "pgettext",
    "set_language",
    "system_language",
]

#: The languages the app speaks, each named in its own script (the View > Language menu).
LANGUAGES: dict[str, str] = {"en": "English", "ko": "한국어", "zh_CN": "简体中文"}
#: Where the catalogues are.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "resources" / "locale"

_current = "en"


@cache
def catalogue(code: str) -> gettext.NullTranslations:
    """Every area's catalogue of language ``code`` chained into one (English: none)."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if code == "en":
        return chain
    first: gettext.NullTranslations | None = None
    for path in sorted((LOCALE_DIR / code).glob("*.mo")):
        with path.open("rb") as stream:
            area = gettext.GNUTranslations(stream)
        if first is None:
            first = area
        else:
            first.add_fallback(area)
    return first if first is not None else chain


def set_language(code: str) -> None:
    """Speak ``code`` (a key of ``LANGUAGES``) from now on; unknown codes mean English."""
    global _current
    _current = code if code in LANGUAGES else "en"


def language() -> str:
    """The code of the language spoken now."""
    return _current


def system_language(environ: Mapping[str, str]) -> str:
    """The language the locale variables ask for, much as GNU gettext reads them; else English.

    The locale is the first set of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``. ``LANGUAGE``
    (a list such as ``ko:en``) comes before it, each entry in turn, unless the locale is
    set to ``C`` or ``POSIX``: a user who sets ``LC_ALL=C`` wants untranslated messages
    (with no locale variable at all, ``LANGUAGE`` alone decides). An entry of a language
    the app does not speak is passed over. Any Korean locale (``ko``,
    ``ko_KR.UTF-8``) means Korean; ``zh_CN``, ``zh_SG``, ``zh_Hans`` and a bare ``zh``
    mean Simplified Chinese (Taiwan's and Hong Kong's traditional script is not
    Simplified Chinese, so they get English).
    """

    def _code(entry: str) -> str:  # ``ko_KR.UTF-8@variant`` -> ``ko_kr``
        return entry.split(".")[0].split("@")[0].replace("-", "_").strip().lower()

    locale = next((environ[n] for n in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(n)), "")
    wanted = [locale]
    if environ.get("LANGUAGE") and _code(locale) not in ("c", "posix"):
        wanted = [*environ["LANGUAGE"].split(":"), locale]
    for entry in wanted:
        code = _code(entry)
        if code == "ko" or code.startswith("ko_"):
            return "ko"
        if code in ("zh", "zh_cn", "zh_sg") or code == "zh_hans" or code.startswith("zh_hans_"):
            return "zh_CN"
        if code in ("en", "c", "posix") or code.startswith("en_"):
            return "en"
    return "en"


@cache
def area_catalogue(code: str, area: str) -> gettext.NullTranslations:
    """Language ``code``'s catalogue of ``area`` first, then every area's (``catalogue``).

    A game's texts are looked up in its own catalogue first: "throw" is a die's in
    Dice Yut and a hand's in the Great Game, and each area translates its own words.
    """
    chain = catalogue(code)
    path = LOCALE_DIR / code / f"{area}.mo"
    if code == "en" or not area or not path.exists():
        return chain
    with path.open("rb") as stream:
        own = gettext.GNUTranslations(stream)
    own.add_fallback(chain)
    return own


def area_of(module: str) -> str:
    """The catalogue area of module ``module`` ("" for the shared ones), or ``module`` if an area.

    ``solvers.<area>...`` and ``gui.tabs.<area>...`` belong to a game's area.
    """
    parts = module.split(".")
    if len(parts) > 1 and parts[0] == "solvers":
        return parts[1]
    if len(parts) > 2 and parts[:2] == ["gui", "tabs"]:
        return parts[2]
    return module if len(parts) == 1 and module not in ("solvers", "gui") else ""


def _here(depth: int = 2) -> gettext.NullTranslations:
    """The catalogue for the module that called the function calling this one."""
    module = sys._getframe(depth).f_globals.get("__name__", "")
    return area_catalogue(_current, area_of(module))


def gettext_in(area: str, message: str) -> str:
    """``message`` as area ``area`` (a game id, or a module's name) translates it.

    For shared code that shows a game's texts (its sweeps, its derivation's sentences).
    """
    return area_catalogue(_current, area_of(area)).gettext(message) if message else message


def _(message: str) -> str:
    """``message`` in the language spoken now, as the caller's area translates it.

    ("" stays "": gettext's "" is the catalogue's header.)
    """
    return _here().gettext(message) if message else message


def N_(message: str) -> str:
    """``message`` itself: marks a text that is translated later, where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a text for ``count`` things (Korean and Chinese have only one)."""
    return _here().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the context ``context`` (the same English word, two meanings)."""
    return _here().pgettext(context, message) if message else message
