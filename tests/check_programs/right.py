"""A right solution: our own command line (``right.py GAME [OPTIONS]``), input on stdin."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from solvers.__main__ import main

sys.exit(main(sys.argv[1:]))
