"""Reading and writing the user's files as a careful editor does (no Qt: the CLI uses it too).

Writing, ``atomic_write``:

- a symbolic link is written through: its target gets the new content, the link stays;
- the target keeps its permissions (and owner, where allowed);
- a target with several hard links is rewritten in place, as vim does, so every name
  still shows the same file: the new size is reserved first, and a failed write puts
  the old content back (a save killed midway can damage such a file, as in any editor);
- any other target is replaced at once: the data goes to ``.NAME.sw-PID-XXXXXXXX.tmp``
  beside it, is flushed to disk, then renamed over it, so a failed save keeps the old file;
- a FIFO, a device or a folder is refused (``FileRefused``) and nothing is written;
- every error (a short write, ``fsync``, ``close``, the rename) is raised: no success is
  ever reported for a write that did not happen;
- temporary files of a killed save are removed by the next save into the folder, once
  their writer is dead or they are older than ``STALE_SECONDS``.

Reading: ``open_regular`` opens without blocking and refuses what is not a regular file
before reading a byte (a FIFO with no writer would block for ever); ``read_text_limited``
reads with a size limit, drops a UTF-8 byte-order mark and turns CRLF into LF.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import time
from pathlib import Path

from solvers.i18n import _, ngettext

__all__ = [
    "STALE_SECONDS",
    "FileRefused",
    "atomic_write",
    "file_kind",
    "open_regular",
    "read_bytes_limited",
    "read_text_limited",
    "remove_stale_temps",
    "temp_name",
]

#: A temporary file of ours this old is stale even if a process with its pid still runs.
STALE_SECONDS = 10 * 60
#: ... and one whose writer has died is stale after this long (a save never takes longer).
DEAD_WRITER_SECONDS = 30
#: ``.NAME.sw-PID-XXXXXXXX.tmp``: what ``temp_name`` makes, and only that.
_TEMP = re.compile(r"\.(?:.*)\.sw-([0-9]+)-[0-9a-f]{8}\.tmp", re.DOTALL)


class FileRefused(OSError, ValueError):
    """A file the app will not read or write (a FIFO, a device, a folder, a read-only file).

    Both an ``OSError`` and a ``ValueError``: every caller already handles one or the other.
    """


def file_kind(mode: int) -> str:
    """What a file of ``mode`` is, in words ("a FIFO (named pipe)", "a folder", ...)."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def _refused(path: Path, mode: int, writing: bool) -> FileRefused:
    message = (
        _("{name} is {kind}, not a regular file: nothing was written")
        if writing
        else _("{name} is {kind}, not a regular file: not read")
    )
    return FileRefused(message.format(name=path.name, kind=file_kind(mode)))


# ----- writing ---------------------------------------------------------------------------


def temp_name(name: str) -> str:
    """A fresh temporary name for a save of ``name`` (short enough for any file system)."""
    return f".{name[:100]}.sw-{os.getpid()}-{secrets.token_hex(4)}.tmp"


