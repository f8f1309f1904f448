"""Files of a game tab: judge import (with CLI options), examples, CSV and picture export, sessions.

``GameTab``'s methods of the same names call these (kept apart to keep each
file short); they only use the tab's hooks and state. Every write is atomic,
every read size-limited, and a refused file leaves the form as it was, with
the reason on the message line.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from gui.files import atomic_write
from gui.form_state import STATE_ERRORS, refusal
from gui.widgets.dialogs import open_file, save_file
from gui.widgets.images import choose_image_path, save_widget_image
from gui.widgets.message_area import EXAMPLE_LOADED, said
from solvers.i18n import N_, _
from solvers.judge_files import read_first_case
from solvers.protocol import JudgeFormatError, parse_options
from solvers.spreadsheet import csv_text

if TYPE_CHECKING:
    from gui.tabs.base import GameTab

#: An exported picture's caption shows this many lines of the inputs (judge format).
CAPTION_INPUT_LINES = 3

__all__ = [
    "MAX_JUDGE_BYTES",
    "TabFiles",
    "choose_export_file",
    "choose_image_file",
    "choose_import_file",
    "export_csv",
    "export_image",
    "import_judge_file",
    "load_example",
    "restore_session",
]

#: Judge files larger than this are refused before being read.
MAX_JUDGE_BYTES = 4 * 1024 * 1024


def import_judge_file(tab: GameTab, path: str | Path, options: Sequence[str] = ()) -> bool:
    """Load the first case of a judge-format file; ``options`` are CLI option strings.

    On any error the form is kept and the message line says why.
    """
    path = Path(path)
    try:
        values = parse_options(tab.options(), list(options)) if options else None
        # Only as far as the first case: a file of a million cases is no slower to import.
        first = read_first_case(path, tab.module, tab.judge_options() if values is None else values)
    except JudgeFormatError as exc:
        tab.show_message(f"{path.name}:{exc.line}: {exc.reason}", error=True)
        return False
    except (OSError, ValueError) as exc:
        reason = str(exc)
        tab.show_message(
            said(N_("Cannot read {name}: {reason}"), name=path.name, reason=reason), True
        )
        return False
    snapshot = tab.state()
    # Running work stops before the new inputs go in (as for an example): after them, it
    # would also stop the restart of a game in play that the edit has just asked for.
    tab.cancel()
    try:
        with tab.history.group(N_("Import {name}"), name=path.name):
            if values is not None:
                tab.apply_options(values)
            tab.set_inputs(first.inputs)
    except ValueError as exc:
        tab._put_back(snapshot)
        reason = str(exc)
        tab.show_message(
            said(N_("Cannot import {name}: {reason}"), name=path.name, reason=reason), True
        )
        return False
    tab.inputs_replaced()
    loaded = N_("Loaded {name} (its first case).") if first.more else N_("Loaded {name}.")
    tab.show_message(said(loaded, name=path.name))
    return True


def load_example(tab: GameTab) -> bool:
    """Load the example shipped in ``resources/examples/<game>.txt``, every option at default.

    The example is the whole game: a subtraction set or a misère rule left in the form
    would make it another game.
    """
    example = files("resources").joinpath("examples", f"{tab.game_id}.txt")
    defaults = {option.name: option.default for option in tab.options()}
    snapshot = tab.state()
    try:
        cases = list(tab.module.parse_judge(example.read_text(encoding="utf-8"), **defaults))
        tab.cancel()
        with tab.history.group(N_("Load example")):
            tab.apply_options(defaults)
            tab.set_inputs(cases[0])
    except (OSError, ValueError, IndexError) as exc:
        tab._put_back(snapshot)
        reason = str(exc)
        tab.show_message(said(N_("The example could not be loaded: {reason}"), reason=reason), True)
        return False
    tab.inputs_replaced()
    tab.show_message(said(EXAMPLE_LOADED))
    return True


def export_csv(tab: GameTab, path: str | Path) -> bool:
    """Write the current inputs and their results as CSV (header row first), atomically.

    A solve of the current inputs still on its way is waited for (the window stays live).
    """
    try:
        tab.wait_for_current_result()
        # UTF-8 with a BOM: spreadsheets then read "→" as an arrow, not as mojibake.
        atomic_write(path, csv_text(tab.csv_rows()))
    except (OSError, ValueError) as exc:
        tab.show_message(said(N_("Export failed: {reason}"), reason=str(exc)), error=True)
        return False
    tab.status_message.emit(said(N_("Exported {name}"), name=Path(path).name))
    return True


def picture_caption(tab: GameTab) -> list[str]:
    """What an exported picture says above itself: the game, its inputs, the answer."""
    inputs = str(tab.module.format_input(tab.result_inputs)).strip().splitlines()
    # A file's terminating zeros ("0", "0 0 0") are no inputs: they never make an "…".
    while len(inputs) > 1 and set(inputs[-1].split()) == {"0"}:
        inputs.pop()
    shown = " / ".join(inputs[:CAPTION_INPUT_LINES])
    if len(inputs) > CAPTION_INPUT_LINES:
        shown += " / …"
    answer = tab.result_text(tab.result)
    judge = str(tab.module.format_judge(tab.result)).strip()
    # An answer line that shows the judge's output already is not followed by it again.
    said_answer = (
        _("Answer: {answer}").format(answer=answer)
        if judge in answer
        else _("Answer: {answer} (judge output: {judge})").format(answer=answer, judge=judge)
    )
    return [tab.title, _("Inputs: {inputs}").format(inputs=shown), said_answer]


def export_image(tab: GameTab, path: str | Path) -> bool:
    """Save the game's picture, under its inputs and answer, as PNG or SVG, atomically."""
    try:
        tab.wait_for_current_result()
        save_widget_image(tab.picture(), path, picture_caption(tab))
    except (OSError, ValueError) as exc:
        reason = str(exc)
        tab.show_message(said(N_("The picture was not saved: {reason}"), reason=reason), True)
        return False
    tab.status_message.emit(said(N_("Saved {name}"), name=Path(path).name))
    return True


