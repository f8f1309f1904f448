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


def test_qt_style_translate_calls_reach_our_catalogue(qapp) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QCoreApplication

    from gui import i18n as gui_i18n

    gui_i18n.install("ko")
    try:
        korean = i18n._("Cancel")
        assert korean != "Cancel"
        assert QCoreApplication.translate("AnyContext", "Cancel") == korean
        assert QCoreApplication.translate("AnyContext", "no such text") == "no such text"
    finally:
        gui_i18n.install("en")
    assert QCoreApplication.translate("AnyContext", "Cancel") == "Cancel"
