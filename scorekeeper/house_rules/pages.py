"""Pages for saved house rules: list, create, edit and delete, every setting a tap."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from ..errors import AppError, Forbidden, app_error
from ..language import PageWords
from ..scoring import (
    DEFAULT_PRESET,
    PRESETS,
    SETTINGS,
    SPECIAL_OFFERS,
    ScoringError,
    describe_rules,
    in_short,
    rules_from_dict,
)
from ..web import access
from ..web.forms import page_number
from . import service
from .forms import DeleteForm, HouseRulesBase, HouseRulesForm, PresetForm

# A page, its status and its headers.
Page = tuple[str, int, dict[str, str]]
bp = Blueprint("house_rules", __name__, url_prefix="/rules")
# The house-rules page in sections; each setting of the declaration in one.
SECTIONS = (
    (_l("Contracts"), ("normal_offset", "six_contracts", "specials")),
    (
        _l("Scoring a hand"),
        (
            "slam_bonus",
            "youngstown_bonus",
            "failure",
            "defender_tricks",
            "points_per_trick",
            "misere_defenders",
            "lock",
            "all_pass",
            "redeal_same_dealer",
            "partner_share",
        ),
    ),
    (
        _l("End of the game"),
        (
            "target",
            "floor",
            "exact_target",
            "ceiling",
            "win_requires_contract",
            "point_spread",
            "hands_limit",
        ),
    ),
    (_l("Bidding"), ("set_rule", "ralph_rule")),
)
# Choices whose words are long get one tap a row, so no word breaks.
WIDE = {k for k, s in SETTINGS.items() if any(len(c.words) > 8 for c in s.choices)}


def kept_contracts(data: dict[str, Any]) -> dict[str, Any]:
    """Return the saved contracts the form cannot show: custom ones, kept as saved."""
    contracts = data.get("contracts", {}) if isinstance(data, dict) else {}
    return {
        key: spec
        for key, spec in contracts.items()
        if key not in SPECIAL_OFFERS or not isinstance(spec, int)
    }


def show_error(form: HouseRulesBase, error: AppError | ScoringError) -> None:
    """Show an error on the setting it names, or above the form."""
    mine = app_error(error)
    field = form._fields.get(mine.field or "")
    if mine.field == "contracts" or field is None:
        form.form_errors.append(mine.message)
    else:
        field.errors = [*field.errors, mine.message]


PER_PAGE = 50
NOT_YOURS = _l(
    "These house rules can be changed only on the phone that saved them, "
    "or on one that opened their edit link."
)


def writable(ruleset_id: int) -> tuple[Any, str]:
    """Return house rules this phone may change, and their token, or answer 403."""
    ruleset = service.get_ruleset(ruleset_id)
    token = access.held_token(access.RULESET, str(ruleset.id))
    if token is None or not service.may_write(ruleset, token):
        raise Forbidden(str(NOT_YOURS))
    return ruleset, token


@bp.get("/")
def index() -> str:
    """List the saved house rules, 50 a page, each with its rules in plain words."""
    page = service.list_rulesets(page_number(request.args.get("page")), PER_PAGE)
    held = access.held(access.RULESET, [str(r.id) for r in page.items])
    words = PageWords()
    entries = [
        {
            "ruleset": ruleset,
            "short": in_short(rules_from_dict(ruleset.rules), words),
            "summary": describe_rules(rules_from_dict(ruleset.rules), words=words),
            "mine": service.may_write(ruleset, held.get(str(ruleset.id))),
        }
        for ruleset in page.items
    ]
    return render_template("house_rules/index.html", entries=entries, page=page)


def edit_page(ruleset: Any, token: str | None) -> Page | Response:
    """Show the house rules form; on a valid save, go back to the list.

    The page shows the edit link, which carries the write token: no cache
    keeps it (conditional.private would let this phone's own cache hold it).
    """
    saved = dict(ruleset.rules) if ruleset else {"preset": DEFAULT_PRESET}
    saved_rules, kept = rules_from_dict(saved), kept_contracts(saved)
    picker = PresetForm(request.args)
    picked = request.args.get("preset")
    if picked is not None and picked not in PRESETS:
        picker.preset.errors = [gettext("There is no such preset: pick one of these.")]
    rules = PRESETS[picked] if picked in PRESETS else saved_rules
    picker.preset.data = rules.preset
    form = HouseRulesForm(data={"name": ruleset.name if ruleset else ""})
    if not form.is_submitted():
        form.load(rules)
    form.keep_values(saved_rules)
    if form.validate_on_submit():
        name, chosen = form.name.data, form.overrides(kept)
        try:
            if ruleset:
                service.change_ruleset(ruleset.id, name, chosen)
            else:
                also = access.granting(access.RULESET)
                service.create_ruleset(name, chosen, also)
        except (AppError, ScoringError) as error:
            show_error(form, error)
        else:
            said = " ".join(name.split())
            flash(gettext("House rules “%(name)s” saved.", name=said))
            return redirect(url_for("house_rules.index"))
    status = 400 if form.is_submitted() or picker.preset.errors else 200
    link = ruleset and url_for(
        "house_rules.edit_link", ruleset_id=ruleset.id, token=token, _external=True
    )
    return (
        render_template(
            "house_rules/edit.html",
            picker=picker,
            form=form,
            ruleset=ruleset,
            edit_link=link,
            sections=SECTIONS,
            wide=WIDE,
            specials=[key for key in SPECIAL_OFFERS if key not in kept],
            kept=[s for s in saved_rules.contracts if s.key in kept],
        ),
        status,
        {"Cache-Control": "no-store"},
    )


@bp.route("/new", methods=["GET", "POST"])
def create() -> Page | Response:
    """Make new house rules, starting from a preset; this phone may change them."""
    access.device(create=True)  # before the form: a double tap shares one phone
    return edit_page(None, None)


@bp.route("/<int:ruleset_id>/edit", methods=["GET", "POST"])
def edit(ruleset_id: int) -> Page | Response:
    """Change saved house rules; games already started keep their own copy."""
    return edit_page(*writable(ruleset_id))


@bp.get("/<int:ruleset_id>/edit/<token>")
def edit_link(ruleset_id: int, token: str) -> Response:
    """Let this phone change house rules: the link carries their write token."""
    ruleset = service.get_ruleset(ruleset_id)
    if not service.may_write(ruleset, token):
        raise Forbidden(gettext("This edit link is not valid for these house rules."))
    access.grant(access.RULESET, str(ruleset.id), token)
    return redirect(url_for("house_rules.edit", ruleset_id=ruleset.id))


@bp.route("/<int:ruleset_id>/delete", methods=["GET", "POST"])
def delete(ruleset_id: int) -> str | Response:
    """Ask once, then delete saved house rules (a POST)."""
    ruleset, _ = writable(ruleset_id)
    form = DeleteForm()
    if form.validate_on_submit():
        name = ruleset.name
        service.delete_ruleset(ruleset.id)
        flash(gettext("House rules “%(name)s” deleted.", name=name))
        return redirect(url_for("house_rules.index"))
    return render_template("house_rules/delete.html", ruleset=ruleset, form=form)
