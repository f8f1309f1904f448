"""The Cover Up tab: digit table, solve, highlights, play-along, simulation, files."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

from gui.tabs.coverup.form import FIRST_SLOT, PICK_COL
from gui.tabs.coverup.model import DigitRow
from gui.widgets.theme import BAD, BEST, SELECTED
from solvers import coverup as cu

SHOW = "Show layout: 2, 3, 4, 5, 6 choices"
CHECK = Qt.ItemDataRole.CheckStateRole
BG = Qt.ItemDataRole.BackgroundRole


def coverup_tab(window):  # type: ignore[no-untyped-def]
    return window.tabs["coverup"]


def show_layout_with_candidates(tab) -> None:  # type: ignore[no-untyped-def]
    """The show's columns, digit 1 a known candidate in each (like the example)."""
    rows = [
        DigitRow(" ".join(str(d) for d in range(1, k + 1)), {1}, p)
        for k, p in zip((2, 3, 4, 5, 6), ("0.9", "0.6", "0.5", "0.4", "0.4"), strict=True)
    ]
    tab.model.set_digit_rows(rows)


def test_contract_names(window) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    assert tab.objectName() == "coverup"
    assert window.gameTabs.tabText(window.gameTabs.indexOf(tab)) == "Cover Up"
    assert isinstance(tab.findChild(QPushButton, "solveButton"), QPushButton)
    assert isinstance(tab.findChild(QPushButton, "cancelButton"), QPushButton)
    assert isinstance(tab.findChild(QLabel, "resultLabel"), QLabel)


