"""CLI start-up: one small case through ``python -m solvers GAME`` beside ``python -c pass``.

Issue 12's goal: one Nim or Dice Yut case costs at most 2.5x an interpreter that does nothing.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

GOAL = 2.5
CASES = {
    "nim": "4\n1 2 3 4\n",
    "yut": "1 2 3 4 1 2 3 4 1 2\n",
}


def _runner(command: list[str]) -> Callable[[], object]:
    def run() -> object:
        return subprocess.run(command, check=True, capture_output=True)

    return run


def cases() -> Iterator[tuple[str, float, Callable[[], object], Callable[[], object]]]:
    """One case per game against a bare interpreter, timed side by side."""
    folder = Path(tempfile.mkdtemp(prefix="bench_cli_"))
    bare = _runner([sys.executable, "-c", "pass"])
    for game, text in CASES.items():
        path = folder / f"{game}.in"
        path.write_text(text)
        ours = _runner([sys.executable, "-m", "solvers", game, str(path)])
        yield f"python -m solvers {game}, one case vs python -c pass", GOAL, ours, bare
