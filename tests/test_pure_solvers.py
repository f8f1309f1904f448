"""The solvers package never pulls in Qt, and every game plays to the end through the protocol.

Both run in a fresh interpreter, so nothing a GUI test imported earlier can hide a missing import
or a Qt dependency.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import solvers

ROOT = Path(__file__).resolve().parents[1]
QT = ("PySide6", "shiboken6", "pyqtgraph", "superqt", "qtpy")


def fresh(code: str) -> str:
    """Run ``code`` in a new interpreter from the project root; return its output."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_importing_every_solver_loads_no_qt() -> None:
    out = fresh(
        "import sys, solvers, solvers.__main__\n"
        "for g in solvers.GAMES: solvers.load(g)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {QT!r})\n"
        "print(len(solvers.GAMES), bad)\n"
    )
    count, loaded = out.split(" ", 1)
    assert int(count) == len(solvers.GAMES) == 5
    assert loaded.strip() == "[]"


@pytest.mark.parametrize("game_id", solvers.GAMES)
def test_each_game_loads_checks_and_plays_its_example_to_the_end(game_id: str) -> None:
    out = fresh(
        "import random, sys, solvers\n"
        "from tests.solvers.contract import check_module, play_through\n"
        f"module = solvers.load({game_id!r})\n"
        "check_module(module)\n"
        "for seed in range(3):\n"
        "    end = play_through(module.new_game(module.example()), random.Random(seed))\n"
        "    assert end.over\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {QT!r})\n"
        "others = sorted(m for m in sys.modules if m.startswith('solvers.')\n"
        f"    and m.split('.')[1] in solvers.GAMES and m.split('.')[1] != {game_id!r})\n"
        "print(bad, others)\n"
    )
    assert out.strip() == "[] []"
