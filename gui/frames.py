"""Messages on a pipe as frames: written whole by a worker, read piece by piece by the window.

A frame is ``n`` (4 bytes), the sizes of its ``n + 1`` parts (8 bytes each), then
the parts: a pickle (protocol 5) and its ``n`` out-of-band buffers (NumPy arrays
travel beside the pickle and are rebuilt in place, without a copy).

The window's UI thread reads with ``FrameReader`` from a non-blocking descriptor:
it takes what the pipe holds, for a few milliseconds at most, and returns the
messages that are complete; the rest of a large result is read the next time
the descriptor is readable. Reading never waits for the worker, so a 64 MB
result never stalls the window, and no thread is needed to receive it.
Qt-free: the worker process uses ``write_frame``.
"""

from __future__ import annotations

import os
import pickle
import struct
import time
from typing import Any

__all__ = ["FrameReader", "UnreadableFrame", "write_frame"]

_COUNT = struct.Struct("!I")
#: A frame with more out-of-band buffers than this is not one of ours.
_MAX_BUFFERS = 1 << 16
#: How long one ``FrameReader.read`` may take before it hands back to the event loop.
READ_BUDGET_S = 0.008


def _write_all(fd: int, data: bytes | memoryview) -> None:
    view = memoryview(data).cast("B")
    while view:
        written = os.write(fd, view)
        view = view[written:]


def write_frame(fd: int, message: Any) -> None:
    """Write ``message`` as one frame to the blocking descriptor ``fd``.

    Pickling happens before the first byte is written: a message that cannot be
    pickled raises here and leaves the pipe as it was.
    """
    buffers: list[pickle.PickleBuffer] = []
    try:
        data = pickle.dumps(message, protocol=5, buffer_callback=buffers.append)
        raws = [buffer.raw() for buffer in buffers]
    except BufferError:  # a non-contiguous array: in band, with a copy
        data, raws = pickle.dumps(message, protocol=5), []
    sizes = [len(data), *(raw.nbytes for raw in raws)]
    header = _COUNT.pack(len(raws)) + struct.pack(f"!{len(sizes)}Q", *sizes)
    _write_all(fd, header)
    _write_all(fd, data)
    for raw in raws:
        _write_all(fd, raw)


class UnreadableFrame(Exception):
    """A complete frame whose pickle could not be rebuilt (the job it belongs to fails)."""


class FrameReader:
    """Reassembles frames from a non-blocking descriptor (see the module docstring)."""

    def __init__(self) -> None:
        self._parts: list[bytearray] = []
        self._sizes: list[int] = []
        self._part = bytearray(_COUNT.size)
        self._filled = 0
        self._stage = "count"

    def read(self, fd: int) -> list[Any]:
        """Messages completed by what ``fd`` holds now; EOFError when the pipe has ended.

        A frame that cannot be unpickled comes back as an ``UnreadableFrame`` in the list.
        """
        messages: list[Any] = []
        deadline = time.perf_counter() + READ_BUDGET_S
        while time.perf_counter() < deadline:
            if self._filled < len(self._part):
                try:
                    got = os.readv(fd, [memoryview(self._part)[self._filled :]])
                except (BlockingIOError, InterruptedError):
                    break
                if got == 0:
                    raise EOFError
                self._filled += got
                if self._filled < len(self._part):
                    continue
            message = self._part_done()
            if message is not None:
                messages.append(message)
        return messages

    def _next_part(self, size: int, stage: str) -> None:
        self._part = bytearray(size)
        self._filled = 0
        self._stage = stage

    def _part_done(self) -> Any:
        """Move to the next part; return the message once its last part is in."""
        if self._stage == "count":
            (count,) = _COUNT.unpack(self._part)
            if count > _MAX_BUFFERS:
                raise EOFError  # not a frame of ours: treat the pipe as broken
            self._next_part(8 * (count + 1), "sizes")
            return None
        if self._stage == "sizes":
            count = len(self._part) // 8
            self._sizes = list(struct.unpack(f"!{count}Q", self._part))
            self._parts = []
        else:
            self._parts.append(self._part)
        if len(self._parts) < len(self._sizes):
            self._next_part(self._sizes[len(self._parts)], "part")
            if self._sizes[len(self._parts)] > 0:
                return None
            return self._part_done()  # an empty buffer is complete at once
        parts, self._parts = self._parts, []
        self._next_part(_COUNT.size, "count")
        try:
            # Read-only views: a result is shown, never written into.
            views = [memoryview(part).toreadonly() for part in parts[1:]]
            return pickle.loads(parts[0], buffers=views)
        except Exception as exc:  # a class the window cannot rebuild
            return UnreadableFrame(f"{type(exc).__name__}: {exc}")
