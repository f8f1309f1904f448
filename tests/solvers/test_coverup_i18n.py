"""Cover Up speaks Korean and Chinese: the Why steps and the validation messages."""

from __future__ import annotations

import re

import pytest

from solvers import coverup as cu
from solvers.coverup.why import explain_position
from solvers.explain import Step
from solvers.i18n import _

HANGUL = re.compile(r"[\uac00-\ud7a3]")
HAN = re.compile(r"[\u4e00-\u9fff]")


def _steps() -> list[Step]:
    inputs = cu.example()
    return cu.explain(inputs, cu.solve(inputs))


def test_explain_titles_in_korean(korean: None) -> None:
    steps = _steps()
    assert steps[0].title == "자릿수와 각 숫자의 확률"
    assert steps[1].title == "한 차례의 값을 구하는 방법"
    assert steps[-1].title == "답"
    turns = steps[2:-1]
    assert turns
    for number, step in enumerate(turns, start=1):
        assert step.title.startswith(f"{number}번째 차례: 승리 확률 0.")
    for step in steps:
        # No English word is left in a title or a sentence (p, m, l and h are the judge's names).
        assert HANGUL.search(step.title) and HANGUL.search(step.text)
        assert not re.search(r"[A-Za-z]{2,}", step.title + step.text.replace("Bayes", ""))


def test_explain_titles_in_chinese(chinese: None) -> None:
    steps = _steps()
    assert steps[0].title == "各位及每个数字的概率"
    assert all(HAN.search(step.title) for step in steps)


def test_validation_messages_in_korean(korean: None) -> None:
    assert _("a digit is offered twice") == "같은 숫자가 두 번 나옵니다"
    with pytest.raises(ValueError, match=r"^p는 0 이상 1 이하여야 합니다\. 입력: 1\.5$"):
        cu.Column(3, 1, 1.5)
    with pytest.raises(ValueError, match=r"^2번째 자릿수: "):
        cu.CoverUpInputs.from_triplets([(3, 1, 0.5), (3, 3, 0.5)])


def test_english_stays_english() -> None:
    # The CLI never sets a language: the same messages in the source language.
    with pytest.raises(ValueError, match=r"^p must be between 0 and 1, got 1\.5$"):
        cu.Column(3, 1, 1.5)
    assert _steps()[0].title == "The columns and the chance of each digit"


def test_position_steps_in_korean(korean: None) -> None:
    inputs = cu.example()
    steps = explain_position(inputs, cu.solve(inputs), cu.initial_state(inputs))
    assert [s.title for s in steps] == [
        "진행 중인 1번째 차례: 남은 숫자",
        "진행 중인 1번째 차례: 모든 선택",
        "진행 중인 1번째 차례: 선택 값의 계산",
    ]
    assert all(not re.search(r"[A-Za-z]{2,}", s.text.replace("Bayes", "")) for s in steps)
