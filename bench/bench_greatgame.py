"""The Great Game: G = 1000 throws, W = L = 100; the CLI beside a C++ reference.

In-process rows time ``solve`` (the answer only: no policy pass) and the
solve the tab runs (policy recorded). The CLI rows time ``python -m solvers
greatgame`` per case on the largest judge input (ten cases of G = 1000,
W = L = 100; fifty of G = 200) beside ``greatgame_reference.cpp`` (a plain bisection solution,
built with g++ -O2 when a compiler is there), run in turn in the same loop so
load hits both alike. Per case = (time of the many-case file - time of a
one-case file) / (cases - 1): process start-up cancels out. Issue 12's goal: at most
1.5x the reference per case for G from 200 to 1000. Run directly
(``python bench/bench_greatgame.py``) for minimum and median of each.
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from measure import Measure

from solvers import greatgame as gg

HERE = Path(__file__).resolve().parent
REFERENCE_SOURCE = HERE / "greatgame_reference.cpp"
CLI_GOAL = 1.5
#: Cases in the "largest judge input" file at G = 1000 (W = L = 100); smaller G get more
#: cases (10000 / G), so that the work per file stays well above start-up noise.
MANY = 10


def near_uniform(seed: int, throws: int = 1000, spread: int = 3) -> gg.GreatGameInputs:
    """Rows within ``spread`` points of 33/33/34, the hardest shape for the ratio search."""
    rng = random.Random(seed)
    rows = []
    for _ in range(throws):
        a = 33 + rng.randint(-spread, spread)
        b = 33 + rng.randint(-spread, spread)
        rows.append((a, b, 100 - a - b))
    return gg.GreatGameInputs(tuple(rows), 100, 100)


def judge_text(cases: list[gg.GreatGameInputs]) -> str:
    """Cases in judge format, one terminator at the end."""
    bodies = [gg.format_input(c).removesuffix("0 0 0\n") for c in cases]
    return "".join(bodies) + "0 0 0\n"


class Files:
    """The one-case and many-case judge files, and the built reference (None without g++)."""

    def __init__(self, throws: int = 1000) -> None:
        self.throws = throws
        self.folder = Path(tempfile.mkdtemp(prefix="bench-greatgame-"))
        self.count = max(MANY, 10_000 // throws)
        cases = [near_uniform(seed, throws, spread=1 + seed % 8) for seed in range(self.count)]
        self.one = self.folder / "one.in"
        self.one.write_text(judge_text(cases[:1]))
        self.many = self.folder / "many.in"
        self.many.write_text(judge_text(cases))
        self.reference: Path | None = None
        compiler = shutil.which("g++")
        if compiler is not None:
            binary = self.folder / "reference"
            built = subprocess.run(
                [compiler, "-O2", "-o", str(binary), str(REFERENCE_SOURCE)], check=False
            )
            if built.returncode == 0:
                self.reference = binary

    def cli(self, path: Path) -> list[str]:
        """The command line of our CLI on ``path``."""
        return [sys.executable, "-m", "solvers", "greatgame", str(path)]

    def same_answers(self) -> bool:
        """Whether the reference prints what the CLI prints on the many cases."""
        if self.reference is None:
            return False
        ours = subprocess.run(self.cli(self.many), capture_output=True, text=True, check=True)
        with self.many.open() as stdin:
            theirs = subprocess.run(
                [str(self.reference)], stdin=stdin, capture_output=True, text=True, check=True
            )
        return ours.stdout == theirs.stdout


def _run(command: list[str], stdin_path: Path) -> float:
    start = time.perf_counter()
    with stdin_path.open() as stdin:
        subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def _case_ms(command: Callable[[Path], list[str]], files: Files) -> float:
    """Per-case ms of ``command``: (many-case file - one-case file) / (cases - 1)."""
    many = _run(command(files.many), files.many)
    one = _run(command(files.one), files.one)
    return (many - one) / (files.count - 1)


def per_case(files: Files, repeats: int = 5) -> dict[str, list[float]]:
    """Per-case ms of the CLI and the reference, taken in turn ``repeats`` times."""
    times: dict[str, list[float]] = {"CLI": [], "C++ reference": []}
    commands: dict[str, Callable[[Path], list[str]]] = {"CLI": files.cli}
    if files.reference is not None:
        reference = files.reference
        commands["C++ reference"] = lambda _path: [str(reference)]
    for _ in range(repeats):
        for name, command in commands.items():
            times[name].append(_case_ms(command, files))
    return times


def cases() -> Iterator[tuple[object, ...]]:
    for seed, spread in ((1, 1), (2, 3), (3, 8)):
        inputs = near_uniform(seed, spread=spread)
        yield (
            f"G=1000 W=L=100, rows 33+-{spread} (seed {seed})",
            60.0,
            lambda inputs=inputs: gg.solve(inputs),
        )
    skewed = gg.GreatGameInputs(((60, 25, 15),) * 1000, 100, 100)
    yield "G=1000 W=L=100, rock-heavy 60/25/15", 60.0, lambda: gg.solve(skewed)
    inputs = near_uniform(2)
    yield (
        "G=1000 W=L=100, rows 33+-3, forced bisection",
        None,
        lambda: gg.solve_great_game(inputs, method="bisection"),
    )
    yield (
        "G=1000, as the tab solves it (policy recorded)",
        None,
        lambda: gg.solve_great_game(inputs, policy=True),
    )
    for throws in (200, 1000):  # the goal's range of G
        yield from _cli_rows(Files(throws))


def _cli_rows(files: Files) -> Iterator[tuple[object, ...]]:
    if files.reference is None:
        return
    reference = files.reference

    def cli_case() -> Measure:
        return Measure(_case_ms(files.cli, files))

    def reference_case() -> Measure:
        return Measure(_case_ms(lambda _path: [str(reference)], files))

    yield (
        f"CLI per case, {files.count} x G={files.throws} W=L=100 (ref: C++ bisection)",
        CLI_GOAL,
        cli_case,
        reference_case,
    )


def main() -> None:
    for throws in (200, 1000):
        compare(Files(throws))


def compare(files: Files) -> None:
    """Print per-case minimum and median of the CLI and the reference on ``files``."""
    print(f"{files.count} cases of G={files.throws}, W=L=100 ({files.many})")
    if files.reference is None:
        print("no g++: the C++ reference is not timed")
    else:
        print(f"same answers as the reference: {files.same_answers()}")
    times = per_case(files)
    for name, values in times.items():
        if values:
            print(
                f"{name:>14} per case: min {min(values):.1f} ms,"
                f" median {statistics.median(values):.1f} ms"
            )
    if times["C++ reference"]:
        ratio = statistics.median(times["CLI"]) / statistics.median(times["C++ reference"])
        print(f"CLI / C++ reference per case (medians): {ratio:.2f}x (goal <= {CLI_GOAL}x)")


if __name__ == "__main__":
    main()
