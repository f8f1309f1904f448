"""Nim in Korean and Chinese: the Why steps, the validation messages and the verdict.

The catalogues are the shipped ``resources/locale/*/nim.mo``; each test speaks a language
and gives English back, so the rest of the suite keeps its English.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from solvers import i18n, nim
from solvers.nim.why import TEXTS

#: Latin words a translation may keep: operators, key names and the glossary's SG and Nim.
KEPT = {"XOR", "mex", "SG", "Nim", "Esc"}
SCRIPT = {"ko": re.compile("[\uac00-\ud7a3]"), "zh_CN": re.compile("[\u4e00-\u9fff]")}


def english_words(text: str) -> set[str]:
    """Latin words of two letters or more that a translation should not have left."""
    return set(re.findall(r"[A-Za-z]{2,}", text)) - KEPT


@pytest.fixture(params=["ko", "zh_CN"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    code: str = request.param
    i18n.set_language(code)
    try:
        yield code
    finally:
        i18n.set_language("en")


CASES = [
    nim.NimInputs((3, 4, 5)),
    nim.NimInputs((1, 2, 3)),
    nim.NimInputs((1, 1, 5), nim.Rule.MISERE),
    nim.NimInputs((1, 1, 0), nim.Rule.MISERE),
    nim.NimInputs((7, 10, 61), nim.Rule.SUBTRACTION, (1, 3, 4)),
]


@pytest.mark.parametrize("inputs", CASES, ids=lambda i: f"{i.rule.value}-{i.piles}")
def test_every_step_speaks_the_language(language: str, inputs: nim.NimInputs) -> None:
    steps = nim.explain(inputs, nim.solve(inputs))
    assert steps
    for step in steps:
        assert SCRIPT[language].search(step.title), step.title
        assert not english_words(step.title), step.title
        assert SCRIPT[language].search(step.text), step.text
        assert not english_words(step.text), step.text
        for table in step.tables:
            assert not english_words(" ".join(table.header)), table.header


def test_korean_titles_are_the_catalogues(language: str) -> None:
    inputs = nim.NimInputs((3, 4, 5))
    titles = [step.title for step in nim.explain(inputs, nim.solve(inputs))]
    wanted = {"ko": "각 무더기를 이진수로", "zh_CN": "各堆的二进制表示"}[language]
    assert titles[0] == wanted
    # The English source of each title is another text: every title was looked up.
    english = {TEXTS["binary_title"], TEXTS["sum_title"], TEXTS["win_title"]}
    assert not english & set(titles)


def test_validation_messages_are_translated(language: str) -> None:
    with pytest.raises(ValueError) as caught:
        nim.NimInputs(())
    message = str(caught.value)
    assert message == i18n._("there must be at least one pile")
    assert (
        message == {"ko": "무더기가 적어도 하나 있어야 합니다", "zh_CN": "至少要有一堆"}[language]
    )
    with pytest.raises(ValueError) as too_big:
        nim.NimInputs((7, 10**9 + 1))
    assert SCRIPT[language].search(str(too_big.value))
    assert "1000000001" in str(too_big.value)


def test_the_verdict_speaks_the_language_but_the_csv_stays_english(language: str) -> None:
    inputs = nim.NimInputs((3, 4, 5))
    result = nim.solve(inputs)
    assert result.winner_text == {"ko": "선공 승리", "zh_CN": "先手胜"}[language]
    rows = nim.csv_rows(inputs, result)
    assert rows[0] == nim.CSV_HEADER and rows[1][-1] == "First player wins"


def test_plurals_follow_the_count_in_english() -> None:
    inputs = nim.NimInputs((1, 1, 5, 6), nim.Rule.MISERE)
    text = next(
        s.text for s in nim.explain(inputs, nim.solve(inputs)) if "Misère: while" in s.title
    )
    assert "2 piles here have 2 or more stones." in text
    inputs = nim.NimInputs((1, 1, 5), nim.Rule.MISERE)
    text = next(
        s.text for s in nim.explain(inputs, nim.solve(inputs)) if "Misère: while" in s.title
    )
    assert "1 pile here has 2 or more stones." in text


@pytest.mark.parametrize(
    "position",
    [
        nim.NimInputs((1, 2, 3, 4)),
        nim.NimInputs((2, 2)),
        nim.NimInputs((1, 1, 1), nim.Rule.MISERE),
        nim.NimInputs((0, 0)),
        nim.NimInputs((4, 9), nim.Rule.SUBTRACTION, (1, 3, 4)),
    ],
    ids=str,
)
def test_the_position_in_play_speaks_the_language(language: str, position: nim.NimInputs) -> None:
    from solvers.nim.why import explain_position

    for step in explain_position(position):
        for text in (step.title, step.text):
            assert SCRIPT[language].search(text) and not english_words(text), text
