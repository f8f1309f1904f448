"""The "Why" widget: each explanation readable at 1024x700, steps selectable, copy, export."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox, QTextBrowser

import solvers
from gui.widgets.why_view import WhyView
from solvers.explain import Step, to_html, to_markdown, to_text


@pytest.fixture()
def view(qtbot):  # type: ignore[no-untyped-def]
    widget = WhyView()
    qtbot.addWidget(widget)
    widget.resize(1024, 700)
    widget.show()
    return widget


def example_steps(game: str) -> list[Step]:
    module = solvers.load(game)
    inputs = module.example()
    return module.explain(inputs, module.solve(inputs))


@pytest.mark.parametrize("game", solvers.GAMES)
def test_every_game_reads_at_1024x700_without_sideways_scrolling(
    view: WhyView, qtbot, game: str
) -> None:  # type: ignore[no-untyped-def]
    steps = example_steps(game)
    view.show_steps(steps)
    browser = view.findChild(QTextBrowser, "explainView")
    assert browser is view.explainView and browser.isReadOnly()
    text = browser.toPlainText()
    assert all(f"{n}. {s.title}" in text for n, s in enumerate(steps, start=1))
    for step in steps:
        for table in step.tables:
            assert all(cell in text for cell in table.rows[0] if cell)
    qtbot.waitUntil(lambda: browser.viewport().width() > 900)
    assert browser.horizontalScrollBar().maximum() == 0
    assert view.copyButton.isEnabled() and view.exportButton.isEnabled()


def test_clicking_or_hovering_a_title_selects_its_step(view: WhyView, qtbot) -> None:  # type: ignore[no-untyped-def]
    steps = example_steps("nim")
    view.show_steps(steps)
    browser = view.explainView
    cursor = browser.document().find(f"2. {steps[1].title}")
    assert not cursor.isNull()
    cursor.setPosition(cursor.selectionStart() + 3)
    spot = browser.cursorRect(cursor).center()
    with qtbot.waitSignal(view.step_selected) as clicked:
        qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    assert clicked.args == [steps[1]]
    # Hovering a title: the browser reports the link under the mouse.
    with qtbot.waitSignal(view.step_selected) as hovered:
        browser.highlighted.emit(QUrl("#step-3"))
    assert hovered.args == [steps[2]]
    with qtbot.assertNotEmitted(view.step_selected):
        browser.highlighted.emit(QUrl(""))
        browser.anchorClicked.emit(QUrl("#step-99"))


def test_copy_as_text_puts_the_plain_steps_on_the_clipboard(view: WhyView, qtbot) -> None:  # type: ignore[no-untyped-def]
    steps = example_steps("xoinc")
    view.show_steps(steps)
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(view.copyButton, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == to_text(steps)


def test_export_writes_markdown_or_html_by_extension(view: WhyView, tmp_path: Path) -> None:
    steps = example_steps("coverup")
    view.show_steps(steps, title="Cover Up: 0.537")
    view.export(tmp_path / "why.md")
    view.export(tmp_path / "why.html")
    assert (tmp_path / "why.md").read_text(encoding="utf-8") == to_markdown(steps)
    page = (tmp_path / "why.html").read_text(encoding="utf-8")
    assert page == to_html(steps, title="Cover Up: 0.537") and "<title>Cover Up: 0.537<" in page
    with pytest.raises(ValueError, match=r"\.md \(Markdown\) or \.html"):
        view.export(tmp_path / "why.txt")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["why.html", "why.md"]


def test_export_button_asks_for_a_file_and_adds_the_chosen_extension(
    view: WhyView, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    steps = example_steps("greatgame")
    view.show_steps(steps)
    target = tmp_path / "handout"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *args: (str(target), "HTML (*.html)")
    )
    qtbot.mouseClick(view.exportButton, Qt.MouseButton.LeftButton)
    assert (tmp_path / "handout.html").read_text(encoding="utf-8") == to_html(steps)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warned.append(args[2]))
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *args: (str(tmp_path / "no" / "x.md"), "")
    )
    qtbot.mouseClick(view.exportButton, Qt.MouseButton.LeftButton)
    assert len(warned) == 1 and "was not saved" in warned[0]


def test_clear_empties_the_view_and_disables_the_buttons(view: WhyView) -> None:
    assert not view.copyButton.isEnabled() and not view.exportButton.isEnabled()
    view.show_steps(example_steps("yut"))
    view.clear()
    assert view.steps == () and view.explainView.toPlainText() == ""
    assert not view.copyButton.isEnabled() and not view.exportButton.isEnabled()
