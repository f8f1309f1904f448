"""Every sample in games.md through ``python -m solvers``, byte for byte.

Samples live in ``tests/samples/<game>/<name>.in`` with the expected judge
output in ``<name>.out`` (``<name>.args`` may hold extra CLI flags).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "tests" / "samples").glob("*/*.in"))


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solvers", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_samples_exist() -> None:
    assert len(SAMPLES) >= 6


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_sample_through_cli(sample: Path) -> None:
    flags = sample.with_suffix(".args")
    extra = flags.read_text().split() if flags.exists() else []
    done = run_cli(sample.parent.name, *extra, str(sample))
    assert done.returncode == 0, done.stderr
    assert done.stdout == sample.with_suffix(".out").read_text()


@pytest.mark.parametrize("game", sorted({p.parent.name for p in SAMPLES}))
def test_all_samples_of_a_game_in_one_run_keep_order(game: str) -> None:
    files = [p for p in SAMPLES if p.parent.name == game and not p.with_suffix(".args").exists()]
    done = run_cli(game, *map(str, files))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "".join(p.with_suffix(".out").read_text() for p in files)


@pytest.mark.parametrize("game", sorted({p.parent.name for p in SAMPLES}))
def test_stdin_and_json(game: str) -> None:
    sample = next(
        p for p in SAMPLES if p.parent.name == game and not p.with_suffix(".args").exists()
    )
    plain = run_cli(game, stdin=sample.read_text())
    assert plain.stdout == sample.with_suffix(".out").read_text()
    done = run_cli(game, "--json", str(sample))
    assert done.returncode == 0, done.stderr
    documents = json.loads(done.stdout)
    answers = [d["answer"] + "\n" for d in documents]
    assert "".join(answers) == sample.with_suffix(".out").read_text()
    assert all("result" in d for d in documents)


@pytest.mark.parametrize("game", sorted({p.parent.name for p in SAMPLES}))
def test_garbage_exits_2_with_file_and_line(game: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("1\nnot-a-number here\n")
    done = run_cli(game, str(bad))
    assert done.returncode == 2
    assert done.stderr.startswith(f"{bad}:"), done.stderr
    assert "Traceback" not in done.stderr
    line = done.stderr.split(":")[1]
    assert line.isdigit() and 1 <= int(line) <= 2


def test_missing_file_exits_2(tmp_path: Path) -> None:
    done = run_cli("nim", str(tmp_path / "nope.txt"))
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_help_lists_the_games() -> None:
    done = run_cli("--help")
    assert done.returncode == 0
    assert "nim" in done.stdout
