"""``--explain``: each judge line, then the derivation of that answer as Markdown.

Every sample is explained, and a derivation per game shows the steps a reader checks by
hand (binary and the nim-sum, Xoinc's totals, the chance games' probabilities).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli import SAMPLES, extra_flags, run


def explained(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str, stdin: str = ""
) -> str:
    status, out, err = run(capsys, monkeypatch, *args, "--explain", stdin=stdin)
    assert status == 0, err
    return out


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_explain_every_sample(
    sample: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = explained(capsys, monkeypatch, sample.parent.name, *extra_flags(sample), str(sample))
    answers = sample.with_suffix(".out").read_text().splitlines()
    cases = out.split("\n\n### 1. ")
    assert len(cases) == len(answers) + 1
    assert cases[0] == answers[0]
    for answer, case in zip(answers[1:], cases[1:], strict=False):
        assert case.endswith("\n\n" + answer)  # each case's Markdown, then the next answer
    assert "### 2. " in cases[-1] and out.endswith("\n")


def test_explain_nim_shows_binary_the_nim_sum_and_the_new_size(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = explained(capsys, monkeypatch, "nim", stdin="4\n1 2 3 4\n")
    assert out.startswith("koosaga\n\n### 1. Each pile in binary")
    for pile, size in enumerate((1, 2, 3, 4), start=1):
        assert f"| pile {pile} | {size} | {size:03b} |" in out
    assert "nim-sum s = 1 ⊕ 2 ⊕ 3 ⊕ 4 = 4 (binary 100)" in out
    assert "Take 4 from pile 4: 4 → 0." in out
    out = explained(capsys, monkeypatch, "nim", "--subtract", "1,3,4", stdin="3\n2 4 7\n")
    assert "| 6 | 5, 3, 2 | {0, 1, 3} | 2 |" in out  # g(6) = mex{g(5), g(3), g(2)}
    assert "repeat with period 7" in out


def test_explain_xoinc_shows_the_first_totals_after_taking_1_and_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = explained(capsys, monkeypatch, "xoinc", stdin="5\n1\n3\n1\n7\n2\n")
    turn = out[out.index("### 4. Turn 1: player 1 at (5, 2)") :].split("###")[1]
    assert "| 1 | 1 | 1 | 5 | 9 | 9 | 5 | ✓ best |" in turn
    assert "| 2 | 1–2 | 4 | 10 | 4 | 4 | 10 |  |" in turn


def test_explain_the_games_with_chance(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = explained(capsys, monkeypatch, "greatgame", stdin="2 2 2\n30 30 40\n50 20 30\n0 0 0\n")
    assert out.startswith("79.318%\n") and "q = P(win) / (P(win) + P(lose)) = 0.661971831" in out
    out = explained(capsys, monkeypatch, "coverup", stdin="2\n4 1 1.0 5 2 0.8\n0\n")
    assert out.startswith("0.8\n") and "### 3. Turn 1:" in out and "### 4. Turn 2:" in out
    out = explained(capsys, monkeypatch, "yut", stdin="1 2 3 4 1 2 3 4 1 2\n")
    assert out.startswith("190\n") and "The maximum total is 190." in out
    assert all(f". Turn {k}: throw " in out for k in range(1, 11))
    out = explained(capsys, monkeypatch, "yut", "--expected", "--pieces", "1", "--turns", "2")
    assert out.startswith("18.920\n") and "Averaged over the die" in out


def test_explain_refuses_json_and_is_in_the_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = run(capsys, monkeypatch, "nim", "--explain", "--json", stdin="1\n1\n")
    assert status == 2 and err.startswith("--explain:")
    status, out, _ = run(capsys, monkeypatch, "nim", "--help")
    assert status == 0 and "--explain" in out
