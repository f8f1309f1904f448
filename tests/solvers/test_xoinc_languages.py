"""Xoinc speaks Korean and Chinese: the derivation's steps and the solver's messages.

The rest of the suite runs in English; each test here switches the language and puts
English back whatever happens, so no other test sees a translated text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from solvers import xoinc
from solvers.i18n import _

HANGUL = re.compile("[\uac00-\ud7a3]")
HAN = re.compile("[\u4e00-\u9fff]")
#: Words of the explanation's prose (formulas such as f(i, a) and min(a, i) are not prose).
ENGLISH_WORD = re.compile(r"\b(?!min\b)[A-Za-z]{2,}\b")


def solved(coins: tuple[int, ...]) -> tuple[xoinc.XoincInputs, xoinc.XoincResult]:
    inputs = xoinc.XoincInputs(coins)
    return inputs, xoinc.solve(inputs)


def test_the_step_titles_come_out_in_korean(speak: Callable[[str], None]) -> None:
    inputs, result = solved((1, 3, 1, 7, 2))
    english = [step.title for step in xoinc.explain(inputs, result)]
    speak("ko")
    steps = xoinc.explain(inputs, result)
    assert [s.title for s in steps] != english
    assert steps[0].title == "상태: (남은 동전 수, 가져갈 수 있는 최대 개수)"
    assert steps[1].title == "점화식"
    for step in steps:
        assert HANGUL.search(step.title), step.title
        assert not ENGLISH_WORD.search(step.title + step.text), step
        for table in step.tables:
            assert not ENGLISH_WORD.search(" ".join(table.header)), table.header
    # The numbers stay those of the English derivation.
    assert steps[-1].text.count(str(result.first_total)) == 1
    assert "1번 동전" in steps[0].tables[0].rows[0][0]


def test_a_validation_message_comes_out_in_korean_and_chinese(speak: Callable[[str], None]) -> None:
    speak("ko")
    assert _("the stack needs at least one coin") == "동전 더미에는 동전이 하나 이상 있어야 합니다"
    with pytest.raises(ValueError, match="동전 3: 값은 1에서 100000 사이여야 하는데 0입니다"):
        xoinc.XoincInputs((1, 2, 0))
    speak("zh_CN")
    with pytest.raises(ValueError) as refused:
        xoinc.XoincInputs(())
    assert HAN.search(str(refused.value)) and not ENGLISH_WORD.search(str(refused.value))
