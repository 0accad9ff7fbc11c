"""Pages for playing: home, the scoreboard, recording, correcting and undoing hands."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from ..db import idempotency
from ..errors import AppError, Forbidden, Stale, app_error, wants_json
from ..language import N_, PageWords, points
from ..nights.room.after import after_round
from ..nights.room.names import named
from ..results.chart import chart
from ..scoring import Hand, ScoringError, deals_ahead, describe_rules, port_model
from ..web import access, conditional, repeats
from . import background, present, saved, service
from .forms import ConfirmForm, HandForm, hand_data, hand_fields
from .service import Loaded

bp = Blueprint("games", __name__)
MOVED_ON = N_("The score changed on another phone; here is the new state.")
# The scoreboard shows the newest hands only, so a long game's page stays light;
# a link opens them all.
SHOWN_HANDS = 30
NOT_SAVED = N_(
    "The hand was not saved: this page had gone stale. Your taps are kept: save again."
)


def held_token(game: Loaded | service.Head) -> str | None:
    """Return the write token this phone holds for a game, if it is the right one."""
    token = access.held_token(access.GAME, game.id)
    return token if service.owns(game, token) else None


def writable_game(game_id: str) -> Loaded:
    """Return a game this browser may write to, or answer 403."""
    game = service.load(game_id)
    if held_token(game) is None:
        raise Forbidden(
            gettext("This phone can only watch this game: open its play link to score.")
        )
    return game


def show_error(form: HandForm, error: AppError | ScoringError) -> None:
    """Show an error on the field it names, or above the form."""
    mine = app_error(error)
    field = getattr(form, mine.field or "", None) if mine.field != "version" else None
    if field is not None and hasattr(field, "errors"):
        field.errors = [*field.errors, mine.message]
    else:
        form.form_errors.append(mine.message)


def to_scoreboard(game: Loaded, anchor: str | None = None) -> Response:
    """Go back to the game's scoreboard, at an anchor if given."""
    return redirect(url_for("games.scoreboard", game_id=game.id, _anchor=anchor))


def confirmation_anchor(after: Loaded) -> str | None:
    """Where a save lands: the totals and the line under them."""
    # A finished game's banner sits above the totals: show the page from its top.
    return None if after.state.finished else "scores"


def to_confirmation(after: Loaded) -> Response:
    """Go back to the scoreboard, scrolled to the line confirming a save."""
    return to_scoreboard(after, confirmation_anchor(after))


@bp.get("/")
def home() -> str:
    """Show the big New game button and the games to resume."""
    playing = named(service.list_games(per_page=10, status="in_progress").items)
    finished = named(service.list_games(per_page=5, status="finished").items)
    return render_template(
        "games/home.html",
        playing=[present.card(g) for g in playing],
        finished=[present.card(g) for g in finished],
    )


def board(
    game: Loaded,
    form: HandForm | None = None,
    status: int = 200,
    done: saved.Saved | None = None,
):
    """Answer the scoreboard, with the hand form when this phone may write."""
    writer = held_token(game) is not None
    return drawn(game, form, done), status, conditional.headers(writer)


def drawn(
    game: Loaded, form: HandForm | None = None, done: saved.Saved | None = None
) -> str:
    """Render the scoreboard, with the hand form when this phone may write."""
    state, table, token = game.state, game.table, held_token(game)
    offered = done is not None and done.version == game.version
    if token and form is None and not state.finished and not state.full:
        form = HandForm(version=str(game.version)).for_table(game.rules, table)
    if form is not None:
        form.fresh()
    fields = (
        hand_fields(form, game.rules, table, state.totals)
        if form
        else {"form": None, "table": table}
    )
    night_after = after_round(game.id, state.finished)
    undo = token is not None and state.hands and not (state.finished and offered)
    return render_template(
        "games/scoreboard.html",
        game=game.game,
        state=state,
        writer=token is not None,
        **fields,
        rows=present.rows(table, state, SHOWN_HANDS),
        more=len(state.hands) > SHOWN_HANDS,
        hints=present.hints(game.rules, table, state),
        ahead=deals_ahead(game.rules, table, state),
        # For outlook.js: what wins after the hands waiting on this phone.
        model=port_model(game.rules, table, state, present.bid_words) if form else None,
        banner=present.ending([side.name for side in table.sides], state),
        summary=describe_rules(game.rules, len(table.seats), PageWords()),
        chart=chart(table, state, points),
        # Only the writer's page has forms: a watcher's sets no cookie at all.
        confirm=ConfirmForm(version=str(game.version)).fresh() if token else None,
        done=done,
        # A finished game offers one Undo: the line's, when it confirms the last
        # hand; a night's game none once its round is over or time was called.
        undo=undo and (night_after is None or service.undo_refused(game.id) is None),
        rematch=service.rematch_of(game),
        # A night's game: no rematch, no delete; once ended, where everyone goes.
        night_after=night_after,
        limit=game.rules.hands_limit,
        number=len(state.hands) + 1,
    )


@bp.get("/games/<game_id>")
def scoreboard(game_id: str):
    """Show the totals, the deal, what wins and every hand; 304 if unchanged."""
    head = service.head(game_id)
    if saved.waiting():  # the line that confirms a save: drawn once, kept nowhere
        return board(service.load(game_id), done=saved.take(game_id))

    def render() -> tuple[str, int]:
        game = service.load(game_id)
        return drawn(game), game.version

    return conditional.scoreboard(head, held_token(head) is not None, render)


