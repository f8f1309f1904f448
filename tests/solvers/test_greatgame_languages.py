"""The Great Game speaks Chinese and Korean: its explanation, its hands and its refusals."""
# ruff: noqa: RUF001  (the Chinese texts are written with full-width punctuation, as they should be)

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from solvers import greatgame as gg
from solvers.greatgame.why import TEXTS
from solvers.i18n import _, set_language

#: A run of Latin letters that is a word (single letters such as q, W, L, P are symbols).
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture(params=["zh_CN", "ko"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    try:
        yield request.param
    finally:
        set_language("en")


def english_words(text: str) -> set[str]:
    """The English words of ``text``, its ``{fields}`` left out."""
    return set(ENGLISH_WORD.findall(re.sub(r"\{\w*\}", "", text)))


def solved() -> tuple[gg.GreatGameInputs, gg.GreatGameResult]:
    inputs = gg.GreatGameInputs(((30, 30, 40), (50, 20, 30)), 2, 2)
    return inputs, gg.solve(inputs)


def test_explain_step_titles_are_chinese(chinese: None) -> None:
    inputs, result = solved()
    titles = [step.title for step in gg.explain(inputs, result, throw=1, score=-1)]
    assert titles == [
        "轮次胜率 q",
        "把整个比赛看作赌徒破产问题",
        "比例搜索的收敛",
        "第 2 次出拳、本轮比分 -1 时的最佳手势",
        "答案",
    ]


def test_validation_messages_are_chinese(chinese: None) -> None:
    assert _("must be between 0 and 100") == "必须在 0 到 100 之间"
    with pytest.raises(ValueError, match=r"^第 1 行：布必须在 0 到 100 之间，实际为 150$"):
        gg.GreatGameInputs(((0, 150, -50),), 2, 2)
    with pytest.raises(ValueError, match=r"^W 必须在 1 到 100 之间，实际为 0$"):
        gg.GreatGameInputs(((0, 50, 50),), 0, 2)


def test_every_step_is_free_of_english(language: str) -> None:
    inputs, result = solved()
    for step in gg.explain(inputs, result, throw=1, score=1):
        cells = [c for table in step.tables for c in (*table.header, *sum(table.rows, ()))]
        for text in (step.title, step.text, *cells):
            assert not english_words(text), (language, text)


def test_every_sentence_of_the_phrasebook_is_translated(language: str) -> None:
    for key, english in TEXTS.items():
        if ENGLISH_WORD.search(english):
            assert _(english) != english, (language, key)
            assert not english_words(_(english)), (language, key)


def test_the_cli_keeps_english() -> None:
    inputs, result = solved()
    assert gg.explain(inputs, result)[0].title == "The round ratio q"
    with pytest.raises(ValueError, match=r"^row 1: paper must be between 0 and 100, got 150$"):
        gg.GreatGameInputs(((0, 150, -50),), 2, 2)
