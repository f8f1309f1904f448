"""What every game module shares: the protocol, options, play states, judge reading.

Also cancellation (``Cancelled``), work bounds (``TooBig``) and JSON output.

NumPy is not imported here: ``python -m solvers nim`` must start without it.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import random
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from solvers.explain import Step

from solvers.i18n import _, area_of, gettext_in
from solvers.tokens import InputError, JudgeFormatError, Tokens, tokens_of

__all__ = [
    "Cancelled",
    "GameModule",
    "InputError",
    "JudgeFormatError",
    "Option",
    "OptionError",
    "PlayState",
    "Progress",
    "Sweep",
    "SweepRow",
    "Tokens",
    "TooBig",
    "checked",
    "jsonable",
    "parse_options",
    "report",
    "split_numbers",
    "tokens_of",
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


class TooBig(InputError):
    """A solve refused before (or while) running because it would exceed its work bound.

    The message says what to reduce ("at most 400000 positions: use fewer pieces or turns").
    """


class OptionError(InputError):
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
                    raise ValueError(_("give at least one number, e.g. 1,3,4"))
                return tuple(self._ranged(_integer(word), each=True) for word in words)
            raise ValueError(f"cannot read a value for an option of kind {self.kind!r}")
        except OptionError:
            raise
        except (ValueError, OSError, RecursionError) as exc:
            raise OptionError(f"{self.flag}: {exc}", str(exc)) from None

    def _ranged(self, value: int, each: bool = False) -> int:
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            reason = (
                _("each number must be between {lo} and {hi}, got {value}")
                if each
                else _("must be between {lo} and {hi}, got {value}")
            )
            raise ValueError(reason.format(lo=self.lo, hi=self.hi, value=value))
        return value


def _integer(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise ValueError(_("{word} is not a whole number").format(word=repr(word))) from None


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
            known = ", ".join(by_flag) or _("none")
            message = _("{flag}: unknown option (this game has: {known})")
            raise OptionError(message.format(flag=flag, known=known))
        if option.group and seen.get(option.group, flag) != flag:
            message = _("{flag}: cannot be combined with {other}")
            raise OptionError(message.format(flag=flag, other=seen[option.group]))
        seen[option.group or flag] = flag
        if option.kind == "flag":
            if has_value:
                raise OptionError(_("{flag}: takes no value").format(flag=flag))
            values[option.name] = True
            continue
        text = inline if has_value else next(words, None)
        if text is None:
            message = _("{flag}: needs a value ({what})")
            raise OptionError(message.format(flag=flag, what=option.metavar or option.kind))
        values[option.name] = option.parse(text)
    return values


#: A row of a sweep: the swept value, then the answer's numbers (the answer last).
SweepRow = tuple[float, ...]


def _any_inputs(inputs: Any) -> bool:
    return True


@dataclasses.dataclass(frozen=True)
class Sweep:
    """One input a "what if" sweep can vary, declared once per game (its ``SWEEPS``).

    ``name`` is the CLI's (``--sweep W=1:8``); an ``indexed`` sweep names one item of
    the inputs (a pile, a column, a coin) by a 1-based number after the name
    (``pile2``). ``kind`` is ``"int"`` or ``"real"``; ``bounds(inputs, index)`` gives
    the values the inputs can take there (lowest, highest). ``apply(inputs, value,
    index)`` returns new inputs (``ValueError`` when the value does not fit them);
    ``current(inputs, index)`` is the value the inputs hold now. ``answers`` heads the
    numbers ``measure(result)`` gives (the answer itself last, as the judge prints it
    but as a number). ``needs`` lists game options the sweep is only defined with
    (``expected`` for Dice Yut's turns); ``fits(inputs)`` says whether inputs of this
    kind can be swept so. ``batch(inputs, values, index, progress)``, when given,
    yields the rows of several values at once, sharing the work they have in common
    (it must give what solving each value would); such a sweep runs as one job.
    ``decimals[i]`` writes answer ``i`` with that many decimals, as the judge does
    (``None`` or absent: the shortest exact form).
    """

    name: str
    label: str
    kind: str
    bounds: Callable[[Any, int], tuple[float, float]]
    apply: Callable[[Any, float, int], Any]
    current: Callable[[Any, int], float]
    answers: tuple[str, ...]
    measure: Callable[[Any], tuple[float, ...]]
    indexed: str = ""
    count: Callable[[Any], int] | None = None
    needs: tuple[str, ...] = ()
    fits: Callable[[Any], bool] = _any_inputs
    batch: Callable[[Any, Sequence[float], int, Progress | None], Iterator[SweepRow]] | None = None
    max_points: int = 1000
    decimals: tuple[int | None, ...] = ()
    #: The catalogue area of the game that declares it (its texts are translated there).
    area: str = dataclasses.field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.area:  # the module that wrote ``Sweep(...)``, above this and __init__
            module = sys._getframe(2).f_globals.get("__name__", "")
            object.__setattr__(self, "area", area_of(module))

    def text(self, message: str) -> str:
        """One of this sweep's texts (its label, answers, item word), translated."""
        return gettext_in(self.area, message)

    def key(self, index: int) -> str:
        """The name with its index, as the CLI and the CSV header spell it (``pile2``)."""
        return f"{self.name}{index}" if self.indexed else self.name

    def title(self, index: int) -> str:
        """``label`` for item ``index`` (``"size of pile 2"``), in the language spoken now.

        Each game marks its labels with ``N_`` where it declares them.
        """
        return self.text(self.label).format(index=index)


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
    every output a judge accepts, ``format_judge``'s first (``solvers.check.engine``);
    ``explain(inputs, result)`` derives the result step by step (``solvers.explain.Step``).
    """

    TITLE: str
    OPTIONS: tuple[Option, ...]
    SWEEPS: tuple[Sweep, ...]
    Inputs: type[Any]
    Result: type[Any]

    def solve(self, inputs: Any, progress: Progress | None = None) -> Any: ...

    @property
    def parse_judge(self) -> Callable[..., list[Any]]:
        """``parse_judge(text, **options) -> list[Inputs]``.

        A property so that each game's own keyword names type-check against the protocol.
        """

    @property
    def iter_judge(self) -> Callable[..., Iterator[Any]]:
        """``iter_judge(source, **options) -> Iterator[Inputs]``: ``parse_judge`` case by case.

        ``source`` is a text, anything with ``read(size) -> str`` or a ``Tokens``; text
        is read only as far as the case being yielded needs.
        """

    def format_judge(self, result: Any) -> str: ...

    def format_input(self, inputs: Any) -> str: ...

    def csv_rows(self, inputs: Any, result: Any) -> list[list[str]]: ...

    def example(self) -> Any: ...

    def new_game(self, inputs: Any) -> PlayState: ...

    def generate(self, rng: random.Random, size: str) -> Any: ...

    def shrink(self, inputs: Any) -> Iterator[Any]: ...

    def explain(self, inputs: Any, result: Any) -> list[Step]: ...
