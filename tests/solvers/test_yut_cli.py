from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from brute_yut import brute_max
from budget import PROFILE

from solvers.__main__ import main as cli_main
from solvers.yut import board_to_json, load_board_text, standard_board

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solvers", "yut", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_custom_board_file(tmp_path: Path) -> None:
    data = board_to_json(standard_board())
    for square in data["squares"]:
        if square["id"] == "m25":
            square["score"] = 100
    path = tmp_path / "rich.json"
    path.write_text(json.dumps(data))
    board = load_board_text(path.read_text())
    throws = (5, 4, 1, 2, 3)
    done = run("--board", str(path), "--throws", "5", stdin="5 4 1 2 3\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{brute_max(board, throws)}\n"
    assert done.stdout != f"{brute_max(standard_board(), throws)}\n"


def test_bad_board_file_is_explained(tmp_path: Path) -> None:
    data = board_to_json(standard_board())
    data["squares"][3]["red"] = "nowhere"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    done = run("--board", str(path), stdin="1 1 1 1 1 1 1 1 1 1\n")
    assert done.returncode != 0
    assert "red successor 'nowhere' is not a square" in done.stderr
    assert "Traceback" not in done.stderr


def test_bad_options() -> None:
    done = run("--pieces", "9", stdin="1 1 1 1 1 1 1 1 1 1\n")
    assert done.returncode != 0 and "--pieces: must be between 1 and 6, got 9" in done.stderr


def test_example_file_solves() -> None:
    done = run(str(ROOT / "resources" / "examples" / "yut.txt"))
    assert done.stdout == "214\n"


@pytest.mark.skipif(PROFILE != "thorough", reason="a 2 s solve: CI only")
def test_six_pieces_twenty_throws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """508: the solver's answer for these throws with 6 pieces (the tab shows the same)."""
    path = tmp_path / "six.in"
    path.write_text("5 3 4 2 1 5 3 4 2 1 5 3 4 2 1 5 3 4 2 1\n")
    assert cli_main(["yut", "--pieces", "6", "--throws", "20", str(path)]) == 0
    assert capsys.readouterr().out == "508\n"
