"""Import on every tab: any file loads a case, or is refused with a message and changes nothing."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solvers

TOKENS = st.sampled_from(
    ["0", "1", "2", "3", "5", "10", "33", "100", "-1", "0.5", "1e3", "2147483648",
     "99999999999999999999", "x", "", "-"]
)  # fmt: skip
TEXTS = st.lists(st.lists(TOKENS, max_size=8).map(" ".join), max_size=8).map("\n".join)

_counter = itertools.count()


@pytest.mark.parametrize("game_id", solvers.GAMES)
def test_any_file_imports_or_is_refused_leaving_the_form(make_tab, tmp_path, game_id) -> None:  # type: ignore[no-untyped-def]
    tab = make_tab(game_id)

    @settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(text=TEXTS)
    def check(text: str) -> None:
        path = Path(tmp_path) / f"case{next(_counter)}.in"
        path.write_bytes(text.encode())
        before = tab.state()
        if tab.import_judge_file(path):
            return
        assert tab.state() == before, "a refused file changed the form"
        assert tab.messageLabel.text().strip(), "a refused file says why"

    check()
