"""A club's people page (`/c/<slug>/people`): its members and their roles,
invitation links and reset links; for the club's owners and admins."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from flask_login import current_user

from ..db.clubs import scope
from ..db.clubs.people import ROLES, includes
from ..errors import N_, AppError, Forbidden, app_error
from ..web.clubs import password as club
from . import links, persons, roles, sessions
from .forms import ROLE_WORDS, ButtonForm, InviteForm, RoleForm

bp = Blueprint("people", __name__)
ADMINS_ONLY = N_("Sign in as an admin of this club to see and change its people.")
NO_STORE = {"Cache-Control": "no-store"}


def admin() -> str:
    """Return the signed-in person's role, if it is admin or owner; else 403."""
    held = club.role()
    if held is None or not includes(held, "admin"):
        raise Forbidden(ADMINS_ONLY)
    return held


def people_page(made: str | None = None, error: str | None = None) -> Any:
    """Draw the people page, with a link just made (shown once)."""
    held = admin()
    place = scope.current()
    assert place is not None
    offered = ROLES if held == "owner" else ROLES[1:]
    invite = InviteForm()
    invite.role.choices = [(r, ROLE_WORDS[r]) for r in offered]
    page = render_template(
        "accounts/people.html",
        members=roles.members(place.club_id),
        me=current_user.id,
        offered=offered,
        role_words=ROLE_WORDS,
        invite=invite,
        role_form=RoleForm(),
        button=ButtonForm(),
        made=made,
        error=error,
    )
    return page, 400 if error else 200, NO_STORE


@bp.get("/people")
def people() -> Any:
    """A club's members, their roles, and the links that bring people in."""
    return people_page()


@bp.post("/people/role")
def change_role() -> Any:
    """Change a member's role, or take them out of the club."""
    held = admin()
    form = RoleForm()
    place = scope.current()
    if not form.validate() or place is None or not (form.target.data or "").isdigit():
        return people_page(error=gettext("The form expired; please try again."))
    try:
        roles.change(
            place.club_id, int(form.target.data or 0), form.role.data or None, held
        )
    except AppError as error:
        return people_page(error=app_error(error).message)
    flash(gettext("Role changed."))
    return redirect(url_for(".people"))


def address(path: str) -> str:
    """Return a service path (/invite/..., /reset/...) as a whole address."""
    root = sessions.service_url("accounts.login")[: -len("/login")]
    return request.host_url.rstrip("/") + root + path


@bp.post("/people/invite")
def invite() -> Any:
    """Make a one-use invitation link for a role (owners alone invite owners)."""
    held = admin()
    form = InviteForm()
    place = scope.current()
    wanted = form.role.data or "member"
    if not form.validate_on_submit() or place is None:
        return people_page(error=gettext("The form expired; please try again."))
    if wanted == "owner" and held != "owner":
        return people_page(error=gettext("Only an owner makes or unmakes an owner."))
    try:
        path = links.invite_link(
            roles.club(place.club_id), wanted, current_user.account
        )
    except AppError as error:
        return people_page(error=app_error(error).message)
    return people_page(made=address(path))


@bp.post("/people/reset")
def reset() -> Any:
    """Make a one-use link that sets a member's password."""
    admin()
    form = ButtonForm()
    place = scope.current()
    target = form.target.data or ""
    if not form.validate_on_submit() or place is None or not target.isdigit():
        return people_page(error=gettext("The form expired; please try again."))
    if roles.role_of(int(target), place.club_id) is None:
        return people_page(error=gettext("That person is not a member of this club."))
    try:
        path = links.reset_link(persons.account(int(target)), current_user.account)
    except AppError as error:
        return people_page(error=app_error(error).message)
    return people_page(made=address(path))
