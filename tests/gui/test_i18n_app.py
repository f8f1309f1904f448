"""The app in Korean and Chinese: no English left in any tab, and switching keeps everything."""

from __future__ import annotations

from pathlib import Path

import pytest
from i18n_words import english_left, english_words
from PySide6.QtWidgets import QMessageBox

import solvers
from gui import i18n as gui_i18n
from gui.rules import rules_html
from solvers import i18n

LANGUAGES = ["ko", "zh_CN"]


def _window(qtbot, settings, language: str = ""):  # type: ignore[no-untyped-def]
    """The main window; ``language`` as if chosen in View > Language before."""
    from gui.main_window import MainWindow

    if language:
        settings.setValue(gui_i18n.SETTING, language)

    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    return window


def _solved(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(tab.result_is_current, timeout=60000)
    qtbot.waitUntil(lambda: not tab.working and bool(tab.whyView.steps), timeout=60000)


def _visit_pages(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    """Show every page once (pages build their parts when first shown), then Solve again."""
    for index in range(tab.pagesBar.count()):
        tab.pagesBar.setCurrentIndex(index)
        qtbot.wait(10)
    tab.pagesBar.setCurrentIndex(0)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game_id", list(solvers.GAMES))
def test_no_english_left_in_a_tab(qtbot, settings, speak, tmp_path: Path, code, game_id) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, settings, code)
    window.gameTabs.setCurrentIndex(list(solvers.GAMES).index(game_id))
    tab = window.tabs[game_id]
    _solved(qtbot, tab)
    _visit_pages(qtbot, tab)
    assert english_left(tab) == []
    assert english_words(rules_html(tab)) == []
    bad = tmp_path / "0.in"  # the message names the file: its name holds no English word
    bad.write_text("x y z\n", encoding="utf-8")
    assert not tab.import_judge_file(bad)
    assert tab.messageLabel.text()
    assert english_left(tab) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_menus_and_qt_buttons_speak_the_language(qtbot, settings, speak, code) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, settings, code)
    assert english_left(window.menuBar()) == []
    box = QMessageBox(QMessageBox.Icon.Information, "", "", QMessageBox.StandardButton.Ok)
    assert english_words(box.button(QMessageBox.StandardButton.Ok).text()) == []


def test_switching_keeps_inputs_results_and_leaves_no_english(qtbot, settings, speak) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, settings)
    tab = window.tabs["nim"]
    window.gameTabs.setCurrentWidget(tab)
    _solved(qtbot, tab)
    state, judge = tab.state(), tab.judgeOutput.text()
    english_answer = tab.resultLabel.text()
    window.set_language("ko")
    assert i18n.language() == "ko"
    assert settings.value(gui_i18n.SETTING) == "ko"
    assert tab.state() == state
    assert tab.result_is_current()
    assert tab.judgeOutput.text() == judge
    assert tab.resultLabel.text() != english_answer
    _solved(qtbot, tab)
    assert english_left(tab) == []
    window.set_language("zh_CN")
    window.set_language("en")
    assert tab.resultLabel.text() == english_answer
    assert [tab.pagesBar.tabText(i) for i in range(3)] == ["Solve", "Why", "What if"]
    assert gui_i18n.start_language(settings) == "en"


def test_a_round_trip_through_the_languages_gives_every_text_back(qtbot, settings, speak) -> None:  # type: ignore[no-untyped-def]
    from i18n_words import tree_texts

    window = _window(qtbot, settings)
    tabs = [window.tabs[game_id] for game_id in solvers.GAMES]
    for tab in tabs:
        window.gameTabs.setCurrentWidget(tab)
        _solved(qtbot, tab)
        _visit_pages(qtbot, tab)

    def texts() -> dict[str, set[str]]:
        shown = {tab.game_id: {text for _, text in tree_texts(tab)} for tab in tabs}
        shown["menus"] = {text for _, text in tree_texts(window.menuBar())}
        return shown

    english = texts()
    for code in ("ko", "zh_CN", "en"):
        window.set_language(code)
        for tab in tabs:
            _solved(qtbot, tab)
    assert texts() == english


def test_undo_names_its_step_in_the_order_of_the_language(qtbot, settings, speak) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QUndoCommand

    window = _window(qtbot, settings, "ko")
    tab = window.tabs["nim"]
    window.gameTabs.setCurrentWidget(tab)
    tab.undo_stack.push(QUndoCommand("가져오기"))
    assert window.undoAction.text() == "가져오기 실행 취소"  # Qt's Korean pattern: step first
    window.set_language("en")
    assert window.undoAction.text() == "Undo 가져오기"
    # Ctrl+Z still beats a text field's own undo: with the Undo made anew, not the deleted one.
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent

    ctrl_z = QKeyEvent(
        QEvent.Type.ShortcutOverride, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
    )
    assert window._forced.action_for(ctrl_z) is window.undoAction


@pytest.mark.parametrize(
    ("locale", "expected"), [("ko_KR.UTF-8", "ko"), ("zh_CN.UTF-8", "zh_CN"), ("C.UTF-8", "en")]
)
def test_the_window_speaks_the_locale_when_nothing_was_chosen(
    qtbot, settings, speak, monkeypatch, locale, expected
) -> None:  # type: ignore[no-untyped-def]
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", locale)
    window = _window(qtbot, settings)
    assert i18n.language() == expected
    tab = window.tabs["nim"]
    if expected != "en":
        assert english_left(tab) == []
        assert english_left(window.menuBar()) == []
    else:
        assert tab.solveButton.text() == "Solve"


#: Hangul and the CJK ideographs: none may be left once the window speaks English.
_CJK = __import__("re").compile(r"[\uac00-\ud7a3\u4e00-\u9fff]")


@pytest.mark.parametrize("code", LANGUAGES)
def test_started_in_a_language_the_window_switches_to_english_in_full(  # type: ignore[no-untyped-def]
    qtbot, settings, speak, code
) -> None:
    """Texts made in the first language (headers, suffixes, play lines) are made again."""
    from i18n_words import tree_texts

    speak(code)
    window = _window(qtbot, settings, code)
    for game_id in solvers.GAMES:
        tab = window.tabs[game_id]
        window.gameTabs.setCurrentWidget(tab)
        _solved(qtbot, tab)
        _visit_pages(qtbot, tab)
    window.set_language("en")
    for game_id in solvers.GAMES:  # the derivations are made again in the workers
        tab = window.tabs[game_id]
        qtbot.waitUntil(lambda tab=tab: not tab.working, timeout=60000)
    left = [
        f"{where}: {text}"
        for game_id in solvers.GAMES
        for where, text in tree_texts(window.tabs[game_id])
        if _CJK.search(text)
    ]
    assert not left, sorted(set(left))
