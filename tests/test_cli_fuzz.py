"""Any file through the CLI: an answer (exit 0) or one ``FILE:LINE: reason`` line (exit 2).

Texts are built from the tokens judge files are made of, plus the ones that break readers
(signs, huge numbers, decimals, blank lines, stray words), so most cases reach deep into each
parser instead of failing on the first byte.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solvers
import solvers.__main__ as cli

TOKENS = st.sampled_from(
    ["0", "1", "2", "3", "4", "5", "6", "10", "33", "50", "100", "-1", "0.5", ".9", "1e3",
     "99999999999999999999", "2147483648", "x", "#", "", "-", "+"]
)  # fmt: skip
LINES = st.lists(st.lists(TOKENS, max_size=8).map(" ".join), max_size=10).map("\n".join)


@pytest.mark.parametrize("game", solvers.GAMES)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(text=LINES)
def test_any_file_is_answered_or_refused_with_its_line(
    game: str,
    text: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "case.in"
    path.write_text(text)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = cli.main([game, str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if status == 0:
        assert out and not err
    else:
        assert status == 2, err
        assert re.fullmatch(rf"{re.escape(str(path))}:\d+: \S.*\n", err), err
