"""``python -m solvers GAME --sweep NAME=START:STOP[:STEP]``: each row is the CLI's own answer.

The held-out checks of issue 23 in the same form: Great Game ``--sweep W=1:8`` and
``L=1:8`` on samples, Dice Yut ``--expected --pieces 4 --sweep turns=1:8``; every row's
answer is compared with the plain CLI run on the changed case (a direct solve, as
the judge's words), and the CLI's errors are checked.
"""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import pytest

import solvers
import solvers.__main__ as cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "tests" / "samples"


def run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str, stdin: str = ""
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = cli.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def table(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("gap", ["W", "L"])
@pytest.mark.parametrize("sample", ["sample1", "sample2", "medium"])
def test_great_game_gap_rows_are_direct_solves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, gap: str, sample: str
) -> None:
    path = SAMPLES / "greatgame" / f"{sample}.in"
    status, out, err = run(capsys, monkeypatch, "greatgame", "--sweep", f"{gap}=1:8", str(path))
    assert status == 0, err
    rows = table(out)
    module = solvers.load("greatgame")
    cases = module.parse_judge(path.read_text())
    several = len(cases) > 1
    assert rows[0] == [
        gap,
        *(["case"] if several else []),
        "match win probability",
        "match win (%)",
    ]
    assert len(rows) == 1 + 8 * len(cases)
    for row in rows[1:]:
        value, case = int(row[0]), int(row[1]) if several else 1
        inputs = cases[case - 1]
        changed = module.GreatGameInputs(
            inputs.percentages,
            value if gap == "W" else inputs.win_by,
            value if gap == "L" else inputs.lose_by,
        )
        status, direct, err = run(
            capsys, monkeypatch, "greatgame", stdin=module.format_input(changed)
        )
        assert status == 0, err
        assert row[-1] + "%" == direct.strip()
        assert float(row[-2]) == module.solve(changed).probability


def test_dice_yut_turns_rows_are_direct_solves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(
        capsys, monkeypatch, "yut", "--expected", "--pieces", "4", "--sweep", "turns=1:8"
    )
    assert status == 0, err
    rows = table(out)
    assert rows[0] == ["turns", "expected score", "expected score (3 decimals)"]
    assert [row[0] for row in rows[1:]] == [str(t) for t in range(1, 9)]
    for row in rows[1:]:
        status, direct, err = run(
            capsys, monkeypatch, "yut", "--expected", "--pieces", "4", "--turns", row[0]
        )
        assert status == 0, err
        assert row[2] == direct.strip()
        assert abs(float(row[1]) - float(direct)) <= 0.0005


@pytest.mark.parametrize(
    ("args", "stdin", "first_rows"),
    [
        (
            ["nim", "--subtract", "2,3", "--sweep", "size=0:5"],
            "1\n4\n",
            ["0,0,0", "1,0,0", "2,1,1"],
        ),
        (["nim", "--sweep", "pile2=0:2"], "2\n3 1\n", ["0,3,1", "1,2,1", "2,1,1"]),
        (["xoinc", "--sweep", "coins=1:3"], "3\n1\n2\n3\n", ["1,0,1", "2,0,3", "3,3,3"]),
        (["coverup", "--sweep=p1=0:1:0.5"], "1\n2 1 0.5\n0\n", ["0,1,1", "0.5,0.5,0.5", "1,1,1"]),
        (["yut", "--sweep", "throw1=1:2"], "1 1 1 1 1 1 1 1 1 1\n", ["1,133", "2,166"]),
    ],
)
def test_each_game_sweeps_from_stdin(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    stdin: str,
    first_rows: list[str],
) -> None:
    status, out, err = run(capsys, monkeypatch, *args, stdin=stdin)
    assert status == 0, err
    assert out.splitlines()[1 : 1 + len(first_rows)] == first_rows


@pytest.mark.parametrize(
    ("args", "stdin", "error"),
    [
        (["greatgame", "--sweep", "W=0:8"], "1 1 1\n40 30 30\n0 0 0\n", "--sweep: START: W"),
        (["greatgame", "--sweep", "W=1:8:0"], "1 1 1\n40 30 30\n0 0 0\n", "--sweep: STEP must be"),
        (["greatgame", "--sweep", "X=1:8"], "", "--sweep: unknown sweep 'X' (this game has: W, L,"),
        (["greatgame", "--sweep", "W"], "", "--sweep: give NAME=START:STOP[:STEP], got 'W'"),
        (["greatgame", "--sweep", "W=1:2", "--sweep", "L=1:2"], "", "--sweep: give one sweep"),
        (["yut", "--sweep", "turns=1:8"], "", "--sweep: turns can only be swept with --expected"),
        (["yut", "--expected", "--sweep", "throw1=1:2"], "", "--expected: throw cannot be swept"),
        (["nim", "--sweep", "pile3=1:2"], "1\n5\n", "<stdin>:1: pile 3 does not exist"),
        (["nim", "--sweep", "pile1=1:100000"], "1\n5\n", "--sweep: 100,000 values: at most"),
        (["coverup", "--sweep", "p1=0:1"], "1\n3 0 0\n0\n", "--sweep: STOP: candidate"),
    ],
)
def test_errors_exit_2_naming_the_option_or_the_case(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    stdin: str,
    error: str,
) -> None:
    status, out, err = run(capsys, monkeypatch, *args, stdin=stdin)
    assert status == 2
    assert out == ""
    assert err.startswith(error), err
    assert len(err.splitlines()) == 1


def test_a_solve_refused_past_its_bound_names_the_case(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "two.txt"
    path.write_text("1 1 1\n40 30 30\n0 0 0\n")
    status, _, err = run(capsys, monkeypatch, "greatgame", "--sweep", "rock2=0:10", str(path))
    assert (status, err.strip()) == (2, f"{path}:1: throw 2 does not exist: there are 1")
    monkeypatch.setattr("solvers.yut.unknown.MAX_POSITIONS", 50)
    status, _, err = run(capsys, monkeypatch, "yut", "--expected", "--sweep", "pieces=1:3")
    assert status == 2 and err.startswith("--expected: more than 50 positions"), err
    assert "use fewer pieces" in err
