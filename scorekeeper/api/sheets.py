"""Files a spreadsheet opens as they are: CSV text defused, sent as a download.

A page in English gets RFC 4180's commas and decimal points. A page in French
gets what a French spreadsheet (fr-CA, fr-FR) splits as it opens it:
semicolons between fields and decimal commas (4,9), as those spreadsheets
write CSV themselves; a comma-separated file put 4.9 and the next field in one
cell there (issue 42.3)."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Sequence

from flask import Response

from .. import language

# A spreadsheet runs a cell that begins with one of these as a formula (OWASP,
# CSV injection): such text gets a leading apostrophe. Numbers stay numbers.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


Cell = str | int | float | None


def defused(value: Cell, point: str = ".") -> str | int | float:
    """Return a cell's value, text a spreadsheet would run as a formula made plain,
    a decimal number written with the language's decimal sign."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    if isinstance(value, float) and point != ".":
        return str(value).replace(".", point)
    return value


def to_csv(rows: Iterable[Sequence[Cell]]) -> str:
    """Return rows as CSV text for the page's language, CRLF line ends, every text
    cell defused: commas and decimal points in English, semicolons and decimal
    commas in French."""
    comma = language.current() == language.DEFAULT
    separator, point = (",", ".") if comma else (";", ",")
    out = io.StringIO()
    # The excel dialect: fields quoted when needed, quotes doubled, "\r\n".
    writer = csv.writer(out, delimiter=separator)
    writer.writerows([defused(v, point) for v in row] for row in rows)
    return out.getvalue()


def file_stem(*words: str) -> str:
    """Return words as a plain ASCII file name stem: 'Zoë's Friday' → zoe-s-friday."""
    ascii_text = unicodedata.normalize("NFKD", " ".join(words)).encode(
        "ascii", "ignore"
    )
    stem = re.sub(r"[^a-z0-9]+", "-", ascii_text.decode().lower()).strip("-")
    return stem[:60].rstrip("-") or "game"


def attachment(response: Response, filename: str) -> Response:
    """Mark an answer as a file to save, under a plain ASCII name."""
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    return response


def csv_file(text: str, filename: str) -> Response:
    """Return CSV text as a download in UTF-8 with a byte-order mark."""
    # The byte-order mark tells a spreadsheet the file is UTF-8: accents survive.
    body = text.encode("utf-8-sig")
    return attachment(Response(body, mimetype="text/csv"), filename)
