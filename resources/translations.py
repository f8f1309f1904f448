"""Keep the catalogues in step with the code: ``python -m resources.translations COMMAND``.

- ``update [AREA...]``: extract the marked texts (``_``, ``N_``, ``ngettext``, ``pgettext``)
  and bring every language's ``.po`` in line: new texts empty, vanished ones dropped,
  translations kept.
- ``compile [AREA...]``: write the ``.mo`` files the app reads.
- ``check [AREA...]``: list what a catalogue lacks (untranslated, fuzzy, obsolete or
  missing texts, a ``{field}`` lost in a translation, a stale ``.mo``) and, for all
  areas, texts the shared areas translate two ways; exit 1 if any.
- ``lint [AREA or PATH...]``: list the texts a user would read that are not marked.

A catalogue per area of the code (``AREAS``) lets each be translated on its own. This
is a developer's tool (it needs Babel, a test dependency); the app itself reads the
``.mo`` files with the standard library's gettext.
"""

from __future__ import annotations

import ast
import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "resources" / "locale"
LANGUAGES = ("ko", "zh_CN")
GAME_AREAS = ("yut", "coverup", "greatgame", "xoinc", "nim")
AREAS = ("app", "common", *GAME_AREAS)
#: Modules whose texts only a terminal prints (the CLI speaks English, as judges do)
#: or only developers read.
ENGLISH_ONLY = (
    "solvers/__main__.py",
    "solvers/cli_output.py",
    "solvers/sweep_cli.py",
    "solvers/input_formats.py",
    "solvers/check/cli.py",
    "solvers/check/launcher.py",
    "gui/screenshots.py",
    "gui/display.py",
    "gui/__main__.py",
)
#: Calls that mark a text, and the positions of their context and texts.
MARKERS: dict[str, tuple[int | None, tuple[int, ...]]] = {
    "_": (None, (0,)),
    "N_": (None, (0,)),
    "ngettext": (None, (0, 1)),
    "pgettext": (0, (1,)),
}
#: Calls whose text arguments nobody reads as prose (names, keys, logs, internal errors).
QUIET_CALLS = {
    "setObjectName", "setProperty", "property", "setStyleSheet", "getattr", "setattr",
    "hasattr", "isinstance", "value", "setValue", "Signal", "debug", "info", "warning",
    "error", "exception", "critical", "compile", "match", "search", "fullmatch", "sub",
    "split", "findChild", "findChildren", "TypeError", "RuntimeError", "AssertionError",
    "NotImplementedError", "KeyError", "IndexError", "AttributeError", "LookupError",
    "Job", "import_module", "startswith", "endswith", "replace", "strip", "join", "format",
    "get", "pop", "encode", "decode", "environ", "getenv", "field", "dataclass",
}  # fmt: skip
#: The date written in every catalogue's header (a changing date would make every update a diff).
EPOCH = datetime(2026, 1, 1, tzinfo=timezone.utc)
_WORD = re.compile(r"[A-Za-z]{2,}")
_FIELDS = re.compile(r"\{([^{}:!]*)[^{}]*\}")


def area_of(path: Path) -> str | None:
    """The catalogue a source file's texts go to (None: English only)."""
    rel = path.resolve().relative_to(ROOT).as_posix()
    if rel in ENGLISH_ONLY:
        return None
    parts = rel.split("/")
    if parts[0] == "gui" and len(parts) > 3 and parts[1] == "tabs" and parts[2] in GAME_AREAS:
        return parts[2]
    if parts[0] == "solvers" and len(parts) > 2 and parts[1] in GAME_AREAS:
        return parts[1]
    return "app" if parts[0] == "gui" else "common"


def sources(area: str | None = None) -> list[Path]:
    """The Python files of ``area`` (every translated file when None)."""
    files = sorted([*(ROOT / "gui").rglob("*.py"), *(ROOT / "solvers").rglob("*.py")])
    return [f for f in files if area_of(f) is not None and area in (None, area_of(f))]


