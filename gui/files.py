"""Reading and writing the user's files safely: the app's entry to ``solvers.files``.

``atomic_write`` and ``read_text_limited`` are those of ``solvers.files`` (links
written through, permissions kept, FIFOs and devices refused without blocking,
a BOM and CRLF accepted); ``load_json`` adds a nesting limit, refusing deep JSON
instead of raising ``RecursionError``. All failures are ``ValueError`` (or
``OSError``) with a message for the user.
"""

from __future__ import annotations

import json
import os
from typing import Any

from solvers.files import FileRefused, atomic_write
from solvers.files import read_text_limited as _read_text
from solvers.i18n import _

__all__ = [
    "MAX_DEPTH",
    "MAX_TEXT_BYTES",
    "FileRefused",
    "atomic_write",
    "load_json",
    "loads_json",
    "read_text_limited",
]

#: Default size limit of a text file the app reads (judge files, sessions, boards).
MAX_TEXT_BYTES = 8 * 1024 * 1024
#: Default nesting limit of JSON the app reads.
MAX_DEPTH = 32


def read_text_limited(path: str | os.PathLike[str], max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The UTF-8 text of the regular file ``path`` (BOM dropped, CRLF as LF), size-limited."""
    return _read_text(path, max_bytes)


def loads_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text; ValueError for bad JSON or nesting deeper than ``max_depth``."""
    try:
        data = json.loads(text)
    except RecursionError:  # the C parser stops cleanly far past any sane depth
        raise ValueError(_nested(max_depth)) from None
    except json.JSONDecodeError as exc:
        # The JSON parser's own reason stays English: it comes from the standard library.
        text = _("not valid JSON: {reason} (line {line})")
        raise ValueError(text.format(reason=exc.msg, line=exc.lineno)) from None
    if isinstance(data, (dict, list)):
        _check_depth(data, max_depth)
    return data


def load_json(
    path: str | os.PathLike[str], max_bytes: int = MAX_TEXT_BYTES, max_depth: int = MAX_DEPTH
) -> Any:
    """Read and parse a JSON file with size and nesting limits (ValueError otherwise)."""
    return loads_json(read_text_limited(path, max_bytes), max_depth)


def _nested(max_depth: int) -> str:
    return _("nested deeper than {count} levels").format(count=max_depth)


def _check_depth(data: Any, max_depth: int) -> None:
    """Refuse parsed JSON nested deeper than ``max_depth`` (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        if depth > max_depth:
            raise ValueError(_nested(max_depth))
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
