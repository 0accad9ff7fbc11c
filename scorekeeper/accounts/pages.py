"""The service's pages for people: sign in, sign out, one's account and tokens,
and the one-use links' (accept an invitation, set a password)."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext
from flask_login import current_user, logout_user
from werkzeug.wrappers import Response

from ..errors import N_, AppError, app_error
from ..scoring import ScoringError
from ..web import access
from . import links, persons, roles, sessions, throttle, tokens
from .forms import (
    ROLE_WORDS,
    ButtonForm,
    NewAccountForm,
    PasswordForm,
    SignInForm,
    TokenForm,
)

bp = Blueprint("accounts", __name__)
NO_MATCH = N_("That email and password do not match an account.")
NO_STORE = {"Cache-Control": "no-store"}


def waiting(wait: throttle.Wait) -> str:
    """Say how long to wait after too many wrong sign-ins, and whose."""
    minutes = -(-wait.seconds // 60)
    if wait.whose == "server":
        return gettext(
            "Too many wrong sign-ins on this server lately: try again in %(num)s min.",
            num=minutes,
        )
    return gettext("Too many wrong sign-ins: try again in %(num)s min.", num=minutes)


def signed_in(form: SignInForm) -> str | None:
    """Sign the form's person in; return what is wrong, or None."""
    email = (form.email.data or "").strip().lower()
    secret = str(current_app.secret_key)
    attempt = throttle.begin(email, access.address(), secret)
    if isinstance(attempt, throttle.Wait):
        g.retry_after = attempt.seconds
        return waiting(attempt)
    account = persons.find(email)
    if not persons.verify(account, form.password.data or "") or account is None:
        return gettext(NO_MATCH)
    throttle.right(attempt)
    sessions.sign_in(account)
    return None


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    """Sign in with an email address and a password."""
    form = SignInForm(next=request.args.get("next", ""))
    status = 200
    if form.is_submitted():
        status = 400
        if form.validate():
            wrong = signed_in(form)
            if wrong is None:
                return redirect(
                    sessions.safe_next(form.next.data) or url_for(".account")
                )
            status = 429 if g.get("retry_after") else 401
            form.password.errors = [wrong]
    page = render_template("accounts/login.html", form=form)
    return page, status, NO_STORE


@bp.post("/logout")
def logout() -> Response:
    """Sign out of this browser."""
    logout_user()
    session.clear()
    flash(gettext("Signed out."))
    return redirect(url_for(".login"))


def account_page(made: str | None = None, form: TokenForm | None = None) -> Any:
    """Show the signed-in person's account: clubs, tokens, signing out."""
    if not current_user.is_authenticated:
        return redirect(url_for(".login", next=url_for(".account")))
    held = roles.clubs_of(current_user.id)
    form = form or TokenForm()
    form.club.choices = [(str(c.id), c.name) for c, _ in held]
    page = render_template(
        "accounts/account.html",
        clubs=held,
        tokens=tokens.listed(current_user.account),
        form=form,
        button=ButtonForm(),
        made=made,
        role_words=ROLE_WORDS,
    )
    return page, 400 if form.errors else 200, NO_STORE


@bp.get("/account")
def account() -> Any:
    """One's account: clubs and roles, API tokens, sign out everywhere."""
    return account_page()


@bp.post("/account/tokens")
def make_token() -> Any:
    """Make a personal access token, shown once on the page that answers."""
    if not current_user.is_authenticated:
        return account_page()
    form = TokenForm()
    if not form.validate():
        return account_page(form=form)
    club_id = form.club.data or ""
    if not club_id.isdigit():
        form.club.errors = [gettext("Choose one of your clubs.")]
        return account_page(form=form)
    try:
        club = roles.club(int(club_id))
        made = tokens.new_token(
            current_user.account, club, form.role.data or "", form.name.data or ""
        )
    except (AppError, ScoringError) as refused:
        error = app_error(refused)
        field = form._fields.get(error.field or "") or form.club
        field.errors = [error.message]
        return account_page(form=form)
    return account_page(made=made)


@bp.post("/account/tokens/revoke")
def revoke_token() -> Any:
    """Take back a token: refused from its next request on."""
    form = ButtonForm()
    if current_user.is_authenticated and form.validate():
        target = form.target.data or ""
        tokens.revoke(current_user.account, int(target) if target.isdigit() else None)
        flash(gettext("Token revoked."))
    return redirect(url_for(".account"))


@bp.post("/account/everywhere")
def everywhere() -> Response:
    """Sign out of every browser and phone, on every server."""
    if current_user.is_authenticated and ButtonForm().validate():
        persons.sign_out_everywhere(current_user.account)
        logout_user()
        session.clear()
        flash(gettext("Signed out everywhere."))
    return redirect(url_for(".login"))


def show_error(form: Any, refused: Exception) -> None:
    """Show a refusal on the field it names (or the form's first)."""
    error = app_error(refused)
    field = form._fields.get(error.field or "") or next(iter(form))
    field.errors = [*field.errors, error.message]


@bp.route("/invite/<token>", methods=["GET", "POST"])
def invite(token: str) -> Any:
    """An invitation: join the club, signed in, or with a new account."""
    link = links.opened(links.INVITE, token)
    club = links.club_of(link)
    new, button = NewAccountForm(prefix="new"), ButtonForm(prefix="join")
    status = 200
    if current_user.is_authenticated and button.validate_on_submit():
        links.accept(token, current_user.account)
        return joined(club)
    if not current_user.is_authenticated and new.validate_on_submit():
        try:
            made = persons.create_account(
                new.email.data or "",
                new.name.data or "",
                new.password.data or "",
                club_name=club.name if club else None,
            )
        except (AppError, ScoringError) as refused:
            show_error(new, refused)
        else:
            links.accept(token, made)
            sessions.sign_in(made)
            return joined(club)
    if new.is_submitted() or button.is_submitted():
        status = 400
    page = render_template(
        "accounts/invite.html",
        club=club,
        role=ROLE_WORDS.get(link.role or "member"),
        new=new,
        button=button,
        sign_in=url_for(".login", next=url_for(".invite", token=token)),
    )
    return page, status, NO_STORE


def joined(club: Any) -> Any:
    """Go to the club just joined (its pages have a session of their own: no
    message said here would show there)."""
    return redirect(f"{request.script_root}/c/{club.slug}/")


@bp.route("/reset/<token>", methods=["GET", "POST"])
def reset(token: str) -> Any:
    """A reset link: choose a new password (every session of the account ends)."""
    link = links.opened(links.RESET, token)
    form = PasswordForm()
    status = 200
    if form.validate_on_submit():
        try:
            links.reset(token, form.password.data or "")
        except (AppError, ScoringError) as refused:
            show_error(form, refused)
        else:
            flash(gettext("Password saved: sign in with it."))
            return redirect(url_for(".login"))
    if form.is_submitted():
        status = 400
    email = persons.email_of(link.account_id)
    page = render_template("accounts/reset.html", form=form, email=email)
    return page, status, NO_STORE
