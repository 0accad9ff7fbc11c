"""What every JSON route reads and answers: its body, If-Match, token, pages."""

from __future__ import annotations

import re
from typing import Any

from flask import Response, jsonify, request, url_for
from werkzeug.exceptions import UnsupportedMediaType

from ..errors import N_, BadInput, Forbidden, Stale, Word
from ..results.listing import Page
from . import schema

ETAG = re.compile(r'^\s*(?:W/)?"?([0-9]{1,9})"?\s*$')


def body() -> Any:
    """Return the request's JSON body, or raise a 4xx naming the problem."""
    if not request.is_json:
        raise UnsupportedMediaType()
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested thousands deep: not a game or a hand
        data = None
    if data is None:
        raise BadInput(N_("The body is not valid JSON."))
    schema.check_text(data)
    return data


def expected_version() -> int | None:
    """Return the version an If-Match header names, or None without one."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    match = ETAG.match(header)
    if match is None:
        raise Stale()
    return int(match.group(1))


def bearer(what: str) -> str:
    """Return the write token the request carries, or answer 403."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Forbidden(
            N_(
                "Writing to %(what)s needs its write token: send Authorization: "
                "Bearer <token>."
            ),
            what=Word(what),
        )
    return token.strip()


def unkept(response: Response) -> Response:
    """Keep an answer that carries a token out of every cache, the browser's too."""
    response.headers["Cache-Control"] = "no-store"
    return response


def page_arg(name: str, default: int, top: int) -> int:
    """Return a page number or size from the query, or name it as wrong."""
    number = schema.whole_number(request.args.get(name, str(default)), top)
    if not number:
        raise BadInput(
            N_("%(name)s must be a whole number from 1 to %(top)s."),
            name,
            name=name,
            top=top,
        )
    return number


def paged(key: str, page: Page, items: list[Any]) -> Response:
    """Answer one page of a list, with links to the pages beside it."""
    args = {k: v for k, v in request.args.items() if k != "page"}

    def link(number: int | None) -> str | None:
        return url_for(str(request.endpoint), page=number, **args) if number else None

    return jsonify(
        {
            key: items,
            "page": page.page,
            "pages": page.pages,
            "per_page": page.per_page,
            "total": page.total,
            "next": link(page.next_num),
            "prev": link(page.prev_num),
        }
    )
