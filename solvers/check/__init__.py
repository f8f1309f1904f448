"""The local judge: check a program against the exact solvers on samples and random inputs.

``python -m solvers check GAME -- COMMAND`` (``solvers.check.cli``) and the GUI's
"Check a solution" dialog share ``Check`` (``solvers.check.engine``): a source file is
built by ``solvers.check.build``, cases come from the statement samples and
``module.generate``, runs from ``solvers.check.runner`` (time and memory measured and
limited, nothing left running), verdicts from ``solvers.check.compare``, and the first
failure is shrunk with ``module.shrink``.
"""

from __future__ import annotations

from solvers.check.build import BuildError
from solvers.check.engine import Check
from solvers.check.model import (
    COMPILE_ERROR,
    SIZES,
    SKIPPED,
    CaseResult,
    CheckError,
    Failure,
    Report,
    Settings,
    verdict_text,
)
from solvers.check.runner import ProgramError

__all__ = [
    "COMPILE_ERROR",
    "SIZES",
    "SKIPPED",
    "BuildError",
    "CaseResult",
    "Check",
    "CheckError",
    "Failure",
    "ProgramError",
    "Report",
    "Settings",
    "verdict_text",
]