@bp.get("/games/<game_id>/hands")
def all_hands(game_id: str) -> str:
    """Show every hand of a game, newest first, with its edit links for the writer."""
    game = service.load(game_id)
    rows = present.rows(game.table, game.state)
    writer = held_token(game) is not None
    return render_template(
        "games/hands.html", game=game.game, table=game.table, rows=rows, writer=writer
    )


def tapped_hand(form: HandForm, game: Loaded) -> Hand | None:
    """Return the hand a valid form describes, or None with the errors shown."""
    if not form.validate_on_submit():
        if form.meta.csrf and form.csrf_token.errors:  # the page has a fresh one
            form.csrf_token.errors = [gettext(NOT_SAVED)]
        return None
    try:
        return form.hand(game.rules, game.table)
    except ScoringError as error:
        show_error(form, error)
        return None


@bp.post("/games/<game_id>/hands")
def record_hand(game_id: str):
    """Record the tapped hand, then go back to the scoreboard (or say so in JSON)."""
    game = writable_game(game_id)
    form = HandForm().for_table(game.rules, game.table)
    keyed = repeats.page_key()
    script = wants_json()  # sent in the background: answered in JSON

    def write() -> Any:
        hand = tapped_hand(form, game)
        if hand is None:
            if script:
                raise background.refused(form)
            return board(game, form, 400)
        also = repeats.keeping(keyed, confirmation_anchor)
        after = service.record_hand(game, hand, form.expected_version(), also)
        saved.recorded(after)
        done = to_confirmation(after)
        return background.saved(done.location) if script else done

    again = background.again if script else repeats.redirect_again
    try:
        return idempotency.once(keyed, write, again)
    except Stale:
        if script:
            return background.moved(game.id)
        flash(gettext(MOVED_ON))
        return to_scoreboard(game)
    except (AppError, ScoringError) as error:
        if script:
            raise
        if isinstance(error, AppError) and error.field == service.CALLED:
            flash(error.message)  # the game has ended: no form to put it back on
            return to_scoreboard(game)
        show_error(form, error)
        return board(game, form, app_error(error).status)


@bp.route("/games/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int):
    """Correct any hand; every later total is recomputed."""
    game = writable_game(game_id)
    result = service.hand(game, number)
    recorded = result.hand
    form = HandForm(data=hand_data(recorded)).for_table(game.rules, game.table)
    form.version.data = form.version.data or str(game.version)
    hand = tapped_hand(form, game)
    if hand is not None:
        try:
            after = service.replace_hand(game, number, hand, form.expected_version())
        except Stale:
            flash(gettext(MOVED_ON))
            return to_scoreboard(game)
        except (AppError, ScoringError) as error:
            show_error(form, error)
        else:
            saved.corrected(after, number, recorded)
            return to_confirmation(after)
    status = 400 if form.is_submitted() else 200
    start = (0,) * len(game.table.sides)
    before = game.state.hands[number - 2].totals if number > 1 else start
    fields = hand_fields(form, game.rules, game.table, before)
    # Turning a bid into a pass loses it: the page asks once, saying what it was.
    bid = present.confirmation(game.table, result) if result.contract else ""
    return render_template(
        "games/edit_hand.html", game=game.game, number=number, bid=bid, **fields
    ), status


@bp.route("/games/<game_id>/undo", methods=["GET", "POST"])
def undo(game_id: str):
    """Ask once, then take back the last hand."""
    game = writable_game(game_id)
    form = ConfirmForm(version=str(game.version))
    try:
        last = service.last_hand(game)
        if form.validate_on_submit():
            after = service.undo_hand(game, form.expected_version())
            saved.undone(after, last)
            return to_confirmation(after)
    except Stale:
        flash(gettext("The score changed on another phone; nothing was undone."))
        return to_scoreboard(game)
    except AppError as error:
        flash(error.message)
        return to_scoreboard(game)
    row = present.rows(game.table, game.state, 1)[0]
    return render_template("games/undo.html", game=game.game, form=form, last=row)


@bp.get("/games/<game_id>/play/<token>")
def play_link(game_id: str, token: str) -> Response:
    """Let this phone record hands: the link carries the game's write token."""
    game = service.load(game_id)
    if not service.owns(game, token):
        raise Forbidden(gettext("This play link is not valid for this game."))
    access.grant(access.GAME, game.id, token)
    return to_scoreboard(game)


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Response:
    """Start a new game with the same table and rules; the deal moves on one seat."""
    game = writable_game(game_id)
    if not ConfirmForm().validate_on_submit():
        raise AppError(gettext("The form expired; please try again."))
    keyed = repeats.page_key()

    def write() -> Response:
        also = access.granting(access.GAME, repeats.keeping(keyed))
        return to_scoreboard(service.rematch(game, also)[0])

    return idempotency.once(keyed, write, repeats.redirect_again)


# Views whose FlaskForm validates the CSRF token itself (not CSRFProtect), so a
# stale token shows the taps again instead of a bare 400.
CHECKS_OWN_CSRF = (record_hand, edit_hand)
