"""The Great Game tab: solve, heat map, plots, validation, files, sessions."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from gui.tabs.greatgame.views import HAND_COLOURS, describe_cell, policy_image
from gui.widgets.theme import BAD
from solvers import greatgame as gg


def tab_of(window):  # type: ignore[no-untyped-def]
    return window.tabs["greatgame"]


def test_contract_names(window) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    assert tab.objectName() == "greatgame"
    assert window.gameTabs.tabText(window.gameTabs.indexOf(tab)) == "Great Game"
    for name in ("solveButton", "cancelButton", "resultLabel"):
        assert getattr(tab, name).objectName() == name


def test_solve_sample_shows_the_judge_answer_and_views(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    result = solve_and_wait(tab)  # the form starts on the statement's second sample
    assert "79.318%" in tab.resultLabel.text()
    heights = tab.outcomes.bars.opts["height"]
    assert np.allclose(heights, [result.round_win, result.round_tie, result.round_lose])
    xs, ys = tab.leads.curve.getData()
    assert list(xs) == [-2, -1, 0, 1, 2]
    assert ys[0] == 0 and ys[-1] == 1 and abs(ys[2] - 0.79318) < 1e-5
    sx, sy = tab.leads.start.getData()
    assert list(sx) == [0] and abs(sy[0] - result.probability) < 1e-12


def test_heat_map_colours_the_played_hand_and_pales_ties(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    tab.throws.set_texts([["30", "30", "40"], ["100", "0", "0"], ["20", "50", "30"]])
    result = solve_and_wait(tab)
    image = tab.heatmap.image.image
    assert image.shape == (3, 7, 3)
    assert np.array_equal(image, policy_image(result))
    g = 3
    played = result.best_hand(0, 0)
    assert tuple(image[0, g]) == tuple(int(HAND_COLOURS[played][k : k + 2], 16) for k in (1, 3, 5))
    # Throw 3 (index 2) at score +2 is decided: grey; throw 2 at score 0 against pure rock: paper.
    assert tuple(image[2, g + 2]) == (0xE0, 0xE0, 0xE0)
    assert result.hands_at(1, 0) == (gg.Hand.PAPER,)
    assert tuple(image[1, g]) == (0x1F, 0x77, 0xB4)
    assert tuple(image[0, 0]) == (255, 255, 255)  # score -3 before throw 1 cannot happen


def test_cell_under_cursor_is_explained(window, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    tab.throws.set_texts([["30", "30", "40"], ["100", "0", "0"]])
    result = solve_and_wait(tab)
    assert result.hands_at(1, 1) == (gg.Hand.ROCK, gg.Hand.PAPER)
    tab.heatmap.hovered.emit(1, 1)
    text = tab.cellLabel.text()
    assert text.startswith("Throw 2, round score +1: play ")
    assert "ties with" in text
    tab.heatmap.select(1, -1)
    assert "play paper" in tab.cellLabel.text()
    assert tab.heatmap.marker.getData()[0].tolist() == [-1]
    # Mapping a scene point back to the cell it shows.
    window.show()
    qtbot.waitExposed(window)
    vb = tab.heatmap.getPlotItem().vb
    assert tab.heatmap.cell_at(vb.mapViewToScene(QPointF(1, 2))) == (1, 1)  # score +1, throw 2
    assert tab.heatmap.cell_at(vb.mapViewToScene(QPointF(2, 1))) is None  # cannot happen
    assert "decided" in describe_cell(gg.solve(gg.GreatGameInputs(((50, 25, 25),) * 3, 1, 1)), 2, 2)


def test_bad_cell_and_bad_sum_are_marked_and_block_solve(window) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    model = tab.throws
    assert model.setData(model.index(0, 1), "abc") is False
    assert model.data(model.index(0, 1), Qt.ItemDataRole.BackgroundRole) == BAD
    assert "not a number" in model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert model.data(model.index(0, 1), Qt.ItemDataRole.EditRole) == "abc"
    assert not tab.solveButton.isEnabled()
    assert "row 1: paper" in tab.messageLabel.text()
    assert model.setData(model.index(0, 1), "30") is True
    assert tab.solveButton.isEnabled()
    assert model.setData(model.index(1, 2), "29") is True
    assert model.data(model.index(1, 3), Qt.ItemDataRole.BackgroundRole) == BAD
    assert model.data(model.index(1, 3)) == "99"
    assert not tab.solveButton.isEnabled()
    assert "row 2: percentages sum to 99, expected 100" in tab.messageLabel.text()


def test_g_spin_and_rows_stay_in_step(window) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    tab.gSpin.setValue(5)
    assert tab.throws.rowCount() == 5
    assert tab.throws.texts()[4] == ["34", "33", "33"]
    tab.throws.set_texts([["100", "0", "0"]] * 3)
    assert tab.gSpin.value() == 3


def test_paste_from_spreadsheet_and_fills(window) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
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


def test_uniform_fill_gives_l_over_w_plus_l(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    tab.throws.fill("uniform")
    tab.wSpin.setValue(3)
    tab.lSpin.setValue(1)
    solve_and_wait(tab)
    assert "25.000%" in tab.resultLabel.text()


def test_import_csv(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    good = tmp_path / "throws.csv"
    good.write_text("rock,paper,scissors\n50,25,25\n0,100,0\n")
    assert tab.import_csv(good)
    assert tab.throws.texts() == [["50", "25", "25"], ["0", "100", "0"]]
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n")
    assert not tab.import_csv(bad)
    assert "bad.csv" in tab.messageLabel.text()
    assert tab.throws.texts() == [["50", "25", "25"], ["0", "100", "0"]]


def test_import_judge_file(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    good = tmp_path / "case.txt"
    good.write_text("1 1 1\n100 0 0\n2 2 2\n30 30 40\n50 20 30\n0 0 0\n")
    assert tab.import_judge_file(good)
    assert tab.throws.texts() == [["100", "0", "0"]]
    assert (tab.wSpin.value(), tab.lSpin.value(), tab.gSpin.value()) == (1, 1, 1)
    assert "case 1 of 2" in tab.messageLabel.text()
    bad = tmp_path / "bad.txt"
    bad.write_text("2 1 1\n30 30 40\n33 33 33\n")
    assert not tab.import_judge_file(bad)
    assert "bad.txt:3:" in tab.messageLabel.text()
    assert tab.throws.texts() == [["100", "0", "0"]]


def test_import_of_a_file_without_a_case_is_refused(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    before = tab.throws.texts()
    for name, text in (("empty.txt", ""), ("blank.txt", "\n  \n"), ("end.txt", "0 0 0\n")):
        path = tmp_path / name
        path.write_text(text)
        assert not tab.import_judge_file(path)
        assert "no case in the file" in tab.messageLabel.text() and name in tab.messageLabel.text()
        assert tab.throws.texts() == before


def test_load_example(window) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    assert tab.load_example()
    assert tab.gSpin.value() == 6 and tab.wSpin.value() == 2


def test_export_csv(window, solve_and_wait, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    result = solve_and_wait(tab)
    path = tmp_path / "gg.csv"
    assert tab.export_csv(path)
    with path.open(newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][:4] == ["section", "quantity", "value", "unit"]
    assert all(len(row) == len(rows[0]) for row in rows)
    assert ["opponent", "2", "50", "20", "30"] in [row[:5] for row in rows]
    assert ["match", "answer as the judge prints it", "79.318%", ""] in [row[:4] for row in rows]
    policy = [r for r in rows if r[0] == "policy"]
    assert len(policy) == 3 and policy[0][2:] == ["-2", "-1", "0", "1", "2"]
    assert policy[1][4] == result.best_hand(0, 0).name.lower()


def test_session_round_trip(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = tab_of(window)
    tab.throws.set_texts([["10", "20", "70"], ["x", "50", "50"]])
    tab.wSpin.setValue(7)
    path = tmp_path / "s.json"
    assert window.save_session(path) is None
    tab.throws.set_texts([["100", "0", "0"]])
    tab.wSpin.setValue(1)
    assert window.open_session(path) is None
    assert tab.throws.texts() == [["10", "20", "70"], ["x", "50", "50"]]
    assert tab.wSpin.value() == 7
    assert not tab.solveButton.isEnabled()
