"""``--explain --lang``: the derivation in Korean or Chinese; answers stay as the judge prints."""

from __future__ import annotations

import pytest
from test_cli import run

from solvers import i18n


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield None
    i18n.set_language("en")


def test_lang_changes_only_the_derivation(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    status, english, _ = run(capsys, monkeypatch, "nim", "--explain", stdin="1\n3\n")
    assert status == 0
    status, korean, _ = run(capsys, monkeypatch, "nim", "--explain", "--lang", "ko", stdin="1\n3\n")
    assert status == 0
    assert korean.splitlines()[0] == english.splitlines()[0] == "koosaga"
    assert korean != english
    assert any("\uac00" <= ch <= "\ud7a3" for ch in korean)  # Hangul


def test_an_unknown_language_is_a_usage_error(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    status, out, err = run(capsys, monkeypatch, "nim", "--explain", "--lang", "fr", stdin="1\n3\n")
    assert status == 2 and out == ""
    assert "--lang" in err


def test_errors_stay_english_with_a_language(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    status, out, err = run(capsys, monkeypatch, "nim", "--explain", "--lang", "ko", stdin="x\n")
    assert status == 2 and out == ""
    assert err.isascii(), err
