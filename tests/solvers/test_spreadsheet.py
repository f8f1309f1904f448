"""The CSV text every export writes: UTF-8 with a byte order mark, read back unchanged."""

from __future__ import annotations

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from solvers.spreadsheet import csv_text

cells = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"))


def test_starts_with_the_utf8_byte_order_mark() -> None:
    data = csv_text([["path"], ["o2 → o4"]]).encode("utf-8")
    assert data.startswith(b"\xef\xbb\xbf")
    assert data.decode("utf-8-sig") == "path\r\no2 → o4\r\n"


@given(st.lists(st.lists(cells, min_size=1, max_size=4), max_size=5))
def test_rows_read_back_unchanged(rows: list[list[str]]) -> None:
    text = csv_text(rows).encode("utf-8").decode("utf-8-sig")
    back = list(csv.reader(io.StringIO(text, newline="")))
    assert back == rows
