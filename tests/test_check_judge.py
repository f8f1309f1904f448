"""The local judge judged like a judge (issue 22): rounding, source files, shrinking to a
local minimum, samples first. Time, memory and cleanup are in ``test_check_runs.py``.

Tests that need a compiler skip when it is not on PATH; builds go to the temporary cache
set up in ``conftest.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import solvers
import solvers.check.cli as check_cli
import solvers.check.engine as engine
from solvers.check import Check, Settings
from solvers.check.build import CACHE_ENV, cache_folder, program_command
from solvers.check.report import json_report, text_report
from solvers.shrinking import smaller_lists

PROGRAMS = Path(__file__).resolve().parent / "check_programs"


def program(name: str, *args: str, site: bool = False) -> list[str]:
    # -S: most of these need only the standard library, and start faster without site.
    return [sys.executable, *(() if site else ("-S",)), str(PROGRAMS / name), *args]


def judge(capsys: pytest.CaptureFixture[str], game: str, *words: str) -> tuple[int, Any, str]:
    """``check GAME WORDS`` in process; the JSON report when ``--json`` is among the words."""
    status = check_cli.main([game, *words])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, json.loads(out) if "--json" in words and out else out, err


def needs(*tools: str) -> Any:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    return pytest.mark.skipif(bool(missing), reason=f"not on PATH: {', '.join(missing)}")


@pytest.fixture
def no_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random cases only: the statement samples would otherwise fail first."""
    monkeypatch.setattr(engine, "statement_samples", lambda game: [])


# --- 1. either rounding of an exact half -----------------------------------------------


def test_the_other_rounding_of_an_exact_half_is_accepted_and_said_once() -> None:
    # Small Great Game cases are often exact halves (one throw, W = L = 1, q = c / 64);
    # seed 7's case 2 is one that printf rounds down and the program rounds up.
    module = solvers.load("greatgame")
    command = program("greatgame_half_up.py", site=True)
    settings = Settings(cases=4, seed=7, size="small", jobs=2)
    report = Check(module, "greatgame", command, settings).run()
    assert report.passed
    assert [c.other_rounding for c in report.cases] == [False, True, False, False]
    assert report.other_roundings == 1 and json_report(report)["other_roundings"] == 1
    assert text_report(report).count("either rounding of an exact half") == 1


# --- 2. source files ---------------------------------------------------------------------


def builds() -> list[Path]:
    folder = cache_folder() / "builds"
    return sorted(folder.iterdir()) if folder.is_dir() else []


@needs("g++")
def test_a_cpp_source_is_built_once_and_judged(capsys: pytest.CaptureFixture[str]) -> None:
    source = str(PROGRAMS / "nim_xor.cpp")
    status, report, _ = judge(capsys, "nim", "--json", "--cases", "20", "--", source)
    assert status == 0, report
    assert len(report["samples"]) == 6 and len(report["results"]) == 20
    built = [b for b in builds() if (b / "done").read_text().strip() == "nim_xor.cpp"]
    assert len(built) == 1
    stamp = (built[0] / "program").stat().st_mtime_ns
    assert program_command([source]) == [str(built[0] / "program")]
    assert (built[0] / "program").stat().st_mtime_ns == stamp  # not built again


@needs("g++")
def test_an_edited_source_is_built_again(tmp_path: Path) -> None:
    source = tmp_path / "sol.cpp"
    source.write_text((PROGRAMS / "nim_xor.cpp").read_text())
    first = program_command([str(source), "--fast"])
    source.write_text(source.read_text() + "// edited\n")
    second = program_command([str(source), "--fast"])
    assert first != second and first[1:] == second[1:] == ["--fast"]


@needs("javac", "java")
def test_a_java_source_is_built_its_main_class_found_and_shrunk(
    capsys: pytest.CaptureFixture[str],
) -> None:
    source = str(PROGRAMS / "NimParity.java")
    status, report, _ = judge(capsys, "nim", "--json", "--cases", "5", "--", source)
    assert status == 1
    assert report["failure"]["verdict"] == "wrong answer"
    assert report["failure"]["input"] == "1\n2\n"


