"""What a game tab holds, as plain data (no Qt): its inputs, its answer, its message.

A tab's widgets edit the inputs and show the rest; the rules live here, once for
every tab: an answer belongs to the inputs it was solved for, and stops being
current the moment they change (``edited``), however they changed; a few answers
are kept by their job so that returning to earlier inputs (undo, a value typed
back) shows theirs at once; a message belongs to the inputs it speaks of and is
made again in the language spoken when it is shown (``Message.render``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CACHED_RESULTS", "Document", "Message"]

#: Answers kept by their job (undo and redo bring them back without a solve).
CACHED_RESULTS = 4


@dataclass(frozen=True)
class Message:
    """The line under the answer: made by ``render`` (again after a language change)."""

    render: Callable[[], str] = lambda: ""
    error: bool = False

    @property
    def text(self) -> str:
        """The message in the language spoken now."""
        return self.render()


@dataclass
class Document:
    """One tab's data; see the module docstring."""

    #: The inputs as the solver reads them (None while they are not valid: the message
    #: says why).
    inputs: Any = None
    #: The answer shown, the inputs it was solved for, and the solve's seconds.
    result: Any = None
    result_inputs: Any = None
    seconds: float | None = None
    #: True once the inputs moved on from ``result_inputs``.
    stale: bool = False
    message: Message = field(default_factory=Message)
    _cache: OrderedDict[Hashable, Any] = field(default_factory=OrderedDict)

    def is_current(self) -> bool:
        """Whether the answer belongs to the inputs now."""
        return self.result is not None and not self.stale

    def edited(self) -> bool:
        """The inputs changed: the answer is old. True if this made it old just now."""
        if self.result is None or self.stale:
            return False
        self.stale = True
        return True

    def validated(self, inputs: Any) -> None:
        """The inputs now read as ``inputs`` (None: they are not valid)."""
        self.inputs = inputs

    def accept(self, result: Any, inputs: Any, seconds: float = 0.0) -> None:
        """``result`` is the answer for ``inputs``, the inputs now."""
        self.result, self.result_inputs, self.seconds = result, inputs, seconds
        self.inputs, self.stale = inputs, False

    def forget_result(self) -> None:
        """No answer at all (e.g. it could not be shown)."""
        self.result = self.result_inputs = None
        self.stale = False

    def keep(self, key: Hashable | None, result: Any) -> None:
        """Remember ``result`` as the answer of the job ``key`` (the oldest go first)."""
        if key is None:
            return
        self._cache[key] = result
        self._cache.move_to_end(key)
        while len(self._cache) > CACHED_RESULTS:
            self._cache.popitem(last=False)

    def kept(self, key: Hashable | None) -> tuple[bool, Any]:
        """``(True, answer)`` when the job ``key`` was solved lately, else ``(False, None)``."""
        if key is None or key not in self._cache:
            return False, None
        self._cache.move_to_end(key)
        return True, self._cache[key]

    def say(self, render: Callable[[], str], error: bool = False) -> Message:
        """Make ``render`` the message (``lambda: ""`` clears it) and return it."""
        self.message = Message(render, error)
        return self.message