@dataclass(frozen=True)
class Marked:
    """A marked text: its context, its text (two forms for a plural) and where it is."""

    context: str | None
    text: str | tuple[str, str]
    where: tuple[str, int]


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def marked(path: Path) -> Iterator[Marked]:
    """The marked texts of ``path``, in order."""
    rel = path.resolve().relative_to(ROOT).as_posix()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id not in MARKERS:
            continue
        context_at, text_at = MARKERS[node.func.id]
        args = node.args
        values = [a.value if isinstance(a, ast.Constant) else None for a in args]
        texts = [values[i] if i < len(values) else None for i in text_at]
        context = values[context_at] if context_at is not None and args else None
        if not all(isinstance(t, str) for t in texts):
            continue  # _(name): a text marked with N_ where it was written
        text: str | tuple[str, str] = texts[0] if len(texts) == 1 else (texts[0], texts[1])  # type: ignore[assignment]
        yield Marked(context if isinstance(context, str) else None, text, (rel, node.lineno))


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr):
            found.add(id(node.body[0].value))
    return found


def _prose(text: str) -> bool:
    """Whether a string reads as words a person would read (not a name, key or path)."""
    if not _WORD.search(text) or (re.fullmatch(r"[\w.\-/*:]+", text) and not text[:1].isupper()):
        return False
    if re.fullmatch(r"[\w.\-/*]*\*\.[\w ;*.()]*", text):  # a file pattern
        return False
    return " " in text.strip() or bool(re.match(r"[A-Z][a-z]", text))


def lint(path: Path) -> Iterator[str]:
    """``FILE:LINE: text`` for every unmarked prose string a user may read in ``path``.

    Also flags ``_()`` at a module's top level: it would be translated once, at import,
    in whatever language was spoken then.
    """
    rel = path.resolve().relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("_", "ngettext", "pgettext") and _top_level(node, parents):
                yield f"{rel}:{node.lineno}: translated at import time: use N_ here"
        if not isinstance(node, ast.Constant | ast.JoinedStr) or id(node) in skip:
            continue
        if isinstance(node, ast.Constant) and not isinstance(node.value, str):
            continue
        if isinstance(parents.get(id(node)), ast.JoinedStr):
            continue  # judged as part of its f-string
        text = node.value if isinstance(node, ast.Constant) else _fstring_text(node)
        if _prose(text) and not _quiet(node, parents):
            yield f"{rel}:{node.lineno}: {text!r}"


def _fstring_text(node: ast.JoinedStr) -> str:
    return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)


