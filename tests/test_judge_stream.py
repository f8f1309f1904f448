"""Judge files as streams: tokens by chunks, strict numbers alike for all games, first cases.

Also the CLI's output errors and signals, through the real interpreter.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import solvers
import solvers.__main__ as cli
from solvers.files import FileRefused
from solvers.judge_files import judge_cases, read_first_case
from solvers.protocol import JudgeFormatError
from solvers.tokens import Tokens

ROOT = Path(__file__).resolve().parent.parent

#: One valid case per game, its first token a count; the last line is its last case's.
VALID = {
    "nim": "2\n3 4\n",
    "yut": "1 2 3 4 1 2 3 4 1 2\n",
    "coverup": "1\n2 1 0.5\n0\n",
    "greatgame": "1 1 1\n100 0 0\n0 0 0\n",
    "xoinc": "2\n1\n2\n",
}


class Pieces:
    """A text handed out in pieces of the given sizes (then the rest), like a slow pipe."""

    def __init__(self, text: str, sizes: list[int]) -> None:
        self.text, self.sizes, self.at = text, list(sizes), 0

    def read(self, size: int, /) -> str:
        step = min(size, self.sizes.pop(0) if self.sizes else size)
        self.at += step
        return self.text[self.at - step : self.at]


def plain_words(text: str) -> list[tuple[int, str]]:
    """The independent reading: every word with its 1-based line."""
    text = text.removeprefix("\ufeff")  # only at the very start
    return [(n, w) for n, line in enumerate(text.split("\n"), 1) for w in line.split()]


@given(
    st.text(alphabet=" \t\r\n12ab\ufeff", max_size=200),
    st.lists(st.integers(1, 7), max_size=60),
)
def test_tokens_read_in_any_pieces_match_a_plain_split(text: str, sizes: list[int]) -> None:
    for source in (text, Pieces(text, sizes)):
        tokens = Tokens(source)
        seen = []
        while not tokens.at_end():
            seen.append(tokens.word("a word"))
        # A str drops a leading BOM itself; a reader's BOM is TextSource's to drop.
        expected = plain_words(text if isinstance(source, str) else "\n" + text)
        if not isinstance(source, str):
            expected = [(n - 1, w) for n, w in expected]
        assert seen == expected
        last = max(1, text.count("\n") + (0 if text.endswith("\n") else 1))
        assert tokens.line == last


@given(st.lists(st.integers(-(10**30), 10**30), min_size=1, max_size=20))
def test_integers_read_back_exactly(numbers: list[int]) -> None:
    tokens = Tokens(Pieces(" ".join(map(str, numbers)), [3] * 100))
    assert tokens.integers(len(numbers), "n") == numbers


@pytest.mark.parametrize(
    "word", ["\uff11\uff12", "\u0661\u0662", "1_000", "12x", "0x1F", "+-1", "1.0", "\u00b2"]
)
@pytest.mark.parametrize("game", sorted(VALID))
def test_only_ascii_digits_are_numbers(game: str, word: str) -> None:
    text = VALID[game]
    first, _, rest = text.partition(text.split()[0])
    with pytest.raises(JudgeFormatError) as caught:
        list(solvers.load(game).iter_judge(first + word + rest))
    assert caught.value.line == 1 and "must be" in caught.value.reason


@pytest.mark.parametrize("word", ["\uff11", "\u0661", "1_0", "inf", "nan", "0x1p-2", "1e999"])
def test_reals_are_strict_too(word: str) -> None:
    with pytest.raises(JudgeFormatError, match="line 2: the rock percentage must be"):
        solvers.load("greatgame").parse_judge(f"1 1 1\n{word} 0 0\n")


@pytest.mark.parametrize("game", sorted(VALID))
def test_nothing_but_whitespace_after_the_last_case(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = VALID[game]
    path = tmp_path / "in.txt"
    path.write_text(text + " \n\t\n")
    assert cli.main([game, str(path)]) == 0
    lines = text.count("\n")
    path.write_text(text + "\n@\n")
    assert cli.main([game, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:{lines + 2}: ") and err.count("\n") == 1, err


@pytest.mark.parametrize("game", sorted(VALID))
def test_bom_and_crlf_everywhere(game: str, tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_bytes(VALID[game].replace("\n", "\r\n").encode("utf-8-sig"))
    module = solvers.load(game)
    expected = module.parse_judge(VALID[game])
    assert read_first_case(path, module, {}).inputs == expected[0]
    done = subprocess.run(
        [sys.executable, "-m", "solvers", game, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    plain = subprocess.run(
        [sys.executable, "-m", "solvers", game],
        input=VALID[game],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, "") and done.stdout == plain.stdout


# ----- first case (the app's Import) ------------------------------------------------------


def test_first_case_reads_only_the_start_of_a_million_cases(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "many.txt"
    path.write_text("3\n1 2 3\n" + "1\n5\n" * 1_000_000)
    read: list[int] = []
    real_read = os.read

    def counting(fd: int, size: int) -> bytes:
        data = real_read(fd, size)
        read.append(len(data))
        return data

    monkeypatch.setattr(os, "read", counting)
    first = read_first_case(path, solvers.load("nim"), {})
    assert first.inputs.piles == (1, 2, 3) and first.more
    assert sum(read) <= 2 * 65536 < path.stat().st_size


def test_first_case_errors_and_endings(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    nim, gg = solvers.load("nim"), solvers.load("greatgame")
    path.write_text("1\n5\n")
    assert read_first_case(path, nim, {}).more is False
    path.write_text("1 1 1\n100 0 0\n0 0 0\n")
    assert read_first_case(path, gg, {}).more is False
    path.write_text("1 1 1\n100 0 0\n0 0 0\njunk\n")  # the end is read to tell "more"
    assert read_first_case(path, gg, {}).more is True
    path.write_text("0 0 0\n")
    with pytest.raises(ValueError, match="no case"):
        read_first_case(path, gg, {})
    path.write_text("\n\n2\n1 x\n")
    with pytest.raises(JudgeFormatError) as caught:
        read_first_case(path, nim, {})
    assert caught.value.line == 4
    path.write_text("1 2 3 4 5 1 2\n")
    assert read_first_case(path, solvers.load("yut"), {"throws": 7}).inputs.throws[-1] == 2
    path.write_text(" " * 5000 + "1 5")
    with pytest.raises(JudgeFormatError, match="no case within the first 1,000 bytes"):
        read_first_case(path, nim, {}, limit=1000)


def test_first_case_refuses_a_fifo_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    caught: list[BaseException] = []

    def read() -> None:
        try:
            read_first_case(fifo, solvers.load("nim"), {})
        except BaseException as exc:
            caught.append(exc)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "a FIFO blocked the import"
    assert isinstance(caught[0], FileRefused) and "FIFO" in str(caught[0])


# ----- the CLI through the real interpreter ----------------------------------------------


def test_a_million_nim_cases_answer_at_once_in_little_memory(tmp_path: Path) -> None:
    path = tmp_path / "million.txt"
    path.write_text("1\n1\n" * 1_000_000)
    # The child times the first answer, then closes the pipe (the CLI ends quietly) and
    # reports the CLI's peak memory: reading the whole file first would show in both.
    script = (
        "import resource, subprocess, sys, time\n"
        "start = time.monotonic()\n"
        "p = subprocess.Popen([sys.executable, '-m', 'solvers', 'nim', sys.argv[1]],\n"
        "                     stdout=subprocess.PIPE, text=True)\n"
        "first = p.stdout.readline()\n"
        "took = time.monotonic() - start\n"
        "p.stdout.close()\n"
        "p.wait()\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "print(first.strip(), took, peak, p.returncode)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=170,
    )
    first, took, peak_kb, status = done.stdout.split()
    assert (first, status) == ("koosaga", "0"), done.stderr
    assert float(took) < 2.0 * (3 if os.environ.get("CI") else 1)  # a generous bound
    assert int(peak_kb) < 300 * 1024


def test_memory_stays_flat_through_a_whole_file() -> None:
    nim = solvers.load("nim")
    many = 50_000
    source = Pieces("2\n1 2\n" * many, [])
    tracemalloc.start()
    try:
        count = sum(1 for _ in judge_cases(nim, Tokens(source), {}))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert count == many
    assert peak < 2 * 1024 * 1024  # a few chunks and one case, not 50,000 cases


def test_full_disk_and_closed_stdout_are_named(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text("1\n5\n" * 5000)
    for redirect, reason in (
        (">/dev/full", "No space left on device"),
        (">&-", "Bad file descriptor"),
    ):
        done = subprocess.run(
            f'exec "{sys.executable}" -m solvers nim "{path}" {redirect}',
            shell=True,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert (done.returncode, done.stderr) == (cli.EXIT_OUTPUT, f"stdout: {reason}\n")


def test_output_errors_in_process(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1\n1\n")))
    monkeypatch.setattr(sys, "stdout", Full())
    assert cli.main(["nim"]) == cli.EXIT_OUTPUT
    monkeypatch.setattr(sys, "stdout", None)
    assert cli.main(["--help"]) == cli.EXIT_OUTPUT
    err = capsys.readouterr().err
    assert err == "stdout: No space left on device\nstdout: Bad file descriptor\n"


@pytest.mark.parametrize(("sent", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_cli_signals_end_it_quietly(sent: signal.Signals, status: int) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "solvers", "nim"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"1\n1\n")
    process.stdin.flush()
    assert process.stdout.readline() == b"koosaga\n"  # answered while stdin stays open
    process.send_signal(sent)
    _, err = process.communicate(timeout=30)
    assert (process.returncode, err) == (status, b"")


def test_cli_files_that_are_not_regular(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "solvers", "nim", str(fifo), str(tmp_path), "/dev/zero"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    # No writer: the FIFO ends at once, as an empty file would.
    assert done.returncode == 2 and done.stderr.startswith(f"{fifo}:1: unexpected end of input")
    assert time.monotonic() - start < 50
    for other, kind in ((str(tmp_path), "a folder"), ("/dev/zero", "a device")):
        done = subprocess.run(
            [sys.executable, "-m", "solvers", "nim", other],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert done.returncode == 2 and f"is {kind}, not a regular file" in done.stderr
    done = subprocess.run(
        ["bash", "-c", f'"{sys.executable}" -m solvers nim <(printf "1\\n1\\n")'],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (0, "koosaga\n")  # process substitution works


def test_the_check_report_names_output_errors_too() -> None:
    program = f'"{sys.executable}" tests/check_programs/nim_normal.py'
    for redirect, reason in (
        (">/dev/full", "No space left on device"),
        (">&-", "Bad file descriptor"),
    ):
        done = subprocess.run(
            f'exec "{sys.executable}" -m solvers check nim --cases 3 -- {program} {redirect}',
            shell=True,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
        assert (done.returncode, done.stderr) == (cli.EXIT_OUTPUT, f"stdout: {reason}\n")
