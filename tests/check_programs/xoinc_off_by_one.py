"""Wrong Xoinc: an off-by-one while reading drops the last coin, then solves exactly."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from solvers import xoinc

words = sys.stdin.read().split()
coins = tuple(int(w) for w in words[1 : int(words[0])])  # should be 1 + N
print(xoinc.format_judge(xoinc.solve(xoinc.Inputs(coins))) if coins else 0)
