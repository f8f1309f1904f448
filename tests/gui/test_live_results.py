"""Live results, one rule for every tab: an input change is solved by itself, the old answer
stays (greyed, not current) until the new one arrives, undo brings an answer back, and
``judgeOutput`` holds exactly what the judge prints."""

from __future__ import annotations

from pathlib import Path

import pytest

import solvers
from solvers.protocol import parse_options

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
#: Two cases per game with different answers: (file, CLI options).
CASES = {
    "yut": ("s1.in", "s2.in", ()),
    "coverup": ("s1.in", "s2.in", ()),
    "greatgame": ("sample1.in", "sample2.in", ()),
    "xoinc": ("sample.in", "random30.in", ()),
    "nim": ("s4.in", "s5.in", ()),
}


def judge_answer(game_id: str, name: str, options: tuple[str, ...]) -> str:
    """The judge's output for the first case of a sample, computed without the GUI."""
    module = solvers.load(game_id)
    values = parse_options(tuple(getattr(module, "OPTIONS", ())), list(options))
    text = (SAMPLES / game_id / name).read_text()
    case = next(iter(module.parse_judge(text, **values)))
    return str(module.format_judge(module.solve(case))).rstrip("\n")


def wait_current(qtbot, tab) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(tab.result_is_current, timeout=30000)


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_an_import_is_solved_by_itself_and_undo_brings_the_answer_back(  # type: ignore[no-untyped-def]
    make_tab, qtbot, game_id: str
) -> None:
    first, second, options = CASES[game_id]
    tab = make_tab(game_id)
    assert tab.judgeOutput.isReadOnly()
    assert tab.import_judge_file(SAMPLES / game_id / first, options)
    assert not tab.result_is_current()
    wait_current(qtbot, tab)  # nobody pressed Solve
    answer = judge_answer(game_id, first, options)
    assert tab.judgeOutput.text() == answer
    # Nim's answer line says who wins in words; the judge's word is beside it.
    assert answer in tab.resultLabel.text() or game_id == "nim"

    shown = tab.resultLabel.text()
    assert tab.import_judge_file(SAMPLES / game_id / second, options)
    # Right after the change the old answer is still in sight, and not current.
    assert not tab.result_is_current()
    assert tab.resultLabel.text() == shown and tab.judgeOutput.text() == answer
    wait_current(qtbot, tab)
    other = judge_answer(game_id, second, options)
    assert other != answer and tab.judgeOutput.text() == other

    lines: list[str] = []
    tab.status_message.connect(lambda line: lines.append(line() if callable(line) else line))
    tab.undo_stack.undo()  # an answer solved before comes back at once, without a pause
    assert tab.result_is_current() and tab.judgeOutput.text() == answer
    assert "solved earlier" in lines[-1] and "0.0 ms" not in lines[-1]


def test_typing_solves_after_a_pause_and_invalid_inputs_keep_the_old_answer_grey(  # type: ignore[no-untyped-def]
    make_tab, qtbot
) -> None:
    tab = make_tab("nim")
    tab.piles.model.set_texts(["1", "2", "3"])
    wait_current(qtbot, tab)
    assert tab.judgeOutput.text() == "cubelover"
    tab.piles.model.set_texts(["1", "2", "x"])
    qtbot.wait(500)  # past the pause: nothing is solved for invalid inputs
    assert not tab.result_is_current() and not tab.busy
    assert tab.judgeOutput.text() == "cubelover" and "gray" in tab.resultLabel.styleSheet()
    assert not tab.solveButton.isEnabled()
    tab.piles.model.set_texts(["1", "2", "4"])
    wait_current(qtbot, tab)
    assert tab.judgeOutput.text() == "koosaga" and "gray" not in tab.resultLabel.styleSheet()


