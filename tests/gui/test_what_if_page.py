"""The What-if page of a tab: its sweeps run in the worker processes, each point equal to a
direct solve; Esc stops them; a clicked point becomes the form's inputs, undoably."""

from __future__ import annotations

import dataclasses

from solvers import greatgame


def choose_sweep(panel, key: str) -> None:  # type: ignore[no-untyped-def]
    index = next(
        i for i in range(panel.sweepCombo.count()) if panel.sweepCombo.itemText(i).startswith(key)
    )
    panel.sweepCombo.setCurrentIndex(index)


def test_a_sweep_runs_in_workers_and_a_point_loads_undoably(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("greatgame")
    qtbot.waitUntil(tab.result_is_current, timeout=30000)
    panel = tab.sweepPanel
    tab.pagesBar.setCurrentIndex(tab.pages.indexOf(panel))
    # Before the first Run a note stands where the plot goes (no axes over nothing).
    assert panel.emptyLabel.isVisible() and not panel.plot.isVisible()
    choose_sweep(panel, "W")
    panel.startEdit.setText("1")
    panel.stopEdit.setText("6")
    panel.run()
    assert panel.plot.isVisible() and not panel.emptyLabel.isVisible()
    qtbot.waitUntil(lambda: len(panel.rows()) == 6 and not tab.working, timeout=30000)
    base = tab.read_inputs()
    for row in panel.rows():
        direct = greatgame.solve(dataclasses.replace(base, win_by=int(row[0])))
        assert row[-1] == float(greatgame.format_judge(direct).rstrip("%"))
    before = tab.state()
    tab.lSpin.setValue(tab.lSpin.value() + 1)  # another input: the sweep goes, a note says why
    assert panel.emptyLabel.isVisible() and not panel.plot.isVisible()
    assert "Run again" in panel.emptyLabel.text()
    tab.undo_stack.undo()
    panel.run()
    qtbot.waitUntil(lambda: len(panel.rows()) == 6 and not tab.working, timeout=30000)
    panel.choose(4.0)
    assert tab.read_inputs().win_by == 4
    qtbot.waitUntil(tab.result_is_current, timeout=30000)
    tab.undo_stack.undo()
    assert tab.state() == before


def test_esc_stops_a_running_sweep(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab("yut")
    tab.form.unknownRadio.setChecked(True)
    tab.form.piecesSpin.setValue(6)
    qtbot.waitUntil(lambda: not tab.working, timeout=60000)
    panel = tab.sweepPanel
    choose_sweep(panel, "turns")
    panel.startEdit.setText("1")
    panel.stopEdit.setText("20")
    panel.run()
    assert tab.sweeps.busy
    tab.cancel()
    assert not tab.sweeps.busy and not tab.working
    assert "Cancelled" in panel.messageLabel.text()


def test_the_first_sweep_offered_can_move(make_tab, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Cover Up's first preset ticks nothing: its p is fixed at 0, so digits m come first."""
    tab = make_tab("coverup")
    panel = tab.sweepPanel
    tab.pagesBar.setCurrentIndex(tab.pages.indexOf(panel))
    found, index = panel.current()
    lo, hi = found.bounds(panel.inputs, index)
    assert lo < hi and panel.startEdit.text() != panel.stopEdit.text()
