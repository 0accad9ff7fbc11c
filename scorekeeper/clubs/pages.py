"""The service's own pages, outside any club: the front page (find a club, start
one, sign in, your clubs) and starting a club."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..errors import AppError
from ..web import access
from ..web.forms import page_number
from . import founders, names, service, signup
from .forms import NewClubForm

bp = Blueprint("clubs", __name__, url_prefix="/clubs")
PER_PAGE = 20
# Shown above the form by the field they name; any other above it all.
FIELDS = {"name": "name", "slug": "slug", "email": "email", "password": "password"}


def club_url(slug: str, path: str = "/") -> str:
    """Return the address of a club's page, from outside any club."""
    return f"{request.script_root}/c/{slug}{path}"


@bp.get("/")
def front() -> str:
    """Find a club by name, start one, sign in; a signed-in person's clubs."""
    asked = request.args.get("q", "").strip()[:80]
    found = service.directory(asked, page_number(request.args.get("page")), PER_PAGE)
    account = founders.signed_in()
    return render_template(
        "clubs/front.html",
        asked=asked,
        page=found[0],
        clubs=found[1],
        mine=founders.clubs_of(account) if account else [],
        account=account,
        signup=signup.policy(),
        club_url=club_url,
        deleted=request.args.get("deleted", "")[:80],
    )


def show_error(form: NewClubForm, error: AppError) -> None:
    """Show a refusal on the field it names, or above the form."""
    field = {"owner": "owner", "code": "code", **FIELDS}.get(error.field or "")
    if field is not None:
        getattr(form, field).errors = [error.message]
    else:
        form.form_errors.append(error.message)


@bp.route("/new", methods=["GET", "POST"])
def new() -> str | Response | tuple[str, int]:
    """Start a club: its name and address, and its founder, who becomes its owner."""
    form = NewClubForm()
    account = founders.signed_in()
    policy = signup.policy()
    if policy != signup.CLOSED and form.validate_on_submit():
        slug = (form.slug.data or "").strip().lower()
        if not slug:  # suggested from the name: no one has to think of one
            slug = names.suggested(
                form.name.data or "", service.slug_taken, signup.kept_words()
            )
        founder = signup.Founder(
            email=form.email.data or "",
            name=form.owner.data or "",
            password=form.password.data or "",
            account=account,
        )
        try:
            club = signup.start(
                slug, form.name.data or "", founder, form.code.data, access.address()
            )
        except AppError as error:
            show_error(form, error)
        else:
            made = founders.find_account(founder.email) if account is None else account
            answer = redirect(club_url(club.slug, "/welcome"))
            if made is not None:
                founders.sign_in(made)
            return answer
    page = render_template(
        "clubs/new.html",
        form=form,
        account=account,
        policy=policy,
        needs_code=signup.needs_code(),
        front=url_for("clubs.front"),
    )
    return (page, 400) if form.is_submitted() else page
