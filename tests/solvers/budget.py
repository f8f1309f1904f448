"""How many examples a property test tries: all of them in CI, a tenth locally.

The explicit counts in the solver tests are what CI runs (``CI`` set, or
``HYPOTHESIS_PROFILE=thorough``); a local ``make test`` tries an eighth of each
(at least 20), so the whole suite stays quick while CI keeps the full depth.
"""

from __future__ import annotations

import os

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "thorough" if os.environ.get("CI") else "quick")


def examples(count: int) -> int:
    """``count`` in the thorough profile, else an eighth of it (at least 20)."""
    return count if PROFILE == "thorough" else max(20, count // 8)
