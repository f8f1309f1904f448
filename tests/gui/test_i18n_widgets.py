"""The shared widgets speak the language chosen: built in it, or switched to it by ``retranslate``.

Korean is checked by its script (Hangul) and by the absence of the English words; the
English run of every other test checks the words themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import solvers
from gui.widgets.fields import NumberField, invalid_reason
from gui.widgets.play_panel import (
    RESTARTING,
    GameRestarter,
    PlayPanelFrame,
    invalid_text,
    mover_words,
)
from gui.widgets.sweep_panel import SweepPanel
from solvers import i18n
from solvers.play_session import PlaySession

HANGUL = re.compile(r"[\uac00-\ud7a3]")
GREAT = solvers.load("greatgame").example()


#: Words that stay English in every language (file formats).
KEPT = {"CSV", "PNG", "SVG", "JSON"}


def korean(text: str) -> bool:
    """Whether ``text`` is Korean: Hangul in it, and no English word of three letters or more."""
    words = set(re.findall(r"[A-Za-z]{3,}", text)) - KEPT
    return bool(HANGUL.search(text)) and not words


@pytest.fixture()
def speak_korean() -> Iterator[None]:
    i18n.set_language("ko")
    try:
        yield
    finally:
        i18n.set_language("en")


class _Panel(PlayPanelFrame):
    """The shared frame with the smallest game behind it: the position says whose move it is."""

    def _after_move(self) -> None:
        session = self.session
        assert session is not None
        self.positionLabel.setText(mover_words(session.user_to_move))


def test_the_play_panel_is_built_in_korean(qtbot: Any, speak_korean: None) -> None:
    panel = PlayPanelFrame(["A"], "N", "I")
    qtbot.addWidget(panel)
    for text in (panel.title(), panel.takeButton.text(), panel.hintButton.text()):
        assert korean(text), text
    assert korean(panel.log.toolTip())
    assert korean(mover_words(True)) and korean(mover_words(False))
    assert korean(invalid_text(ValueError("1")))


def test_the_play_panel_says_the_position_again_in_korean(qtbot: Any) -> None:
    panel = _Panel(["A"], "N", "I")
    qtbot.addWidget(panel)
    panel.session = _user_to_move()
    panel.retranslate()
    english = panel.positionLabel.text()
    assert english == "your move"
    i18n.set_language("ko")
    try:
        panel.retranslate()
        assert korean(panel.positionLabel.text()), panel.positionLabel.text()
    finally:
        i18n.set_language("en")
    panel.retranslate()
    assert panel.positionLabel.text() == english


def test_the_restarter_speaks_korean(qtbot: Any, speak_korean: None) -> None:
    said: list[str] = []
    restarter = GameRestarter(lambda: 1, lambda: True, said.append, lambda _inputs: None)
    assert restarter.inputs_changed()
    restarter.cancel()
    assert len(said) == 2 and all(korean(text) for text in said), said
    assert said[0] != RESTARTING  # the English text, marked, is not what is said


def test_the_sweep_panel_speaks_korean_and_switches(qtbot: Any) -> None:
    panel = SweepPanel("greatgame")
    qtbot.addWidget(panel)
    panel.set_inputs(GREAT)
    english = panel.messageLabel.text()
    assert english.endswith("press Run.")
    i18n.set_language("ko")
    try:
        panel.retranslate()
        assert korean(panel.messageLabel.text()), panel.messageLabel.text()
        # Built in Korean: its constant texts too (gui.i18n switches those of a built panel).
        built = SweepPanel("greatgame")
        qtbot.addWidget(built)
        built.set_inputs(GREAT)
        assert built.messageLabel.text() == panel.messageLabel.text()
        for text in (built.runButton.text(), built.exportButton.text(), built.sweepCombo.toolTip()):
            assert korean(text), text
    finally:
        i18n.set_language("en")
    panel.retranslate()
    assert panel.messageLabel.text() == english


def test_a_number_field_says_its_range_in_korean(qtbot: Any) -> None:
    field = NumberField()
    qtbot.addWidget(field)
    field.setRange(1, 9)
    field.show()
    field.setValue(12)
    english = invalid_reason(field)
    assert english is not None and "must be from 1 to 9" in english
    i18n.set_language("ko")
    try:
        field.retranslate()
        reason = invalid_reason(field)
        assert reason is not None and HANGUL.search(reason) and "1" in reason and "9" in reason
        assert reason == field.toolTip() and "must" not in reason
    finally:
        i18n.set_language("en")
    field.retranslate()
    assert invalid_reason(field) == english


def _user_to_move() -> PlaySession:
    """A Nim session where the user moves first."""
    nim = solvers.load("nim")
    return PlaySession.of("nim", nim.new_game(nim.NimInputs((1, 2))), 0)
