"""The JSON API of saved house rules and the presets (API.md)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, url_for
from flask_babel import gettext

from ..api import schema
from ..api.http import bearer, body, page_arg, paged, unkept
from ..errors import N_, Forbidden
from . import service

bp = Blueprint("house_rules_api", __name__, url_prefix="/api")


def writable_ruleset(ruleset_id: int) -> None:
    """Answer 403 unless the request carries the house rules' write token."""
    ruleset = service.get_ruleset(ruleset_id)
    if not service.may_write(ruleset, bearer(N_("saved house rules"))):
        raise Forbidden(
            gettext("That write token does not belong to these house rules.")
        )


@bp.get("/presets")
def presets() -> Response:
    """List the preset rule sets."""
    return jsonify(schema.presets())


@bp.get("/rulesets")
def list_rulesets() -> Response:
    """List the saved house rules by name, a page at a time."""
    page = service.list_rulesets(
        page_arg("page", 1, 10**6), page_arg("per_page", 20, 100)
    )
    return paged("rulesets", page, [schema.ruleset_to_dict(r) for r in page.items])


@bp.post("/rulesets")
def create_ruleset() -> tuple[Response, int, dict[str, str]]:
    """Save house rules under a name; the answer alone carries their write token."""
    ruleset, token = service.create_ruleset(*schema.ruleset_body(body()))
    data = {**schema.ruleset_to_dict(ruleset), "write_token": token}
    location = url_for(".ruleset", ruleset_id=ruleset.id)
    return unkept(jsonify(data)), 201, {"Location": location}


@bp.get("/rulesets/<int:ruleset_id>")
def ruleset(ruleset_id: int) -> Response:
    """Show saved house rules."""
    return jsonify(schema.ruleset_to_dict(service.get_ruleset(ruleset_id)))


@bp.put("/rulesets/<int:ruleset_id>")
def replace_ruleset(ruleset_id: int) -> Response:
    """Rename or change saved house rules; games already started keep theirs."""
    writable_ruleset(ruleset_id)
    name, rules = schema.ruleset_body(body())
    return jsonify(
        schema.ruleset_to_dict(service.change_ruleset(ruleset_id, name, rules))
    )


@bp.delete("/rulesets/<int:ruleset_id>")
def delete_ruleset(ruleset_id: int) -> tuple[str, int]:
    """Delete saved house rules."""
    writable_ruleset(ruleset_id)
    service.delete_ruleset(ruleset_id)
    return "", 204
