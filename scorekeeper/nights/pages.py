"""Pages for club nights (NIGHTS.md "Pages"): set one up, the night, the big
screen, the director's console, table cards, a player's night, the results."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, session, url_for
from flask_babel import gettext, ngettext, pgettext
from werkzeug.wrappers import Response as BaseResponse

from ..api.sheets import csv_file, file_stem, to_csv
from ..errors import N_, AppError, Forbidden, app_error
from ..house_rules import service as rulesets
from ..results.listing import LooksLike
from ..scoring import ScoringError
from ..web import access
from ..web.assets import qr_code
from ..web.clubs import password as club
from . import board, cards, director, seating, service
from .forms import ActionForm, NightForm, PlayerForm, confirmed
from .reading import drawn, frame
from .reading.frame import Shown
from .service import Night

bp = Blueprint("nights", __name__, url_prefix="/nights")
bp.add_app_template_global(drawn.table, "night_table")
bp.add_app_template_global(drawn.standing, "night_standing")
bp.add_app_template_global(drawn.standings, "night_standings")
NIGHT, CARD = "night", "card"
DIRECTORS_ONLY = N_("Sign in as one of this club's directors to set up a night.")
SPARE = N_(
    "Table %(number)s is not in play in round %(round)s: fewer tables are "
    "playing. Keep this card for a later round."
)


def is_director(night: Night) -> bool:
    """Return whether this phone holds the night's director's grant."""
    return service.may_direct(night, access.held_token(NIGHT, night.id))


def directed(night_id: str) -> Night:
    """Return the night if this phone directs it, else 403 saying how to."""
    night = service.load(night_id)
    if not is_director(night):
        raise Forbidden(
            N_(
                "Only the director's phone can do this: open the director's link "
                "given when the night was set up."
            )
        )
    return night


def shown(night: Shown) -> dict[str, Any]:
    """Return what the night's pages show: the night as the API has it, and more."""
    data = board.night_to_dict(night)
    current = data["rounds"][-1] if data["rounds"] else None
    return {
        "night": night,
        "data": data,
        "current": current,
        "upcoming": seating.upcoming(night),
        "version": board.etag(night),
    }


def conditional(night_id: str, kind: str, template: str, **more: Any) -> BaseResponse:
    """Answer a night's page: a 304 to a watcher when nothing moved, else the page
    as drawn once for this ETag (board.polled)."""

    def draw() -> str:
        return render_template(template, **more, **shown(frame.load(night_id)))

    private = "private, " if kind.endswith("director") else ""
    return board.polled(night_id, kind, draw, **{"Cache-Control": f"{private}no-cache"})


@bp.get("")
def index() -> str:
    """List the nights, newest first."""
    nights, _ = service.listing(1, 50)
    status = service.statuses(nights)
    return render_template("nights/index.html", nights=nights, status=status)


@bp.route("/new", methods=["GET", "POST"])
def new() -> Any:
    """Set up a night; its director's phone is the one that sets it up."""
    if not club.asked() and not club.allows("director"):  # many clubs
        raise Forbidden(DIRECTORS_ONLY)
    form = NightForm()
    saved = {r.id: r.name for r in rulesets.list_rulesets(1, 500).items}
    form.offer_rules(saved)
    alike: list[tuple[str, str]] = []
    if form.validate_on_submit():
        try:
            night, token = service.create(form.night())
        except LooksLike as asked:  # asked once: Start again makes them new players
            alike = asked.found
            sure = [*confirmed(form.new_players.data), *(t for t, _ in alike)]
            form.new_players.data = "\n".join(sure)
        except (AppError, ScoringError) as error:
            field = form._fields.get(error.field or "") or form.players
            field.errors = [*field.errors, app_error(error).message]
        else:
            access.grant(NIGHT, night.id, token)
            tables = len(night.rounds[0].tables)
            flash(
                ngettext(
                    "Night started: round 1 at %(num)s table.",
                    "Night started: round 1 at %(num)s tables.",
                    tables,
                )
            )
            return redirect(url_for(".direct", night_id=night.id))
    status = 400 if form.is_submitted() and not alike else 200
    return render_template("nights/new.html", form=form, lookalikes=alike), status


@bp.get("/<night_id>")
def night(night_id: str) -> BaseResponse:
    """The night: the round in play, each table, the standings, what comes next."""
    # A watcher's poll loads no night: only a phone holding a grant is checked.
    token = access.held_token(NIGHT, night_id)
    director = token is not None and service.may_direct(service.load(night_id), token)
    kind = "night-director" if director else "night"
    return conditional(night_id, kind, "nights/night.html", director=director)


@bp.get("/<night_id>/screen")
def screen(night_id: str) -> BaseResponse:
    """The big screen: standings, tables, where everyone goes next; no controls."""
    return conditional(night_id, "screen", "nights/screen.html")


@bp.get("/<night_id>/direct/<token>")
def take_direction(night_id: str, token: str) -> BaseResponse:
    """The director's link: this phone may direct the night from now on."""
    found = service.load(night_id)
    if not service.may_direct(found, token):
        raise Forbidden(N_("That is not this night's director's link."))
    access.grant(NIGHT, found.id, token)
    flash(gettext("This phone directs the night."))
    return redirect(url_for(".direct", night_id=found.id))


