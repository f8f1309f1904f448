"""The What if panel on its own: fields checked as typed, Run asks, points drawn, hover, click, CSV.

The panel never solves; here the rows come from ``solvers.sweep`` directly, as the
worker processes would send them.
"""

from __future__ import annotations

import dataclasses
import io
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

import solvers
import solvers.__main__ as cli
from gui.widgets.fields import invalid_reason
from gui.widgets.sweep_panel import SweepPanel
from solvers.nim import NimInputs, Rule
from solvers.sweep import sweep

GREAT = solvers.load("greatgame").example()


@pytest.fixture()
def panel(qtbot: Any) -> SweepPanel:
    widget = SweepPanel("greatgame")
    qtbot.addWidget(widget)
    widget.resize(700, 400)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_inputs(GREAT)
    return widget


def choose(panel: SweepPanel, name: str) -> None:
    panel.sweepCombo.setCurrentIndex(panel.sweepCombo.findData(name))


def type_range(qtbot: Any, panel: SweepPanel, start: str, stop: str, step: str = "") -> None:
    for edit, text in ((panel.startEdit, start), (panel.stopEdit, stop), (panel.stepEdit, step)):
        edit.clear()
        if text:
            qtbot.keyClicks(edit, text)
        else:
            edit.textEdited.emit("")


def run_and_fill(qtbot: Any, panel: SweepPanel) -> tuple[str, list[float]]:
    with qtbot.waitSignal(panel.run_requested) as signal:
        qtbot.mouseClick(panel.runButton, Qt.MouseButton.LeftButton)
    key, values = signal.args
    panel.add_points(sweep("greatgame", GREAT, key, values))
    return key, values


def drawn(panel: SweepPanel) -> tuple[list[float], list[float]]:
    xs, ys = panel.curve.getData()
    return ([] if xs is None else list(xs)), ([] if ys is None else list(ys))


def test_offers_the_sweeps_that_fit_the_inputs(qtbot: Any) -> None:
    panel = SweepPanel("nim")
    qtbot.addWidget(panel)
    panel.set_inputs(NimInputs((3, 4)))
    assert panel.objectName() == "sweepPanel"
    assert [panel.sweepCombo.itemData(i) for i in range(panel.sweepCombo.count())] == ["pile"]
    assert panel.itemSpin.maximum() == 2
    panel.set_inputs(NimInputs((3, 4, 5), Rule.SUBTRACTION, (1, 2)))
    assert panel.sweepCombo.count() == 2
    assert panel.itemSpin.maximum() == 3


def test_fields_are_checked_as_typed_and_never_changed(qtbot: Any, panel: SweepPanel) -> None:
    choose(panel, "W")
    # A wide range starts around the current value.
    assert (panel.startEdit.text(), panel.stopEdit.text()) == ("1", str(GREAT.win_by + 15))
    assert panel.runButton.isEnabled()
    type_range(qtbot, panel, "0", "8")
    assert "between 1 and 100" in (invalid_reason(panel.startEdit) or "")
    assert invalid_reason(panel.stopEdit) is None
    assert not panel.runButton.isEnabled()
    assert panel.startEdit.text() == "0"  # left as typed
    type_range(qtbot, panel, "1", "8", "2.5")
    assert "whole number" in (invalid_reason(panel.stepEdit) or "")
    type_range(qtbot, panel, "9", "8")
    assert "must not be below START" in (invalid_reason(panel.stopEdit) or "")
    choose(panel, "rock")
    type_range(qtbot, panel, "0", "100", "0.01")
    assert "use a larger step" in (invalid_reason(panel.stepEdit) or "")
    assert not panel.runButton.isEnabled()
    type_range(qtbot, panel, "0", "100", "10")
    assert panel.runButton.isEnabled()
    assert panel.messageLabel.text().startswith("11 values")


def test_run_asks_and_points_appear_as_they_arrive(qtbot: Any, panel: SweepPanel) -> None:
    choose(panel, "L")
    type_range(qtbot, panel, "1", "8")
    with qtbot.waitSignal(panel.run_requested) as signal:
        qtbot.mouseClick(panel.runButton, Qt.MouseButton.LeftButton)
    assert signal.args == ["L", list(range(1, 9))]
    rows = list(sweep("greatgame", GREAT, "L", list(range(1, 9))))
    panel.add_points(rows[4:])
    assert list(drawn(panel)[0]) == [5, 6, 7, 8]
    panel.add_points(rows[:4])
    xs, ys = drawn(panel)
    assert list(xs) == list(range(1, 9))
    assert list(ys) == [row[-1] for row in rows]
    assert panel.rows() == rows
    assert panel.currentLine.isVisible() and panel.currentLine.value() == GREAT.lose_by
    panel.clear()
    assert panel.rows() == [] and drawn(panel) == ([], [])


def test_cancel_while_running(qtbot: Any, panel: SweepPanel) -> None:
    panel.set_running(True, "Sweeping…")
    assert not panel.runButton.isEnabled() and panel.cancelButton.isEnabled()
    with qtbot.waitSignal(panel.cancel_requested):
        qtbot.mouseClick(panel.cancelButton, Qt.MouseButton.LeftButton)
    panel.set_running(False)
    assert panel.runButton.isEnabled() and not panel.cancelButton.isEnabled()


def scene_point(panel: SweepPanel, x: float, y: float) -> QPointF:
    view_box = panel.plot.getPlotItem().getViewBox()
    return view_box.mapViewToScene(QPointF(x, y))