@pytest.mark.parametrize(
    ("name", "tool"), [("nim_xor.c", "gcc"), ("nim_xor.rs", "rustc"), ("nim_xor.cpp", "g++")]
)
def test_c_rust_and_cpp_sources_pass(
    capsys: pytest.CaptureFixture[str], name: str, tool: str
) -> None:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not on PATH")
    status, out, _ = judge(capsys, "nim", "--cases", "10", "--", str(PROGRAMS / name))
    assert status == 0, out


@needs("g++")
def test_a_compile_error_is_a_verdict_with_the_compilers_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    source = str(PROGRAMS / "broken.cpp")
    status, report, _ = judge(capsys, "nim", "--json", "--", source)
    assert status == 1
    assert report["verdict"] == "compile error"
    assert "undeclared_name" in report["failure"]["stderr"]
    status, out, _ = judge(capsys, "nim", "--", source)
    assert status == 1 and out.splitlines()[0].endswith(": compile error")
    assert "undeclared_name" in out


def test_a_python_syntax_error_is_a_compile_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "sol.py"
    source.write_text("print(\n")
    status, report, _ = judge(capsys, "nim", "--json", "--", str(source))
    assert status == 1 and report["verdict"] == "compile error"
    assert "sol.py" in report["failure"]["stderr"]


def test_a_python_source_runs_with_this_interpreter(capsys: pytest.CaptureFixture[str]) -> None:
    # Not executable and no #! line: it ran only as ``python sol.py`` before.
    source = PROGRAMS / "nim_parity.py"
    assert not os.access(source, os.X_OK)
    assert program_command([str(source)]) == [sys.executable, str(source)]
    status, report, _ = judge(capsys, "nim", "--json", "--cases", "5", "--", str(source))
    assert status == 1 and report["failure"]["input"] == "1\n2\n"


def test_a_missing_compiler_is_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no compiler at all
    for name, tool in (
        ("nim_xor.cpp", "g++"),
        ("nim_xor.rs", "rustc"),
        ("NimParity.java", "javac"),
    ):
        status, _, err = judge(capsys, "nim", "--", str(PROGRAMS / name))
        assert status == 2
        assert f"{tool} is not on PATH" in err and name in err


