"""Xoinc: the O(N^2) table for one stack, and a CLI-style run over 20 files' worth."""

from __future__ import annotations

import random

from solvers import xoinc


def _stack(n: int, seed: int) -> xoinc.XoincInputs:
    rng = random.Random(seed)
    return xoinc.XoincInputs(tuple(rng.randint(1, xoinc.MAX_VALUE) for _ in range(n)))


def _judge_texts(count: int, n: int) -> list[str]:
    texts = []
    for seed in range(count):
        coins = _stack(n, seed).coins
        texts.append(f"{n}\n" + "".join(f"{c}\n" for c in coins))
    return texts


def _parse_and_solve(texts: list[str]) -> object:
    return [xoinc.format_judge(xoinc.solve(case)) for t in texts for case in xoinc.parse_judge(t)]


def cases():
    for n in (500, 2000):
        inputs = _stack(n, n)
        target = 30.0 if n == 2000 else None
        yield f"solve N={n} (table + optimal line)", target, lambda i=inputs: xoinc.solve(i)
    big = _stack(5000, 5000)
    yield "solve N=5000 (table + optimal line)", None, lambda: xoinc.solve(big)
    texts = _judge_texts(20, 2000)
    yield "parse + solve 20 judge files of N=2000", None, lambda: _parse_and_solve(texts)
