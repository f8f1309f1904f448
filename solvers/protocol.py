"""What every game module shares: cancellation, judge-format reading, JSON output."""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

__all__ = ["Cancelled", "JudgeFormatError", "Progress", "Tokens", "checked", "jsonable", "report"]

#: A solver calls ``progress(fraction)`` now and then with a number in [0, 1].
#: The caller may raise ``Cancelled`` from it to stop the solve.
Progress = Callable[[float], None]
T = TypeVar("T")


class Cancelled(Exception):
    """Raised through a solver by its progress callback when the user cancels."""


def report(progress: Progress | None, fraction: float) -> None:
    """Call ``progress`` with ``fraction`` when there is a callback."""
    if progress is not None:
        progress(min(1.0, max(0.0, fraction)))


class JudgeFormatError(ValueError):
    """Bad judge-format input, with the 1-based line it was found on."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class Tokens:
    """Whitespace-separated tokens of a judge file, each knowing its line number.

    Parsers read with ``integer``/``real``/``integers`` and get a ``JudgeFormatError``
    naming the line when a token is missing or malformed.
    """

    def __init__(self, text: str) -> None:
        self._items: list[tuple[int, str]] = [
            (number, word)
            for number, line in enumerate(text.splitlines(), start=1)
            for word in line.split()
        ]
        self._pos = 0
        self._last_line = max(1, len(text.splitlines()))

    @property
    def line(self) -> int:
        """Line of the next token (or of the last line when all are read)."""
        if self._pos < len(self._items):
            return self._items[self._pos][0]
        return self._last_line

    def at_end(self) -> bool:
        """Whether every token has been read."""
        return self._pos >= len(self._items)

    def error(self, reason: str, line: int | None = None) -> JudgeFormatError:
        """Build an error for ``reason`` at ``line`` (default: the next token's line)."""
        return JudgeFormatError(self.line if line is None else line, reason)

    def word(self, what: str) -> tuple[int, str]:
        """Return the next token and its line, or raise naming ``what`` was expected."""
        if self.at_end():
            raise self.error(f"unexpected end of input, expected {what}")
        item = self._items[self._pos]
        self._pos += 1
        return item

    def integer(self, what: str, lo: int | None = None, hi: int | None = None) -> int:
        """Read an integer in ``[lo, hi]``."""
        line, word = self.word(what)
        try:
            value = int(word)
        except ValueError:
            raise JudgeFormatError(line, f"{what} must be an integer, got {word!r}") from None
        _check_range(line, what, value, lo, hi)
        return value

    def real(self, what: str, lo: float | None = None, hi: float | None = None) -> float:
        """Read a finite real number in ``[lo, hi]``."""
        line, word = self.word(what)
        try:
            value = float(word)
        except ValueError:
            raise JudgeFormatError(line, f"{what} must be a number, got {word!r}") from None
        if not math.isfinite(value):
            raise JudgeFormatError(line, f"{what} must be finite, got {word!r}")
        _check_range(line, what, value, lo, hi)
        return value

    def integers(
        self, count: int, what: str, lo: int | None = None, hi: int | None = None
    ) -> list[int]:
        """Read ``count`` integers in ``[lo, hi]``."""
        return [self.integer(what, lo, hi) for _ in range(count)]

    def expect_end(self) -> None:
        """Raise when tokens are left over."""
        if not self.at_end():
            line, word = self._items[self._pos]
            raise JudgeFormatError(line, f"unexpected extra input {word!r}")


def _check_range(line: int, what: str, value: float, lo: float | None, hi: float | None) -> None:
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = (
            f"between {lo} and {hi}"
            if lo is not None and hi is not None
            else (f"at least {lo}" if lo is not None else f"at most {hi}")
        )
        raise JudgeFormatError(line, f"{what} must be {bounds}, got {value}")


def jsonable(value: Any) -> Any:
    """Turn a result (dataclasses, tuples, enums, NumPy arrays) into JSON-ready data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return jsonable(value.tolist())
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def checked(line: int, build: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Return ``build(*args, **kwargs)``, turning its ``ValueError`` into an error at ``line``."""
    try:
        return build(*args, **kwargs)
    except JudgeFormatError:
        raise
    except ValueError as exc:
        raise JudgeFormatError(line, str(exc)) from None