def test_load_example_sets_every_input_options_included(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    tab.subtractionEdit.setText("1,3,4")
    tab.misereCheck.setChecked(False)
    assert tab.load_example()
    assert tab.subtractionEdit.text() == "" and not tab.misereCheck.isChecked()
    wait_current(qtbot, tab)
    text = (Path(__file__).resolve().parents[2] / "resources/examples/nim.txt").read_text()
    case = next(iter(solvers.nim.parse_judge(text)))
    assert tab.judgeOutput.text() == solvers.nim.format_judge(solvers.nim.solve(case))


def test_export_with_invalid_inputs_says_why_and_writes_nothing(make_tab, tmp_path) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("nim")
    tab.piles.model.set_texts(["1", "x"])
    target = tmp_path / "out.csv"
    assert not tab.export_csv(target)
    assert not target.exists() and "Export failed" in tab.messageLabel.text()
    tab.choose_export_file()  # no file dialog (a dialog would fail the test): the reason
    assert "Nothing to export" in tab.messageLabel.text()


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_the_why_page_derives_the_shown_answer(make_tab, qtbot, game_id: str) -> None:  # type: ignore[no-untyped-def]
    first, _, options = CASES[game_id]
    tab = make_tab(game_id)
    assert tab.import_judge_file(SAMPLES / game_id / first, options)
    wait_current(qtbot, tab)
    qtbot.waitUntil(lambda: bool(tab.whyView.steps), timeout=30000)
    module = solvers.load(game_id)
    expected = module.explain(tab.result_inputs, tab.result)
    assert list(tab.whyView.steps) == list(expected)
    shown = tab.explainView.toPlainText()
    assert expected[0].title in shown and len(shown) > 100


@pytest.mark.parametrize("game_id", ["yut", "greatgame"])
def test_a_bad_number_field_greys_the_answer_and_stops_exports(  # type: ignore[no-untyped-def]
    make_tab, qtbot, tmp_path, game_id: str
) -> None:
    """A field's value stays its last valid number while its text is bad: the answer of that
    value is not the answer of what is typed."""
    from PySide6.QtCore import Qt

    from gui.widgets.fields import NumberField

    tab = make_tab(game_id)
    wait_current(qtbot, tab)
    answer = tab.judgeOutput.text()
    fields = [f for f in tab.findChildren(NumberField) if f.solve_input and f.isVisibleTo(tab)]
    fields = [f for f in fields if f.isEnabled()]
    assert fields
    for field in fields:
        typed = field.lineEdit().text()
        for bad in ("", "99999999"):
            field.lineEdit().selectAll()
            qtbot.keyClick(field.lineEdit(), Qt.Key.Key_Delete)
            qtbot.keyClicks(field.lineEdit(), bad)
            assert not tab.result_is_current(), field.objectName()
            assert tab.judgeOutput.text() == answer and "gray" in tab.resultLabel.styleSheet()
            assert not tab.solveButton.isEnabled()
            if game_id == "greatgame":  # its pictures grey too, as after any edit
                assert tab.heatmap.image.opacity() < 1.0, field.objectName()
            # Every reader of the inputs hears the field's own reason (the play panel too).
            with pytest.raises(ValueError) as reason:
                tab.checked_inputs()
            assert str(reason.value) in tab.messageLabel.text()
            tab.choose_export_file()  # no file dialog (a dialog would fail the test): the reason
            assert "Nothing to export" in tab.messageLabel.text()
            assert not tab.export_csv(tmp_path / "out.csv")
        field.lineEdit().selectAll()
        qtbot.keyClicks(field.lineEdit(), typed)  # typed back: its answer is current again
        wait_current(qtbot, tab)
        assert tab.judgeOutput.text() == answer


def test_g_is_taken_a_pause_after_typing_as_every_input_is(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    tab = make_tab("greatgame")
    wait_current(qtbot, tab)
    tab.gSpin.setFocus()
    tab.gSpin.lineEdit().selectAll()
    qtbot.keyClicks(tab.gSpin.lineEdit(), "3")
    qtbot.waitUntil(lambda: tab.throws.rowCount() == 3, timeout=3000)  # no Enter, no Tab
    assert not tab.result_is_current()
    wait_current(qtbot, tab)
    assert tab.result.inputs.throws == 3
    qtbot.keyClick(tab.gSpin.lineEdit(), Qt.Key.Key_Backspace)  # emptied: marked, answer greyed
    assert not tab.result_is_current() and tab.throws.rowCount() == 3


@pytest.mark.parametrize("game_id", ["yut", "greatgame"])
def test_an_import_greys_the_pictures_as_typing_does(make_tab, qtbot, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """Pictures of the answer stay, greyed, until the new one arrives: typed or imported."""
    first, second, options = CASES[game_id]
    tab = make_tab(game_id)
    assert tab.import_judge_file(SAMPLES / game_id / first, options)
    wait_current(qtbot, tab)
    assert tab.import_judge_file(SAMPLES / game_id / second, options)
    if game_id == "greatgame":
        assert tab.heatmap.image.opacity() < 1.0 and tab.heatmap.image.image is not None
    else:
        assert tab.linePanel.stale
    wait_current(qtbot, tab)
    if game_id == "greatgame":
        assert tab.heatmap.image.opacity() == 1.0
    else:
        assert not tab.linePanel.stale


def test_the_play_panel_names_a_bad_field_as_the_form_does(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    tab = make_tab("greatgame")
    wait_current(qtbot, tab)
    field = tab.lSpin
    field.lineEdit().selectAll()
    qtbot.keyClick(field.lineEdit(), Qt.Key.Key_Delete)
    qtbot.keyClicks(field.lineEdit(), "0")
    qtbot.waitUntil(lambda: "'Rounds behind" in tab.playPanel.statusLabel.text(), timeout=3000)
    assert "L must be between" not in tab.playPanel.statusLabel.text()


@pytest.mark.parametrize("game_id", ["nim", "xoinc"])
def test_a_kept_answer_typed_back_is_drawn_in_full(make_tab, qtbot, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """A paste or typing that gives back solved inputs shows their answer whole, notes too."""
    tab = make_tab(game_id)
    model = tab.form.piles.model if game_id == "nim" else tab.coins.model
    model.set_texts(["3", "9", "10"])
    wait_current(qtbot, tab)
    model.set_texts(["2", "8", "10"])
    wait_current(qtbot, tab)
    model.set_texts(["3", "9", "10"])  # solved before: its answer comes back at once
    assert tab.result_is_current()
    assert model.data(model.index(0, 1)) not in (None, "")  # the Grundy value, who takes it
    if game_id == "xoinc":
        assert tab.turnTable.isEnabled() and tab.turnModel.rowCount() > 0
