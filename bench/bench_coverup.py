"""Cover Up: judge-size solves, the exhaustive recursion, and the CLI beside a memoised script.

Run directly (``python bench/bench_coverup.py``) to print the speed-up over the
exhaustive recursion of tests/solvers/brute_coverup.py and the command line's
time per case beside the straightforward memoised script below (issue 12's goal:
at most 1.5x).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from solvers import coverup

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "solvers"))
import brute_coverup

TARGET_MS = 20.0
CLI_GOAL = 1.5

JUDGE_CASES = {
    "10 5 0.5 x5": "10 5 0.5 " * 5,
    "10 1 0.9 x5": "10 1 0.9 " * 5,
    "10 3 0.7 x5": "10 3 0.7 " * 5,
    "mix 10 5 .5 / 10 1 .9 / 10 3 .7 / 10 4 .6 / 10 2 .8": (
        "10 5 0.5 10 1 0.9 10 3 0.7 10 4 0.6 10 2 0.8"
    ),
    "mix 10 5 .5 / 10 6 .55 / 10 4 .6 / 10 3 .7 / 10 5 .45": (
        "10 5 0.5 10 6 0.55 10 4 0.6 10 3 0.7 10 5 0.45"
    ),
    "mix 10 5 .5 x2 / 10 1 .9 x2 / 10 3 .7": "10 5 0.5 10 5 0.5 10 1 0.9 10 1 0.9 10 3 0.7",
    "show layout 2 1 .9 / 3 1 .6 / 4 1 .5 / 5 1 .4 / 6 1 .4": (
        "2 1 0.9 3 1 0.6 4 1 0.5 5 1 0.4 6 1 0.4"
    ),
}
#: The exhaustive recursion finishes this 5 x 10 case in about a second.
BRUTE_CASE = "10 1 0.9 x5"
#: The slowest judge case for both the CLI and the reference script (all columns differ).
CLI_CASE = "mix 10 5 .5 / 10 6 .55 / 10 4 .6 / 10 3 .7 / 10 5 .45"

#: What a contestant writes: a memoised recursion over every pick and outcome.
REFERENCE_SCRIPT = """
import sys
from functools import lru_cache
from itertools import product


def solve(cols):
    @lru_cache(maxsize=None)
    def best(state):
        open_ = [i for i, s in enumerate(state) if s is not None]
        if not open_:
            return 1.0
        kinds = [[k for k, c in ((0, state[i][0]), (1, state[i][1])) if c] for i in open_]
        top = 0.0
        for pick in product(*kinds):
            hits = []
            for i, k in zip(open_, pick):
                (a, b), (wc, wo) = state[i], cols[i]
                total = a * wc + b * wo
                hits.append(0.0 if total <= 0 else (wo if k else wc) / total)
            value = 0.0
            for outcome in product((True, False), repeat=len(open_)):
                if not any(outcome):
                    continue
                prob, nxt = 1.0, list(state)
                for j, i in enumerate(open_):
                    a, b = state[i]
                    if outcome[j]:
                        prob *= hits[j]
                        nxt[i] = None
                    else:
                        prob *= 1.0 - hits[j]
                        nxt[i] = (a, b - 1) if pick[j] else (a - 1, b)
                if prob > 0.0:
                    value += prob * best(tuple(nxt))
            top = max(top, value)
        return top

    return best


def main():
    words = sys.stdin.read().split()
    pos, out = 0, []
    while True:
        n = int(words[pos])
        pos += 1
        if n == 0:
            break
        triplets = []
        for _ in range(n):
            triplets.append((int(words[pos]), int(words[pos + 1]), float(words[pos + 2])))
            pos += 3
        cols = tuple(((p / l if l else 0.0), (1.0 - p) / (m - l)) for m, l, p in triplets)
        value = solve(cols)(tuple((l, m - l) for m, l, _ in triplets))
        k = int(value * 1000 + 0.5 + 1e-9)
        out.append("1" if k >= 1000 else "0" if k <= 0 else f"0.{k:03d}".rstrip("0"))
    print("\\n".join(out))


