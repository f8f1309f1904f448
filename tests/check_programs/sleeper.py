"""A solution that never answers; with an argument it first writes its process id there."""

import os
import sys
import time

if len(sys.argv) > 1:
    with open(sys.argv[1], "a") as handle:
        handle.write(f"{os.getpid()}\n")
time.sleep(120)