def atomic_write(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` as the module docstring says, or raise."""
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    target = Path(os.path.realpath(path))  # through every symbolic link, to the real file
    try:
        status: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        status = None
    if status is not None:
        if not stat.S_ISREG(status.st_mode):
            raise _refused(Path(path), status.st_mode, writing=True)
        if not os.access(target, os.W_OK):
            message = _("{name} is read-only: nothing was written")
            raise FileRefused(message.format(name=Path(path).name))
    remove_stale_temps(target.parent)
    if status is not None and status.st_nlink > 1:
        _write_in_place(target, payload)
    else:
        _replace(target, payload, status)


def _write_all(fd: int, payload: bytes) -> None:
    view = memoryview(payload)
    while view:
        written = os.write(fd, view)
        if written <= 0:  # never for a regular file, but a loop must not spin
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        view = view[written:]


def _replace(target: Path, payload: bytes, status: os.stat_result | None) -> None:
    fd, temporary = _create_temp(target)
    try:
        _write_all(fd, payload)
        if status is not None:
            if (status.st_uid, status.st_gid) != (os.getuid(), os.getgid()):
                with contextlib.suppress(OSError):  # only root may give a file away
                    os.fchown(fd, status.st_uid, status.st_gid)
            os.fchmod(fd, stat.S_IMODE(status.st_mode))  # after chown, which clears set-id bits
        os.fsync(fd)
        closing, fd = fd, -1
        os.close(closing)
        os.replace(temporary, target)
    except BaseException:
        if fd >= 0:
            with contextlib.suppress(OSError):
                os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def _create_temp(target: Path) -> tuple[int, Path]:
    """A new temporary file beside ``target``; mode 0o666 less the umask, like any new file."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
    for _attempt in range(100):
        temporary = target.parent / temp_name(target.name)
        try:
            return os.open(temporary, flags, 0o666), temporary
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, _("no free temporary name"), str(target.parent))


def _write_in_place(target: Path, payload: bytes) -> None:
    """Rewrite a hard-linked file in its own inode; on failure put the old content back."""
    fd = os.open(target, os.O_RDWR | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # replaced since it was looked at
            raise _refused(target, mode, writing=True)
        old = _read_all(fd)
        try:
            if len(payload) > len(old):
                _reserve(fd, len(payload))
            _overwrite(fd, payload)
        except OSError as exc:
            try:
                _overwrite(fd, old)
            except OSError:
                damaged = _("{error}; {name} may be damaged")
                raise OSError(
                    exc.errno, damaged.format(error=exc.strerror or exc, name=target.name)
                ) from None
            raise
    finally:
        os.close(fd)


def _reserve(fd: int, size: int) -> None:
    """Allocate ``size`` bytes up front, so a full disk fails before the old content is touched."""
    try:
        os.posix_fallocate(fd, 0, size)
    except OSError as exc:
        if exc.errno not in (errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL):
            raise


def _overwrite(fd: int, payload: bytes) -> None:
    os.lseek(fd, 0, os.SEEK_SET)
    _write_all(fd, payload)
    os.ftruncate(fd, len(payload))
    os.fsync(fd)


def _sync_folder(folder: Path) -> None:
    """Flush the rename itself to disk (best effort: not every system allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | os.O_CLOEXEC)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temps(folder: str | os.PathLike[str], now: float | None = None) -> list[str]:
    """Remove our temporary files in ``folder`` left by a killed save; return their names."""
    now = time.time() if now is None else now
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = _TEMP.fullmatch(entry.name)
        if found is None:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        age = now - info.st_mtime
        dead = int(found.group(1)) != os.getpid() and not _alive(int(found.group(1)))
        if stat.S_ISREG(info.st_mode) and (
            age > STALE_SECONDS or (dead and age > DEAD_WRITER_SECONDS)
        ):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(entry.name)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # someone else's process (or a pid out of range: leave it to the age)
    return True


# ----- reading ---------------------------------------------------------------------------


def open_regular(path: str | os.PathLike[str], allow_pipe: bool = False) -> int:
    """Open ``path`` for reading without ever blocking; refuse what is not a regular file.

    With ``allow_pipe`` a FIFO or pipe is accepted too (``python -m solvers nim <(...)``);
    it is read in blocking mode, so it ends at once when no writer holds it open.
    """
    name = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno != errno.ENXIO:
            raise
        try:  # a socket, or a device that is not there
            mode = os.stat(path).st_mode
        except OSError:
            raise exc from None
        raise _refused(name, mode, writing=False) from None
    try:
        mode = os.fstat(fd).st_mode
        if not (stat.S_ISREG(mode) or (allow_pipe and stat.S_ISFIFO(mode))):
            raise _refused(name, mode, writing=False)
        os.set_blocking(fd, True)
        return fd
    except BaseException:
        os.close(fd)
        raise


def _read_all(fd: int, limit: int | None = None) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while limit is None or total <= limit:
        chunk = os.read(fd, 1 << 20 if limit is None else min(1 << 20, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def read_bytes_limited(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``; ``ValueError`` when larger than ``max_bytes``."""
    fd = open_regular(path)
    try:
        if os.fstat(fd).st_size > max_bytes:  # refused before reading a byte
            raise _too_large(path, max_bytes)
        data = _read_all(fd, max_bytes)
    finally:
        os.close(fd)
    if len(data) > max_bytes:  # a file that grew while being read
        raise _too_large(path, max_bytes)
    return data


def _too_large(path: str | os.PathLike[str], max_bytes: int) -> ValueError:
    message = _("{name} is larger than {size}")
    return ValueError(message.format(name=Path(path).name, size=size_text(max_bytes)))


def read_text_limited(path: str | os.PathLike[str], max_bytes: int) -> str:
    """The UTF-8 text of ``path`` (a BOM dropped, CRLF read as LF), size-limited."""
    data = read_bytes_limited(path, max_bytes)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        message = _("{name} is not UTF-8 text (byte {byte})")
        raise ValueError(message.format(name=Path(path).name, byte=exc.start)) from None
    return text.replace("\r\n", "\n")


def size_text(n: int) -> str:
    """``n`` bytes in words: "4 MB" or "1,000 bytes"."""
    if n >= 1024 * 1024:
        return _("{count} MB").format(count=f"{n / 1024 / 1024:g}")
    return ngettext("{count} byte", "{count} bytes", n).format(count=f"{n:,}")