def test_hover_tells_and_click_loads_a_point(qtbot: Any, panel: SweepPanel) -> None:
    choose(panel, "W")
    type_range(qtbot, panel, "1", "6")
    run_and_fill(qtbot, panel)
    panel.plot.getPlotItem().getViewBox().autoRange()
    qtbot.wait(10)
    row = panel.rows()[2]
    where = scene_point(panel, row[0], row[-1])
    assert panel.point_at(where) == row
    assert panel.point_at(where + QPointF(40, 40)) is None
    panel._hovered(where)
    assert panel.plot.toolTip().startswith(f"W: 3\nmatch win probability: {row[1]:.10g}")
    assert f"match win (%): {row[2]:.10g}" in panel.plot.toolTip()
    with qtbot.waitSignal(panel.point_chosen) as signal:
        view = panel.plot.mapFromScene(where)
        qtbot.mouseClick(panel.plot.viewport(), Qt.MouseButton.LeftButton, pos=view)
    chosen = signal.args[0]
    assert chosen.win_by == 3
    assert (chosen.percentages, chosen.lose_by) == (GREAT.percentages, GREAT.lose_by)
    # Loading the point keeps the sweep and moves the mark; other inputs clear it.
    panel.set_inputs(chosen)
    assert len(panel.rows()) == 6 and panel.currentLine.value() == 3
    assert panel.messageLabel.text() == "Done: 6 points."  # still the sweep drawn, not "press Run"
    panel.set_inputs(type(GREAT)(GREAT.percentages, 3, GREAT.lose_by + 1))
    assert panel.rows() == []
    assert "Run again" in panel.emptyLabel.text() and not panel.plot.isVisibleTo(panel)


def test_csv_export_is_the_command_line_s(
    qtbot: Any, panel: SweepPanel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    choose(panel, "rock")
    panel.itemSpin.setValue(1)
    type_range(qtbot, panel, "0", "100", "25")
    run_and_fill(qtbot, panel)
    path = tmp_path / "sweep.csv"
    assert panel.export_csv(path)
    module = solvers.load("greatgame")
    monkeypatch.setattr(sys, "stdin", io.StringIO(module.format_input(GREAT)))
    assert cli.main(["greatgame", "--sweep", "rock1=0:100:25"]) == 0
    assert path.read_text() == capsys.readouterr().out
    assert not panel.export_csv(tmp_path / "missing" / "sweep.csv")
    assert panel.messageLabel.text().startswith("Export failed")


@pytest.mark.parametrize("game", list(solvers.GAMES))
def test_every_sweep_of_every_game_starts_with_a_valid_range(qtbot: Any, game: str) -> None:
    panel = SweepPanel(game)
    qtbot.addWidget(panel)
    examples = [solvers.load(game).example()]
    if game == "yut":
        examples.append(solvers.load("yut").ExpectInputs(5, 2))
    if game == "nim":
        examples.append(NimInputs((3, 9), Rule.SUBTRACTION, (1, 3, 4)))
    offered = set()
    for inputs in examples:
        panel.set_inputs(inputs)
        for at in range(panel.sweepCombo.count()):
            panel.sweepCombo.setCurrentIndex(at)
            offered.add(panel.sweepCombo.currentData())
            chosen = panel.current()
            assert chosen is not None
            assert panel.runButton.isEnabled(), panel.messageLabel.text()
            lo, hi = chosen[0].bounds(inputs, chosen[1])
            assert lo <= panel.currentLine.value() <= hi
            assert panel.itemSpin.isVisibleTo(panel) == bool(chosen[0].indexed)
    assert offered == {s.name for s in solvers.load(game).SWEEPS}


def test_whole_number_inputs_get_whole_number_ticks(qtbot: Any, panel: SweepPanel) -> None:
    from gui.widgets.plots import IntegerAxis

    choose(panel, "W")
    type_range(qtbot, panel, "1", "3")
    run_and_fill(qtbot, panel)
    assert isinstance(panel.plot.getAxis("bottom"), IntegerAxis)
    assert panel.plot.getAxis("bottom").labelText == "W (rounds ahead to win the match)"
    choose(panel, "paper")
    type_range(qtbot, panel, "0", "1", "0.5")
    run_and_fill(qtbot, panel)
    assert not isinstance(panel.plot.getAxis("bottom"), IntegerAxis)


def test_a_rounded_answer_is_plotted_exact(qtbot) -> None:  # type: ignore[no-untyped-def]
    from gui.widgets.sweep_panel import SweepPanel
    from solvers import coverup

    panel = SweepPanel("coverup")
    qtbot.addWidget(panel)
    panel.show()
    panel.set_inputs(coverup.example())
    rows = [(0.1, 0.53678, 0.537), (0.2, 0.54123, 0.541)]
    panel.run()
    panel.add_points(rows)
    _, ys = panel.curve.getData()
    assert list(ys) == [0.53678, 0.54123]  # not the judge's 0.537, 0.541


def test_the_range_follows_inputs_that_allow_other_values(qtbot) -> None:  # type: ignore[no-untyped-def]
    from gui.widgets.sweep_panel import SweepPanel
    from solvers import coverup

    panel = SweepPanel("coverup")
    qtbot.addWidget(panel)
    example = coverup.example()
    first = example.columns[0]
    bare = dataclasses.replace(example, columns=(dataclasses.replace(first, candidates=0, p=0.0),
                                                 *example.columns[1:]))  # fmt: skip
    panel.set_inputs(bare)
    panel.sweepCombo.setCurrentIndex(panel.sweepCombo.findData("p"))
    assert (panel.startEdit.text(), panel.stopEdit.text()) == ("0", "0")  # no candidate: p is 0
    panel.set_inputs(example)
    assert (panel.startEdit.text(), panel.stopEdit.text()) == ("0", "1")