def choose_import_file(tab: GameTab) -> None:
    """Ask for a judge file and import it."""
    path = open_file(
        tab,
        "judge",
        _("Import {game} judge input").format(game=tab.title),
        _("Text files (*.txt *.in);;All files (*)"),
    )
    if path:
        tab.import_judge_file(path)


def _inputs_valid(tab: GameTab, refusal: str) -> bool:
    """Whether ``tab``'s inputs are valid; else ``refusal`` (``N_``, with ``{reason}``) is said.

    Asked before a file dialog: nobody picks a file for an export that cannot happen.
    """
    try:
        tab.checked_inputs()
    except ValueError as exc:
        tab.show_message(said(refusal, reason=str(exc)), error=True)
        return False
    return True


def choose_export_file(tab: GameTab) -> None:
    """Ask where to save the CSV export (invalid inputs: say why, ask nothing)."""
    if not _inputs_valid(tab, N_("Nothing to export: {reason}")):
        return
    title = _("Export {game} as CSV").format(game=tab.title)
    path, _chosen = save_file(tab, "csv", title, f"{tab.game_id}.csv", _("CSV files (*.csv)"))
    if path:
        tab.export_csv(path)


def choose_image_file(tab: GameTab) -> None:
    """Ask where to save the game's picture (invalid inputs: say why, ask nothing)."""
    if not _inputs_valid(tab, N_("Nothing to save: {reason}")):
        return
    title = _("Save a picture of {game}").format(game=tab.title)
    path = choose_image_path(tab, title, tab.game_id)
    if path:
        tab.export_image(path)


def restore_session(tab: GameTab, state: dict[str, Any]) -> None:
    """Restore from a session (one undo step); on failure the form is left as it was."""
    snapshot = tab.state()
    tab.cancel()
    try:
        # The game's model refuses a bad state before any field changes (``restore``).
        with tab.history.group(N_("Open session")):
            tab.restore(state)
    except STATE_ERRORS as exc:
        tab._put_back(snapshot)
        raise ValueError(
            _("{game}: {reason}").format(game=tab.title, reason=refusal(exc))
        ) from None
    tab.inputs_replaced()


class TabFiles:
    """The file actions of ``GameTab`` (a mixin: they only use the tab's hooks and state)."""

    def _tab(self) -> GameTab:
        return cast("GameTab", self)

    def import_judge_file(self, path: str | Path, options: Sequence[str] = ()) -> bool:
        """Load the first case of a judge file; ``options`` are CLI strings (``["--misere"]``)."""
        return import_judge_file(self._tab(), path, options)

    def load_example(self) -> bool:
        """Load the example shipped in ``resources/examples/<game>.txt``."""
        return load_example(self._tab())

    def export_csv(self, path: str | Path) -> bool:
        """Write inputs and results as CSV (header row first), atomically."""
        self._tab().commit_edits()
        return export_csv(self._tab(), path)

    def export_image(self, path: str | Path) -> bool:
        """Save the game's picture under its inputs and answer (PNG or SVG), atomically."""
        return export_image(self._tab(), path)

    def choose_import_file(self) -> None:
        """Ask for a judge file and import it."""
        choose_import_file(self._tab())

    def choose_export_file(self) -> None:
        """Ask where to save the CSV export (on the What-if page: the sweep shown there)."""
        tab = self._tab()
        if tab.pages.currentWidget() is tab.sweepPanel and tab.sweepPanel.rows():
            tab.sweepPanel.choose_export_file()
            return
        tab.commit_edits()
        choose_export_file(tab)

    def choose_image_file(self) -> None:
        """Ask where to save the game's picture."""
        choose_image_file(self._tab())

    def restore_session(self, state: dict[str, Any]) -> None:
        """Restore from a session (one undo step); on failure the form is left as it was."""
        restore_session(self._tab(), state)
