"""A solution that never answers and leaves a process outside its session meanwhile.

``escaping_sleeper.py PIDFILE``: writes its own id and its parent's (the launcher that
started it), double-forks a grandchild that calls ``setsid`` (leaving the program's
process group and session) and writes its id too, then sleeps for two minutes, as does
the grandchild. Only a subreaper finds the grandchild once the program is gone.
"""

import os
import sys
import time

with open(sys.argv[1], "a") as handle:
    handle.write(f"{os.getpid()} {os.getppid()}\n")
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        with open(sys.argv[1], "a") as handle:
            handle.write(f"{os.getpid()}\n")
        time.sleep(120)
    os._exit(0)
os.wait()
time.sleep(120)
