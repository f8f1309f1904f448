"""Shared set-up: offscreen Qt before anything imports it, and hypothesis profiles.

``HYPOTHESIS_PROFILE=quick`` (local) tries fewer examples; CI (``CI`` set) runs the
thorough profile.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

settings.register_profile("quick", max_examples=25, deadline=None)
settings.register_profile(
    "thorough", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
_DEFAULT_PROFILE = "thorough" if os.environ.get("CI") else "quick"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _DEFAULT_PROFILE))
