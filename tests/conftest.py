"""Shared set-up: offscreen Qt before anything imports it, hypothesis profiles, a hang watchdog.

The local judge's build cache (``solvers.check.build``) points at a temporary folder for
the whole run: no test touches the user's real cache.

``HYPOTHESIS_PROFILE=quick`` (local) tries fewer examples; CI (``CI`` set) runs the
thorough profile. A test running past ``hang_watchdog.HANG_SECONDS`` stops the run with
every thread's stack.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from hang_watchdog import HANG_SECONDS, SHRINK_SECONDS, Watchdog
from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The app speaks the locale's language: the suite reads English whatever the machine's is
# (tests that want another language set it themselves).
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

settings.register_profile("quick", max_examples=25, deadline=None)
settings.register_profile(
    "thorough", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
_DEFAULT_PROFILE = "thorough" if os.environ.get("CI") else "quick"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _DEFAULT_PROFILE))

_WATCHDOG: Watchdog | None = None


def _watchdog() -> Watchdog:
    global _WATCHDOG
    if _WATCHDOG is None:
        _WATCHDOG = Watchdog()
    return _WATCHDOG


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    property_test = getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
    _watchdog().begin(item.nodeid, HANG_SECONDS + (SHRINK_SECONDS if property_test else 0))
    yield
    _watchdog().end()


@pytest.hookimpl(trylast=True)
def pytest_exception_interact() -> None:
    _watchdog().rearm()  # pytest's faulthandler plugin has just cancelled the plain dump


def pytest_enter_pdb() -> None:
    _watchdog().end()  # a person at the debugger is not a hang


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish() -> None:
    _watchdog().finish()


@pytest.fixture(autouse=True, scope="session")
def _build_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Builds of checked source files go to a temporary folder, shared by every test."""
    previous = os.environ.get("STRATEGY_WORKBENCH_CACHE")
    os.environ["STRATEGY_WORKBENCH_CACHE"] = str(tmp_path_factory.mktemp("build-cache"))
    yield
    if previous is None:
        os.environ.pop("STRATEGY_WORKBENCH_CACHE", None)
    else:
        os.environ["STRATEGY_WORKBENCH_CACHE"] = previous


@pytest.fixture()
def speak() -> Iterator[object]:
    """``speak(code)`` speaks a language for the rest of the test; English again after it.

    Once a Qt application runs, Qt's own catalogues follow too (``gui.i18n.install``).
    """
    from solvers import i18n

    def install(code: str) -> None:
        if "gui.i18n" in sys.modules:
            sys.modules["gui.i18n"].install(code)
        else:
            i18n.set_language(code)

    yield install
    install("en")


@pytest.fixture()
def korean(speak) -> None:  # type: ignore[no-untyped-def]
    """The whole test in Korean."""
    speak("ko")


@pytest.fixture()
def chinese(speak) -> None:  # type: ignore[no-untyped-def]
    """The whole test in Simplified Chinese."""
    speak("zh_CN")