main()
"""


def _inputs(label: str) -> coverup.CoverUpInputs:
    (inputs,) = coverup.parse_judge(f"5\n{JUDGE_CASES[label]}\n0\n")
    return inputs


def _triplets(inputs: coverup.CoverUpInputs) -> list[tuple[int, int, float]]:
    return [(c.choices, c.candidates, c.p) for c in inputs.columns]


def _run(command: list[str], stdin_path: Path | None = None) -> float:
    start = time.perf_counter()
    with open(stdin_path or "/dev/null") as stdin:
        subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def cli_versus_reference(repeats: int = 9) -> tuple[list[float], list[float], list[float]]:
    """Wall times (ms) of ``python -m solvers coverup FILE``, the script, ``python -c pass``.

    The three are run in turn, ``repeats`` times, so machine load hits them alike.
    """
    with tempfile.TemporaryDirectory() as folder:
        case = Path(folder) / "case.in"
        case.write_text(f"5\n{JUDGE_CASES[CLI_CASE]}\n0\n")
        script = Path(folder) / "reference.py"
        script.write_text(REFERENCE_SCRIPT)
        cli, ref, bare = [], [], []
        for _ in range(repeats):
            cli.append(_run([sys.executable, "-m", "solvers", "coverup", str(case)]))
            ref.append(_run([sys.executable, str(script)], case))
            bare.append(_run([sys.executable, "-c", "pass"]))
    return cli, ref, bare


def cases():
    for label in JUDGE_CASES:
        inputs = _inputs(label)
        yield f"solve {label}", TARGET_MS * 5, lambda inputs=inputs: coverup.solve(inputs)
    inputs = _inputs(BRUTE_CASE)
    triplets = _triplets(inputs)
    yield f"exhaustive recursion {BRUTE_CASE} (oracle)", None, lambda: brute_coverup.value(triplets)
    show = coverup.solve(_inputs("show layout 2 1 .9 / 3 1 .6 / 4 1 .5 / 5 1 .4 / 6 1 .4"))
    yield "simulate 100 000 games, show layout", 500.0, lambda: coverup.simulate(show, 100_000, 1)
    mixed = _inputs("mix 10 5 .5 / 10 1 .9 / 10 3 .7 / 10 4 .6 / 10 2 .8")
    yield (
        "solve + policy entries of every state (first mix)",
        None,
        lambda: coverup.solve(mixed).entries(),
    )
    _, ref, _ = cli_versus_reference(5)
    folder = Path(tempfile.mkdtemp())
    case = folder / "case.in"
    case.write_text(f"5\n{JUDGE_CASES[CLI_CASE]}\n0\n")
    script = folder / "reference.py"
    script.write_text(REFERENCE_SCRIPT)
    yield (
        "memoised script, one case (all columns differ)",
        None,
        lambda: _run([sys.executable, str(script)], case),
    )
    yield (
        f"CLI, same case (goal <= {CLI_GOAL}x the script's median)",
        CLI_GOAL * statistics.median(ref),
        lambda: _run([sys.executable, "-m", "solvers", "coverup", str(case)]),
    )


def speedup() -> None:
    inputs = _inputs(BRUTE_CASE)
    coverup.solve(inputs)
    fast = []
    for _ in range(7):
        start = time.perf_counter()
        coverup.solve(inputs)
        fast.append(time.perf_counter() - start)
    start = time.perf_counter()
    brute_coverup.value(_triplets(inputs))
    slow = time.perf_counter() - start
    ms = statistics.median(fast) * 1000
    ratio = slow / ms * 1000
    print(f"{BRUTE_CASE}: exhaustive {slow:.2f} s, solver {ms:.2f} ms, {ratio:.0f}x faster")
    cli, ref, bare = cli_versus_reference()
    for name, times in (("CLI", cli), ("memoised script", ref), ("python -c pass", bare)):
        print(f"{name:>16}: min {min(times):.0f} ms, median {statistics.median(times):.0f} ms")
    ratio = statistics.median(cli) / statistics.median(ref)
    print(f"CLI / memoised script (medians): {ratio:.2f}x (goal <= {CLI_GOAL}x)")


if __name__ == "__main__":
    speedup()