def test_solve_highlights_first_picks_and_reserve(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    show_layout_with_candidates(tab)
    result = solve_and_wait(tab)
    assert "0.537" in tab.resultLabel.text()
    assert cu.format_judge(result) == "0.537"
    model = tab.model
    # Column 1 covers its likely digit 1 (green); the others an "other" digit in reserve (yellow).
    assert model.data(model.index(0, FIRST_SLOT), BG) == BEST
    assert model.data(model.index(0, PICK_COL), BG) == BEST
    assert "cover 1 · likely · 90%" in model.data(model.index(0, PICK_COL))
    for row in range(1, 5):
        assert model.data(model.index(row, FIRST_SLOT + 1), BG) == SELECTED
        assert model.data(model.index(row, FIRST_SLOT), BG) is None
        # Never colour alone: the words say it is a deliberate miss.
        assert "deliberate miss (reserve)" in model.data(model.index(row, PICK_COL))
    assert model.data(model.index(1, FIRST_SLOT + 1)).endswith("20%")
    # Every alternative of the first turn is listed, the optimal one first and green.
    table = tab.playPanel.alternatives
    assert table.rowCount() == 32
    assert table.item(0, 1).text() == f"{result.value:.4f}"
    assert table.item(0, 0).background().color() == BEST
    # One cell per column (no packed text), the marks in words as well as colour.
    assert table.columnCount() == 2 + 5
    assert table.item(0, 0).text() == "★▶"
    assert table.item(0, 0).toolTip() == "★ the best picks; ▶ the picks being played"
    assert [table.item(0, 2 + c).text() for c in range(5)] == ["likely"] + ["reserve"] * 4
    # One colour, one meaning: yellow is "reserve" in the pick list as in the digit table.
    assert table.item(0, 2).background().color() == BEST
    assert all(table.item(0, 2 + c).background().color() == SELECTED for c in range(1, 5))
    tab.playPanel._clicked(1, 0)  # play the second-best picks: marked ▶, not yellow
    table = tab.playPanel.alternatives
    assert table.item(1, 0).text() == "▶"
    for column in range(table.columnCount()):
        item = table.item(1, column)
        reserve = column >= 2 and item.text() == "reserve"
        assert (item.background().color() == SELECTED) == reserve


def test_bad_cells_are_marked_and_block_solve(window) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    model = tab.model
    assert model.setData(model.index(1, 1), "0.4") is False
    assert model.data(model.index(1, 1), BG) == BAD
    assert "p must be 0 when no digit is ticked as likely" in model.data(
        model.index(1, 1), Qt.ItemDataRole.ToolTipRole
    )
    assert not tab.solveButton.isEnabled()
    assert "column 2" in tab.messageLabel.text()
    model.setData(model.index(1, FIRST_SLOT), Qt.CheckState.Checked, CHECK)
    assert tab.solveButton.isEnabled()
    for c in range(3):
        model.setData(model.index(1, FIRST_SLOT + c), Qt.CheckState.Checked, CHECK)
    assert not tab.solveButton.isEnabled()
    assert "at least one digit must stay unticked (not likely)" in tab.messageLabel.text()
    assert model.setData(model.index(2, 0), "1 2 2") is False
    assert model.setData(model.index(3, 1), "1.5") is False
    assert model.setData(model.index(3, 1), "abc") is False
    assert model.data(model.index(3, 1), Qt.ItemDataRole.EditRole) == "abc"


def test_presets_and_judge_line(window) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    tab.apply_preset("Judge size: 5 columns of 10 digits")
    assert tab.read_inputs() == cu.CoverUpInputs.from_triplets([(10, 0, 0.0)] * 5)
    tab.apply_preset(SHOW)
    assert [c.choices for c in tab.read_inputs().columns] == [2, 3, 4, 5, 6]
    assert tab.apply_judge_line("2 4 1 1.0 5 2 0.8")
    assert tab.read_inputs() == cu.CoverUpInputs.from_triplets([(4, 1, 1.0), (5, 2, 0.8)])
    assert tab.model.digit_rows()[1].candidates == {0, 1}
    assert not tab.apply_judge_line("3 3 0.5")
    assert "column 1" in tab.messageLabel.text()
    tab.add_column()
    assert tab.model.rowCount() == 3
    tab.remove_column()
    assert tab.model.rowCount() == 2


def test_import_judge_file(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    good = tmp_path / "case.txt"
    good.write_text("2\n4 1 1.0 5 2 0.8\n1\n10 2 0.5\n0\n")
    assert tab.import_judge_file(good)
    assert tab.read_inputs() == cu.CoverUpInputs.from_triplets([(4, 1, 1.0), (5, 2, 0.8)])
    assert tab.import_judge_file(good, options=())
    assert not tab.import_judge_file(good, ["--misere"])
    assert "--misere: unknown option" in tab.messageLabel.text()
    bad = tmp_path / "bad.txt"
    bad.write_text("1\n3 0 0.5\n0\n")
    assert not tab.import_judge_file(bad)
    assert "bad.txt:2:" in tab.messageLabel.text()
    assert tab.read_inputs().n == 2


def test_load_example_and_solve(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    assert tab.load_example()
    solve_and_wait(tab)
    assert "0.537" in tab.resultLabel.text()


def test_export_csv(window, solve_and_wait, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    tab.model.set_digit_rows([DigitRow("1 2", {1}, "0.9"), DigitRow("1 2 3")])
    result = solve_and_wait(tab)
    path = tmp_path / "coverup.csv"
    assert tab.export_csv(path)
    with path.open(newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.reader(handle))
    # One table: the header names the inputs; a row per state and pick combination.
    assert rows[0][0] == "turn" and "optimal" in rows[0]
    assert "column 1 (2 digits, 1 likely holding p=0.9): pick" in rows[0]
    assert all(len(r) == len(rows[0]) for r in rows)
    assert rows[1][0] == "1" and rows[1][-2:] == ["yes", cu.format_judge(result)]
    assert sum(r[-2] == "yes" for r in rows) == len(result.policy)


def test_session_round_trip(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    rows = [DigitRow("7 8 9", {8}, "0.75"), DigitRow("0123456789", {3, 4}, "0.5")]
    tab.model.set_digit_rows(rows)
    path = tmp_path / "session.json"
    assert window.save_session(path) is None
    tab.apply_preset(SHOW)
    assert window.open_session(path) is None
    assert tab.state()["columns"][0] == {"digits": "7 8 9", "candidates": [8], "p": "0.75"}
    assert tab.read_inputs() == cu.CoverUpInputs.from_triplets([(3, 1, 0.75), (10, 2, 0.5)])


def test_malformed_session_keeps_the_form(window) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    before = tab.state()
    try:
        tab.restore_session({"columns": [{"digits": "1 2", "candidates": ["x"], "p": "0"}]})
    except ValueError:
        pass
    else:
        raise AssertionError("a bad session was accepted")
    assert tab.state() == before


@pytest.mark.parametrize("text", ["", "  \n\n", "0\n"])
def test_import_of_an_empty_or_terminator_only_file_is_refused(  # type: ignore[no-untyped-def]
    window, tmp_path: Path, text: str
) -> None:
    tab = coverup_tab(window)
    before = tab.state()
    path = tmp_path / "empty.txt"
    path.write_text(text)
    assert not tab.import_judge_file(path)
    message = tab.messageLabel.text()
    assert "empty.txt" in message and ("empty" in message or "no case" in message)
    assert tab.state() == before


def test_views_have_captions_in_plain_words(window, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    tab = coverup_tab(window)
    legend = tab.findChild(QLabel, "tableLegend").text()
    for words in ("likely", "deliberate miss", "reserve", "p is the chance", "✗", "✓"):
        assert words in legend
    model = tab.model
    assert model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == (
        "p: likely right"
    )
    assert "chance that the right digit is one of the ticked" in model.data(
        model.index(0, 1), Qt.ItemDataRole.ToolTipRole
    )
    labels = [label.text() for label in tab.findChildren(QLabel)]
    assert any("Every way to pick this turn" in text for text in labels)
    assert any("95% interval" in text and "1 run in 20" in text for text in labels)
    solve_and_wait(tab)
    texts = [model.data(model.index(r, PICK_COL)) or "" for r in range(model.rowCount())]
    assert not any("candidate" in text or "1c+" in text for text in texts)
    assert "Best picks win with probability" in tab.resultLabel.text()


def test_fits_at_1024_by_700(window, solve_and_wait, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    tab = coverup_tab(window)
    window.gameTabs.setCurrentWidget(tab)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    show_layout_with_candidates(tab)
    solve_and_wait(tab)
    QApplication.processEvents()
    view, model = tab.view, tab.model
    viewport = view.viewport().rect()
    header = view.horizontalHeader()
    sixth = FIRST_SLOT + 5
    assert header.sectionViewportPosition(sixth) + header.sectionSize(sixth) <= viewport.width()
    for row in range(model.rowCount()):
        pick = view.visualRect(model.index(row, PICK_COL))
        digit = next(
            c
            for c in range(FIRST_SLOT, FIRST_SLOT + 6)
            if model.data(model.index(row, c), BG) in (BEST, SELECTED)
        )
        assert viewport.contains(pick)
        assert viewport.contains(view.visualRect(model.index(row, digit)))
    table = tab.playPanel.alternatives
    assert table.viewport().height() >= 2 * table.rowHeight(0)


def test_likely_digits_typed_or_ticked(window) -> None:  # type: ignore[no-untyped-def]
    from gui.tabs.coverup.form import LIKELY_COL

    tab = coverup_tab(window)
    model = tab.model
    show_layout_with_candidates(tab)
    assert model.data(model.index(2, LIKELY_COL)) == "digit 1"
    assert model.data(model.index(2, LIKELY_COL), Qt.ItemDataRole.EditRole) == "1"
    # Typing the likely digits ticks their cells...
    assert model.setData(model.index(2, LIKELY_COL), "2 3")
    assert model.data(model.index(2, FIRST_SLOT + 1), CHECK) == Qt.CheckState.Checked
    assert model.data(model.index(2, FIRST_SLOT), CHECK) == Qt.CheckState.Unchecked
    assert tab.read_inputs().columns[2] == cu.Column(4, 2, 0.5)
    # ...ticking a cell edits them, and a digit not offered is refused with the reason.
    model.setData(model.index(2, FIRST_SLOT + 3), Qt.CheckState.Checked, CHECK)
    assert model.data(model.index(2, LIKELY_COL)) == "digits 2 3 4"
    assert model.setData(model.index(2, LIKELY_COL), "9") is False
    assert "9 is not offered" in model.data(model.index(2, LIKELY_COL), Qt.ItemDataRole.ToolTipRole)
    assert not tab.solveButton.isEnabled()


def test_picture_of_the_digit_table_and_named_splitters(  # type: ignore[no-untyped-def]
    window, solve_and_wait, tmp_path: Path
) -> None:
    tab = coverup_tab(window)
    assert tab.main_view() is tab.view
    solve_and_wait(tab)
    for name in ("table.png", "table.svg"):
        assert tab.export_image(tmp_path / name)
        assert (tmp_path / name).stat().st_size > 0
    assert (tmp_path / "table.svg").read_text().lstrip().startswith("<?xml")
    assert [s.objectName() for s in tab.splitters] == [
        "coverupTableSplitter",
        "coverupPanelSplitter",
    ]


def test_the_simulation_panel_says_when_it_is_ready(make_tab, solve_and_wait) -> None:  # type: ignore[no-untyped-def]
    from gui.tabs.coverup.simulation import IDLE, READY

    tab = make_tab("coverup")
    assert tab.simulation.resultLabel.text() == IDLE
    solve_and_wait(tab)
    assert tab.simulation.resultLabel.text() == READY
    assert tab.simulation.simulateButton.isEnabled()


def test_column_buttons_stop_at_the_games_limits(make_tab) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("coverup")
    tab.apply_judge_line("2 1 0.5")
    assert tab.model.rowCount() == 1
    assert tab.addButton.isEnabled() and not tab.removeButton.isEnabled()
    for _ in range(4):
        tab.add_column()
    assert tab.model.rowCount() == 5
    assert not tab.addButton.isEnabled() and "at most 5" in tab.addButton.toolTip()
    assert tab.removeButton.isEnabled()


def test_the_judge_input_box_fills_on_enter_and_speaks_of_its_one_line(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("coverup")
    tab.judgeEdit.setText("3 4 1 1.0 5 2")  # l = 4 is not below m = 3
    qtbot.keyClick(tab.judgeEdit, Qt.Key.Key_Return)
    assert "Judge input:" in tab.messageLabel.text() and "line" not in tab.messageLabel.text()
    tab.judgeEdit.setText("2 1 0.5")
    qtbot.keyClick(tab.judgeEdit, Qt.Key.Key_Return)
    assert tab.model.rowCount() == 1


def test_an_empty_p_says_it_is_empty_with_its_range(make_tab) -> None:  # type: ignore[no-untyped-def]
    from gui.tabs.coverup.form import P_COL

    tab = make_tab("coverup")
    tab.model.setData(tab.model.index(0, P_COL), "")
    with pytest.raises(ValueError, match="p is empty: type a number from 0 to 1"):
        tab.read_inputs()
