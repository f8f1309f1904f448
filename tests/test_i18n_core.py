"""The gettext layer itself (solvers/i18n.py)."""

from __future__ import annotations

from solvers import i18n


def test_an_empty_text_stays_empty_in_every_language() -> None:
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        try:
            assert i18n._("") == "" and i18n.pgettext("menu", "") == ""
        finally:
            i18n.set_language("en")
