"""What every game module shares: the protocol, options, play states, judge reading.

Also cancellation (``Cancelled``), work bounds (``TooBig``) and JSON output.

NumPy is not imported here: ``python -m solvers nim`` must start without it.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import random
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = [
    "Cancelled",
    "GameModule",
    "JudgeFormatError",
    "Option",
    "OptionError",
    "PlayState",
    "Progress",
    "Tokens",
    "TooBig",
    "checked",
    "jsonable",
    "parse_options",
    "report",
    "split_numbers",
]

#: A solver calls ``progress(fraction)`` now and then with a number in [0, 1].
#: The caller may raise ``Cancelled`` from it to stop the solve.
Progress = Callable[[float], None]
T = TypeVar("T")


class Cancelled(Exception):
    """Raised through a solver by its progress callback when the user cancels."""


def report(progress: Progress | None, fraction: float) -> None:
    """Call ``progress`` with ``fraction`` when there is a callback."""
    if progress is not None:
        progress(min(1.0, max(0.0, fraction)))


#: A token of a judge file: a run of characters that are not whitespace.
_WORD = re.compile(r"\S+")


class JudgeFormatError(ValueError):
    """Bad judge-format input, with the 1-based line it was found on."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class Tokens:
    """Whitespace-separated tokens of a judge file, each knowing its line number.

    Parsers read with ``integer``/``real``/``integers`` and get a ``JudgeFormatError``
    naming the line when a token is missing or malformed.
    """

    def __init__(self, text: str) -> None:
        # Tokens are found one at a time (not listed up front) so that a 20 MB judge
        # file costs little more than its text.
        self._text = text
        self._words = _WORD.finditer(text)
        self._newlines_before = 0  # newlines in text before self._scanned
        self._scanned = 0
        self._next: tuple[int, str] | None = None
        self._advance()
        self._last_line = max(1, text.count("\n") + (0 if text.endswith("\n") else 1))

    def _advance(self) -> None:
        match = next(self._words, None)
        if match is None:
            self._next = None
            return
        start = match.start()
        self._newlines_before += self._text.count("\n", self._scanned, start)
        self._scanned = start
        self._next = (self._newlines_before + 1, match.group())

    @property
    def line(self) -> int:
        """Line of the next token (or of the last line when all are read)."""
        return self._last_line if self._next is None else self._next[0]

    def at_end(self) -> bool:
        """Whether every token has been read."""
        return self._next is None

    def error(self, reason: str, line: int | None = None) -> JudgeFormatError:
        """Build an error for ``reason`` at ``line`` (default: the next token's line)."""
        return JudgeFormatError(self.line if line is None else line, reason)

    def word(self, what: str) -> tuple[int, str]:
        """Return the next token and its line, or raise naming ``what`` was expected."""
        item = self._next
        if item is None:
            raise self.error(f"unexpected end of input, expected {what}")
        self._advance()
        return item

    def integer(self, what: str, lo: int | None = None, hi: int | None = None) -> int:
        """Read an integer in ``[lo, hi]``."""
        line, word = self.word(what)
        try:
            value = int(word)
        except ValueError:
            raise JudgeFormatError(line, f"{what} must be an integer, got {word!r}") from None
        _check_range(line, what, value, lo, hi)
        return value

    def real(self, what: str, lo: float | None = None, hi: float | None = None) -> float:
        """Read a finite real number in ``[lo, hi]``."""
        line, word = self.word(what)
        try:
            value = float(word)
        except ValueError:
            raise JudgeFormatError(line, f"{what} must be a number, got {word!r}") from None
        if not math.isfinite(value):
            raise JudgeFormatError(line, f"{what} must be finite, got {word!r}")
        _check_range(line, what, value, lo, hi)
        return value

    def integers(
        self, count: int, what: str, lo: int | None = None, hi: int | None = None
    ) -> list[int]:
        """Read ``count`` integers in ``[lo, hi]``."""
        return [self.integer(what, lo, hi) for _ in range(count)]

    def expect_end(self) -> None:
        """Raise when tokens are left over."""
        if self._next is not None:
            line, word = self._next
            raise JudgeFormatError(line, f"unexpected extra input {word!r}")


def _check_range(line: int, what: str, value: float, lo: float | None, hi: float | None) -> None:
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = (
            f"between {lo} and {hi}"
            if lo is not None and hi is not None
            else (f"at least {lo}" if lo is not None else f"at most {hi}")
        )
        raise JudgeFormatError(line, f"{what} must be {bounds}, got {value}")


def jsonable(value: Any) -> Any:
    """Turn a result (dataclasses, tuples, enums, NumPy arrays) into JSON-ready data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [jsonable(v) for v in value]
    if hasattr(value, "tolist"):  # NumPy arrays and scalars, without importing NumPy
        return jsonable(value.tolist())
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def checked(line: int, build: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Return ``build(*args, **kwargs)``, turning its ``ValueError`` into an error at ``line``."""
    try:
        return build(*args, **kwargs)
    except JudgeFormatError:
        raise
    except ValueError as exc:
        raise JudgeFormatError(line, str(exc)) from None


class TooBig(ValueError):
    """A solve refused before (or while) running because it would exceed its work bound.

    The message says what to reduce ("at most 400000 positions: use fewer pieces or turns").
    """


class OptionError(ValueError):
    """A bad command-line option; ``str()`` reads ``--name: reason``.

    ``reason`` is the part after the flag, for a form that names the field its own way.
    """

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


def split_numbers(text: str) -> list[str]:
    """Split "1, 3 4;5" into ``["1", "3", "4", "5"]``: the one tokenizer of number lists.

    Commas, semicolons and any whitespace separate items; empty items are dropped.
    """
    return [word for word in text.replace(",", " ").replace(";", " ").split() if word]


