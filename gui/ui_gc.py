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
#: Objects in the oldest generation after the last full collection.
_long_lived = 0


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
    """Run the oldest generation's collection that Python would run by now (UI thread).

    Python's own rule: a generation is due once its count passes its threshold, and a full
    collection (generation 2, tens of milliseconds in the window) only once the oldest
    generation has grown by a quarter since the last one. Returns the generation collected,
    or -1 when none was due.
    """
    global _long_lived
    counts, limits = gc.get_count(), gc.get_threshold()
    if counts[0] <= limits[0]:  # Python looks only when the youngest generation is full
        return -1
    for generation in (2, 1, 0):
        if counts[generation] <= limits[generation]:
            continue
        if generation == 2 and len(gc.get_objects(2)) - _long_lived <= _long_lived // 4:
            continue
        gc.collect(generation)
        if generation == 2:
            _long_lived = len(gc.get_objects(2))
        return generation
    return -1
