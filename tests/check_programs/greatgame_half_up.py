"""Right Great Game, but an exact half is rounded up (the old way) instead of to even.

Judges accept either rounding of an exact half, so the check must accept this too.
"""

import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from solvers import greatgame

for case in greatgame.parse_judge(sys.stdin.read()):
    percent = Decimal(greatgame.solve(case).probability) * 100
    print(f"{percent.quantize(Decimal('0.001'), rounding=ROUND_HALF_UP)}%")
