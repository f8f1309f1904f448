"""Judge-file tokens read as a stream, and the strict numbers every game reads from them.

``Tokens`` takes a text or anything with ``read(size) -> str`` and reads it a chunk at
a time, so a parser that yields case by case holds one chunk and one case, never the
whole file. Numbers are read as a C judge reads them: ASCII digits only (fullwidth or
Arabic-Indic digits and ``1_000``, which Python's ``int`` accepts, are refused).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Protocol

from solvers.i18n import _, gettext_in

__all__ = [
    "CHUNK_CHARS",
    "MAX_WORD_CHARS",
    "InputError",
    "JudgeFormatError",
    "TextReader",
    "Tokens",
    "tokens_of",
]

#: Characters read from the source at a time.
CHUNK_CHARS = 1 << 16
#: No number of any game is this long; a longer word is refused before it fills memory
#: (and before Python's 4300-digit limit on ``int``).
MAX_WORD_CHARS = 4096
#: A real number as C's ``scanf("%lf")`` reads it, ASCII digits only (no inf, nan or ``_``).
_REAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


class InputError(ValueError):
    """Input the user can fix: its message says what is wrong in the user's words.

    Every refusal of an input (a malformed judge file, a bad option, a case past a work
    bound) is one; any other exception raised by a solver is a bug.
    """


class JudgeFormatError(InputError):
    """Bad judge-format input, with the 1-based line it was found on."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(_("line {line}: {reason}").format(line=line, reason=reason))
        self.line = line
        self.reason = reason


class TextReader(Protocol):
    """Anything text is read from in pieces (a text file, ``solvers.files.TextSource``)."""

    def read(self, size: int, /) -> str:
        """Up to ``size`` characters; ``""`` at the end."""


def _shown(word: str) -> str:
    """``word`` quoted for a message, cut short when long."""
    return repr(word) if len(word) <= 40 else repr(word[:37] + "...")


def _slicer(text: str) -> Callable[[int], str]:
    """``read(size)`` over a string, without copying it into a StringIO."""
    position = 0

    def read(size: int) -> str:
        nonlocal position
        piece = text[position : position + size]
        position += len(piece)
        return piece

    return read


