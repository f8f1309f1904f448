"""Sessions through the window: atomic saves, all-or-nothing opens, ranges named, fuzzed reading."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import jobs_for_tests
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gui.controller import Job, running_jobs
from gui.session import FORMAT, read_session


def session(tabs: dict[str, Any], **extra: Any) -> str:
    return json.dumps({"format": FORMAT, "version": 1, "tabs": tabs, **extra})


def states(window: Any) -> dict[str, Any]:
    return {game_id: tab.state() for game_id, tab in window.tabs.items()}


@pytest.mark.parametrize("pieces", [2**31, 2**64, 1000, 0])
def test_number_out_of_a_fields_range_is_refused_with_the_range(
    window: Any, tmp_path: Path, pieces: int
) -> None:
    good = tmp_path / "good.json"
    assert window.save_session(good) is None
    document = json.loads(good.read_text())
    window.tabs["nim"].piles.model.set_values([4, 9])
    before = states(window)
    document["tabs"]["yut"]["pieces"] = pieces
    bad = tmp_path / "big.json"
    bad.write_text(json.dumps(document))
    error = window.open_session(bad)
    assert error is not None and "big.json" in error
    assert "Pieces" in error and "from 1 to" in error
    assert states(window) == before


def test_a_session_with_too_many_piles_is_refused_at_once(window: Any, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    assert window.save_session(good) is None
    document = json.loads(good.read_text())
    document["tabs"]["nim"]["piles"] = ["1"] * 5000
    bad = tmp_path / "piles.json"
    bad.write_text(json.dumps(document))
    before = states(window)
    error = window.open_session(bad)
    assert error is not None and "piles.json" in error and "at most 1,000" in error
    assert states(window) == before


def test_a_session_of_one_tab_builds_no_other_tab(window: Any, tmp_path: Path) -> None:
    nim_state = window.tabs["nim"].state()
    path = tmp_path / "nim.json"
    path.write_text(json.dumps({"format": FORMAT, "version": 1, "tabs": {"nim": nim_state}}))
    built = {tab.game_id for tab in window.gameTabs.built_pages()}
    assert window.open_session(path) is None
    assert {tab.game_id for tab in window.gameTabs.built_pages()} == built


def test_a_fraction_for_a_whole_number_field_is_refused(window: Any, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    assert window.save_session(good) is None
    document = json.loads(good.read_text())
    document["tabs"]["yut"]["pieces"] = 4.5
    bad = tmp_path / "half.json"
    bad.write_text(json.dumps(document))
    error = window.open_session(bad)
    assert error is not None and "half.json" in error and "whole number" in error


def test_a_refusal_in_a_later_tab_leaves_earlier_tabs_unchanged(
    window: Any, tmp_path: Path
) -> None:
    good = tmp_path / "good.json"
    assert window.save_session(good) is None
    document = json.loads(good.read_text())
    document["tabs"]["yut"]["throws"] = "1 2 3"  # the first tab would change...
    # ...and the last one fails.
    document["tabs"]["nim"]["piles"] = "12"
    bad = tmp_path / "half.json"
    bad.write_text(json.dumps(document))
    before = states(window)
    undo_counts = {g: t.undo_stack.count() for g, t in window.tabs.items()}
    error = window.open_session(bad)
    assert error is not None and "half.json" in error and "Nim" in error
    assert states(window) == before
    assert {g: t.undo_stack.count() for g, t in window.tabs.items()} == undo_counts


def test_a_refused_session_leaves_solved_views_as_they_were(
    window: Any, tmp_path: Path, solve_and_wait: Any
) -> None:
    xoinc = window.tabs["xoinc"]
    xoinc.load_example()
    solve_and_wait(xoinc)
    answer, turns = xoinc.resultLabel.text(), xoinc.turnModel.rowCount()
    good = tmp_path / "good.json"
    assert window.save_session(good) is None
    document = json.loads(good.read_text())
    document["tabs"]["xoinc"]["coins"] = ["1", "2", "3"]  # tried, never shown
    document["tabs"]["nim"]["piles"] = "12"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    assert window.open_session(bad) is not None
    assert xoinc.result is not None and not xoinc._stale
    assert xoinc.resultLabel.text() == answer and xoinc.turnModel.rowCount() == turns


def test_open_is_one_undo_step_per_tab_and_cancels_running_solves(
    window: Any, qtbot: Any, tmp_path: Path
) -> None:
    tab = window.tabs["nim"]
    tab.piles.model.set_values([3, 4, 5])
    path = tmp_path / "s.json"
    assert window.save_session(path) is None
    tab.piles.model.set_values([1])
    tab.solve_job = lambda inputs: Job(jobs_for_tests.slow, (30,))
    tab.solve()
    assert tab.busy
    assert window.open_session(path) is None
    assert not tab.busy and not running_jobs()
    assert tab.piles.model.values() == [3, 4, 5]
    tab.undo_stack.undo()
    assert tab.piles.model.values() == [1]


def test_failed_save_keeps_the_previous_file(
    window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.json"
    assert window.save_session(path) is None
    good = path.read_bytes()

    def disk_full(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)  # gui.files calls os.fsync
    error = window.save_session(path)
    assert error is not None and "No space left" in error
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".s.json")] == []


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested deeper"),
        (session({"nim": {"deep": json.loads("[" * 40 + "]" * 40)}}), "nested deeper"),
        ("x" * (5 * 1024 * 1024), "larger than"),
        (b"\xff\xfe{}", "UTF-8"),
        (session({"nim": {"piles": [1]}}), "is missing"),
        (session({"nim": {"piles": ["1"] * 600_000}}), "600,000 entries"),
        (session({"coverup": {"columns": [{"digits": "1" * 10**6}]}}), "1,000,000 characters"),
    ],
)
def test_hostile_files_are_refused_cleanly(
    window: Any, tmp_path: Path, content: str | bytes, reason: str
) -> None:
    path = tmp_path / "hostile.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    before = states(window)
    error = window.open_session(path)
    assert error is not None and "hostile.json" in error and reason in error
    assert states(window) == before


def test_a_missing_file_is_a_message(window: Any, tmp_path: Path) -> None:
    error = window.open_session(tmp_path / "gone.json")
    assert error is not None and "gone.json" in error


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_sessions_are_read_or_refused_cleanly(
    window: Any, tmp_path: Path, data: Any
) -> None:
    """Any document: a clean refusal with every tab unchanged, or every tab showing a state."""
    base = {g: t.state() for g, t in window.tabs.items()}
    game_id = data.draw(st.sampled_from(sorted(base)))
    state = dict(base[game_id])
    for key in data.draw(st.lists(st.sampled_from(sorted(state)), max_size=3)):
        state[key] = data.draw(_json)
    if data.draw(st.booleans()):
        state.pop(data.draw(st.sampled_from(sorted(state))), None)
    path = tmp_path / "fuzz.json"
    path.write_text(session({game_id: state}))
    before = states(window)
    error = window.open_session(path)
    if error is None:
        after = states(window)
        assert all(after[g] == before[g] for g in after if g != game_id)
    else:
        assert "fuzz.json" in error and "\n" not in error
        assert states(window) == before


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    content=st.binary(max_size=64)
    | _json.map(json.dumps)
    | st.dictionaries(st.sampled_from(["format", "version", "tabs", "current"]), _json).map(
        lambda d: json.dumps({"format": FORMAT, "version": 1, **d})
    )
)
def test_any_file_is_a_session_or_a_one_line_reason(tmp_path: Path, content: Any) -> None:
    path = tmp_path / "any.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    try:
        tabs, current = read_session(path)
    except ValueError as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert isinstance(tabs, dict) and all(isinstance(v, dict) for v in tabs.values())
        assert current is None or isinstance(current, str)


def test_opening_or_refusing_a_session_builds_no_tab(window: Any, tmp_path: Path) -> None:
    """A session is checked on the tabs themselves: no hidden twin of any tab is built."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from gui.tabs.base import GameTab

    def tabs() -> int:
        # Widgets of earlier tests waiting for deletion go first: only new tabs may count.
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        return sum(isinstance(w, GameTab) for w in QApplication.allWidgets())

    window.gameTabs.build_all()
    good = tmp_path / "good.json"
    assert window.save_session(good) is None
    document = json.loads(good.read_text())
    document["tabs"]["xoinc"]["coins"] = ["1"] * 20_000
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    count = tabs()
    assert window.open_session(good) is None
    assert window.open_session(bad) is not None
    assert tabs() == count


