"""The solvers' shared texts in Korean and Chinese, English where no language is set.

Area ``common`` of issue 20: validation messages, play words, sweep and check reports,
the game titles, and the language the locale variables ask for.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import solvers
from resources import translations
from solvers.check.model import Failure, Report, Settings, verdict_text
from solvers.check.report import text_report
from solvers.explain import Step, Table, text_width, to_text
from solvers.files import size_text
from solvers.i18n import _, language, system_language
from solvers.play_session import GAME_UNITS, Units
from solvers.protocol import InputError, Option, OptionError, parse_options
from solvers.sweep import RangeError, field_name, header, sweep_values
from solvers.tokens import JudgeFormatError, Tokens

HANGUL = re.compile(r"[\uac00-\ud7a3]")
HAN = re.compile(r"[\u4e00-\u9fff]")


def _error(parse: Callable[[], object]) -> InputError:
    with pytest.raises(InputError) as caught:
        parse()
    return caught.value


def test_a_bad_judge_input_is_refused_in_korean(speak: Callable[[str], None]) -> None:
    speak("ko")
    error = _error(lambda: solvers.load("nim").parse_judge("x\n"))
    assert isinstance(error, JudgeFormatError) and error.line == 1
    assert str(error).startswith("1번째 줄: ") and "정수여야 합니다" in str(error)
    assert "must be" not in str(error) and "line" not in str(error)
    error = _error(lambda: Tokens("5 6").integer("N", 1, 3))
    assert str(error) == "1번째 줄: N: 1 이상 3 이하여야 합니다 (입력: 5)"


def test_a_bad_judge_input_is_refused_in_chinese(speak: Callable[[str], None]) -> None:
    speak("zh_CN")
    error = _error(lambda: Tokens("1 2").expect_end())
    assert str(error) == "第 1 行\uff1a有多余的输入 '1'"  # a full-width colon
    assert HAN.search(str(_error(lambda: Tokens("").real("p")))) is not None


def test_the_messages_stay_english_without_a_language() -> None:
    """What the command line prints (it never sets a language), word for word."""
    assert language() == "en"
    assert str(_error(lambda: Tokens("x").integer("N"))) == "line 1: N must be an integer, got 'x'"
    assert str(_error(lambda: Tokens("\n9").integer("N", 1, 3))) == (
        "line 2: N must be between 1 and 3, got 9"
    )
    assert str(_error(lambda: Tokens("0").integer("N", lo=1))) == (
        "line 1: N must be at least 1, got 0"
    )
    assert str(_error(lambda: Tokens("").word("N"))) == (
        "line 1: unexpected end of input, expected N"
    )
    assert size_text(1) == "1 byte" and size_text(4096) == "4,096 bytes"
    assert size_text(4 << 20) == "4 MB"


def test_an_option_error_in_korean_keeps_its_flag(speak: Callable[[str], None]) -> None:
    speak("ko")
    options = (Option("subtract", "ints", (), "moves allowed", lo=1, hi=9),)
    with pytest.raises(OptionError) as caught:
        parse_options(options, ["--subtract", "1,12"])
    assert caught.value.reason == "각 수는 1 이상 9 이하여야 합니다 (입력: 12)"
    assert str(caught.value) == "--subtract: " + caught.value.reason
    with pytest.raises(OptionError, match=r"^--misere: 알 수 없는 옵션입니다"):
        parse_options(options, ["--misere"])


def test_the_play_words_in_korean_and_chinese(speak: Callable[[str], None]) -> None:
    nim, xoinc, greatgame = GAME_UNITS["nim"], GAME_UNITS["xoinc"], GAME_UNITS["greatgame"]
    speak("ko")
    assert (nim.text(1), nim.text(-1), nim.cost_text(2)) == ("승리", "패배", "승리")
    assert xoinc.cost_text(5) == "가치 5"
    assert greatgame.cost_text(0.5) == "50.000%p"
    assert _(greatgame.value) == "경기 승리 확률"
    speak("zh_CN")
    assert (nim.text(1), nim.text(-1)) == ("胜", "负")
    assert GAME_UNITS["yut"].cost_text(2.5) == "2.50 分"
    speak("en")
    assert (nim.text(1), xoinc.cost_text(5), greatgame.cost_text(0.5)) == (
        "win",
        "5 in value",
        "50.000 percentage points",
    )


def test_an_empty_text_is_never_looked_up(speak: Callable[[str], None]) -> None:
    """gettext's translation of "" is the catalogue's header, never a text to show."""
    speak("ko")
    assert Units("g", "v", "u", exact=True).cost_text(3) == "3"
    assert verdict_text("") == ""
    found = next(s for s in solvers.load("nim").SWEEPS if s.indexed)
    shown = dataclasses.replace(found, answers=("chance to win", ""))
    assert header(shown, 2) == [found.key(2), "승리 확률", ""]


def test_the_game_titles(speak: Callable[[str], None]) -> None:
    english = dict(solvers.TITLES)
    speak("ko")
    assert [_(solvers.TITLES[g]) for g in solvers.GAMES] == [
        "주사위 윷놀이", "Cover Up", "가위바위보", "Xoinc", "님 게임",
    ]  # fmt: skip
    speak("zh_CN")
    assert [_(solvers.TITLES[g]) for g in solvers.GAMES] == [
        "骰子尤茨棋", "Cover Up", "石头剪刀布", "Xoinc", "尼姆游戏",
    ]  # fmt: skip
    assert solvers.TITLES == english  # the table itself stays English


def test_a_sweep_range_error_names_its_field_in_korean(speak: Callable[[str], None]) -> None:
    nim = solvers.load("nim")
    found = next(s for s in nim.SWEEPS if s.indexed)
    speak("ko")
    assert field_name("STEP") == "간격"
    with pytest.raises(RangeError) as caught:
        sweep_values(found, nim.example(), 1, "3", "1")
    assert caught.value.field == "STOP"
    assert str(caught.value) == "끝 값(1)은 시작 값(3)보다 작을 수 없습니다"
    speak("en")
    with pytest.raises(RangeError, match=r"^STOP \(1\) must not be below START \(3\)$"):
        sweep_values(found, nim.example(), 1, "3", "1")


def _failed_report() -> Report:
    failure = Failure(
        number=3, verdict="wrong answer", detail="", inputs=None, input_text="1\n1\n",
        expected="koosaga\n", output="cubelover\n", stderr="", seconds=0.5,
        original_text="1\n1\n", shrink_steps=1, shrink_runs=4, memory_kb=2048,
    )  # fmt: skip
    return Report("nim", ["./a.out"], Settings(cases=10, seed=7), failure=failure)


def test_the_check_report_in_korean_and_english(speak: Callable[[str], None]) -> None:
    report = _failed_report()
    english = text_report(report)
    assert english.splitlines()[:3] == [
        "check nim: seed 7, size judge: wrong answer on case 3 of 10",
        "shrunk in 1 step (4 runs) to the smallest failing input:",
        "--- input ---",
    ]
    assert "this run: 0.500 s, peak memory 2.0 MB; of all runs: no run measured" in english
    speak("ko")
    korean = text_report(report)
    assert korean.splitlines()[0] == "nim 검사(시드 7, 채점 수준 입력): 케이스 3/10에서 틀렸습니다"
    assert "--- 기대한 답 (최적) ---" in korean and "koosaga" in korean
    assert korean.splitlines()[-1] == "다시 실행: " + english.splitlines()[-1].split(": ", 1)[1]
    assert verdict_text("time limit") == "시간 초과"
    speak("zh_CN")
    assert verdict_text("wrong answer") == "答案错误"
    assert report.failure is not None and report.failure.verdict == "wrong answer"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "ko_KR.UTF-8"}, "ko"),
        ({"LANG": "ko"}, "ko"),
        ({"LANG": "zh_CN.UTF-8"}, "zh_CN"),
        ({"LANG": "zh"}, "zh_CN"),
        ({"LANG": "zh_Hans"}, "zh_CN"),
        ({"LANG": "zh-Hans-CN"}, "zh_CN"),
        ({"LANG": "zh_SG.GB2312"}, "zh_CN"),
        ({"LANG": "zh_TW.UTF-8"}, "en"),
        ({"LANG": "zh_HK"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "kok_IN"}, "en"),  # Konkani, not Korean
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANGUAGE": "zh_CN:en", "LANG": "ko_KR.UTF-8"}, "zh_CN"),
        ({"LANGUAGE": "fr:ko", "LANG": "en_US.UTF-8"}, "ko"),
        ({"LANGUAGE": "en:ko", "LANG": "ko_KR.UTF-8"}, "en"),
        ({"LANGUAGE": "fr", "LANG": "ko_KR.UTF-8"}, "ko"),
        ({"LANGUAGE": "ko"}, "ko"),
        ({"LANGUAGE": "", "LANG": "zh_CN.UTF-8"}, "zh_CN"),
        ({"LANGUAGE": "ko", "LC_ALL": "C"}, "en"),  # C asks for untranslated messages
        ({"LC_ALL": "ko_KR.UTF-8", "LANG": "zh_CN.UTF-8"}, "ko"),
        ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "ko_KR.UTF-8"}, "zh_CN"),
        ({"LC_ALL": "", "LANG": "ko_KR.UTF-8"}, "ko"),
    ],
)
def test_system_language(environ: dict[str, str], expected: str) -> None:
    assert system_language(environ) == expected


_WIDE = st.characters(min_codepoint=0xAC00, max_codepoint=0xD7A3) | st.characters(
    min_codepoint=0x4E00, max_codepoint=0x9FFF
)
_NARROW = st.characters(min_codepoint=0x20, max_codepoint=0x7E)


@given(st.lists(st.tuples(st.booleans(), _NARROW, _WIDE)))
def test_text_width_counts_hangul_and_han_twice(picks: list[tuple[bool, str, str]]) -> None:
    text = "".join(wide if pick else narrow for pick, narrow, wide in picks)
    assert text_width(text) == len(text) + sum(pick for pick, _n, _w in picks)


def test_a_text_table_with_korean_headers_lines_up() -> None:
    table = Table(("돌 무더기", "크기", "x"), (("1", "12345", "가나"), ("22", "3", "b")))
    lines = to_text([Step("제목", "", (table,))]).splitlines()[2:6]
    assert len({text_width(line) for line in lines}) == 1  # right-aligned: one right edge
    assert lines[0] == "돌 무더기   크기     x"


def test_the_catalogues_of_common_are_complete_and_every_text_marked() -> None:
    assert translations.check("common") == []
    assert translations.unmarked(translations.sources("common")) == []
