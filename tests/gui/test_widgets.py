"""Shared GUI pieces: safe files, invalid fields, the validated grid, undo, options, plots."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelection, QItemSelectionModel, QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QUndoStack
from PySide6.QtWidgets import QLineEdit, QSpinBox

from gui import files
from gui.widgets.fields import invalid_reason, mark_invalid
from gui.widgets.grid_model import ValidatedGridModel
from gui.widgets.grid_view import GridView, split_block
from gui.widgets.number_list import NumberListEditor, NumberListModel
from gui.widgets.options import OptionFields
from gui.widgets.theme import BAD, ROLE
from gui.widgets.undo import InputHistory
from solvers.protocol import Option

# ----- files ---------------------------------------------------------------------------------


def test_atomic_write_replaces_the_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "s.json"
    files.atomic_write(target, "old")
    files.atomic_write(target, b"new bytes")
    assert target.read_bytes() == b"new bytes"
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "s.json"
    target.write_text("good")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        files.atomic_write(target, "half")
    assert target.read_text() == "good"
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_read_text_limited_refuses_big_and_binary_files(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("x" * 101)
    assert files.read_text_limited(big, 101) == "x" * 101
    with pytest.raises(ValueError, match=r"big\.txt is larger than 100 bytes"):
        files.read_text_limited(big, 100)
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"ok\xff")
    with pytest.raises(ValueError, match="not UTF-8"):
        files.read_text_limited(binary)


def test_json_depth_is_limited_without_recursion_error(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ValueError, match="nested deeper than 32"):
        files.loads_json(deep)
    assert files.loads_json('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "b": [1]}')["b"] == [1]
    assert isinstance(files.loads_json("[" * 32 + "]" * 32), list)
    with pytest.raises(ValueError):
        files.loads_json("[" * 33 + "]" * 33)
    with pytest.raises(ValueError, match="not valid JSON"):
        files.loads_json("{not json")
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"k": [1, 2]}))
    assert files.load_json(path) == {"k": [1, 2]}


# ----- fields ----------------------------------------------------------------------------------


def test_mark_invalid_and_back(qtbot) -> None:  # type: ignore[no-untyped-def]
    edit = QLineEdit()
    qtbot.addWidget(edit)
    edit.setToolTip("Piles, e.g. 3 5 7")
    mark_invalid(edit, "'x' is not a whole number")
    assert edit.toolTip() == "'x' is not a whole number" == invalid_reason(edit)
    assert ROLE.invalid.name() in edit.styleSheet()
    mark_invalid(edit, None)
    assert edit.toolTip() == "Piles, e.g. 3 5 7" and edit.styleSheet() == ""
    assert invalid_reason(edit) is None


# ----- the validated grid (through the number list) -------------------------------------------


def test_number_list_keeps_bad_text_and_explains(qtbot) -> None:  # type: ignore[no-untyped-def]
    model = NumberListModel("Pile", 1, 1000, ["Grundy"])
    edits: list[int] = []
    model.edited.connect(lambda: edits.append(1))
    model.set_texts(["3", "x", "2000"])
    assert model.texts() == ["3", "x", "2000"]
    assert model.data(model.index(1, 0), Qt.ItemDataRole.BackgroundRole) == BAD
    # Worded as a number field words it: the range, and what was typed.
    tip = model.data(model.index(1, 0), Qt.ItemDataRole.ToolTipRole)
    assert tip == "must be a whole number from 1 to 1,000, not 'x'"
    tip = model.data(model.index(2, 0), Qt.ItemDataRole.ToolTipRole)
    assert tip == "must be from 1 to 1,000, not 2,000"
    other = NumberListModel("Pile", 1, 1000, ["Grundy"])
    other.set_texts(["3", ""])
    tip = other.data(other.index(1, 0), Qt.ItemDataRole.ToolTipRole)
    assert tip == "empty: type a whole number from 1 to 1,000"
    with pytest.raises(ValueError, match="row 2"):
        model.values()
    assert model.first_error_row() == 1
    assert not model.setData(model.index(1, 0), "abc")
    assert model.setData(model.index(1, 0), "1,234") is False  # out of range, kept as typed
    assert model.setData(model.index(1, 0), "12")
    model.setData(model.index(2, 0), "999")
    assert model.values() == [3, 12, 999]
    assert model.data(model.index(2, 0), Qt.ItemDataRole.DisplayRole) == "999"
    assert not model.setData(model.index(0, 1), "note")  # annotation column is read-only
    assert len(edits) == 5


def test_number_list_rows_move_and_notes(qtbot) -> None:  # type: ignore[no-untyped-def]
    model = NumberListModel("Coin", 0, 10**6, ["Taker"])
    model.set_values([1, 2, 3])
    model.set_annotations([["A"], ["B"], ["A"]], [ROLE.best, None, None])
    assert model.data(model.index(0, 1), Qt.ItemDataRole.DisplayRole) == "A"
    assert model.data(model.index(0, 0), Qt.ItemDataRole.BackgroundRole) == ROLE.best
    assert model.move(0, 3)
    assert model.values() == [2, 3, 1]
    model.insert(1, "7")
    model.remove([0])
    assert model.values() == [7, 3, 1]
    model.set_annotations(None)
    assert model.data(model.index(0, 1), Qt.ItemDataRole.DisplayRole) == ""


def test_paste_uses_the_shared_tokenizer(qtbot) -> None:  # type: ignore[no-untyped-def]
    editor = NumberListEditor("Pile", 1, 100)
    qtbot.addWidget(editor)
    editor.paste("1, 2;3\t4\n5")
    assert editor.model.values() == [1, 2, 3, 4, 5]


# ----- undo ------------------------------------------------------------------------------------


def test_history_merges_typing_in_one_field_and_groups(qtbot) -> None:  # type: ignore[no-untyped-def]
    edit = QLineEdit()
    qtbot.addWidget(edit)
    edit.show()
    stack = QUndoStack()
    history = InputHistory(stack, edit.text, edit.setText)
    history.reset()
    edit.textChanged.connect(lambda _: history.record())
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    qtbot.keyClicks(edit, "abc")
    assert stack.count() == 1 and edit.text() == "abc"
    history.seal()  # a solve: typing on in the same field is a new step
    qtbot.keyClicks(edit, "d")
    assert stack.count() == 2
    stack.undo()
    assert edit.text() == "abc"
    stack.redo()
    qtbot.keyClicks(edit, "e")  # merges with the step after the seal
    assert stack.count() == 2 and edit.text() == "abcde"
    stack.undo()
    stack.undo()
    stack.redo()
    edit.clearFocus()
    with history.group("Paste"):
        edit.setText("x")
        edit.setText("xyz")
    assert stack.count() == 2
    stack.undo()
    assert edit.text() == "abc"
    stack.undo()
    assert edit.text() == ""
    stack.redo()
    stack.redo()
    assert edit.text() == "xyz"


# ----- option fields ---------------------------------------------------------------------------

OPTIONS = (
    Option("misere", "flag", False, "Misère play. Last mover loses", group="rule"),
    Option("subtract", "ints", (), "Subtraction set", lo=1, hi=100, group="rule"),
    Option("pieces", "int", 4, "Pieces per player", lo=1, hi=6),
)


def test_option_fields_from_options(qtbot) -> None:  # type: ignore[no-untyped-def]
    fields = OptionFields(OPTIONS)
    qtbot.addWidget(fields)
    assert fields.values() == {"misere": False, "subtract": (), "pieces": 4}
    fields.set_values({"subtract": (1, 3, 4), "pieces": 6})
    assert fields.values() == {"misere": False, "subtract": (1, 3, 4), "pieces": 6}
    assert fields.findChild(QSpinBox, "option_pieces").value() == 6
    edit = fields.findChild(QLineEdit, "option_subtract")
    edit.setText("1, 0")
    # The form names its field as its label does, not by the command line's flag.
    with pytest.raises(ValueError, match=r"^Subtract: each number must be between") as error:
        fields.values()
    assert "--" not in str(error.value) and invalid_reason(edit) == str(error.value)
    with pytest.raises(ValueError, match=r"^'Pieces' must be from 1 to 6, not 7$"):
        fields.set_values({"pieces": 7})  # the form's words, not the command line's "--pieces"
    with pytest.raises(TypeError):
        fields.restore({"pieces": 2**40 * 1.0})
    fields.restore({"misere": True, "subtract": "", "pieces": 2})
    assert fields.state() == {"misere": True, "subtract": "", "pieces": 2}


# ----- plots -----------------------------------------------------------------------------------


def test_plots_keep_still_count_in_whole_numbers_and_save(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from gui.widgets.images import save_widget_image
    from gui.widgets.plots import IntegerAxis, make_plot

    plot = make_plot("Piles", "pile", "stones", count_axes=("left", "bottom"), name="piles")
    qtbot.addWidget(plot)
    plot.resize(300, 200)
    plot.plot([1, 2, 3], [1, 2, 3])
    view_box = plot.getPlotItem().getViewBox()
    assert view_box.state["mouseEnabled"] == [False, False]
    axis = plot.getPlotItem().getAxis("left")
    assert isinstance(axis, IntegerAxis)
    assert all(s >= 1 and s.is_integer() for s, _ in axis.tickSpacing(0, 3, 200))
    assert axis.tickStrings([1.0, 2.0, 1000.0], 1.0, 1.0) == ["1", "2", "1,000"]
    assert [a.text() for a in plot.plotMenu.actions()] == ["Save image…"]
    assert view_box.menu is None  # pyqtgraph's own menu is never built
    popped: list[object] = []
    plot.plotMenu.popup = popped.append

    class RightClick:
        accepted = False

        def button(self) -> Qt.MouseButton:
            return Qt.MouseButton.RightButton

        def screenPos(self) -> QPointF:
            return QPointF(5, 5)

        def accept(self) -> None:
            self.accepted = True

    click = RightClick()
    view_box.mouseClickEvent(click)
    assert click.accepted and popped == [QPoint(5, 5)]
    save_widget_image(plot, tmp_path / "p.svg")
    assert "<svg" in (tmp_path / "p.svg").read_text()


# ----- grid view: clipboard and Delete ---------------------------------------------------------


class _Grid(ValidatedGridModel):
    def check_cell(self, row: int, column: int, text: str) -> str | None:
        return None if text.isdigit() else "digits only"


def test_grid_view_copy_paste_delete_are_one_edit_each(qtbot) -> None:  # type: ignore[no-untyped-def]
    model = _Grid(["a", "b", "sum"], editable=(0, 1))
    model.set_rows([["1", "2"], ["3", "4"], ["5", "6"]])
    view = GridView()
    qtbot.addWidget(view)
    view.setModel(model)
    edits: list[int] = []
    model.edited.connect(lambda: edits.append(1))
    view.setCurrentIndex(model.index(1, 0))
    assert view.paste_text("7\t8\n9\t10\n11\t12\n") == 4  # the third line has no row left
    assert model.rows() == [["1", "2"], ["7", "8"], ["9", "10"]] and len(edits) == 1
    view.selectionModel().select(
        QItemSelection(model.index(0, 0), model.index(1, 1)),
        QItemSelectionModel.SelectionFlag.ClearAndSelect,
    )
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == "1\t2\n7\t8\n"
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert model.rows() == [["", ""], ["", ""], ["9", "10"]] and len(edits) == 2
    assert model.cell_error(0, 0) == "digits only"
    assert model.first_error() == (0, "row 1: digits only")
    assert split_block("1, 2;3\n\n4 5") == [["1", "2", "3"], ["4", "5"]]


def test_dialog_folders_are_remembered_per_kind(tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from gui.widgets import dialogs

    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    dialogs.remember("csv", str(tmp_path / "a" / "x.csv"))
    assert dialogs.folder_for("csv") == str(tmp_path / "a")
    # A kind never used opens in the documents or home, never the program's working folder.
    assert dialogs.folder_for("zz") == dialogs.default_folder() != str(Path.cwd())
    dialogs.remember("csv", str(tmp_path / "gone" / "x.csv"))  # a folder since deleted
    assert dialogs.folder_for("csv") == dialogs.default_folder()
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    dialogs.use_settings(settings)
    try:
        dialogs.remember("judge", str(tmp_path / "b" / "y.in"))
        assert settings.value("folders/judge") == str(tmp_path / "b")
        assert dialogs.folder_for("judge") == str(tmp_path / "b")
    finally:
        dialogs.use_settings(None)


def test_best_rows_and_one_line_rows_look_alike_everywhere(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QTableWidgetItem

    from gui.widgets.tables import fill_rows, mark_best, readonly_table

    table = readonly_table(["Move", "Value"], "t")  # one-line rows, as every result table
    qtbot.addWidget(table)
    rows = [[QTableWidgetItem("a long text " * 20), QTableWidgetItem("1")] for _ in range(3)]
    mark_best(rows[1])
    fill_rows(table, rows)
    line = table.fontMetrics().lineSpacing() + 8
    assert not table.wordWrap()
    assert all(table.rowHeight(r) == line for r in range(3))
    for item in rows[1]:
        assert item.background().color() == ROLE.best
        assert item.foreground().color() == ROLE.best_text and item.font().bold()
    assert not rows[0][0].font().bold()


def test_count_axes_write_big_numbers_in_full(qtbot) -> None:  # type: ignore[no-untyped-def]
    from gui.widgets.plots import IntegerAxis

    axis = IntegerAxis("left")
    axis.setLabel("stones")  # pyqtgraph scales only an axis with a title
    axis.setRange(0, 10**9)
    assert axis.autoSIPrefixScale == 1.0 and "x1e" not in axis.labelString()
    assert axis.tickStrings([10**9], 1.0, 10**8) == ["1,000,000,000"]


def test_random_never_uses_a_count_marked_red(qtbot) -> None:  # type: ignore[no-untyped-def]
    from gui.widgets.number_list import NumberListEditor

    editor = NumberListEditor("Coin value", 1, 100, (), (20, 1, 50), 100, max_rows=50)
    qtbot.addWidget(editor)
    editor.show()
    editor.model.set_values([4, 5])
    for bad in ("0", "99999", ""):
        editor.randomCount.lineEdit().setText(bad)
        assert editor.random_problem() is not None and not editor.randomButton.isEnabled()
        editor.randomize(seed=1)
        assert editor.model.values() == [4, 5]
    editor.randomCount.lineEdit().setText("7")
    assert editor.randomButton.isEnabled()
    editor.randomize(seed=1)
    assert len(editor.model.values()) == 7


@pytest.mark.parametrize("size", [30, 45, 90, 300])
@pytest.mark.parametrize("top", [6, 97, 10**9])
def test_an_upright_count_axis_never_piles_its_labels(qtbot, size: int, top: int) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication

    from gui.widgets.plots import IntegerAxis

    axis = IntegerAxis("left")
    [(step, _offset)] = axis.tickSpacing(0, top, size)
    labels = int(top // step) + 1
    line = QFontMetrics(QApplication.font()).height()
    assert step >= 1 and float(step).is_integer()
    assert labels <= max(2, size // line) + 1  # never two labels in one line's height
    if size >= (top + 1) * (line + 4):  # room for every one: every one is labelled
        assert step == 1


def test_ctrl_v_of_one_number_changes_one_cell_of_a_number_list(qtbot) -> None:  # type: ignore[no-untyped-def]
    """As in every table; a list of numbers still replaces the list (as Paste does)."""
    from gui.widgets.number_list import NumberListEditor

    editor = NumberListEditor("Pile", 1, 100, (), (5, 1, 50), 20, max_rows=50)
    qtbot.addWidget(editor)
    editor.model.set_values([3, 4, 5])
    editor.view.setCurrentIndex(editor.model.index(1, 0))
    editor.view.paste_text("7")
    assert editor.model.values() == [3, 7, 5]
    editor.view.paste_text("1 2")
    assert editor.model.values() == [1, 2]
