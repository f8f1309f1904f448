"""The careful writer and reader of ``solvers/files.py``: links, permissions, FIFOs, full disks.

Every test works in ``tmp_path``; a FIFO is always opened in a child process or a
daemon thread with a time limit, so a regression fails the test instead of hanging it.
"""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from solvers import files
from solvers.files import FileRefused, atomic_write, read_text_limited, remove_stale_temps

ROOT = Path(__file__).resolve().parent.parent


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_writing_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real" / "session.json"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    chain = tmp_path / "chain.csv"  # a link to a link
    chain.symlink_to(link)
    atomic_write(link, '{"new": 1}')
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == '{"new": 1}'
    atomic_write(chain, "a,b\r\n")
    assert chain.is_symlink() and link.is_symlink()
    assert real.read_bytes() == b"a,b\r\n"
    assert names(tmp_path) == ["chain.csv", "link.json", "real"]
    assert names(real.parent) == ["session.json"]


def test_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "made.json")
    atomic_write(link, "x")
    assert link.is_symlink() and (tmp_path / "made.json").read_text() == "x"


def test_permissions_are_kept_and_new_files_follow_the_umask(tmp_path: Path) -> None:
    kept = tmp_path / "kept.csv"
    kept.write_text("old")
    kept.chmod(0o640)
    atomic_write(kept, "new")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640 and kept.read_text() == "new"
    mask = os.umask(0o027)
    try:
        atomic_write(tmp_path / "new.csv", "x")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.csv").stat().st_mode) == 0o640


def test_hard_links_are_written_in_place(tmp_path: Path) -> None:
    first = tmp_path / "a.json"
    first.write_text("old content")
    second = tmp_path / "b.json"
    os.link(first, second)
    inode = first.stat().st_ino
    atomic_write(first, "new, and longer than before")
    assert second.read_text() == "new, and longer than before"
    assert first.stat().st_ino == inode and first.stat().st_nlink == 2
    atomic_write(second, "short")
    assert first.read_text() == "short"
    assert names(tmp_path) == ["a.json", "b.json"]


