"""A single source file as the program to check: built once, kept in a cache.

``program_command(["sol.cpp", ARG ...])`` compiles ``sol.cpp`` (g++ -O2 -std=gnu++17;
``.c`` with gcc -O2, ``.java`` with javac, ``.rs`` with rustc -O; ``.py`` runs with this
interpreter after a syntax check) and returns the command that runs the result. A build
is kept under the cache folder (``$STRATEGY_WORKBENCH_CACHE``, else
``$XDG_CACHE_HOME/strategy-workbench`` or ``~/.cache/strategy-workbench``) keyed by the
source's bytes and the compiler (its path, size and date), so a second check starts at
once and an edited file or upgraded compiler is built again. Any other command is
returned unchanged.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from solvers.i18n import _

__all__ = ["CACHE_ENV", "SOURCES", "BuildError", "CompileError", "cache_folder", "program_command"]

#: Set it to keep builds somewhere else (the tests point it at a temporary folder).
CACHE_ENV = "STRATEGY_WORKBENCH_CACHE"
#: How long one compilation may take.
COMPILE_SECONDS = 120.0
#: Bytes of compiler messages kept.
MESSAGE_CAP = 8000


@dataclass(frozen=True)
class _Language:
    compiler: str
    flags: tuple[str, ...]


SOURCES = {
    ".cpp": _Language("g++", ("-O2", "-std=gnu++17")),
    ".cc": _Language("g++", ("-O2", "-std=gnu++17")),
    ".c": _Language("gcc", ("-O2",)),
    ".java": _Language("javac", ("-encoding", "UTF-8")),
    ".rs": _Language("rustc", ("-O",)),
    ".py": _Language("", ()),
}


class BuildError(OSError):
    """The source cannot be built here: its compiler (named in the message) is missing."""


class CompileError(ValueError):
    """The compiler refused the source; the message is what it said."""


def cache_folder() -> Path:
    """Where builds are kept."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "strategy-workbench"


def program_command(command: Sequence[str], memory_mb: int | None = None) -> list[str]:
    """The command that runs ``command``: a source file first is built (once) and run.

    A Java program's heap is limited to ``memory_mb`` (the JVM cannot start under an
    address-space limit, which the runner therefore does not set for it).
    """
    words = list(command)
    source = Path(words[0]) if words else Path()
    language = SOURCES.get(source.suffix.lower())
    if language is None or not source.is_file():
        return words
    text = source.read_bytes()
    if not language.compiler:
        _check_python(text, source)
        return [sys.executable, str(source.resolve()), *words[1:]]
    compiler = shutil.which(language.compiler)
    if compiler is None:
        message = _("{source}: cannot build it: {compiler} is not on PATH")
        raise BuildError(message.format(source=source.name, compiler=language.compiler))
    runner = None
    if source.suffix == ".java":
        runner = shutil.which("java")
        if runner is None:
            message = _("{source}: cannot run it: {runner} is not on PATH")
            raise BuildError(message.format(source=source.name, runner="java"))
    folder = _built(text, source, compiler, language)
    if runner is not None:
        heap = [] if memory_mb is None else [f"-Xmx{memory_mb}m"]
        main = _main_class(text.decode("utf-8", "replace"))
        return [runner, *heap, "-cp", str(folder), main, *words[1:]]
    return [str(folder / "program"), *words[1:]]


def _check_python(text: bytes, source: Path) -> None:
    try:
        compile(text, str(source), "exec")
    except (SyntaxError, ValueError) as exc:
        raise CompileError(f"{source.name}: {exc}") from None


def _key(text: bytes, compiler: str, language: _Language) -> str:
    info = os.stat(compiler)
    digest = hashlib.sha256(text)
    for part in (os.path.realpath(compiler), str(info.st_size), str(info.st_mtime_ns)):
        digest.update(b"\0" + part.encode())
    digest.update(b"\0" + " ".join(language.flags).encode())
    return digest.hexdigest()[:32]


def _built(text: bytes, source: Path, compiler: str, language: _Language) -> Path:
    """The folder holding the build of ``text``, compiling it if it is not cached."""
    folder = cache_folder() / "builds" / _key(text, compiler, language)
    if (folder / "done").exists():
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    # Built aside and renamed into place: two checks building at once never see half a build.
    work = Path(tempfile.mkdtemp(prefix="build-", dir=folder.parent))
    try:
        _compile(text, source, compiler, language, work)
        (work / "done").write_text(source.name + "\n", encoding="utf-8")
        try:
            work.rename(folder)
        except OSError:  # another check finished the same build first
            if not (folder / "done").exists():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return folder


def _compile(text: bytes, source: Path, compiler: str, language: _Language, work: Path) -> None:
    if source.suffix == ".java":
        # javac wants a public class in a file of its name, whatever the user called it.
        public = re.search(rb"public\s+(?:final\s+)?class\s+(\w+)", text)
        name = public.group(1).decode() + ".java" if public else source.name
        copy = work / name
        copy.write_bytes(text)
        argv = [compiler, *language.flags, "-d", str(work), str(copy)]
    else:
        argv = [compiler, *language.flags, "-o", str(work / "program"), str(source.resolve())]
        if source.suffix == ".c":
            argv.append("-lm")
    try:
        done = subprocess.run(
            argv,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=COMPILE_SECONDS,
            cwd=work,
            check=False,
        )
    except subprocess.TimeoutExpired:
        message = _("{source}: the compiler took over {seconds} s")
        raise CompileError(
            message.format(source=source.name, seconds=f"{COMPILE_SECONDS:g}")
        ) from None
    except OSError as exc:
        message = _("{source}: cannot run {compiler}: {error}")
        raise BuildError(
            message.format(source=source.name, compiler=compiler, error=exc.strerror or exc)
        ) from None
    if done.returncode != 0:
        said = (done.stderr + done.stdout).decode("utf-8", "replace")
        failed = _("{compiler} failed").format(compiler=compiler)
        raise CompileError(said[-MESSAGE_CAP:].strip() or failed)


def _main_class(text: str) -> str:
    """The top-level class that declares ``main`` (the public one when there is one)."""
    code = re.sub(
        r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', " ", text, flags=re.S
    )
    depth, top, found = 0, "", ""
    for token in re.finditer(r"[{}]|\bclass\s+(\w+)|\bvoid\s+main\s*\(", code):
        word = token.group(0)
        if word == "{":
            depth += 1
        elif word == "}":
            depth -= 1
        elif token.group(1) is not None:
            top = token.group(1) if depth == 0 else top
        elif not found:
            found = top
    public = re.search(r"public\s+(?:final\s+)?class\s+(\w+)", code)
    if found:
        return found
    if public:
        return public.group(1)
    raise CompileError(_("no class with a main method"))
