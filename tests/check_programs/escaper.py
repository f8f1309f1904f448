"""A solution that leaves a process behind in a session of its own, then answers right.

``escaper.py PIDFILE``: it double-forks; the grandchild calls ``setsid`` (leaving the
program's process group and session), writes its id to PIDFILE and sleeps for two
minutes. Once the id is written, the program prints the sum of the numbers after the
first and exits.
"""

import os
import sys
import time

numbers = [int(w) for w in sys.stdin.read().split()[1:]]
ready, written = os.pipe()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        with open(sys.argv[1], "a") as handle:
            handle.write(f"{os.getpid()}\n")
        os.write(written, b"x")
        time.sleep(120)
    os._exit(0)
os.close(written)
os.read(ready, 1)  # the grandchild's id is on file
os.wait()
print(sum(numbers))
