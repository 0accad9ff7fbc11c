"""What a request may carry before any view reads it: text only, readable, no NUL.

One guard for every page and every JSON route, so a hostile request gets a
400 naming what is wrong instead of reaching a form or the database (which
cannot keep a NUL on PostgreSQL) and failing there.
"""

from __future__ import annotations

from flask import Flask, request
from werkzeug.routing import IntegerConverter

from ..errors import N_, BadInput, Word

NOT_ALLOWED = N_("The %(named)s has a character that is not allowed (a NUL).")
IN_ADDRESS = N_(
    "The %(named)s in the address has a character that is not allowed (a NUL)."
)


def _named(name: str) -> str:
    """Return a field's name as a sentence says it."""
    return name.replace("_", " ").replace("\x00", "")[:40] or "field's name"


def _field(name: str) -> str | None:
    """Return a field's name to answer with, or None when the name itself is bad."""
    return None if "\x00" in name else name[:40]


def check_input() -> None:
    """Refuse a file where text belongs and a NUL in the address, query or form."""
    for name, value in (request.view_args or {}).items():
        if isinstance(value, str) and "\x00" in value:
            raise BadInput(IN_ADDRESS, name, named=_named(name))
    if "\x00" in request.path:
        raise BadInput(NOT_ALLOWED, named=Word(N_("address")))
    for name, value in request.args.items(multi=True):
        if "\x00" in name or "\x00" in value:
            raise BadInput(NOT_ALLOWED, _field(name), named=_named(name))
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    # No form of ours takes a file: a file sent in a text field's place would
    # reach the form as a FileStorage, where every field expects text.
    for name in request.files:
        raise BadInput(
            N_("The %(named)s must be text, not a file."),
            _field(name),
            named=_named(name),
        )
    for name, value in request.form.items(multi=True):
        if "\x00" in name or "\x00" in value:
            raise BadInput(NOT_ALLOWED, _field(name), named=_named(name))


class Digits(IntegerConverter):
    """A number in an address, of ASCII digits only: Werkzeug's `int` takes any
    Unicode digit, so `/tables/%D9%A1` (an Arabic-Indic one) was table 1."""

    regex = r"[0-9]+"


def init_app(app: Flask) -> None:
    """Check every request's input before CSRF, the forms and the views read it;
    route only ASCII digits as numbers (before any route is added)."""
    app.url_map.converters["int"] = Digits
    app.before_request(check_input)
