"""The shape of an explanation ("Show why") and its renderings as Markdown, HTML and text.

Every game's ``explain(inputs, result)`` returns a list of ``Step``: a title, a short
text with this input's numbers, small tables, and references (``Ref``) to what the step
concerns on the game's picture, so a view can highlight it. The game modules build their
sentences from format strings kept together in one place per game (``TEXTS``, marked with
``N_``); ``say`` translates them into the language spoken when the step is made.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from solvers.i18n import _, gettext_in

__all__ = [
    "MAX_ROWS",
    "Ref",
    "Step",
    "Table",
    "bounded_rows",
    "phrasebook",
    "step_anchor",
    "step_of_anchor",
    "text_width",
    "to_html",
    "to_markdown",
    "to_text",
]

#: Tables are cut to this many rows (a note says how many were left out), so that an
#: explanation stays readable whatever the input's size.
MAX_ROWS = 40


@dataclass(frozen=True)
class Table:
    """A small table of strings: a header and rows as wide as it."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""

    def __post_init__(self) -> None:
        rows = tuple(tuple(row) for row in self.rows)
        object.__setattr__(self, "header", tuple(self.header))
        object.__setattr__(self, "rows", rows)
        for row in rows:
            if len(row) != len(self.header):
                raise ValueError(f"a row of {len(row)} cells under a header of {len(self.header)}")


@dataclass(frozen=True)
class Ref:
    """What a step concerns on the game's picture.

    ``kind`` names the thing, ``at`` holds its coordinates (0-based indices) and ``key`` a
    name where the picture uses names. The kinds the games use:

    - Nim: ``pile`` (pile,), ``digit`` (pile, bit: 0 is the ones);
    - Xoinc: ``coin`` (coin from the top,), ``turn`` (turn of the line,),
      ``cell`` (coins left, allowance) of the value table;
    - Cover Up: ``column`` (column,) with ``key`` the kind picked (``candidate``/``other``),
      ``turn`` (turn,);
    - Great Game: ``cell`` (throw, round score) of the policy, ``lead`` (lead,);
    - Dice Yut: ``turn`` (throw,), ``piece`` (piece,) with ``key`` its square where known,
      ``square`` with ``key`` the square's id (the path of the chosen move).
    """

    kind: str
    at: tuple[int, ...] = ()
    key: str = ""


@dataclass(frozen=True)
class Step:
    """One step of a derivation."""

    title: str
    text: str
    tables: tuple[Table, ...] = ()
    refs: tuple[Ref, ...] = ()


def phrasebook(texts: Mapping[str, str]) -> _Phrasebook:
    """``say(key, **fields)``: the sentence ``texts[key]`` with its named fields filled in.

    The sentences are translated as the calling module's area translates them.
    """
    return _Phrasebook(texts, sys._getframe(1).f_globals.get("__name__", ""))


class _Phrasebook:
    def __init__(self, texts: Mapping[str, str], area: str) -> None:
        self._texts = texts
        self._area = area

    def __call__(self, key: str, /, **fields: object) -> str:
        return gettext_in(self._area, self._texts[key]).format(**fields)


def bounded_rows(
    rows: Sequence[tuple[str, ...]],
    width: int,
    note: Callable[[int], str],
    limit: int = MAX_ROWS,
    last: int = 0,
) -> tuple[tuple[str, ...], ...]:
    """``rows`` cut to ``limit``: a row saying ``note(rows left out)`` replaces the middle.

    The first rows are kept, and the ``last`` rows too (how a search ended matters).
    """
    if len(rows) <= limit:
        return tuple(rows)
    first = tuple(rows[: limit - 1 - last])
    tail = tuple(rows[len(rows) - last :]) if last else ()
    gap = (note(len(rows) - len(first) - len(tail)),) + ("",) * (width - 1)
    return (*first, gap, *tail)


def step_anchor(index: int) -> str:
    """The link target of step ``index`` (0-based) in ``to_html``."""
    return f"step-{index + 1}"


def step_of_anchor(anchor: str) -> int | None:
    """The 0-based step of a ``step_anchor`` (None for any other link)."""
    prefix, _, number = anchor.rpartition("step-")
    if prefix not in ("", "#") or not number.isdigit():
        return None
    return int(number) - 1


