"""Every sample in games.md through ``python -m solvers``, byte for byte, and the CLI's errors.

Samples live in ``tests/samples/<game>/<name>.in`` with the expected judge
output in ``<name>.out`` (``<name>.args`` may hold extra CLI flags). The CLI runs in
process (``main(argv)``); a few smoke tests start the real interpreter.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import solvers
import solvers.__main__ as cli
from solvers.protocol import TooBig

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "tests" / "samples").glob("*/*.in"))
GAMES_WITH_SAMPLES = sorted({p.parent.name for p in SAMPLES})


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
    stdin: str | bytes = "",
) -> tuple[int, str, str]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    status = cli.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def run_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solvers", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def extra_flags(sample: Path) -> list[str]:
    flags = sample.with_suffix(".args")
    return flags.read_text().split() if flags.exists() else []


def test_samples_exist() -> None:
    assert len(SAMPLES) >= 6
    assert set(GAMES_WITH_SAMPLES) == set(solvers.GAMES)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_sample_through_cli(
    sample: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(
        capsys, monkeypatch, sample.parent.name, *extra_flags(sample), str(sample)
    )
    assert status == 0, err
    assert out == sample.with_suffix(".out").read_text()


@pytest.mark.parametrize("game", GAMES_WITH_SAMPLES)
def test_all_samples_of_a_game_in_one_run_keep_order(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    files = [p for p in SAMPLES if p.parent.name == game and not extra_flags(p)]
    status, out, err = run(capsys, monkeypatch, game, *map(str, files))
    assert status == 0, err
    assert out == "".join(p.with_suffix(".out").read_text() for p in files)


@pytest.mark.parametrize("game", GAMES_WITH_SAMPLES)
def test_stdin_and_json(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sample = next(p for p in SAMPLES if p.parent.name == game and not extra_flags(p))
    expected = sample.with_suffix(".out").read_text()
    status, out, _ = run(capsys, monkeypatch, game, stdin=sample.read_text())
    assert (status, out) == (0, expected)
    status, out, err = run(capsys, monkeypatch, game, "--json", str(sample))
    assert status == 0, err
    documents = json.loads(out)
    assert "".join(d["answer"] + "\n" for d in documents) == expected
    assert all("result" in d and d["file"] == str(sample) for d in documents)


@pytest.mark.parametrize("game", GAMES_WITH_SAMPLES)
def test_garbage_exits_2_with_file_and_line(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("1\nnot-a-number here\n")
    status, _, err = run(capsys, monkeypatch, game, str(bad))
    assert status == 2
    assert err.startswith(f"{bad}:"), err
    assert "Traceback" not in err
    line = err.split(":")[1]
    assert line.isdigit() and 1 <= int(line) <= 2


@pytest.mark.parametrize(
    ("content", "reason"),
    [(b"", ""), (b"   \n\n", ""), (b"\xff\xfe1\n", "not UTF-8"), (b"0\n", "")],
    ids=["empty", "blank", "binary", "terminator-only"],
)
@pytest.mark.parametrize("game", GAMES_WITH_SAMPLES)
def test_hostile_files_exit_2_cleanly(
    game: str,
    content: bytes,
    reason: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    status, _, err = run(capsys, monkeypatch, game, str(bad))
    assert status == 2, err
    assert err.startswith(f"{bad}:") and reason in err
    assert int(err.split(":")[1]) in (1, 2) and err.count("\n") == 1


def test_missing_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = run(capsys, monkeypatch, "nim", str(tmp_path / "nope.txt"))
    assert status == 2 and err.startswith(f"{tmp_path / 'nope.txt'}:1: cannot read")


def test_oversized_file_is_refused_before_parsing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.txt"
    big.write_text("1\n1\n" * 100)
    monkeypatch.setattr(cli, "MAX_INPUT_BYTES", 64)
    status, _, err = run(capsys, monkeypatch, "nim", str(big))
    assert status == 2 and err.startswith(f"{big}:1: larger than")


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["nim", "--subtract", ""], "--subtract"),
        (["nim", "--subtract", "0"], "--subtract"),
        (["nim", "--subtract", "1,x"], "--subtract"),
        (["nim", "--subtract"], "--subtract"),
        (["nim", "--misere", "--subtract", "1,2"], "--"),
        (["nim", "--bogus"], "--bogus"),
        (["yut", "--pieces", "0"], "--pieces"),
        (["yut", "--pieces", "x"], "--pieces"),
        (["yut", "--faces", "99"], "--faces"),
        (["yut", "--board", "BOARD"], "--board"),
        (["yut", "--expected", "--turns", "0"], "--turns"),
        (["greatgame", "--bogus"], "--bogus"),
    ],
)
def test_bad_options_exit_2_naming_the_option(
    args: list[str],
    flag: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = tmp_path / "board.json"
    board.write_text('{"nodes": [[[[[')
    args = [str(board) if a == "BOARD" else a for a in args]
    sample = ROOT / "tests" / "samples" / args[0] / "s1.in"
    status, out, err = run(capsys, monkeypatch, *args, str(sample))
    assert status == 2, err
    assert out == ""
    assert err.startswith(flag) and "Traceback" not in err and err.count("\n") == 1
    if flag != "--":
        assert err.startswith(f"{flag}: "), "OPTION: reason, as the contract says"


def test_unknown_game_and_no_game_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(capsys, monkeypatch, "chess")[0] == 2
    assert run(capsys, monkeypatch)[0] == 2
    status, _, err = run(capsys, monkeypatch, "--json")
    assert status == 2 and err.startswith("--json: ")


def test_help_lists_the_games_from_the_titles(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, "--help")
    assert status == 0
    assert all(game in out and title in out for game, title in solvers.TITLES.items())
    assert "check" in out


@pytest.mark.parametrize("game", sorted(solvers.GAMES))
def test_game_help(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, game, "--help")
    assert status == 0 and out.startswith(f"usage: python -m solvers {game}")
    module = solvers.load(game)
    assert all(option.flag in out for option in getattr(module, "OPTIONS", ()))
    # The input format with a sample: the sample shown is answered as the help says.
    sample = out.split("sample input:\n")[1].split("\n\n")[0]
    answer = out.split("its output:\n")[1].strip()
    text = "".join(line.removeprefix("  ") + "\n" for line in sample.splitlines())
    cases = module.parse_judge(text)
    assert len(cases) == 1 and module.format_judge(module.solve(cases[0])) == answer


def test_too_big_names_the_line_of_the_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    nim = solvers.load("nim")
    real_solve = nim.solve

    def refuse_three_piles(inputs, progress=None):  # type: ignore[no-untyped-def]
        if len(inputs.piles) == 3:
            raise TooBig("at most 2 piles here: use fewer piles")
        return real_solve(inputs, progress)

    monkeypatch.setattr(nim, "solve", refuse_three_piles)
    judge = tmp_path / "cases.txt"
    if not hasattr(nim, "format_input"):
        pytest.skip("nim cannot write its inputs back yet")
    judge.write_text("1\n5\n2\n1\n2\n\n3\n1 2 3\n")  # the third case starts on line 7
    status, out, err = run(capsys, monkeypatch, "nim", str(judge))
    assert status == 2
    assert out == "koosaga\nkoosaga\n"
    assert err == f"{judge}:7: at most 2 piles here: use fewer piles\n"


def test_unexpected_error_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    nim = solvers.load("nim")

    def broken(inputs, progress=None):  # type: ignore[no-untyped-def]
        raise RuntimeError("solver bug")

    monkeypatch.setattr(nim, "solve", broken)
    monkeypatch.delenv("SOLVERS_DEBUG", raising=False)
    status, _, err = run(capsys, monkeypatch, "nim", stdin="1\n1\n")
    assert status == 1
    assert err == "python -m solvers: internal error: RuntimeError: solver bug\n"


def test_standalone_option_reads_no_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    yut = solvers.load("yut")
    standalone = [o for o in getattr(yut, "OPTIONS", ()) if o.standalone]
    if not standalone:
        pytest.skip("yut has no standalone option yet")
    flag = standalone[0].flag
    status, out, err = run(capsys, monkeypatch, "yut", flag, "--pieces", "1", "--turns", "2")
    assert status == 0, err
    assert out.strip() and "\n" not in out.strip()
    status, _, err = run(capsys, monkeypatch, "yut", flag, "some-file.txt")
    assert status == 2 and err.startswith(flag)


# --- smoke tests through the real interpreter -------------------------------------------


def test_process_smoke_stdin_and_exit_codes(tmp_path: Path) -> None:
    done = run_process("xoinc", stdin="5\n1\n3\n1\n7\n2\n")
    assert (done.returncode, done.stdout, done.stderr) == (0, "9\n", "")
    done = run_process("nim", "--subtract", "0", stdin="1\n1\n")
    assert done.returncode == 2 and done.stderr.startswith("--subtract")
    assert "Traceback" not in done.stderr


def loaded_modules(*args: str, stdin: str = "") -> tuple[str, set[str]]:
    """Run the CLI in a fresh interpreter; return its output and every module it loaded."""
    script = (
        "import sys\n"
        "from solvers.__main__ import main\n"
        "status = main(sys.argv[1:])\n"
        "sys.stdout.flush()\n"
        "print('\\n'.join(sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    return done.stdout, set(done.stderr.split())


def test_process_loads_only_the_named_game_and_no_numpy() -> None:
    out, modules = loaded_modules("nim", stdin="2\n1 2\n")
    assert out == "koosaga\n"
    assert "solvers.nim" in modules
    assert not any(name.split(".")[0] == "numpy" for name in modules)
    others = tuple(f"solvers.{game}" for game in solvers.GAMES if game != "nim")
    assert not any(name.startswith((*others, "solvers.check")) for name in modules)


def test_process_help_imports_no_game() -> None:
    out, modules = loaded_modules("--help")
    assert "Great Game" in out
    assert not any(
        name.startswith(tuple(f"solvers.{g}" for g in solvers.GAMES)) for name in modules
    )


def test_process_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    many = tmp_path / "many.txt"
    many.write_text("2\n1 2\n" * 20000)
    process = subprocess.Popen(
        [sys.executable, "-m", "solvers", "nim", "--json", str(many)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert len(process.stdout.read(10)) == 10
    process.stdout.close()  # like `| head -c 10`
    err = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(60) == 0
    assert err == ""
