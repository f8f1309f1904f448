"""A toy game for the judge's own tests: the answer is the sum of N numbers.

Not a real game: it lets tests/test_check.py drive ``solvers.check`` without depending
on any game's generator. Its contestant is ``sum_contestant.py MODE``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

TITLE = "Sum"
OPTIONS = ()


@dataclass(frozen=True)
class Inputs:
    numbers: tuple[int, ...]


Result = int


def solve(inputs: Inputs, progress: object = None) -> int:
    if len(inputs.numbers) > 1000:
        raise ValueError("too many numbers: use fewer")
    return sum(inputs.numbers)


def format_judge(result: int) -> str:
    return str(result)


def format_input(inputs: Inputs) -> str:
    return f"{len(inputs.numbers)}\n{' '.join(map(str, inputs.numbers))}\n"


def parse_judge(text: str) -> list[Inputs]:
    words = text.split()
    n = int(words[0])
    if len(words) != n + 1:
        raise ValueError("wrong count")
    return [Inputs(tuple(int(w) for w in words[1:]))]


def generate(rng: random.Random, size: str) -> Inputs:
    n = rng.randint(1, 5 if size == "small" else 50)
    return Inputs(tuple(rng.randint(0, 100) for _ in range(n)))


def shrink(inputs: Inputs) -> Iterator[Inputs]:
    numbers = inputs.numbers
    half = len(numbers) // 2
    if half:
        yield Inputs(numbers[:half])
        yield Inputs(numbers[half:])
    for i in range(len(numbers)):
        if len(numbers) > 1:
            yield Inputs(numbers[:i] + numbers[i + 1 :])
    for i, x in enumerate(numbers):
        step = x - x // 2
        while step:  # x/2, 3x/4, 7x/8, ..., x - 1: a binary search towards the failure
            yield Inputs((*numbers[:i], x - step, *numbers[i + 1 :]))
            step //= 2
