"""The testability contract, checked on every tab alike (each test builds only its tab).

architecture.md: solveButton / cancelButton / resultLabel, ``import_judge_file(path,
options)``, ``export_csv``, ``export_image`` (PNG, SVG), undo of input changes
(imports included), results only current for their inputs, a message area that
never moves the form.
"""

from __future__ import annotations

import csv
from pathlib import Path

import jobs_for_tests
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

import solvers
from gui.controller import Job, running_jobs
from gui.tabs.base import GameTab

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
GAMES = list(solvers.GAMES)


def slow_job(inputs: object) -> Job:
    return Job(jobs_for_tests.slow, (30,))


def samples(game_id: str, with_args: bool) -> list[Path]:
    found = sorted((SAMPLES / game_id).glob("*.in"))
    return [p for p in found if p.with_suffix(".args").exists() == with_args]


def other_sample(tab: GameTab) -> Path:
    """A judge file whose import changes the form (for undo)."""
    before = tab.state()
    for path in samples(tab.game_id, with_args=False):
        probe = path.read_text()
        try:
            cases = list(tab.module.parse_judge(probe, **tab.judge_options()))
        except ValueError:
            continue
        tab.history.reset()
        with tab.history.silently():
            tab.set_inputs(cases[0])
        changed = tab.state() != before
        with tab.history.silently():
            tab.restore(before)
        if changed:
            return path
    pytest.fail(f"no sample of {tab.game_id} differs from the form's initial inputs")


def form_position(tab: GameTab) -> QPoint:
    QApplication.processEvents()  # let the layouts settle as they would on screen
    item = tab.body.itemAt(0)
    assert item is not None and item.widget() is not None, "the tab's body is empty"
    return item.widget().mapTo(tab, QPoint(0, 0))


@pytest.mark.parametrize("game_id", GAMES)
def test_contract_names(make_tab, game_id: str) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    assert tab.objectName() == game_id and tab.title == solvers.TITLES[game_id]
    assert tab.findChild(QPushButton, "solveButton") is tab.solveButton
    assert tab.findChild(QPushButton, "cancelButton") is tab.cancelButton
    assert tab.findChild(QLabel, "resultLabel") is tab.resultLabel


@pytest.mark.parametrize("game_id", GAMES)
def test_solve_shows_the_judge_answer(make_tab, solve_and_wait, game_id: str) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    assert tab.load_example()
    result = solve_and_wait(tab)
    text = tab.resultLabel.text()
    if game_id == "nim":  # the contract's one exception: Nim names the winner in words
        assert ("First player wins" in text) != ("Second player wins" in text)
    else:
        assert tab.module.format_judge(result).strip().splitlines()[0] in text
    assert tab.last_solve_seconds is not None and not tab.busy


@pytest.mark.parametrize("game_id", GAMES)
def test_cancel_stops_the_solve_and_keeps_no_result(make_tab, qtbot, game_id: str) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    tab.solve_job = slow_job
    placeholder = tab.resultLabel.text()
    qtbot.mouseClick(tab.solveButton, Qt.MouseButton.LeftButton)
    assert tab.busy and tab.cancelButton.isEnabled() and tab.progressBar.isVisible()
    assert tab.resultLabel.text() == "Solving…"  # not "Press Solve" under a running solve
    qtbot.mouseClick(tab.cancelButton, Qt.MouseButton.LeftButton)
    assert not tab.busy and not tab.cancelButton.isEnabled() and not running_jobs()
    assert tab.result is None and "Cancelled" in tab.messageLabel.text()
    assert tab.resultLabel.text() == placeholder


