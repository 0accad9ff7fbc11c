"""A club's own settings page (CLUBS.md, "A club's own"), inside the club: its
name, its visitors' language, who sees it, the directory; its owner's export
and deleting the club whole."""

from __future__ import annotations

import io
import tempfile
from collections.abc import Iterator

from flask import (
    Blueprint,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext
from werkzeug.wrappers import Response

from ..db.clubs import scope
from ..errors import N_, AppError, Forbidden, NotFound
from ..language import spoken
from ..scoring import normal_name
from . import dump, founders, service
from .forms import DeleteClubForm, SettingsForm

bp = Blueprint("club_settings", __name__)
NOT_ADMIN = N_("Sign in as an owner or admin of this club to change its settings.")
NOT_OWNER = N_("Only an owner of this club can download or delete it.")


def this_club(owner: bool = False) -> service.Club:
    """Return the club the request is in, if the signed-in person may run it."""
    place = scope.current()
    if place is None:
        raise NotFound()
    club = service.by_id(place.club_id)
    if not founders.can_admin(club, owner):
        raise Forbidden(NOT_OWNER if owner else NOT_ADMIN)
    return club


def service_root() -> str:
    """Return the service's own address, outside the club the request is in."""
    place = scope.current()
    tail = f"/c/{place.slug}" if place else ""
    return request.script_root.removesuffix(tail)


@bp.get("/welcome")
def welcome() -> Response:
    """Greet a club's founder on its home page, with what to do first."""
    flash(gettext("Your club is ready. Start its first game: tap “New game”."))
    return redirect(url_for("games.home"))


@bp.route("/settings", methods=["GET", "POST"])
def settings() -> str | Response | tuple[str, int]:
    """Show and change a club's settings (its owners and admins)."""
    club = this_club()
    form = SettingsForm(obj=club).offer_languages(spoken())
    if form.validate_on_submit():
        try:
            name = service.check_name(form.name.data or "")
        except AppError as error:
            form.name.errors = [error.message]
        else:
            service.change(
                club,
                name=name,
                language=form.language.data,
                visibility=form.visibility.data,
                listed=bool(form.listed.data),
            )
            flash(gettext("The club's settings are saved."))
            return redirect(url_for("club_settings.settings"))
    page = render_template(
        "clubs/settings.html",
        club=club,
        form=form,
        deleting=DeleteClubForm(),
        owner=founders.can_admin(club, owner=True),
    )
    return (page, 400) if form.is_submitted() else page


@bp.get("/settings/export")
def export() -> Response:
    """Download everything of the club, as `flask clubs import` takes it back."""
    club = this_club(owner=True)
    # Written whole first (one moment's rows), then sent a piece at a time.
    kept = tempfile.TemporaryFile("w+b")
    out = io.TextIOWrapper(kept, encoding="utf-8", write_through=True)
    dump.export(club, out)
    out.detach()  # the file stays open, for its pieces
    kept.seek(0)

    def pieces() -> Iterator[bytes]:
        with kept:
            yield from iter(lambda: kept.read(64 * 1024), b"")

    name = f"{club.slug}.jsonl"
    return Response(
        pieces(),
        mimetype="application/jsonl",
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )


def same_name(typed: str, name: str) -> bool:
    """Return whether the name typed is the club's, spaces and case aside."""
    return normal_name(typed).casefold() == normal_name(name).casefold()


@bp.post("/settings/delete")
def delete() -> str | Response | tuple[str, int]:
    """Delete the club and everything of it, once its name is typed again."""
    club = this_club(owner=True)
    deleting = DeleteClubForm()
    if deleting.validate_on_submit() and same_name(
        deleting.confirm.data or "", club.name
    ):
        root = service_root()
        service.delete(club)
        return redirect(f"{root}/?deleted=1")
    deleting.confirm.errors = [gettext("Type the club's name exactly, to delete it.")]
    form = SettingsForm(obj=club).offer_languages(spoken())
    page = render_template(
        "clubs/settings.html", club=club, form=form, deleting=deleting, owner=True
    )
    return page, 400