class Tokens:
    """Whitespace-separated tokens of a judge file, each knowing its line number.

    Parsers read with ``integer``/``real``/``integers`` and get a ``JudgeFormatError``
    naming the line when a token is missing or malformed. A UTF-8 byte-order mark at
    the start is skipped; CRLF line ends count as one line.
    """

    def __init__(self, source: str | TextReader) -> None:
        if isinstance(source, str):
            self._read = _slicer(source[1:] if source.startswith("\ufeff") else source)
        else:
            self._read = source.read
        self._chunk = ""  # the text being read: whole words only
        self._pos = 1  # where its next line starts (past its end: read the next chunk)
        self._line = 1  # the line at ``_pos``
        self._words: list[str] = []  # the words of the line being read ...
        self._at = 0  # ... the next one's index ...
        self._word_line = 1  # ... and that line's number
        self._carry = ""  # a word cut by the end of a chunk
        self._last_char = ""
        self._eof = False

    def _next_chunk(self) -> bool:
        """Read the next chunk of whole words; False when the source is exhausted."""
        if self._eof:
            return False
        chunk = self._read(CHUNK_CHARS)
        if chunk:
            self._last_char = chunk[-1]
            text = self._carry + chunk
            end = len(text)
            stop = max(0, end - MAX_WORD_CHARS - 1)
            while end > stop and not text[end - 1].isspace():
                end -= 1
            if len(text) - end > MAX_WORD_CHARS:
                raise self._too_long(self._line + text.count("\n", 0, end))
            self._chunk, self._carry = text[:end], text[end:]
        else:
            self._eof = True
            self._chunk, self._carry = self._carry, ""
        self._pos = 0
        return True

    def _next_line(self) -> bool:
        """Move to the next line holding words; False at the end of the source."""
        while True:
            if self._pos > len(self._chunk) and not self._next_chunk():
                return False
            newline = self._chunk.find("\n", self._pos)
            end = len(self._chunk) if newline < 0 else newline
            words = self._chunk[self._pos : end].split()
            line = self._line
            if newline < 0:  # the line goes on in the next chunk
                self._pos = len(self._chunk) + 1
            else:
                self._pos = newline + 1
                self._line += 1
            if words:
                self._words, self._at, self._word_line = words, 0, line
                return True

    def _peek(self) -> tuple[int, str] | None:
        if self._at >= len(self._words) and not self._next_line():
            return None
        return self._word_line, self._words[self._at]

    @property
    def line(self) -> int:
        """Line of the next token (or of the last line when all are read)."""
        item = self._peek()
        if item is not None:
            return item[0]
        return max(1, self._line - (1 if self._last_char in ("\n", "") else 0))

    def at_end(self) -> bool:
        """Whether every token has been read."""
        return self._peek() is None

    def error(self, reason: str, line: int | None = None) -> JudgeFormatError:
        """Build an error for ``reason`` at ``line`` (default: the next token's line)."""
        return JudgeFormatError(self.line if line is None else line, reason)

    def word(self, what: str) -> tuple[int, str]:
        """Return the next token and its line, or raise naming ``what`` was expected."""
        at = self._at
        if at >= len(self._words):  # the line is used up (the rarer case: read the next)
            if not self._next_line():
                message = _("unexpected end of input, expected {what}")
                raise self.error(message.format(what=_named(what)))
            at = 0
        self._at = at + 1
        word = self._words[at]
        if len(word) > MAX_WORD_CHARS:
            raise self._too_long(self._word_line)
        return self._word_line, word

    @staticmethod
    def _too_long(line: int) -> JudgeFormatError:
        reason = _("a word longer than {count} characters").format(count=f"{MAX_WORD_CHARS:,}")
        return JudgeFormatError(line, reason)

    def integer(self, what: str, lo: int | None = None, hi: int | None = None) -> int:
        """Read an integer in ``[lo, hi]``: an optional sign and ASCII digits."""
        line, word = self.word(what)
        if not (word.isdigit() and word.isascii()):  # the common case costs one test
            digits = word[1:] if word[0] in "+-" else word
            if not (digits.isdigit() and digits.isascii()):
                reason = _("{what} must be an integer, got {word}")
                raise JudgeFormatError(line, reason.format(what=_named(what), word=_shown(word)))
        value = int(word)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            _check_range(line, what, value, lo, hi)
        return value

    def real(self, what: str, lo: float | None = None, hi: float | None = None) -> float:
        """Read a finite real number in ``[lo, hi]`` (``12``, ``-0.5``, ``1e2``; ASCII only)."""
        line, word = self.word(what)
        if _REAL.fullmatch(word) is None:
            reason = _("{what} must be a number, got {word}")
            raise JudgeFormatError(line, reason.format(what=_named(what), word=_shown(word)))
        value = float(word)
        if value in (float("inf"), float("-inf")):
            reason = _("{what} must be finite, got {word}")
            raise JudgeFormatError(line, reason.format(what=_named(what), word=_shown(word)))
        _check_range(line, what, value, lo, hi)
        return value

    def integers(
        self, count: int, what: str, lo: int | None = None, hi: int | None = None
    ) -> list[int]:
        """Read ``count`` integers in ``[lo, hi]``."""
        return [self.integer(what, lo, hi) for _n in range(count)]

    def expect_end(self) -> None:
        """Raise when anything but whitespace is left."""
        item = self._peek()
        if item is not None:
            line, word = item
            reason = _("unexpected extra input {word}").format(word=_shown(word))
            raise JudgeFormatError(line, reason)


def tokens_of(source: str | TextReader | Tokens) -> Tokens:
    """``source`` as ``Tokens`` (itself when it already is: the caller keeps reading it)."""
    return source if isinstance(source, Tokens) else Tokens(source)


def _named(what: str) -> str:
    """``what`` (marked with ``N_`` by the game that reads) as that game translates it.

    Only errors pay for this: the game is the first caller outside this module.
    """
    frame = sys._getframe(1)
    while frame.f_back is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back
    return gettext_in(frame.f_globals.get("__name__", ""), what)


def _check_range(line: int, what: str, value: float, lo: float | None, hi: float | None) -> None:
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        # Whole sentences, not a sentence with its bounds glued in: other languages order them.
        if lo is not None and hi is not None:
            reason = _("{what} must be between {lo} and {hi}, got {value}")
        elif lo is not None:
            reason = _("{what} must be at least {lo}, got {value}")
        else:
            reason = _("{what} must be at most {hi}, got {value}")
        what = _named(what)
        raise JudgeFormatError(line, reason.format(what=what, lo=lo, hi=hi, value=value))
