"""The local judge: check a program against the exact solvers on random inputs.

``python -m solvers check GAME -- COMMAND`` (``solvers.check.cli``) and the GUI's
"Check a solution" dialog share ``Check`` (``solvers.check.engine``): cases come from
``module.generate``, runs from ``solvers.check.runner`` (own process group, timeout,
capped output), verdicts from ``solvers.check.compare``, and the first failure is
shrunk with ``module.shrink``.
"""

from __future__ import annotations

from solvers.check.engine import (
    SIZES,
    SKIPPED,
    CaseResult,
    Check,
    CheckError,
    Failure,
    Report,
    Settings,
)
from solvers.check.runner import ProgramError

__all__ = [
    "SIZES",
    "SKIPPED",
    "CaseResult",
    "Check",
    "CheckError",
    "Failure",
    "ProgramError",
    "Report",
    "Settings",
]
