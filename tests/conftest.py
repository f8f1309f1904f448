"""Shared set-up: offscreen Qt before anything imports it, hypothesis profiles, a hang watchdog.

``HYPOTHESIS_PROFILE=quick`` (local) tries fewer examples; CI (``CI`` set) runs the
thorough profile. A test running past ``hang_watchdog.HANG_SECONDS`` stops the run with
every thread's stack.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from hang_watchdog import Watchdog
from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

settings.register_profile("quick", max_examples=25, deadline=None)
settings.register_profile(
    "thorough", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
_DEFAULT_PROFILE = "thorough" if os.environ.get("CI") else "quick"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _DEFAULT_PROFILE))

_WATCHDOG: Watchdog | None = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    global _WATCHDOG
    if _WATCHDOG is None:
        _WATCHDOG = Watchdog()
    _WATCHDOG.begin(item.nodeid)
    yield
    _WATCHDOG.end()


def pytest_runtest_teardown(item: pytest.Item) -> None:
    # Once a GUI test started a thread, garbage is collected on the UI thread only
    # (gui.ui_gc); its timer runs only in an event loop, so collect here too.
    ui_gc = sys.modules.get("gui.ui_gc")
    if ui_gc is not None and ui_gc.installed():
        ui_gc.collect_due()