@pytest.mark.parametrize("game_id", GAMES)
def test_import_with_options_sets_the_form(make_tab, solve_and_wait, game_id: str) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    cases = samples(game_id, with_args=True)
    if not cases:
        pytest.skip(f"{game_id} has no sample with options")
    if not tab.options():
        pytest.skip(f"solvers.{game_id} declares no OPTIONS yet")
    for path in cases:
        options = path.with_suffix(".args").read_text().split()
        assert tab.import_judge_file(path, options), tab.messageLabel.text()
        result = solve_and_wait(tab)
        expected = path.with_suffix(".out").read_text().split()
        if game_id == "nim":  # as above: the winner in words, not the judge's names
            expected = [{"koosaga": "First player wins"}.get(expected[0], "Second player wins")]
        assert expected[0] in tab.resultLabel.text() or expected[0] in tab.result_text(result)


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_option_is_refused_and_the_form_kept(make_tab, game_id: str) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    path = other_sample(tab)
    before = tab.state()
    assert not tab.import_judge_file(path, ["--no-such-option"])
    assert "--no-such-option" in tab.messageLabel.text()
    assert tab.state() == before and tab.undo_stack.count() == 0


@pytest.mark.parametrize("game_id", GAMES)
def test_export_csv_header_first_rows_as_wide(make_tab, solve_and_wait, tmp_path, game_id) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    assert tab.load_example()
    solve_and_wait(tab)
    target = tmp_path / "out.csv"
    assert tab.export_csv(target), tab.messageLabel.text()
    with target.open(newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    assert len(rows) >= 2 and all(rows[0])
    assert {len(row) for row in rows} == {len(rows[0])}
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]  # no temporary file left


@pytest.mark.parametrize("game_id", GAMES)
def test_export_image_png_and_svg(make_tab, solve_and_wait, tmp_path, game_id) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    assert tab.load_example()
    solve_and_wait(tab)
    png, svg = tmp_path / "view.png", tmp_path / "view.svg"
    assert tab.export_image(png) and tab.export_image(svg), tab.messageLabel.text()
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and png.stat().st_size > 1000
    text = svg.read_text(encoding="utf-8")
    assert "<svg" in text and text.count("<") > 20
    assert not tab.export_image(tmp_path / "view.gif")
    assert "gif" in tab.messageLabel.text()


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_after_import_restores_the_form(make_tab, game_id: str) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    path = other_sample(tab)
    before = tab.state()
    assert tab.import_judge_file(path), tab.messageLabel.text()
    after = tab.state()
    assert after != before and tab.undo_stack.count() == 1
    tab.undo_stack.undo()
    assert tab.state() == before
    tab.undo_stack.redo()
    assert tab.state() == after
    assert tab.undo_stack.count() == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_editing_cancels_the_solve_and_greys_the_result(make_tab, solve_and_wait, game_id) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    path = other_sample(tab)
    solve_and_wait(tab)
    shown = tab.resultLabel.text()
    tab.solve_job = slow_job
    tab.solve()
    assert tab.busy
    cases = list(tab.module.parse_judge(path.read_text(), **tab.judge_options()))
    tab.set_inputs(cases[0])  # through the form's own signals, as typing would
    assert not tab.busy and not running_jobs()
    assert tab.resultLabel.text() == shown and "gray" in tab.resultLabel.styleSheet()
    assert not tab.result_is_current()
    assert tab.undo_stack.count() >= 1


@pytest.mark.parametrize("game_id", GAMES)
def test_messages_never_move_the_form(make_tab, solve_and_wait, game_id: str) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    where = form_position(tab)
    height = tab.messages.height()
    tab.show_message("A long message " * 30, error=True)
    assert form_position(tab) == where
    tab.show_message("")
    assert tab.load_example()
    solve_and_wait(tab)
    assert form_position(tab) == where and tab.messages.height() == height


def test_every_game_has_a_tab_and_none_is_left_out() -> None:
    from gui.tabs import tab_class, tab_classes

    assert [cls.game_id for cls in tab_classes()] == GAMES
    with pytest.raises(KeyError):
        tab_class("chess")


