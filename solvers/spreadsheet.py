"""CSV text as spreadsheets read it: UTF-8 with a byte order mark, one table.

Excel on Windows reads a CSV file without a byte order mark in the local code
page, so an arrow "→" turns into three odd letters; with the mark every spreadsheet (and
Python's ``utf-8-sig``) reads UTF-8. The caller writes the text as UTF-8.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

__all__ = ["BOM", "csv_text"]

#: The byte order mark, as text: UTF-8 encodes it as EF BB BF.
BOM = "\ufeff"


def csv_text(rows: Iterable[Sequence[str]]) -> str:
    """``rows`` as CSV text that starts with the byte order mark (lines end in CRLF)."""
    text = io.StringIO()
    text.write(BOM)
    csv.writer(text).writerows(rows)
    return text.getvalue()