def test_the_cache_folder_follows_xdg_and_never_the_real_one_in_tests(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert Path(os.environ[CACHE_ENV]).is_dir()  # conftest: a temporary folder
    monkeypatch.delenv(CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_folder() == tmp_path / "strategy-workbench"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache_folder() == tmp_path / ".cache" / "strategy-workbench"


# --- 3. shrinking to a local minimum ---------------------------------------------------


@pytest.mark.usefixtures("no_samples")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_nim_parity_of_the_sum_shrinks_to_one_pile_of_two(
    capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    words = ("--json", "--seed", str(seed), "--cases", "60", "--")
    status, report, _ = judge(capsys, "nim", *words, *program("nim_parity.py"))
    assert status == 1
    failure = report["failure"]
    assert failure["input"] == "1\n2\n", failure["original_input"]
    assert failure["shrink_complete"] and failure["shrink_runs"] >= failure["shrink_steps"]


def greedy_xoinc(coins: tuple[int, ...]) -> int:
    """What ``check_programs/xoinc_greedy.py`` answers, for the brute force below."""
    totals, top, allowed, player = [0, 0], 0, 2, 0
    while top < len(coins):
        take = min(allowed, len(coins) - top)
        totals[player] += sum(coins[top : top + take])
        top, allowed, player = top + take, 2 * take, 1 - player
    return totals[0]


@pytest.mark.usefixtures("no_samples")
def test_greedy_xoinc_shrinks_to_a_stack_no_shorter_stack_beats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    xoinc = solvers.load("xoinc")
    status, report, _ = judge(
        capsys, "xoinc", "--json", "--seed", "7", "--", *program("xoinc_greedy.py")
    )
    assert status == 1
    assert report["failure"]["input"] == "4\n1\n1\n1\n2\n"  # greedy 2, best 3
    # Brute force: greedy is right on every stack of up to 3 coins of 1..4, and on four
    # coins summing to less than 5, so no smaller stack could have been reported.
    for count in (1, 2, 3, 4):
        for values in product(range(1, 5), repeat=count):
            if count < 4 or sum(values) < 5:
                assert greedy_xoinc(values) == xoinc.solve(xoinc.Inputs(values)).first_total


def test_the_shrink_budget_of_runs_is_kept(capsys: pytest.CaptureFixture[str]) -> None:
    words = ("--json", "--seed", "1", "--jobs", "2", "--shrink-runs", "4", "--")
    status, report, _ = judge(capsys, "xoinc", *words, *program("xoinc_greedy.py"))
    assert status == 1
    failure = report["failure"]
    assert failure["shrink_runs"] <= 4 and not failure["shrink_complete"]
    status, out, _ = judge(capsys, "xoinc", *words[1:], *program("xoinc_greedy.py"))
    assert "runs) to the smallest found in time" in out


def parity_fails(piles: tuple[int, ...]) -> bool:
    nim_sum = 0
    for pile in piles:
        nim_sum ^= pile
    return sum(piles) % 2 == 0 and nim_sum != 0


@given(st.lists(st.integers(1, 10**6), min_size=1, max_size=30).map(tuple))
def test_greedy_shrinking_of_any_parity_failure_ends_at_one_pile_of_two(
    piles: tuple[int, ...],
) -> None:
    if not parity_fails(piles):
        return
    while (
        smaller := next((c for c in smaller_lists(piles, 1, 10**6) if parity_fails(c)), None)
    ) is not None:
        piles = smaller
    assert piles == (2,)


@given(st.lists(st.integers(1, 40), min_size=1, max_size=12).map(tuple))
def test_every_single_smaller_step_is_proposed_and_smaller(values: tuple[int, ...]) -> None:
    found = list(smaller_lists(values, 1, 100))
    assert len(found) == len(set(found)) and values not in found
    for candidate in found:
        assert candidate and all(1 <= v <= 100 for v in candidate)
        shorter = len(candidate) < len(values)
        assert shorter or (len(candidate) == len(values) and sum(candidate) < sum(values))
    n = len(values)
    if n > 1:
        assert all(values[:i] + values[i + 1 :] in found for i in range(n))
    for i, v in enumerate(values):
        for smaller in {1, v // 2, v - 1} - {v, 0}:
            assert (*values[:i], smaller, *values[i + 1 :]) in found
    for a, b in product(sorted(set(values)), repeat=2):
        if a < b:  # one value merged into a smaller one wherever it occurs
            merged = tuple(a if v == b else v for v in values)
            neighbour = max((v for v in values if v < b), default=None)
            if a == neighbour:
                assert merged in found


# --- 6. the statement's samples first ----------------------------------------------------


@pytest.mark.parametrize("game", list(solvers.GAMES))
def test_shipped_samples_are_the_statements_and_our_answers(game: str) -> None:
    module = solvers.load(game)
    samples = engine.statement_samples(game)
    assert samples, game
    folder = Path(__file__).resolve().parents[1] / "resources" / "samples" / game
    for name, text in samples:
        (inputs,) = module.parse_judge(text)
        expected = (folder / f"{name}.out").read_text()
        assert module.format_judge(module.solve(inputs)) + "\n" == expected
        # The same cases are among the CLI's sample tests.
        assert any(
            p.read_text() == text
            for p in (folder.parents[2] / "tests" / "samples" / game).glob("*.in")
        )


def test_samples_run_before_the_random_cases() -> None:
    module = solvers.load("nim")
    seen: list[str] = []
    check = Check(module, "nim", program("nim_parity.py"), Settings(cases=3, seed=1, jobs=2))
    report = check.run(on_case=lambda case: seen.append(case.sample or f"case {case.number}"))
    assert seen == ["s1", "s2", "s3", "s4"]  # s4 (1 2 3 4) fails: no random case runs
    assert report.failure is not None and report.failure.sample == "s4"
    assert report.failure.original_text == "4\n1 2 3 4\n" and report.cases == []


@needs("javac", "java")
def test_a_java_program_gets_its_heap_limited_not_its_address_space(
    capsys: pytest.CaptureFixture[str],
) -> None:
    source = str(PROGRAMS / "NimParity.java")
    assert "-Xmx256m" in program_command([source], 256)
    assert not any(word.startswith("-Xmx") for word in program_command([source]))
    # Under RLIMIT_AS the JVM would not even start: a runtime error on every case.
    words = ("--json", "--cases", "2", "--memory", "256", "--", source)
    status, report, _ = judge(capsys, "nim", *words)
    assert status == 1 and report["verdict"] == "wrong answer"
