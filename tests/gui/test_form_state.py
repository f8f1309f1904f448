"""Each game's form as plain data (``gui/tabs/<game>/model.py``) agrees with the form itself.

The model is what sessions are checked, saved and kept with while a tab is not built:
a new form must show its ``default_state``, a form must show exactly the state
``check_state`` makes of what it was given, and ``state_of(inputs)`` must read back as
those inputs.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import solvers
from gui.form_state import STATE_ERRORS, state_model

GAMES = list(solvers.GAMES)


def test_the_models_import_no_qt() -> None:
    code = (
        "import sys\n"
        f"for game in {GAMES!r}:\n"
        "    __import__(f'gui.tabs.{game}.model')\n"
        "import gui.session_file, gui.form_state\n"
        "assert 'PySide6' not in sys.modules, sorted(m for m in sys.modules if 'PySide6' in m)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_form_shows_the_default_state(make_tab: Any, game_id: str) -> None:
    model = state_model(game_id)
    tab = make_tab(game_id)
    assert tab.state() == model.default_state()
    assert model.check_state(model.default_state()) == model.default_state()


@pytest.mark.parametrize("game_id", GAMES)
def test_inputs_shown_through_their_state_read_back(make_tab: Any, game_id: str) -> None:
    model, module = state_model(game_id), solvers.load(game_id)
    tab = make_tab(game_id)
    rng = random.Random(game_id)
    for _ in range(12):
        inputs = module.generate(rng, "small")
        state = model.state_of(inputs)
        assert model.check_state(state) == state
        tab.set_inputs(inputs)
        assert tab.state() == state
        assert tab.read_inputs() == inputs


def _mutations(state: Any, rng: random.Random) -> Any:
    """A few hostile variants of ``state``: entries dropped, retyped, out of range."""
    odd = [None, True, -1, 0, 2**31, 2**64, 1.5, "", "x", "12", [], ["1"], {}, {"a": 1}]
    if isinstance(state, dict) and state:
        key = rng.choice(sorted(state))
        changed = dict(state)
        if rng.random() < 0.2:
            del changed[key]
        elif rng.random() < 0.5:
            changed[key] = rng.choice(odd)
        else:
            changed[key] = _mutations(state[key], rng)
        return changed
    if isinstance(state, list) and state:
        changed_list = list(state)
        index = rng.randrange(len(changed_list))
        changed_list[index] = _mutations(changed_list[index], rng)
        return changed_list
    return rng.choice(odd)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_form_shows_exactly_what_check_state_accepts(make_tab: Any, game_id: str) -> None:
    """Hostile states: refused by both the model and the form, or shown as the model says."""
    model = state_model(game_id)
    tab = make_tab(game_id)
    rng = random.Random(f"{game_id} mutations")
    base = model.default_state()
    for _ in range(60):
        state = _mutations(base, rng)
        try:
            checked = model.check_state(state)
        except STATE_ERRORS:
            with pytest.raises(STATE_ERRORS):
                with tab.history.silently():
                    tab.restore(state)
            continue
        with tab.history.silently():
            tab.restore(state)
        assert tab.state() == checked


@given(st.text(alphabet=" ,_0123456789x-\t", max_size=12))
def test_a_typed_number_is_normalised_once_and_for_all(text: str) -> None:
    """The list model normalises what it is given, perhaps twice: once must be enough."""
    from gui.form_state import number_text

    once = number_text(text)
    assert number_text(once) == once
    assert once == once.strip() and "," not in once and "_" not in once
