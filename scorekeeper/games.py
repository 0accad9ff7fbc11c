"""Pages for playing: home, a new game, the scoreboard, recording and undoing hands."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    session,
    url_for,
)
from werkzeug.wrappers import Response

from . import present, services
from .forms import ConfirmForm, HandForm, hand_data, hand_form, side_tricks_fields
from .scoring import GameOver, Rules, ScoringError, Table, describe_rules
from .services import VersionMismatch

bp = Blueprint("games", __name__)


def remember_token(game_id: str, token: str) -> None:
    """Keep a game's write token in this browser's session."""
    tokens = dict(session.get("tokens", {}))
    tokens[game_id] = token
    session["tokens"] = tokens


def can_write(game: services.Game) -> bool:
    """Return whether this browser holds the game's write token."""
    token = session.get("tokens", {}).get(game.id)
    return bool(token) and services.check_write_token(game, token)


def play_url(game: services.Game) -> str:
    """Return the link that lets another phone record hands in this game."""
    token = session["tokens"][game.id]
    return url_for("games.play_link", game_id=game.id, token=token, _external=True)


def writable_game(game_id: str) -> services.Game:
    """Return a game this browser may write to, or answer 403."""
    game = services.get_game(game_id)
    if not can_write(game):
        abort(403, "This phone can only watch this game: open its play link to score.")
    return game


def apply_errors(form: HandForm, error: ScoringError) -> None:
    """Show an engine error on the field it names, or above the form."""
    name = {"side": "bidder"}.get(error.field or "", error.field or "")
    field = getattr(form, name, None) if name != "version" else None
    if field is not None and hasattr(field, "errors"):
        field.errors = [*field.errors, error.message]
    else:
        form.form_errors.append(error.message)


@bp.get("/")
def home() -> str:
    """Show the big New game button and the games to resume."""
    playing = summaries(services.list_games(per_page=10, status="in_progress").items)
    finished = summaries(services.list_games(per_page=5, status="finished").items)
    return render_template("games/home.html", playing=playing, finished=finished)


def summaries(games: list[services.Game]) -> list[dict[str, object]]:
    """Return games as list entries, with totals derived by replay."""
    return [services.game_summary(g, services.game_state(g)) for g in games]


def board(game: services.Game, form: HandForm | None = None, status: int = 200):
    """Render the scoreboard, with the hand form when this phone may write."""
    state = services.game_state(game)
    rules, table = services.game_rules(game), services.game_table(game)
    writer = can_write(game)
    if writer and form is None and not state.finished:
        form = hand_form(rules, table, version=str(game.version))
    page = render_template(
        "games/scoreboard.html",
        game=game,
        state=state,
        writer=writer,
        **(hand_fields(form, rules, table) if form else {"form": None, "table": table}),
        rows=present.rows(table, state),
        hints=present.hints(rules, table, state),
        banner=present.ending(table, state),
        summary=describe_rules(rules),
        chart=present.chart(table, state),
        confirm=ConfirmForm(version=str(game.version)),
        play_url=play_url(game) if writer else "",
        limit=rules.hands_limit,
        number=len(state.hands) + 1,
    )
    return page, status


def hand_fields(form: HandForm, rules: Rules, table: Table) -> dict[str, Any]:
    """Return what the hand form's template needs: the taps laid out like the table."""
    contracts = rules.normal_contracts()
    return {
        "form": form,
        "table": table,
        "side_tricks": side_tricks_fields(form, table),
        "grid": [contracts[i : i + 5] for i in range(0, len(contracts), 5)],
        "specials": rules.special_contracts(),
        "options": {option.data: option for option in form.contract},
    }


def expected_version(form: HandForm | ConfirmForm) -> int | None:
    """Return the game version the form was drawn from, for If-Match."""
    return int(form.version.data) if form.version.data.isdigit() else None


@bp.get("/games/<game_id>")
def scoreboard(game_id: str):
    """Show the totals, the deal, what wins and every hand."""
    return board(services.get_game(game_id))


