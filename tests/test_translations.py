"""The catalogues are complete, compiled and match the code; every text a user reads is marked."""

from __future__ import annotations

import pytest

from resources import translations


@pytest.mark.parametrize("area", translations.AREAS)
def test_catalogue_complete_and_compiled(area: str) -> None:
    assert translations.check(area) == []


def test_every_user_text_is_marked() -> None:
    assert translations.unmarked(translations.sources()) == []


def test_lint_finds_an_unmarked_text_and_a_text_translated_at_import(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    source = translations.ROOT / "gui" / "_lint_probe.py"
    source.write_text(
        'from solvers.i18n import _\nTITLE = _("Made at import")\n'
        'def f(label):\n    label.setText("Not marked at all")\n    label.setText(_("Marked"))\n',
        encoding="utf-8",
    )
    try:
        found = list(translations.lint(source))
    finally:
        source.unlink()
    assert any("translated at import time" in line for line in found)
    assert any("'Not marked at all'" in line for line in found)
    assert not any("'Marked'" in line for line in found)


def test_no_shared_text_is_translated_two_ways() -> None:
    # The shared areas' catalogues are one lookup: one of two translations would win.
    assert translations.clashes() == []


def test_a_game_finds_its_own_words_first() -> None:
    from solvers import i18n

    i18n.set_language("ko")
    try:
        assert i18n.gettext_in("yut", "throw") != i18n.gettext_in("greatgame", "throw")
        assert i18n.gettext_in("solvers.yut.export", "throw") == i18n.gettext_in("yut", "throw")
        assert i18n.area_of("gui.tabs.nim.tab") == "nim" and i18n.area_of("gui.widgets.x") == ""
    finally:
        i18n.set_language("en")
