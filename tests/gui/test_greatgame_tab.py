"""The Great Game tab alone (``make_tab``): solve, heat map, plots, validation, files.

Playing a match against the solver is in ``test_greatgame_play_panel.py``.
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from gui.tabs.greatgame.views import (
    CURVE,
    DECIDED,
    HAND_COLOURS,
    IMPOSSIBLE,
    OUTCOME_COLOURS,
    describe_cell,
    policy_image,
)
from gui.widgets.theme import BAD, ROLE
from solvers import greatgame as gg


@pytest.fixture()
def tab(make_tab):  # type: ignore[no-untyped-def]
    return make_tab("greatgame")


def rgb(name: str) -> tuple[int, int, int]:
    return (int(name[1:3], 16), int(name[3:5], 16), int(name[5:7], 16))


def test_contract_names(tab) -> None:  # type: ignore[no-untyped-def]
    assert tab.objectName() == "greatgame" and tab.title == "Great Game"
    for name in ("solveButton", "cancelButton", "resultLabel"):
        assert getattr(tab, name).objectName() == name


def test_solve_sample_shows_the_judge_answer_and_views(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    result = solve_and_wait(tab)  # the form starts on the statement's second sample
    assert "79.318%" in tab.resultLabel.text()
    heights = tab.outcomes.bars.opts["height"]
    assert np.allclose(heights, [result.round_win, result.round_tie, result.round_lose])
    xs, ys = tab.leads.curve.getData()
    assert list(xs) == [-2, -1, 0, 1, 2]
    assert ys[0] == 0 and ys[-1] == 1 and abs(ys[2] - 0.79318) < 1e-5
    sx, sy = tab.leads.start.getData()
    assert list(sx) == [0] and abs(sy[0] - result.probability) < 1e-12


def test_heat_map_colours_the_played_hand_and_pales_ties(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab.throws.set_texts([["30", "30", "40"], ["100", "0", "0"], ["20", "50", "30"]])
    result = solve_and_wait(tab)
    image = tab.heatmap.image.image
    assert image.shape == (3, 7, 3)
    assert np.array_equal(image, policy_image(result))
    g = 3
    played = result.best_hand(0, 0)
    assert tuple(image[0, g]) == rgb(HAND_COLOURS[played])
    # Throw 3 (index 2) at score +2 is decided: grey; throw 2 at score 0 against pure rock: paper.
    assert tuple(image[2, g + 2]) == rgb(DECIDED)
    assert result.hands_at(1, 0) == (gg.Hand.PAPER,)
    assert tuple(image[1, g]) == rgb(HAND_COLOURS[gg.Hand.PAPER])
    assert tuple(image[0, 0]) == rgb(IMPOSSIBLE) == (255, 255, 255)  # score -3 at throw 1
    assert len({HAND_COLOURS[h] for h in gg.Hand} | {DECIDED, IMPOSSIBLE}) == 5
    # One colour, one meaning in the tab: no hand shares a colour with the charts beside it.
    charts = {c.name().lower() for c in (*OUTCOME_COLOURS, CURVE)}
    assert len(charts) == 4 and not charts & {HAND_COLOURS[h].lower() for h in gg.Hand}
    assert tab.leads.curve.opts["pen"].color().name() == CURVE.name()
    # Never colour alone: open cells carry the hand's letter, "+" where another hand ties.
    letters = {(i.pos().x(), i.pos().y()): i.textItem.toPlainText() for i in tab.heatmap.letters}
    assert letters[(0, 1)] == played.letter + ("+" if len(result.hands_at(0, 0)) > 1 else "")
    assert letters[(0, 2)] == "P" and (2, 3) not in letters  # throw 3 at +2 is decided


def test_cell_under_cursor_is_explained(tab, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab.throws.set_texts([["30", "30", "40"], ["100", "0", "0"]])
    result = solve_and_wait(tab)
    assert result.hands_at(1, 1) == (gg.Hand.ROCK, gg.Hand.PAPER)
    tab.heatmap.hovered.emit(1, 1)
    text = tab.cellLabel.text()
    assert text.startswith("Throw 2, round score +1: play ")
    assert "(paper is just as good)" in text
    tab.heatmap.select(1, -1)
    assert "play paper" in tab.cellLabel.text()
    assert tab.heatmap.marker.getData()[0].tolist() == [-1]
    # Mapping a scene point back to the cell it shows.
    qtbot.waitExposed(tab)
    vb = tab.heatmap.getPlotItem().vb
    assert tab.heatmap.cell_at(vb.mapViewToScene(QPointF(1, 2))) == (1, 1)  # score +1, throw 2
    assert tab.heatmap.cell_at(vb.mapViewToScene(QPointF(2, 1))) is None  # cannot happen
    assert "decided" in describe_cell(gg.solve(gg.GreatGameInputs(((50, 25, 25),) * 3, 1, 1)), 2, 2)


def test_bad_cell_and_bad_sum_are_marked_and_block_solve(tab) -> None:  # type: ignore[no-untyped-def]
    model = tab.throws
    assert model.setData(model.index(0, 1), "abc") is False
    assert model.data(model.index(0, 1), Qt.ItemDataRole.BackgroundRole) == BAD
    assert "not a number" in model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert model.data(model.index(0, 1), Qt.ItemDataRole.EditRole) == "abc"
    assert not tab.solveButton.isEnabled()
    assert "throw 1: paper" in tab.messageLabel.text()
    assert model.setData(model.index(0, 1), "30") is True
    assert tab.solveButton.isEnabled()
    assert model.setData(model.index(1, 2), "29") is True
    assert model.data(model.index(1, 3), Qt.ItemDataRole.BackgroundRole) == BAD
    assert model.data(model.index(1, 3)) == "99"
    assert not tab.solveButton.isEnabled()
    assert "row 2: percentages sum to 99, expected 100" in tab.messageLabel.text()


def test_g_spin_and_rows_stay_in_step(tab) -> None:  # type: ignore[no-untyped-def]
    tab.gSpin.setValue(5)
    assert tab.throws.rowCount() == 5
    assert tab.throws.texts()[4] == ["34", "33", "33"]
    tab.throws.set_texts([["100", "0", "0"]] * 3)
    assert tab.gSpin.value() == 3


def test_paste_from_spreadsheet_and_fills(tab) -> None:  # type: ignore[no-untyped-def]
    QApplication.clipboard().setText("10\t20\t70\n20,30,50\n1;1;98\n")
    tab.table.setCurrentIndex(tab.throws.index(1, 0))
    assert tab.table.paste_clipboard() == 3
    assert tab.throws.texts() == [
        ["30", "30", "40"],
        ["10", "20", "70"],
        ["20", "30", "50"],
        ["1", "1", "98"],
    ]
    assert tab.gSpin.value() == 4
    tab.throws.fill("uniform")
    inputs = tab.read_inputs()
    assert all(abs(a - 100 / 3) < 1e-9 for row in inputs.percentages for a in row)
    tab.throws.fill("random", seed=1)
    assert tab.read_inputs().throws == 4
    tab.throws.fill("rock", seed=2)
    assert all(r > max(p, s) for r, p, s in tab.read_inputs().percentages)


def test_uniform_fill_gives_l_over_w_plus_l(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab.throws.fill("uniform")
    tab.wSpin.setValue(3)
    tab.lSpin.setValue(1)
    solve_and_wait(tab)
    assert "25.000%" in tab.resultLabel.text()


def test_import_csv(tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    good = tmp_path / "throws.csv"
    good.write_text("rock,paper,scissors\n50,25,25\n0,100,0\n")
    assert tab.import_csv(good)
    assert tab.throws.texts() == [["50", "25", "25"], ["0", "100", "0"]]
    assert tab.gSpin.value() == 2
    count = tab.undo_stack.count()
    tab.undo_stack.undo()  # the import is one undo step
    assert tab.throws.texts() == [["30", "30", "40"], ["50", "20", "30"]]
    tab.undo_stack.redo()
    assert tab.throws.texts() == [["50", "25", "25"], ["0", "100", "0"]]
    assert tab.undo_stack.count() == count
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n")
    assert not tab.import_csv(bad)
    assert "bad.csv" in tab.messageLabel.text()
    assert tab.throws.texts() == [["50", "25", "25"], ["0", "100", "0"]]


def test_import_judge_file(tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    good = tmp_path / "case.txt"
    good.write_text("1 1 1\n100 0 0\n2 2 2\n30 30 40\n50 20 30\n0 0 0\n")
    assert tab.import_judge_file(good)
    assert tab.throws.texts() == [["100", "0", "0"]]
    assert (tab.wSpin.value(), tab.lSpin.value(), tab.gSpin.value()) == (1, 1, 1)
    assert "its first case" in tab.messageLabel.text()
    bad = tmp_path / "bad.txt"
    bad.write_text("2 1 1\n30 30 40\n33 33 33\n")
    assert not tab.import_judge_file(bad)
    assert "bad.txt:3:" in tab.messageLabel.text()
    assert tab.throws.texts() == [["100", "0", "0"]]


def test_import_of_a_file_without_a_case_is_refused(tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    before = tab.throws.texts()
    for name, text in (("empty.txt", ""), ("blank.txt", "\n  \n"), ("end.txt", "0 0 0\n")):
        path = tmp_path / name
        path.write_text(text)
        assert not tab.import_judge_file(path)
        assert "no case" in tab.messageLabel.text() and name in tab.messageLabel.text()
        assert tab.throws.texts() == before


def test_load_example(tab) -> None:  # type: ignore[no-untyped-def]
    assert tab.load_example()
    assert tab.gSpin.value() == 6 and tab.wSpin.value() == 2


def test_export_csv(tab, solve_and_wait, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = solve_and_wait(tab)
    path = tmp_path / "gg.csv"
    assert tab.export_csv(path)
    with path.open(newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    assert rows == gg.csv_rows(result.inputs, result)
    assert rows[0][:4] == ["throw", "rock (%)", "paper (%)", "scissors (%)"] and all(rows[0])
    assert all(len(row) == len(rows[0]) for row in rows)
    assert rows[2][:4] == ["2", "50", "20", "30"]
    assert rows[1][rows[0].index("answer as the judge prints it")] == "79.318%"
    assert rows[0][4:9] == [f"best hand at round score {d}" for d in ("-2", "-1", "0", "+1", "+2")]
    assert rows[1][6] == result.best_hand(0, 0).name.lower()


def test_session_round_trip(tab) -> None:  # type: ignore[no-untyped-def]
    tab.throws.set_texts([["10", "20", "70"], ["x", "50", "50"]])
    tab.wSpin.setValue(7)
    saved = tab.state()
    tab.throws.set_texts([["100", "0", "0"]])
    tab.wSpin.setValue(1)
    tab.restore_session(saved)
    assert tab.throws.texts() == [["10", "20", "70"], ["x", "50", "50"]]
    assert tab.wSpin.value() == 7
    assert not tab.solveButton.isEnabled()
    for bad in ({**saved, "W": 2**31}, {**saved, "L": 0}, {**saved, "W": "3"}):
        with pytest.raises((ValueError, TypeError)):
            tab.restore_session(bad)
        assert tab.state() == saved


def test_import_csv_refuses_oversized_fields_and_files(tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    before = tab.throws.texts()
    cases = {
        "long.csv": "50,25,25\n" + "1" * 200_000 + ",0,0\n",  # past csv's own field limit too
        "wide.csv": "50,25," + "2" * 40 + "\n",
        "huge.csv": "50,25,25\n" * 200_000,
        "many.csv": "50,25,25\n" * 1001,
        "empty.csv": "",
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        assert not tab.import_csv(path), name
        assert name in tab.messageLabel.text() and tab.throws.texts() == before
    assert tab.undo_stack.count() == 0


CSV_CELLS = st.sampled_from(
    ["rock", "paper", "scissors", "50", "25", "0", "100", "-1", "33.5", "1e9", "x", "", '"', " "]
)
CSV_TEXTS = st.lists(st.lists(CSV_CELLS, max_size=5).map(",".join), max_size=6).map("\n".join)


def test_any_csv_imports_or_is_refused_leaving_the_form(tab, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    counter = iter(range(10**6))

    @settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(text=CSV_TEXTS)
    def check(text: str) -> None:
        path = tmp_path / f"t{next(counter)}.csv"
        path.write_text(text)
        before = tab.state()
        if not tab.import_csv(path):
            assert tab.state() == before
            assert tab.messageLabel.text().strip()

    check()


def test_hand_titles_stay_whole_with_a_thousand_throws(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("greatgame", (1024, 640))
    tab.gSpin.setValue(1000)
    qtbot.waitUntil(lambda: tab.throws.rowCount() == 1000, timeout=5000)
    table = tab.table
    header = table.horizontalHeader()
    qtbot.waitUntil(lambda: header.sectionSize(2) > 0, timeout=2000)
    for column in range(3):
        title = table.model().headerData(column, Qt.Orientation.Horizontal)
        assert header.sectionSize(column) >= header.fontMetrics().horizontalAdvance(title) + 8


def test_heat_map_letters_are_white_on_paper_blue_only(tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    solve_and_wait(tab)
    colours = {item.textItem.toPlainText(): item.color.name() for item in tab.heatmap.letters}
    assert colours.pop("P") == "#ffffff"  # black on the dark blue was hard to read
    assert colours and set(colours.values()) == {ROLE.ink.name()}  # R, S and the pale P+


def test_g_w_and_l_line_up(tab) -> None:  # type: ignore[no-untyped-def]
    tab.resize(1024, 640)
    tab.show()
    lefts = {
        spin.mapTo(tab, spin.rect().topLeft()).x() for spin in (tab.gSpin, tab.wSpin, tab.lSpin)
    }
    widths = {spin.width() for spin in (tab.gSpin, tab.wSpin, tab.lSpin)}
    assert len(lefts) == 1 and len(widths) == 1