def test_cancel_stops_panel_jobs_too(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    from gui.controller import SolveController

    tab = make_tab("coverup")
    panel = SolveController(tab.body.itemAt(0).widget())  # any controller inside the tab
    panel.start(slow_job(None))
    assert panel.busy and tab.working and not tab.busy
    assert tab.cancelButton.isEnabled(), "Cancel follows panel jobs as well as the solve"
    qtbot.mouseClick(tab.cancelButton, Qt.MouseButton.LeftButton)
    assert not panel.busy and not tab.working and not running_jobs()
    assert not tab.cancelButton.isEnabled()


@pytest.mark.parametrize("game_id", ["nim", "xoinc"])
def test_solve_keeps_what_is_being_typed_in_a_cell(make_tab, solve_and_wait, game_id) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QAbstractItemView, QLineEdit

    tab = make_tab(game_id)
    tab.load_example()
    view = tab.findChild(QAbstractItemView, "numberTable")
    index = view.model().index(0, 0)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.indexWidget(index)
    assert isinstance(editor, QLineEdit)
    editor.setText("37")  # typed, Enter not pressed: Ctrl+Return solves from here
    result = solve_and_wait(tab)
    first = result.inputs.piles[0] if game_id == "nim" else result.inputs.coins[0]
    assert first == 37
    assert view.model().index(0, 0).data() == "37"
    assert view.state() != QAbstractItemView.State.EditingState


@pytest.mark.parametrize("game_id", list(solvers.GAMES))
def test_every_play_panel_says_the_same_words(make_tab, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """One button starts a game in every tab, under one name; sides are chosen in one way."""
    from PySide6.QtWidgets import QComboBox, QPushButton

    tab = make_tab(game_id)
    starts = [b for b in tab.findChildren(QPushButton) if b.text() == "New game"]
    assert len(starts) == 1
    words = {b.text() for b in tab.findChildren(QPushButton)}
    assert not words & {"Restart", "New match", "New game from the piles"}
    for combo in tab.findChildren(QComboBox):
        items = [combo.itemText(i) for i in range(combo.count())]
        if any("first" in item for item in items):
            assert items == ["I move first", "I move second"]


@pytest.mark.parametrize("game_id", list(solvers.GAMES))
def test_the_play_status_keeps_two_lines_of_room(make_tab, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """A status of one line or two: the buttons under it never move."""
    from PySide6.QtWidgets import QLabel

    tab = make_tab(game_id)
    labels = [
        label
        for label in tab.findChildren(QLabel)
        if label.objectName() in ("playStatus", "positionLabel")
    ]
    assert len(labels) == 1
    assert labels[0].minimumHeight() >= 2 * labels[0].fontMetrics().lineSpacing()


@pytest.mark.parametrize("game_id", ["nim", "xoinc"])
def test_new_game_waits_for_valid_inputs(make_tab, game_id: str) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)
    model = tab.form.piles.model if game_id == "nim" else tab.coins.model
    button = tab.play.newButton
    assert button.isEnabled()
    model.set_texts(["1", "x"])
    assert not button.isEnabled() and "whole number" in button.toolTip()
    model.set_texts(["1", "2"])
    assert button.isEnabled() and button.toolTip() == ""


@pytest.mark.parametrize("game_id", list(solvers.GAMES))
def test_a_picture_caption_gives_the_judge_output_once(make_tab, qtbot, game_id: str) -> None:  # type: ignore[no-untyped-def]
    from gui.tabs.tab_files import picture_caption

    tab = make_tab(game_id)
    qtbot.waitUntil(tab.result_is_current, timeout=30000)
    answer = picture_caption(tab)[-1]
    assert answer.count(tab.judgeOutput.text()) == 1, answer


def test_a_picture_caption_ends_its_inputs_only_where_they_go_on(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    from gui.tabs.tab_files import CAPTION_INPUT_LINES, picture_caption
    from solvers import greatgame

    tab = make_tab("greatgame")
    tab.load_inputs(greatgame.GreatGameInputs(((30, 30, 40), (50, 20, 30)), 2, 2))
    qtbot.waitUntil(tab.result_is_current, timeout=30000)
    assert CAPTION_INPUT_LINES >= 3 and "…" not in picture_caption(tab)[1]  # G, W, L and 2 throws