def test_a_session_waits_for_a_tab_not_built_and_builds_none(
    window: Any, qtbot: Any, tmp_path: Path
) -> None:
    """An unbuilt tab keeps its session state, shows it once built, and saves it meanwhile."""
    from gui.form_state import state_model

    assert window.gameTabs.built_page("nim") is None
    nim_state = {"piles": ["7", "9"], "options": {"misere": True, "subtract": ""}}
    path = tmp_path / "nim.json"
    path.write_text(session({"nim": nim_state}))
    built = {tab.game_id for tab in window.gameTabs.built_pages()}
    assert window.open_session(path) is None
    assert {tab.game_id for tab in window.gameTabs.built_pages()} == built
    saved = tmp_path / "saved.json"
    assert window.save_session(saved) is None  # nothing built to save either
    assert {tab.game_id for tab in window.gameTabs.built_pages()} == built
    tabs, _current = read_session(saved)
    assert tabs["nim"] == nim_state
    assert tabs["xoinc"] == state_model("xoinc").default_state()
    nim = window.tabs["nim"]  # built now: it shows the session, as one undo step, and solves it
    assert nim.state() == nim_state
    assert nim.undo_stack.count() == 1
    qtbot.waitUntil(nim.result_is_current, timeout=20000)
    assert nim.judgeOutput.text() == "koosaga"  # misère, 7 xor 9 != 0: the first player wins
    nim.undo_stack.undo()
    assert nim.state() == state_model("nim").default_state()


def test_a_refused_session_keeps_nothing_for_unbuilt_tabs(window: Any, tmp_path: Path) -> None:
    good = {"piles": ["7", "9"], "options": {"misere": False, "subtract": ""}}
    path = tmp_path / "bad.json"
    path.write_text(session({"nim": good, "xoinc": {"coins": ["1"], "user_first": "yes"}}))
    error = window.open_session(path)
    assert error is not None and "Xoinc" in error
    assert window.tabs["nim"].state() != good