def _top_level(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    scopes = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
    while id(node) in parents:
        node = parents[id(node)]
        if isinstance(node, scopes):
            return False
    return True


def _quiet(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Whether the string sits where no user reads it, or is marked already."""
    child = node
    while id(child) in parents:
        parent = parents[id(child)]
        if isinstance(parent, ast.Call):
            name = _name(parent)
            if name in MARKERS or name in QUIET_CALLS:
                return True
        if isinstance(parent, ast.keyword) and parent.arg in ("objectName", "name", "key"):
            return True
        if isinstance(parent, ast.Assert | ast.Subscript) and child is not parent.value:
            return True
        if isinstance(parent, ast.Compare | ast.Assert):
            return True
        if isinstance(parent, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in parent.targets
        ):
            return True
        if isinstance(parent, ast.stmt):
            return False
        child = parent
    return False


def allowed() -> set[str]:
    """The ``FILE: 'text'`` lines that stay English on purpose (tests/i18n_allowlist/*.txt).

    One list per area, so that each area's translator keeps its own.
    """
    lines = []
    for path in sorted((ROOT / "tests" / "i18n_allowlist").glob("*.txt")):
        lines += path.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line and not line.startswith("#")}


def unmarked(paths: Iterable[Path]) -> list[str]:
    """Every lint finding in ``paths`` that the allowlist does not name."""
    allow = allowed()
    found = []
    for path in paths:
        for line in lint(path):
            where, _, text = line.partition(": ")
            if f"{where.split(':')[0]}: {text}" not in allow:
                found.append(line)
    return found


def _template(area: str):  # type: ignore[no-untyped-def]
    from babel.messages.catalog import Catalog

    template = Catalog(project="Strategy Workbench", domain=area, creation_date=EPOCH)
    for path in sources(area):
        for item in marked(path):
            template.add(item.text, locations=[item.where], context=item.context)
    return template


def _po_path(language: str, area: str) -> Path:
    return LOCALE_DIR / language / f"{area}.po"


def _read(language: str, area: str):  # type: ignore[no-untyped-def]
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = _po_path(language, area)
    if not path.exists():
        return Catalog(locale=language, domain=area, creation_date=EPOCH, revision_date=EPOCH)
    with path.open("rb") as stream:
        return read_po(stream, locale=language, domain=area)


def _mo_bytes(catalog) -> bytes:  # type: ignore[no-untyped-def]
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def update(area: str) -> None:
    """Bring ``area``'s catalogues in line with the code (translations kept)."""
    from babel.messages.pofile import write_po

    template = _template(area)
    for language in LANGUAGES:
        catalog = _read(language, area)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        # A fixed header: an update that changes no text changes no byte (merges stay clean).
        catalog.fuzzy = False
        catalog.header_comment = f"# {language} texts of Strategy Workbench, area {area}."
        catalog.project, catalog.version = "Strategy Workbench", "1"
        catalog.last_translator = catalog.language_team = "Strategy Workbench"
        path = _po_path(language, area)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as stream:
            write_po(stream, catalog, width=100, omit_header=False, include_previous=False)


def compile_area(area: str) -> None:
    """Write ``area``'s ``.mo`` files from its ``.po`` files."""
    for language in LANGUAGES:
        _po_path(language, area).with_suffix(".mo").write_bytes(_mo_bytes(_read(language, area)))


def check(area: str) -> list[str]:
    """What ``area``'s catalogues lack, one line each (empty: complete)."""
    problems = []
    wanted = {(m.id, m.context) for m in _template(area) if m.id}
    for language in LANGUAGES:
        po = _po_path(language, area)
        if not po.exists():
            problems.append(f"{po}: missing")
            continue
        catalog = _read(language, area)
        have = {(m.id, m.context) for m in catalog if m.id}
        problems += [f"{po}: not in the catalogue: {k[0]!r}" for k in wanted - have]
        problems += [f"{po}: obsolete: {k[0]!r}" for k in have - wanted]
        problems += [f"{po}: obsolete: {k!r}" for k in catalog.obsolete]
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            if message.fuzzy or not all(strings):
                problems.append(f"{po}:{message.lineno}: untranslated: {ids[0]!r}")
            elif any(set(_FIELDS.findall(s)) != set(_FIELDS.findall(ids[-1])) for s in strings):
                problems.append(f"{po}:{message.lineno}: fields differ: {ids[0]!r}")
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != _mo_bytes(catalog):
            problems.append(f"{mo}: older than {po.name}: run compile")
    return problems


#: The areas of the shared code: their catalogues are one lookup (a game's code looks in its
#: own catalogue first, see ``solvers.i18n.area_catalogue``).
SHARED_AREAS = ("app", "common")


def clashes() -> list[str]:
    """Texts the shared areas translate two ways: the lookup would give both one of them.

    (A word that means two things gets a ``pgettext`` context in one of its places.)
    """
    problems = []
    for language in LANGUAGES:
        seen: dict[tuple[object, str | None], dict[object, str]] = {}
        for area in SHARED_AREAS:
            for message in _read(language, area):
                if message.id and message.string:
                    seen.setdefault((message.id, message.context), {})[message.string] = area
        for (text, _context), strings in seen.items():
            if len(strings) > 1:
                shown = ", ".join(f"{area}: {string!r}" for string, area in strings.items())
                problems.append(f"{language}: {text!r} is translated two ways ({shown})")
    return problems


def main(argv: list[str]) -> int:
    """The command line (see the module's docstring)."""
    command, *names = argv or ["check"]
    if command == "lint":
        # An area's name lints its files, as ``update`` and ``check`` take areas.
        paths = [p for n in names for p in (sources(n) if n in AREAS else [Path(n)])]
        paths = paths or sources()
        found = unmarked(p for p in paths if area_of(p) is not None)
        if found:
            print("\n".join(found))
        return 1 if found else 0
    areas = names or list(AREAS)
    if command == "update":
        for area in areas:
            update(area)
        return 0
    if command == "compile":
        for area in areas:
            compile_area(area)
        return 0
    if command == "check":
        problems = [line for area in areas for line in check(area)]
        problems += clashes() if not names else []
        if problems:
            print("\n".join(problems))
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
