"""Where ``python -m solvers`` writes, and how a failure to write is told apart.

The CLI's exit status depends on which stream failed: a full disk or a closed stdout
is ``OutputError`` (exit 3), a reader closing the pipe early stays ``BrokenPipeError``
(a quiet exit 0). Kept out of ``solvers.__main__`` so the command line itself reads as
dispatch and answers; the standard library alone, so ``python -m solvers nim`` stays light.
"""

from __future__ import annotations

import errno
import os
import sys

__all__ = [
    "OutputError",
    "flush_out",
    "print_error",
    "silence_stdout",
    "stdout_broken",
    "write_out",
]


class OutputError(Exception):
    """stdout cannot be written: ``stdout: REASON`` on stderr, exit status 3."""


def write_out(text: str) -> None:
    """Write ``text`` to stdout; a full disk or a closed stdout becomes ``OutputError``."""
    out = sys.stdout
    if out is None:  # started with stdout closed (``>&-``)
        raise OutputError(os.strerror(errno.EBADF))
    try:
        out.write(text)
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(exc.strerror or str(exc)) from None
    except ValueError:  # "I/O operation on closed file"
        raise OutputError(os.strerror(errno.EBADF)) from None


def flush_out() -> None:
    """Flush stdout (where a full disk shows), errors as in ``write_out``."""
    out = sys.stdout
    if out is None:
        raise OutputError(os.strerror(errno.EBADF))
    try:
        out.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(exc.strerror or str(exc)) from None
    except ValueError:
        raise OutputError(os.strerror(errno.EBADF)) from None


def stdout_broken() -> bool:
    """Whether stdout fails to flush (after an ``OSError`` of unknown origin: was it stdout?)."""
    try:
        flush_out()
    except (OutputError, OSError):
        return True
    return False


def print_error(message: str) -> None:
    """``message`` on stderr, if stderr can still take it."""
    try:
        print(message, file=sys.stderr)
    except (OSError, ValueError):  # stderr closed as well: nothing left to tell
        pass


def silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
