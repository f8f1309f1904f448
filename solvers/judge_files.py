"""Judge files read as streams: case by case for the CLI, only the first case for an import.

A judge file is decoded a chunk at a time (``TextSource``: a UTF-8 BOM dropped, the
bytes counted against a limit) and handed to the game's ``iter_judge``, so the CLI
answers the first case of a 15-million-case file at once, holding one case in memory,
and the app's Import reads no further than the first case (``read_first_case``).
"""

from __future__ import annotations

import codecs
import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from solvers.files import open_regular, size_text
from solvers.i18n import N_, _
from solvers.protocol import GameModule, JudgeFormatError, Tokens

__all__ = [
    "MAX_FIRST_CASE_BYTES",
    "FirstCase",
    "TextSource",
    "judge_cases",
    "open_judge",
    "read_first_case",
]

#: An import reads at most this much to find the first case (the largest first case of
#: any game, 5,000 Xoinc coins or 1,000 Great Game rows, takes well under 100 KB).
MAX_FIRST_CASE_BYTES = 4 * 1024 * 1024
#: Why a judge file is refused past its limit: all of it, or (an import) its first case.
TOO_LARGE = N_("larger than {size}; split the file")
NO_FIRST_CASE = N_("no case within the first {size}")


class TextSource:
    """UTF-8 text read from ``read_bytes`` a piece at a time, at most ``limit`` bytes in all.

    ``read`` never waits for more than one piece of the underlying stream, so a
    pipe's first case is answered as soon as it arrives.
    """

    def __init__(
        self,
        read_bytes: Callable[[int], bytes],
        limit: int | None = None,
        too_large: str = TOO_LARGE,
    ) -> None:
        self._read_bytes = read_bytes
        self._decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self._limit = limit
        self._too_large = too_large
        self.bytes_read = 0
        self._newlines = 0

    def read(self, size: int, /) -> str:
        """Up to about ``size`` characters; ``""`` at the end."""
        while True:
            data = self._read_bytes(size)
            before = self.bytes_read
            self.bytes_read += len(data)
            if self._limit is not None and self.bytes_read > self._limit:
                reason = _(self._too_large).format(size=size_text(self._limit))
                raise JudgeFormatError(self._newlines + 1, reason)
            try:
                text = self._decoder.decode(data, final=not data)
            except UnicodeDecodeError as exc:
                at = max(0, min(len(data), exc.start))
                line = self._newlines + data.count(b"\n", 0, at) + 1
                reason = _("not UTF-8 text (byte {byte})").format(byte=before + at + 1)
                raise JudgeFormatError(line, reason) from None
            self._newlines += data.count(b"\n")
            if text or not data:
                return text


@contextlib.contextmanager
def open_judge(
    path: str, limit: int | None = None, allow_pipe: bool = True, first_case: bool = False
) -> Iterator[Tokens]:
    """The tokens of the judge file ``path`` (``-``: stdin), read as they are needed.

    A regular file larger than ``limit`` is refused before a byte is read (a
    ``JudgeFormatError`` on line 1); a pipe is refused when it passes the limit.
    With ``first_case`` the size does not matter, only reading past ``limit``.
    FIFOs and pipes are read only with ``allow_pipe``; devices and folders never
    (``solvers.files.FileRefused``). ``OSError`` when the file cannot be opened.
    """
    if path == "-":
        stdin = sys.stdin
        if stdin is None:
            raise OSError(9, os.strerror(9))  # EBADF: started with stdin closed
        raw = getattr(stdin, "buffer", None)
        if raw is None:  # a text stream without bytes underneath (tests)
            yield Tokens(stdin)
            return
        yield Tokens(TextSource(getattr(raw, "read1", raw.read), limit))
        return
    fd = open_regular(path, allow_pipe=allow_pipe)
    try:
        if limit is not None and not first_case and os.fstat(fd).st_size > limit:
            raise JudgeFormatError(1, _(TOO_LARGE).format(size=size_text(limit)))
        too_large = NO_FIRST_CASE if first_case else TOO_LARGE
        yield Tokens(TextSource(lambda size: os.read(fd, size), limit, too_large))
    finally:
        os.close(fd)


def judge_cases(
    module: GameModule, tokens: Tokens, options: Mapping[str, Any]
) -> Iterator[tuple[int, Any]]:
    """``(line, inputs)`` for each case of ``tokens``, the line where the case starts."""
    cases = module.iter_judge(tokens, **options)
    while True:
        line = tokens.line  # the next token is the next case's first
        try:
            inputs = next(cases)
        except StopIteration:
            return
        yield line, inputs


@dataclass(frozen=True)
class FirstCase:
    """The first case of a judge file; ``more`` when anything but the game's end follows it."""

    inputs: Any
    more: bool


def read_first_case(
    path: str | os.PathLike[str],
    module: GameModule,
    options: Mapping[str, Any],
    limit: int = MAX_FIRST_CASE_BYTES,
) -> FirstCase:
    """Read a judge file only as far as its first case (the app's Import).

    ``options`` are the keywords of ``module.parse_judge``. Raises ``JudgeFormatError``
    (its ``line`` and ``reason``) for a malformed first case, ``ValueError`` when
    there is no case, ``OSError`` (``FileRefused`` for a FIFO, a device or a folder:
    at once, never blocking) when the file cannot be read. Whatever follows the first
    case is not read, beyond telling whether there is more.
    """
    with open_judge(os.fspath(path), limit, allow_pipe=False, first_case=True) as tokens:
        cases = module.iter_judge(tokens, **options)
        try:
            inputs = next(cases)
        except StopIteration:
            raise ValueError(_("it holds no case")) from None
        try:
            next(cases)
        except StopIteration:
            return FirstCase(inputs, more=False)
        except ValueError:  # a broken second case is still something more
            return FirstCase(inputs, more=True)
        return FirstCase(inputs, more=True)
