"""Reading and writing the user's files safely.

``atomic_write`` never leaves a half-written target: the data goes to a
temporary file in the same folder, is flushed to disk, then renamed over the
target, so a failed write (full disk, no permission) keeps the old file intact.
Readers refuse files past a size limit before reading them, and ``load_json``
refuses nesting deeper than a limit instead of raising ``RecursionError``.
All failures are ``ValueError`` (or ``OSError``) with a message for the user.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = [
    "MAX_DEPTH",
    "MAX_TEXT_BYTES",
    "atomic_write",
    "load_json",
    "loads_json",
    "read_text_limited",
]

#: Default size limit of a text file the app reads (judge files, sessions, boards).
MAX_TEXT_BYTES = 8 * 1024 * 1024
#: Default nesting limit of JSON the app reads.
MAX_DEPTH = 32


def atomic_write(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write ``data`` (text is UTF-8) to ``path`` all at once or not at all."""
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or "."
    )
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        with contextlib.suppress(OSError):
            # mkstemp creates the file private to the user; keep the target's mode if any.
            os.chmod(temporary, target.stat().st_mode & 0o777 if target.exists() else 0o644)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def read_text_limited(path: str | os.PathLike[str], max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The UTF-8 text of ``path``; ValueError when it is larger than ``max_bytes``."""
    target = Path(path)
    with open(target, "rb") as stream:
        data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ValueError(f"{target.name} is larger than {_size(max_bytes)}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{target.name} is not UTF-8 text (byte {exc.start})") from None


def loads_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text; ValueError for bad JSON or nesting deeper than ``max_depth``."""
    try:
        data = json.loads(text)
    except RecursionError:  # the C parser stops cleanly far past any sane depth
        raise ValueError(f"nested deeper than {max_depth} levels") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON: {exc.msg} (line {exc.lineno})") from None
    if isinstance(data, (dict, list)):
        _check_depth(data, max_depth)
    return data


def load_json(
    path: str | os.PathLike[str], max_bytes: int = MAX_TEXT_BYTES, max_depth: int = MAX_DEPTH
) -> Any:
    """Read and parse a JSON file with size and nesting limits (ValueError otherwise)."""
    return loads_json(read_text_limited(path, max_bytes), max_depth)


def _check_depth(data: Any, max_depth: int) -> None:
    """Refuse parsed JSON nested deeper than ``max_depth`` (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        if depth > max_depth:
            raise ValueError(f"nested deeper than {max_depth} levels")
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:g} MB" if n >= 1024 * 1024 else f"{n:,} bytes"
