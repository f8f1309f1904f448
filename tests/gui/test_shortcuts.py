"""The window's shortcuts with the focus in a text field or a cell editor, under a real X server.

Offscreen Qt delivers keys without a window system, so the claim a focused
field makes on Ctrl+E or Ctrl+Z is only seen with real key presses: this test
starts Xvfb, runs tests/gui/xvfb_shortcuts.py there and presses keys with xdotool.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs Xvfb and xdotool"
)


@pytest.fixture()
def x_display() -> Iterator[str]:
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    # Xvfb writes its display number and a newline once it is ready (closing the pipe
    # sooner would kill it); a server that never gets there must not hold the run.
    data = b""
    while not data.endswith(b"\n") and select.select([read], [], [], 30)[0]:
        chunk = os.read(read, 64)
        if not chunk:
            break
        data += chunk
    os.close(read)
    number = data.decode().strip()
    try:
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


def test_window_shortcuts_work_from_text_fields_and_cell_editors(x_display: str) -> None:
    env = {
        **os.environ,
        "DISPLAY": x_display,
        "QT_QPA_PLATFORM": "xcb",
        "PYTHONPATH": os.pathsep.join([str(HERE.parents[1]), str(HERE)]),
    }
    done = subprocess.run(
        [sys.executable, str(HERE / "xvfb_shortcuts.py")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    report.pop("active")  # no window manager under Xvfb: keys still reach the focused field
    assert all(report.values()), report