@bp.get("/<night_id>/direct")
def direct(night_id: str) -> Any:
    """The director's console: start a round, call time, the roster; live."""
    found = directed(night_id)
    token = access.held_token(NIGHT, found.id) or ""
    link = url_for(".take_direction", night_id=found.id, token=token, _external=True)
    action = ActionForm()  # its CSRF token is this phone's: the page is drawn for it

    def draw() -> str:
        return render_template(
            "nights/direct.html",
            link=link,
            link_qr=qr_code(link),
            action=action,
            player_form=PlayerForm(),
            playing=board.tables_playing(found),
            **shown(found),
        )

    # Live like the big screen, drawn for this phone alone (its CSRF token); it
    # shows the director's link, so no cache keeps it, the browser's neither.
    mine = session.get("csrf_token", "")[:16]
    headers = {"Cache-Control": "no-store", "Vary": "Cookie"}
    return board.polled(found.id, f"director-{mine}", draw, **headers)


def acting(night_id: str, work: Any, said: Callable[[Night], str]) -> BaseResponse:
    """Run a director's button; say what happened, or why not, on the console."""
    found = directed(night_id)
    if not ActionForm().validate_on_submit():
        flash(gettext("The form expired: try again."))
    else:
        try:
            work(found)
        except AppError as error:
            flash(error.message)
        else:
            flash(said(found))
    return redirect(url_for(".direct", night_id=found.id))


def started(night: Night) -> str:
    """Say a round started."""
    return gettext("Round %(round)s started.", round=len(night.rounds))


@bp.post("/<night_id>/direct/round")
def start_round(night_id: str) -> BaseResponse:
    """Start the round the button names (the next one when it was drawn)."""
    form = ActionForm()
    return acting(night_id, lambda n: director.start_round(n, form.named()), started)


@bp.post("/<night_id>/direct/close")
def close_round(night_id: str) -> BaseResponse:
    """Call time on the round the button names (the round in play when drawn)."""
    form = ActionForm()
    return acting(
        night_id,
        lambda n: director.close_round(n, form.named()),
        lambda n: gettext(
            "Time called on round %(round)s: every table ended as it stands.",
            round=form.named(),
        ),
    )


@bp.post("/<night_id>/direct/finish")
def finish(night_id: str) -> BaseResponse:
    """Finish the night."""
    return acting(
        night_id, director.finish, lambda n: gettext("The night is finished.")
    )


@bp.post("/<night_id>/direct/players/<path:name>/gone")
def mark_gone(night_id: str, name: str) -> BaseResponse:
    """Mark a player gone."""
    return acting(
        night_id,
        lambda n: director.mark_gone(n, name),
        lambda n: gettext("%(name)s is marked gone: not seated again.", name=name),
    )


@bp.get("/<night_id>/cards")
def table_cards(night_id: str) -> Any:
    """Printable table cards, each with its QR code (the director's alone)."""
    found = directed(night_id)
    shown_cards = []
    for number in cards.table_numbers(found):
        url = url_for(
            ".card",
            night_id=found.id,
            number=number,
            token=cards.card_token(found, number),
            _external=True,
        )
        shown_cards.append({"number": number, "url": url, "qr": qr_code(url)})
    page = render_template("nights/cards.html", night=found, cards=shown_cards)
    return page, 200, {"Cache-Control": "no-store"}


@bp.get("/<night_id>/tables/<int:number>/<token>")
def card(night_id: str, number: int, token: str) -> BaseResponse:
    """A table card's link: this phone writes table `number`'s games from now on."""
    found = service.load(night_id)
    if not cards.card_opens(found, number, token):
        raise Forbidden(N_("That is not one of this night's table cards."))
    access.grant(CARD, f"{found.id}:{number}", token)
    return redirect(url_for(".table", night_id=found.id, number=number))


@bp.get("/<night_id>/tables/<int:number>")
def table(night_id: str, number: int) -> BaseResponse:
    """Open the game table `number` plays now, with the right to write it for the
    phone that holds its card (or directs the night)."""
    found = service.load(night_id)
    playing = cards.current_table(found, number)
    if playing.round != len(found.rounds):  # fewer tables this round
        flash(gettext(SPARE, number=number, round=len(found.rounds)))
        return redirect(url_for(".night", night_id=found.id))
    held = access.held_token(CARD, f"{found.id}:{number}")
    if is_director(found) or (held and cards.card_opens(found, number, held)):
        access.grant(access.GAME, playing.game_id, cards.table_token(playing))
    return redirect(url_for("games.scoreboard", game_id=playing.game_id))


@bp.get("/<night_id>/players/<path:name>")
def player(night_id: str, name: str) -> str:
    """One player's night: each round's table, partners, opponents, result."""
    found = service.load(night_id)
    shown = seating.player_night(found, name)
    if shown is None:
        abort(404)
    return render_template("nights/player.html", night=found, **shown)


@bp.get("/<night_id>/results.csv")
def results(night_id: str) -> BaseResponse:
    """The standings as CSV, one row per player."""
    found = service.load(night_id)
    keys = ["rank", "player", "played", "wins", "points", "byes"]
    header = [pgettext("csv", "rank"), pgettext("csv", "player")]
    header += [pgettext("csv", "played"), pgettext("csv", "wins")]
    header += [pgettext("csv", "points"), pgettext("csv", "byes")]
    rows: list[list[Any]] = [header]
    for s in board.night_to_dict(found)["standings"]:
        rows.append([s[k] for k in keys])
    stem = file_stem(found.name, pgettext("file name", "results"))
    return csv_file(to_csv(rows), f"{stem}.csv")
