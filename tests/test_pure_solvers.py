"""The solvers package must never pull in Qt (it serves the CLI and tests alone)."""

from __future__ import annotations

import subprocess
import sys

import solvers


def test_importing_every_solver_loads_no_qt() -> None:
    code = (
        "import sys, solvers, solvers.__main__\n"
        "for g in solvers.GAMES: solvers.load(g)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'shiboken6', 'pyqtgraph', 'superqt', 'qtpy'))\n"
        "print(len(solvers.GAMES), bad)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, loaded = done.stdout.split(" ", 1)
    assert int(count) == 5
    assert loaded.strip() == "[]"


def test_every_game_module_has_the_protocol() -> None:
    for game_id in solvers.GAMES:
        module = solvers.load(game_id)
        for name in ("solve", "parse_judge", "format_judge", "csv_rows"):
            assert callable(getattr(module, name)), (game_id, name)
