"""Xoinc: the O(N^2) table in both kernels, and the CLI against a plain Python script.

The plain script is the straightforward O(N^2) table a contestant writes (issue 12's
reference: one CLI case must take at most 1.5 times as long on the same input).
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from run import median_ms

from solvers import xoinc
from solvers.xoinc.kernel import numpy_rows
from solvers.xoinc.table import python_rows, suffix_sums

ROOT = Path(__file__).resolve().parent.parent

PLAIN_SCRIPT = """\
import sys


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    coins = [int(w) for w in data[1 : n + 1]]
    suffix = [0] * (n + 1)
    for i in range(1, n + 1):
        suffix[i] = suffix[i - 1] + coins[n - i]
    best = [[0] * (n + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        row = best[i]
        top = 0
        for j in range(1, i + 1):
            rest = i - j
            value = suffix[i] - best[rest][min(2 * j, rest)]
            if value > top:
                top = value
            row[j] = top
    print(best[n][min(2, n)])


main()
"""

#: What the CLI costs once it loads only the game asked for (issue 9).
ALONE = (
    "import sys; from solvers import xoinc; "
    "print(xoinc.format_judge(xoinc.solve(xoinc.parse_judge(sys.stdin.read())[0])))"
)


def _stack(n: int, seed: int) -> xoinc.XoincInputs:
    rng = random.Random(seed)
    return xoinc.XoincInputs(tuple(rng.randint(1, xoinc.MAX_VALUE) for _ in range(n)))


def _judge_texts(count: int, n: int) -> list[str]:
    return [xoinc.format_input(_stack(n, seed)) for seed in range(count)]


def _parse_and_solve(texts: list[str]) -> object:
    return [xoinc.format_judge(xoinc.solve(case)) for t in texts for case in xoinc.parse_judge(t)]


def _runner(command: list[str], path: Path) -> Callable[[], object]:
    def run() -> object:
        with path.open() as handle:
            return subprocess.run(
                command, stdin=handle, stdout=subprocess.DEVNULL, check=True, cwd=ROOT
            )

    return run


def cases() -> Iterator[tuple[str, float | None, Callable[[], object]]]:
    """Kernels in process, then whole CLI runs beside the plain script (target 1.5x)."""
    for n in (500, 2000):
        inputs = _stack(n, n)
        target = 30.0 if n == 2000 else None
        yield f"solve N={n} (table + optimal line)", target, lambda i=inputs: xoinc.solve(i)
    for n in (300, 1000):
        suffix = suffix_sums(_stack(n, n).coins)
        yield f"table N={n}, plain Python kernel", None, lambda s=suffix: python_rows(s)
        yield f"table N={n}, NumPy kernel (NumPy loaded)", None, lambda s=suffix: numpy_rows(s)
    big = _stack(5000, 5000)
    yield "solve N=5000 (table + optimal line)", None, lambda: xoinc.solve(big)
    texts = _judge_texts(20, 2000)
    yield "parse + solve 20 judge files of N=2000", None, lambda: _parse_and_solve(texts)

    folder = Path(tempfile.mkdtemp(prefix="bench_xoinc_"))
    script = folder / "plain.py"
    script.write_text(PLAIN_SCRIPT)
    for n in (5, 100, 1000, 2000):
        path = folder / f"stack{n}.in"
        path.write_text(xoinc.format_input(_stack(n, n)))
        plain = _runner([sys.executable, str(script)], path)
        ours = _runner([sys.executable, "-m", "solvers", "xoinc", str(path)], path)
        alone = _runner([sys.executable, "-c", ALONE], path)
        reference = median_ms(plain, 3 if n >= 1000 else 7)
        yield f"plain O(N^2) script N={n}", None, plain
        yield f"python -m solvers xoinc N={n} (<= 1.5x plain)", 1.5 * reference, ours
        yield f"solvers.xoinc alone, stdin to stdout, N={n}", 1.5 * reference, alone