@dataclasses.dataclass(frozen=True)
class Option:
    """One option of a game, declared once: the CLI builds ``--flag`` from it, tabs a field.

    ``kind`` is ``"flag"`` (on/off), ``"int"``, ``"ints"`` (a list such as ``1,3,4``) or
    ``"file"`` (a path whose text ``convert`` reads). ``name`` is the keyword handed to
    ``parse_judge``; the flag is ``--`` + name with ``_`` as ``-``. Options with the same
    non-empty ``group`` exclude each other. A ``standalone`` flag makes the game read no
    input at all (``yut --expected``): the CLI then calls ``parse_judge("", **options)``.
    """

    name: str
    kind: str
    default: Any
    help: str
    lo: int | None = None
    hi: int | None = None
    metavar: str = ""
    group: str = ""
    standalone: bool = False
    convert: Callable[[str], Any] | None = None

    @property
    def flag(self) -> str:
        """The command-line spelling, e.g. ``--subtract``."""
        return "--" + self.name.replace("_", "-")

    def parse(self, text: str) -> Any:
        """Turn the option's text into its value; ``OptionError`` names the flag and reason."""
        try:
            if self.convert is not None:
                return self.convert(text)
            if self.kind == "int":
                return self._ranged(_integer(text))
            if self.kind == "ints":
                words = split_numbers(text)
                if not words:
                    raise ValueError("give at least one number, e.g. 1,3,4")
                return tuple(self._ranged(_integer(word), "each number ") for word in words)
            raise ValueError(f"cannot read a value for an option of kind {self.kind!r}")
        except OptionError:
            raise
        except (ValueError, OSError, RecursionError) as exc:
            raise OptionError(f"{self.flag}: {exc}", str(exc)) from None

    def _ranged(self, value: int, subject: str = "") -> int:
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise ValueError(f"{subject}must be between {self.lo} and {self.hi}, got {value}")
        return value


def _integer(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise ValueError(f"{word!r} is not a whole number") from None


def parse_options(options: Sequence[Option], argv: Iterable[str]) -> dict[str, Any]:
    """Read ``argv`` (``["--subtract", "1,3,4"]``) against ``options`` into keywords.

    Every option gets its default when absent. Unknown flags, missing values and
    options of one group given together raise ``OptionError``.
    """
    by_flag = {option.flag: option for option in options}
    values = {option.name: option.default for option in options}
    seen: dict[str, str] = {}
    words = iter(argv)
    for word in words:
        flag, has_value, inline = word.partition("=")
        option = by_flag.get(flag)
        if option is None:
            known = ", ".join(by_flag) or "none"
            raise OptionError(f"{flag}: unknown option (this game has: {known})")
        if option.group and seen.get(option.group, flag) != flag:
            raise OptionError(f"{flag}: cannot be combined with {seen[option.group]}")
        seen[option.group or flag] = flag
        if option.kind == "flag":
            if has_value:
                raise OptionError(f"{flag}: takes no value")
            values[option.name] = True
            continue
        text = inline if has_value else next(words, None)
        if text is None:
            raise OptionError(f"{flag}: needs a value ({option.metavar or option.kind})")
        values[option.name] = option.parse(text)
    return values


Move = Hashable


@runtime_checkable
class PlayState(Protocol):
    """An immutable position of a game being played (see architecture.md).

    ``to_move`` is ``0`` or ``1``, or ``"chance"`` when the game waits for a throw, a draw
    or an outcome. ``values()`` gives, at a player node, each legal move's value under
    optimal play afterwards from the mover's side (higher is better); ``chances()`` gives,
    at a chance node, each outcome's probability. ``play`` raises ``ValueError`` for an
    illegal move. ``score`` is the game's result once ``over``.
    """

    @property
    def to_move(self) -> int | str: ...

    @property
    def over(self) -> bool: ...

    @property
    def score(self) -> float: ...

    def moves(self) -> Sequence[Any]: ...

    def values(self) -> Mapping[Any, float]: ...

    def chances(self) -> Mapping[Any, float]: ...

    def play(self, move: Any) -> PlayState: ...


@runtime_checkable
class GameModule(Protocol):
    """What ``solvers.load(game_id)`` returns for every game.

    ``Inputs`` validates itself (``ValueError`` with a reason a user understands);
    ``solve`` reports progress through ``progress(fraction)`` (which may raise
    ``Cancelled``) and raises ``TooBig`` past its work bound; ``parse_judge`` takes the
    game's options as keywords named by ``OPTIONS``; ``format_input`` writes inputs back in
    judge format; ``generate(rng, size)`` (size ``"small"``, ``"judge"`` or ``"max"``) makes
    random valid inputs biased to the edges; ``shrink`` yields every valid input one step
    smaller (the local judge takes the first that still fails until none does). A game
    whose answer can fall on an exact half may also define ``judge_answers(result)``:
    every output a judge accepts, ``format_judge``'s first (``solvers.check.engine``).
    """

    TITLE: str
    OPTIONS: tuple[Option, ...]
    Inputs: type[Any]
    Result: type[Any]

    def solve(self, inputs: Any, progress: Progress | None = None) -> Any: ...

    @property
    def parse_judge(self) -> Callable[..., list[Any]]:
        """``parse_judge(text, **options) -> list[Inputs]``.

        A property so that each game's own keyword names type-check against the protocol.
        """

    def format_judge(self, result: Any) -> str: ...

    def format_input(self, inputs: Any) -> str: ...

    def csv_rows(self, inputs: Any, result: Any) -> list[list[str]]: ...

    def example(self) -> Any: ...

    def new_game(self, inputs: Any) -> PlayState: ...

    def generate(self, rng: random.Random, size: str) -> Any: ...

    def shrink(self, inputs: Any) -> Iterator[Any]: ...
