"""Every text a board file carries (its name, square ids, arrows) is limited at load time."""

from __future__ import annotations

import json
from typing import Any

import pytest

from solvers.yut import board_to_json, load_board_text, standard_board
from solvers.yut.board import MAX_ID_CHARS, MAX_NAME_CHARS


def standard() -> dict[str, Any]:
    return board_to_json(standard_board())


def test_the_limits_are_named_and_a_huge_name_is_refused_at_once() -> None:
    data = standard()
    data["name"] = "x" * MAX_NAME_CHARS
    assert load_board_text(json.dumps(data)).name == "x" * MAX_NAME_CHARS
    data["name"] = "x" * 900_000
    # How fast it is refused is bench/'s to measure; here: refused, and for its length.
    with pytest.raises(ValueError) as caught:
        load_board_text(json.dumps(data))
    message = str(caught.value)
    assert f"900,000 characters (at most {MAX_NAME_CHARS})" in message and len(message) < 200


@pytest.mark.parametrize("where", ["id", "red", "start"])
def test_long_ids_are_refused_without_quoting_them_whole(where: str) -> None:
    data = standard()
    long = "s" * (MAX_ID_CHARS + 1)
    if where == "start":
        data["start"] = long
    else:
        data["squares"][0][where] = long
    with pytest.raises(ValueError, match=f"at most {MAX_ID_CHARS}") as caught:
        load_board_text(json.dumps(data))
    assert long not in str(caught.value)


@pytest.mark.parametrize("text", ["two\nlines", "tab\there", "bell\x07"])
def test_names_and_ids_are_one_printable_line(text: str) -> None:
    data = standard()
    data["name"] = text
    with pytest.raises(ValueError, match="one line of printable characters"):
        load_board_text(json.dumps(data))
    data = standard()
    data["squares"][1]["id"] = text
    with pytest.raises(ValueError, match="one line of printable characters"):
        load_board_text(json.dumps(data))


def test_unknown_keys_are_shown_short() -> None:
    data = standard()
    data["squares"][0]["k" * 10_000] = 1
    with pytest.raises(ValueError, match="unknown keys kkk") as caught:
        load_board_text(json.dumps(data))
    assert len(str(caught.value)) < 300
