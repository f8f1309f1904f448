"""Python's cyclic garbage is collected on the UI thread only.

Python runs a collection in whichever thread happens to allocate past the threshold. The
pool's reader threads (``gui.pool``) allocate a lot as they rebuild results, and so does a
judge check's thread (``gui.check_dialog``). A collection there finalises every piece of
cyclic garbage, Qt widgets and timers of closed tabs included, so their C++ destructors run
on a thread that does not own them ("Timers cannot be stopped from another thread"). Qt does
not support that: it can crash the window or dead-lock it.

So once the window starts a thread that runs Python code, automatic collection is turned
off and a timer on the UI thread runs the collections Python would have run, each generation
when its threshold is passed. Only cyclic garbage waits for the timer; everything else is
still freed the moment its last reference goes.
"""

from __future__ import annotations

import gc

__all__ = ["INTERVAL_MS", "collect_due", "install", "installed"]

#: How often the UI thread looks whether a collection is due.
INTERVAL_MS = 200

_timer: object | None = None
#: Objects in the oldest generation after the last full collection, and promoted since.
_long_lived_total = 0
_long_lived_pending = 0


def installed() -> bool:
    """Whether collection has been moved to the UI thread."""
    return _timer is not None


def install() -> None:
    """Turn automatic collection off and collect from a UI-thread timer (idempotent).

    Call it on the UI thread, with the application object built, before starting a thread.
    """
    global _timer
    if _timer is not None:
        return
    from PySide6.QtCore import QTimer  # here: tests import this module without Qt

    timer = QTimer()
    timer.setInterval(INTERVAL_MS)
    timer.timeout.connect(collect_due)
    timer.start()
    _timer = timer
    gc.disable()


def collect_due() -> int:
    """Run the collection CPython would run by now, if any (UI thread).

    CPython's rule: nothing until the youngest generation passes its threshold; then the
    oldest generation past its threshold is collected, except that a full collection (tens
    of milliseconds in the window) waits until the objects promoted to the oldest
    generation since the last one are a quarter of it. Returns the generation collected,
    or -1 when none was due.
    """
    global _long_lived_total, _long_lived_pending
    counts, limits = gc.get_count(), gc.get_threshold()
    if counts[0] <= limits[0]:
        return -1
    if limits[2] == 0:  # an incremental collector (Python 3.14): one increment
        gc.collect(1)
        return 1
    if counts[2] > limits[2] and _long_lived_pending > _long_lived_total // 4:
        gc.collect(2)
        _long_lived_total, _long_lived_pending = len(gc.get_objects(2)), 0
        return 2
    if counts[1] > limits[1]:
        young = len(gc.get_objects(0)) + len(gc.get_objects(1))
        _long_lived_pending += max(0, young - gc.collect(1))  # the survivors move up
        return 1
    gc.collect(0)
    return 0
