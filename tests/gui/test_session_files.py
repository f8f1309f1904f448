"""Sessions, CSV exports, pictures and throw tables on links, FIFOs and BOM files (issue 19)."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path
from typing import Any

from gui.session import read_session


def test_saving_a_session_through_a_symlink_keeps_the_link(window: Any, tmp_path: Path) -> None:
    real = tmp_path / "sessions" / "real.json"
    real.parent.mkdir()
    real.write_text("{}")
    real.chmod(0o600)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert window.save_session(link) is None
    assert link.is_symlink() and stat.S_IMODE(real.stat().st_mode) == 0o600
    assert '"strategy-workbench-session"' in real.read_text()
    assert window.open_session(link) is None


def test_a_session_with_a_bom_and_crlf_opens(window: Any, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    assert window.save_session(path) is None
    text = path.read_text().replace("\n", "\r\n")
    path.write_bytes(text.encode("utf-8-sig"))
    assert window.open_session(path) is None


def test_saving_over_a_fifo_is_refused_and_says_so(window: Any, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    error = window.save_session(fifo)
    assert error is not None and "FIFO" in error and "not a regular file" in error
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_opening_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    caught: list[BaseException] = []

    def read() -> None:
        try:
            read_session(fifo)
        except BaseException as exc:
            caught.append(exc)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "opening a FIFO blocked"
    assert isinstance(caught[0], ValueError) and "FIFO" in str(caught[0])


def test_csv_export_through_a_symlink(make_tab: Any, tmp_path: Path) -> None:
    tab = make_tab("nim")
    real = tmp_path / "real.csv"
    real.write_text("old")
    link = tmp_path / "nim.csv"
    link.symlink_to(real)
    assert tab.export_csv(link)
    assert link.is_symlink() and real.read_text(encoding="utf-8-sig").startswith("pile,")
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    assert not tab.export_csv(fifo)
    assert "FIFO" in tab.messageLabel.text()


def test_a_throw_table_csv_with_a_bom_and_crlf(make_tab: Any, tmp_path: Path) -> None:
    tab = make_tab("greatgame")
    path = tmp_path / "throws.csv"
    path.write_bytes("30,30,40\r\n100,0,0\r\n".encode("utf-8-sig"))
    tab.throws.import_csv(path)
    assert tab.throws.texts()[:2] == [["30", "30", "40"], ["100", "0", "0"]]


def test_import_refuses_a_fifo_and_reads_a_bom(make_tab: Any, tmp_path: Path) -> None:
    tab = make_tab("nim")
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    assert not tab.import_judge_file(fifo)  # returns at once: the FIFO is never opened to read
    assert "FIFO" in tab.messageLabel.text()
    path = tmp_path / "bom.txt"
    path.write_bytes("3\r\n4 5 6\r\n".encode("utf-8-sig"))
    assert tab.import_judge_file(path)
    assert tab.piles.model.values() == [4, 5, 6]


def test_board_files_on_links_and_fifos(make_tab: Any, tmp_path: Path) -> None:
    editor = make_tab("yut").editor
    real = tmp_path / "real.json"
    link = tmp_path / "board.json"
    real.write_text("{}")
    link.symlink_to(real)
    editor.save_file(link)
    assert link.is_symlink() and '"squares"' in real.read_text()
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for action in (editor.save_file, editor.load_file):
        try:
            action(fifo)
        except OSError as exc:
            assert "FIFO" in str(exc)
        else:
            raise AssertionError(f"{action.__name__} accepted a FIFO")