def test_a_failed_in_place_write_puts_the_old_content_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = tmp_path / "a.json"
    first.write_text("old content")
    os.link(first, tmp_path / "b.json")
    real_write = os.write
    calls = []

    def fail_once(fd: int, data: bytes) -> int:
        calls.append(bytes(data))
        if len(calls) == 1:  # the new content: half of it, then a full disk
            real_write(fd, bytes(data[:3]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", fail_once)
    with pytest.raises(OSError, match="No space left"):
        atomic_write(first, "new content that does not fit")
    assert first.read_text() == "old content" and calls[-1] == b"old content"


@pytest.mark.parametrize("where", ["temp", "fsync"])
def test_a_full_disk_keeps_the_old_file_and_leaves_no_temp(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "s.json"
    target.write_text("good")

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write" if where == "temp" else "fsync", full)
    with pytest.raises(OSError, match="No space left on device"):
        atomic_write(target, "new")
    assert target.read_text() == "good" and names(tmp_path) == ["s.json"]


def test_a_real_full_disk_when_a_tiny_tmpfs_can_be_mounted(tmp_path: Path) -> None:
    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip("no tmpfs can be mounted here (the simulated ENOSPC tests cover it)")
    try:
        target = mount / "s.json"
        atomic_write(target, "good")
        with pytest.raises(OSError) as caught:
            atomic_write(target, "x" * 1024 * 1024)
        assert caught.value.errno == errno.ENOSPC
        assert target.read_text() == "good" and names(mount) == ["s.json"]
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def test_special_targets_are_refused_and_left_alone(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    link = tmp_path / "link"
    link.symlink_to(fifo)
    for target, kind in ((fifo, "FIFO"), (folder, "folder"), (link, "FIFO")):
        with pytest.raises(FileRefused, match=f"is a {kind}.*nothing was written"):
            atomic_write(target, "data")
    with pytest.raises(FileRefused, match="is a device"):
        atomic_write("/dev/null", "data")
    assert stat.S_ISFIFO(fifo.stat().st_mode) and folder.is_dir() and link.is_symlink()
    assert names(tmp_path) == ["folder", "link", "pipe"]
    assert isinstance(FileRefused("x"), ValueError)  # callers catching either see it


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write read-only files")
def test_a_read_only_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "ro.csv"
    target.write_text("keep")
    target.chmod(0o444)
    with pytest.raises(FileRefused, match="read-only"):
        atomic_write(target, "new")
    assert target.read_text() == "keep"


def test_stale_temps_of_killed_saves_are_removed(tmp_path: Path) -> None:
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead_pid = int(dead.stdout)
    now = time.time()
    made = {
        "dead-old": (f".s.json.sw-{dead_pid}-0123abcd.tmp", now - 120),
        "dead-fresh": (f".s.json.sw-{dead_pid}-0123abce.tmp", now - 1),
        "alive-fresh": (f".s.json.sw-{os.getppid()}-0123abcf.tmp", now - 120),
        "alive-ancient": (f".s.json.sw-{os.getppid()}-0123abd0.tmp", now - 3600),
        "not-ours": (".s.json.0123abcd.tmp", now - 3600),
        "user-file": ("s.json.sw-1-0123abcd.tmp", now - 3600),
    }
    for name, when in made.values():
        (tmp_path / name).write_text("half")
        os.utime(tmp_path / name, (when, when))
    removed = remove_stale_temps(tmp_path, now)
    assert sorted(removed) == sorted([made["dead-old"][0], made["alive-ancient"][0]])
    atomic_write(tmp_path / "other.csv", "x")  # a save tidies the folder by itself
    left = set(names(tmp_path))
    assert made["alive-fresh"][0] in left and made["not-ours"][0] in left
    assert made["user-file"][0] in left and made["dead-old"][0] not in left


def test_temp_names_are_recognised_and_short(tmp_path: Path) -> None:
    name = files.temp_name("x" * 250)
    assert len(name.encode()) < 255 and files._TEMP.fullmatch(name)
    assert files._TEMP.fullmatch(files.temp_name("s.json"))


# ----- reading ---------------------------------------------------------------------------


def test_bom_and_crlf_are_read_as_plain_text(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_bytes(b'\xef\xbb\xbf{"a":\r\n 1}\r\n')
    assert read_text_limited(path, 100) == '{"a":\n 1}\n'


def test_a_fifo_is_refused_at_once_in_a_child_process(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    script = (
        "import sys\nfrom solvers.files import read_text_limited\n"
        "try:\n    read_text_limited(sys.argv[1], 100)\n"
        "except OSError as exc:\n    print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(fifo)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=20,
    )
    assert done.stdout.strip() == "pipe is a FIFO (named pipe), not a regular file: not read"


def test_devices_folders_and_sockets_are_refused(tmp_path: Path) -> None:
    import socket

    sock_path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(sock_path))
    try:
        for path, kind in (("/dev/zero", "device"), (tmp_path, "folder"), (sock_path, "socket")):
            result: list[BaseException] = []
            thread = threading.Thread(
                target=_catch, args=(result, read_text_limited, path, 100), daemon=True
            )
            thread.start()
            thread.join(10)
            assert not thread.is_alive(), f"reading {path} blocked"
            assert isinstance(result[0], FileRefused) and f"is a {kind}" in str(result[0])
    finally:
        server.close()


def _catch(into: list[BaseException], function: object, *args: object) -> None:
    try:
        function(*args)  # type: ignore[operator]
    except BaseException as exc:
        into.append(exc)


def test_a_pipe_is_read_when_allowed_and_ends_at_once_without_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result: list[int] = []
    thread = threading.Thread(
        target=lambda: result.append(len(os.read(files.open_regular(fifo, True), 10))),
        daemon=True,
    )
    thread.start()
    thread.join(10)
    assert not thread.is_alive() and result == [0]
