"""The service's JSON API about clubs: start one, find them by name."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from ..api.http import body, page_arg, paged
from ..errors import N_, BadInput
from ..web import access
from . import names, service, signup

bp = Blueprint("clubs_api", __name__, url_prefix="/api/clubs")


def text_of(data: dict[str, Any], key: str, field: str | None = None) -> str:
    """Return a text member of a body ('' when absent), or refuse it by its field."""
    value = data.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadInput(N_("%(name)s must be text."), field or key, name=field or key)
    return value


def club_json(club: service.Club) -> dict[str, Any]:
    """Return a club as the API shows it: its slug, name, language and address."""
    return {
        "slug": club.slug,
        "name": club.name,
        "language": club.language,
        "url": f"{request.script_root}/c/{club.slug}/",
    }


@bp.post("")
def start() -> tuple[Response, int, dict[str, str]]:
    """Start a club and its owner's account; answer 201 with its address."""
    data = body()
    if not isinstance(data, dict):
        raise BadInput(N_("The body must be a JSON object."))
    owner = data.get("owner") or {}
    if not isinstance(owner, dict):
        raise BadInput(N_("The owner must be an object."), "owner")
    name = text_of(data, "name")
    slug = text_of(data, "slug").strip().lower()
    if not slug:
        slug = names.suggested(name, service.slug_taken, signup.kept_words())
    founder = signup.Founder(
        email=text_of(owner, "email"),
        name=text_of(owner, "name", "owner.name"),
        password=text_of(owner, "password"),
    )
    code = text_of(data, "code")
    club = signup.start(slug, name, founder, code, access.address())
    made = {key: value for key, value in club_json(club).items() if key != "language"}
    return jsonify(made), 201, {"Location": made["url"]}


@bp.get("")
def find() -> Response:
    """List the clubs in the directory whose name holds the words asked, by name."""
    asked = request.args.get("q", "")
    if len(asked) > 80:
        raise BadInput(N_("Ask for at most 80 characters."), "q")
    page, clubs = service.directory(
        asked, page_arg("page", 1, 10**6), page_arg("per_page", 20, 100)
    )
    return paged("clubs", page, [club_json(club) for club in clubs])
