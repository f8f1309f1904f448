"""Whether Qt can open a window here, asked before Qt is (Qt aborts the process otherwise).

On Linux without ``DISPLAY``, ``WAYLAND_DISPLAY`` or ``QT_QPA_PLATFORM``, or with a
local X display where no server answers, ``python -m gui`` says so in one line and
exits 2 instead of dying in libxcb (exit 134). ``python -m gui.display`` asks only
that (status 0: a window can open), so ``make run`` can skip the app without a
display and end quietly on the one line instead of make's "Error 2".
"""

from __future__ import annotations

import os
import sys

__all__ = ["display_problem", "has_display", "main"]


def display_problem() -> str | None:
    """Why Qt could not open a window here, or None (always None on Windows and macOS)."""
    if not sys.platform.startswith("linux"):
        return None
    names = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    if not any(os.environ.get(name) for name in names):
        return "no display found (set DISPLAY or WAYLAND_DISPLAY, or QT_QPA_PLATFORM=offscreen)"
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    display = os.environ.get("DISPLAY", "")
    if (not platform or platform.startswith("xcb")) and not os.environ.get("WAYLAND_DISPLAY"):
        if display and not _x_server_reachable(display):
            return f"no X server answers on DISPLAY={display} (start one, or unset DISPLAY)"
    return None


def has_display() -> bool:
    """Whether Qt can open a window here."""
    return display_problem() is None


def _x_server_reachable(display: str) -> bool:
    """Whether a local X display (``:N``) has a server; remote displays are assumed reachable.

    Qt aborts the whole process (exit 134) when it cannot connect, so ask first.
    """
    import socket  # only on this path (start-up, X11)

    host, _, rest = display.rpartition(":")
    if host not in ("", "unix"):
        return True
    number = rest.split(".")[0]
    if not number.isdigit():
        return False
    path = f"/tmp/.X11-unix/X{number}"
    for address in (path, "\0" + path):  # the file socket, then Linux's abstract one
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(1.0)
            try:
                probe.connect(address)
            except OSError:
                continue
            return True
    return False


def main() -> int:
    """Say in one line why no window can open here (status 2), or nothing (status 0)."""
    problem = display_problem()
    if problem is None:
        return 0
    print(f"strategy-workbench: {problem}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
