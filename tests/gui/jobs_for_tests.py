"""Jobs the controller tests run in the worker process (importable there by module name)."""

from __future__ import annotations

import time
from collections.abc import Callable


def slow(seconds: float = 30.0, progress: Callable[[float], None] | None = None) -> str:
    """Report progress every 5 ms until cancelled (never finishes on its own in time)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if progress is not None:
            progress(0.5)
        time.sleep(0.005)
    raise AssertionError("the slow job was never cancelled")


def stubborn(seconds: float = 30.0) -> str:
    """Ignore cancellation: run without a progress callback (only terminating stops it)."""
    time.sleep(seconds)
    return "stubborn finished"


def answer(value: object, progress: Callable[[float], None] | None = None) -> object:
    """Return ``value`` at once."""
    if progress is not None:
        progress(1.0)
    return value


def broken(progress: Callable[[float], None] | None = None) -> None:
    """Fail with an unexpected error."""
    raise RuntimeError("boom")


def refuse(progress: Callable[[float], None] | None = None) -> None:
    """Fail the way a too-large input does."""
    from solvers.protocol import TooBig

    raise TooBig("at most 10 stones: use fewer piles")


def unpicklable(progress: Callable[[float], None] | None = None) -> object:
    """Return something that cannot travel back to the UI."""
    return lambda: None


def hog(progress: Callable[[float], None] | None = None) -> int:
    """Ask for far more memory than a worker may use."""
    block = bytearray(8 << 30)
    return len(block)


def _explode_on_arrival() -> object:
    """Runs when the parent rebuilds the result (see ``unreadable``)."""
    raise ValueError("this result cannot be rebuilt here")


class _Unreadable:
    def __reduce__(self) -> tuple[object, tuple[()]]:
        return _explode_on_arrival, ()


def unreadable(progress: Callable[[float], None] | None = None) -> object:
    """Return something that pickles in the worker but fails to unpickle in the parent."""
    return _Unreadable()


def big(megabytes: int, progress: Callable[[float], None] | None = None) -> bytes:
    """A large result, to be received off the UI thread."""
    return bytes(megabytes << 20)


def arrays(count: int, progress: Callable[[float], None] | None = None) -> dict[str, object]:
    """NumPy arrays (sent beside the pickle as raw buffers) inside an ordinary result."""
    import numpy as np

    return {"ramp": np.arange(count, dtype=np.float64), "small": np.ones(3, np.int16), "n": count}


def chatty(count: int, progress: Callable[..., None] | None = None) -> int:
    """Send ``count`` notes as fast as it can (none may be dropped), then return ``count``."""
    for number in range(count):
        if progress is not None:
            progress(number / count, f"note {number}")
    return count