# --- Markdown -------------------------------------------------------------------------


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _md_table(table: Table) -> list[str]:
    lines = [f"*{table.caption}*", ""] if table.caption else []
    lines.append("| " + " | ".join(_md_cell(h) for h in table.header) + " |")
    lines.append("|" + "|".join("---" for _ in table.header) + "|")
    lines.extend("| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows)
    return lines


def _paragraphs(text: str) -> list[str]:
    return [p.strip("\n") for p in text.split("\n\n") if p.strip()]


def to_markdown(steps: Iterable[Step]) -> str:
    """The steps as Markdown: a numbered heading each, the text, the tables."""
    lines: list[str] = []
    for number, step in enumerate(steps, start=1):
        lines += [f"### {number}. {step.title}", ""]
        for paragraph in _paragraphs(step.text):
            # A line break inside a paragraph is kept (two spaces end a Markdown line).
            lines += ["  \n".join(paragraph.split("\n")), ""]
        for table in step.tables:
            lines += [*_md_table(table), ""]
    return "\n".join(lines)


# --- HTML -----------------------------------------------------------------------------

_STYLE = (
    "body{font-family:sans-serif}"
    "h3{margin:14px 0 4px 0}"
    "table{border-collapse:collapse;margin:4px 2px 8px 0}"
    "th,td{border:1px solid #999;padding:2px 4px;text-align:right}"
    # Numbers are never broken across lines; words (a square's name, a header) wrap, so
    # that a table fits a narrow page rather than scroll it sideways.
    "td.n{white-space:nowrap}"
    "th{background:#e8e8e8}"
    "caption{font-style:italic;text-align:left}"
    "a.step{color:inherit;text-decoration:none}"
)


def _html_table(table: Table) -> str:
    import html  # only an HTML rendering pays for it, not every command-line run

    cells = ["<table cellspacing='0' cellpadding='3' border='1'>"]
    if table.caption:
        cells.append(f"<caption>{html.escape(table.caption)}</caption>")
    cells.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in table.header) + "</tr>")
    for row in table.rows:
        cells.append("<tr>" + "".join(_html_cell(html.escape(c)) for c in row) + "</tr>")
    cells.append("</table>")
    return "".join(cells)


#: A cell that is a number (or a few numbers): kept on one line.
_NUMBER = re.compile(r"^[\s\d.,%+\-−–/×·()=<>≈≤≥]*$")


def _html_cell(text: str) -> str:
    return f"<td class='n'>{text}</td>" if _NUMBER.match(text) else f"<td>{text}</td>"


def to_html(steps: Iterable[Step], *, document: bool = True, title: str = "") -> str:
    """The steps as HTML; each title links to its own anchor (``step_anchor``).

    ``document`` wraps the body in a whole page titled ``title`` ("Explanation" in the
    language spoken when not given), for a file; a text view takes the body.
    """
    import html

    title = title or _("Explanation")

    parts: list[str] = []
    for index, step in enumerate(steps):
        anchor = step_anchor(index)
        parts.append(
            f"<h3><a class='step' name='{anchor}' href='#{anchor}'>"
            f"{index + 1}. {html.escape(step.title)}</a></h3>"
        )
        for paragraph in _paragraphs(step.text):
            parts.append("<p>" + "<br>".join(map(html.escape, paragraph.split("\n"))) + "</p>")
        parts.extend(_html_table(table) for table in step.tables)
    body = "\n".join(parts)
    if not document:
        return f"<style>{_STYLE}</style>\n{body}"
    return (
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>\n"
        f"<body>\n{body}\n</body></html>\n"
    )


# --- Plain text -----------------------------------------------------------------------


def text_width(text: str) -> int:
    """The columns ``text`` takes in a monospaced font: Hangul and Han characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _text_table(table: Table) -> list[str]:
    widths = [text_width(h) for h in table.header]
    for row in table.rows:
        widths = [max(w, text_width(c)) for w, c in zip(widths, row, strict=True)]

    def line(cells: Sequence[str]) -> str:
        padded = (" " * (w - text_width(c)) + c for c, w in zip(cells, widths, strict=True))
        return "  ".join(padded).rstrip()

    lines = [table.caption] if table.caption else []
    lines += [line(table.header), line(["-" * w for w in widths])]
    lines.extend(line(row) for row in table.rows)
    return lines


def to_text(steps: Iterable[Step]) -> str:
    """The steps as plain text with aligned tables (for pasting anywhere)."""
    lines: list[str] = []
    for number, step in enumerate(steps, start=1):
        lines += [f"{number}. {step.title}", ""]
        for paragraph in _paragraphs(step.text):
            lines += [paragraph, ""]
        for table in step.tables:
            lines += [*_text_table(table), ""]
    return "\n".join(lines)
