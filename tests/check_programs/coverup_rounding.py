"""Wrong Cover Up: the right probability, truncated to thousandths instead of rounded."""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from solvers import coverup

for case in coverup.parse_judge(sys.stdin.read()):
    value = coverup.solve(case).value
    text = f"{math.floor(value * 1000 + 1e-9) / 1000:.3f}".rstrip("0").rstrip(".")
    print(text if text != "" else "0")