@bp.post("/games/<game_id>/hands")
def record_hand(game_id: str):
    """Record the tapped hand, then go back to the scoreboard."""
    game = writable_game(game_id)
    table = services.game_table(game)
    form = hand_form(services.game_rules(game), table)
    if not form.validate_on_submit():
        return board(game, form, 400)
    version = expected_version(form)
    try:
        services.add_hand(game, hand_data(form, table), version)
    except VersionMismatch:
        flash("The score changed on another phone; here is the new state.")
        return redirect(url_for("games.scoreboard", game_id=game_id))
    except ScoringError as error:
        apply_errors(form, error)
        return board(game, form, 409 if isinstance(error, GameOver) else 400)
    return redirect(url_for("games.scoreboard", game_id=game_id))


@bp.route("/games/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int):
    """Correct any hand; every later total is recomputed."""
    game = writable_game(game_id)
    rules, table = services.game_rules(game), services.game_table(game)
    state = services.game_state(game)
    if not 1 <= number <= len(state.hands):
        abort(404, f"There is no hand {number} in this game.")
    form = hand_form(rules, table, data=prefill(state.hands[number - 1].hand))
    if form.version.data in (None, ""):
        form.version.data = str(game.version)
    if form.validate_on_submit():
        version = expected_version(form)
        try:
            services.replace_hand(game, number, hand_data(form, table), version)
        except VersionMismatch:
            flash("The score changed on another phone; here is the new state.")
            return redirect(url_for("games.scoreboard", game_id=game_id))
        except ScoringError as error:
            apply_errors(form, error)
        else:
            flash(f"Hand {number} corrected; every later total is recomputed.")
            return redirect(url_for("games.scoreboard", game_id=game_id))
    status = 400 if form.is_submitted() else 200
    return render_template(
        "games/edit_hand.html",
        game=game,
        number=number,
        **hand_fields(form, rules, table),
    ), status


def prefill(hand) -> dict[str, object]:
    """Return a recorded hand as form data for editing."""
    data: dict[str, object] = {
        "bidder": hand.bidder or "",
        "partner": hand.partner or "",
        "contract": hand.contract,
        "tricks": str(hand.tricks[hand.side]) if hand.side is not None else "",
    }
    for index, taken in enumerate(hand.tricks):
        data[f"tricks_{index}"] = str(taken)
    return data


@bp.route("/games/<game_id>/undo", methods=["GET", "POST"])
def undo(game_id: str):
    """Ask once, then take back the last hand."""
    game = writable_game(game_id)
    state = services.game_state(game)
    form = ConfirmForm(version=str(game.version))
    if not state.hands:
        flash("There is no hand to undo.")
        return redirect(url_for("games.scoreboard", game_id=game_id))
    if form.validate_on_submit():
        try:
            services.undo_hand(game, expected_version(form))
        except VersionMismatch:
            flash("The score changed on another phone; nothing was undone.")
        else:
            flash(f"Hand {len(state.hands)} undone.")
        return redirect(url_for("games.scoreboard", game_id=game_id))
    last = present.rows(services.game_table(game), state)[0]
    return render_template("games/undo.html", game=game, form=form, last=last)


@bp.get("/games/<game_id>/play/<token>")
def play_link(game_id: str, token: str) -> Response:
    """Let this phone record hands: the link carries the game's write token."""
    game = services.get_game(game_id)
    if not services.check_write_token(game, token):
        abort(403, "This play link is not valid for this game.")
    remember_token(game.id, token)
    return redirect(url_for("games.scoreboard", game_id=game.id))


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Response:
    """Start a new game with the same table and rules; the deal moves on one seat."""
    game = services.get_game(game_id)
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400, "The form expired; please try again.")
    table = services.game_table(game)
    new_game, token = services.create_game(
        {
            "name": game.name,
            "rules": game.rules,
            "sides": [
                {"name": s.name, "players": list(s.players)} for s in table.sides
            ],
            "first_dealer": table.left_of(table.first_dealer),
        }
    )
    remember_token(new_game.id, token)
    return redirect(url_for("games.scoreboard", game_id=new_game.id))
