"""Wrong Great Game: the right probability, truncated to three decimals instead of rounded."""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from solvers import greatgame

for case in greatgame.parse_judge(sys.stdin.read()):
    percent = greatgame.solve(case).probability * 100
    print(f"{math.floor(percent * 1000 + 1e-9) / 1000:.3f}%")
