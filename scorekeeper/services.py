"""The one place the API, the pages and the CLI read and write games."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from flask_sqlalchemy.pagination import Pagination
from sqlalchemy import func, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import selectinload
from werkzeug import exceptions

from .models import Game, GameSide, HandRow, Player, RuleSet, db
from .scoring import (
    GameOver,
    GameState,
    Hand,
    Rules,
    ScoringError,
    Table,
    make_hand,
    make_table,
    replay,
    rules_from_dict,
    rules_to_dict,
)

GAME_FIELDS = {"name", "rules", "ruleset", "sides", "first_dealer"}
HAND_FIELDS = {"bidder", "side", "contract", "tricks", "partner", "first_out"}
T = TypeVar("T")
# Ids are secrets.token_urlsafe(16); anything else cannot be a game.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
# Database integer columns hold 32 bits on PostgreSQL.
MAX_ID = 2**31 - 1


class NotFound(exceptions.NotFound):
    """There is no such game, hand or rule set."""

    field: str | None = None


class Conflict(exceptions.Conflict):
    """The request contradicts the game as it stands (undoing a middle hand)."""

    field: str | None = "number"


class VersionMismatch(exceptions.PreconditionFailed):
    """The game changed since the client read it (If-Match), or a write raced."""

    field: str | None = None
    description = "The game has changed since you loaded it: reload and try again."


class Busy(exceptions.ServiceUnavailable):
    """The database stayed locked past the busy timeout: nothing was written."""

    field: str | None = None
    description = "The database is busy; nothing was changed: try again."


# Reading


def get_game(game_id: str) -> Game:
    """Return the game with this id, or raise NotFound."""
    game = db.session.get(Game, game_id) if GAME_ID.fullmatch(game_id) else None
    if game is None:
        raise NotFound("There is no game with that id.")
    return game


def game_rules(game: Game) -> Rules:
    """Return the rule set a game is played under."""
    return rules_from_dict(game.rules)


def game_table(game: Game) -> Table:
    """Return a game's sides, seats and first dealer."""
    sides = [(s.name, [p.name for p in s.players]) for s in game.sides]
    return make_table(sides, game.first_dealer)


def _hand(row: HandRow) -> Hand:
    return Hand(
        row.contract,
        tuple(row.tricks),
        side=row.side,
        bidder=row.bidder,
        partner=row.partner,
        first_out=row.first_out,
    )


# Replays remembered by game and version, so a long game is not replayed on
# every request. An entry is made only by a write, from the rows it read while
# holding the game's lock, and only once that write has committed; every write
# bumps the version, and a game re-created with the same id has a new token
# hash. So an entry always describes exactly the hands of its version. It is
# derived state, never a second truth: a miss replays the rows.
_REPLAYS: OrderedDict[tuple[str, str, int], GameState] = OrderedDict()
_REPLAYS_LOCK = threading.Lock()
REPLAYS_KEPT = 256


def _remembered(game: Game, version: int) -> GameState | None:
    with _REPLAYS_LOCK:
        return _REPLAYS.get((game.id, game.token_hash, version))


def _remember(game: Game, version: int, state: GameState) -> None:
    with _REPLAYS_LOCK:
        _REPLAYS[(game.id, game.token_hash, version)] = state
        while len(_REPLAYS) > REPLAYS_KEPT:
            _REPLAYS.popitem(last=False)


def _replay_rows(game: Game) -> GameState:
    return replay(game_rules(game), game_table(game), [_hand(h) for h in game.hands])


def game_state(game: Game) -> GameState:
    """Replay a game's hands: every result, the totals, the ending."""
    return _remembered(game, game.version) or _replay_rows(game)


def game_summary(game: Game, state: GameState) -> dict[str, Any]:
    """Return the short form of a game used in lists."""
    return {
        "id": game.id,
        "name": game.name,
        "created": game.created.replace(tzinfo=UTC).isoformat(),
        "status": "finished" if state.finished else "in_progress",
        "winner": state.winner,
        "ending": state.ending,
        "sides": [s.name for s in game.sides],
        "totals": list(state.totals),
        "hands": len(state.hands),
    }


def game_to_dict(game: Game, state: GameState) -> dict[str, Any]:
    """Return a game as the API shows it (API.md)."""
    summary = game_summary(game, state)
    return {
        "id": game.id,
        "name": game.name,
        "version": game.version,
        "created": summary["created"],
        "rules": game.rules,
        "sides": [
            {"name": s.name, "players": [p.name for p in s.players], "score": score}
            for s, score in zip(game.sides, state.totals, strict=True)
        ],
        "first_dealer": game.first_dealer,
        "hands": [
            {
                "number": r.number,
                "dealer": r.dealer,
                "bidder": r.hand.bidder,
                "side": r.hand.side,
                "partner": r.hand.partner,
                "contract": r.hand.contract,
                "tricks": list(r.hand.tricks),
                "first_out": r.hand.first_out,
                "made": r.made,
                "points": list(r.points),
                "reasons": list(r.reasons),
                "totals": list(r.totals),
            }
            for r in state.hands
        ],
        "status": summary["status"],
        "winner": state.winner,
        "ending": state.ending,
        "next_dealer": None if state.finished else state.next_dealer,
        "first_bidder": None if state.finished else state.first_bidder,
        "barred": list(state.barred),
    }


def list_games(
    page: int = 1,
    per_page: int = 20,
    player: str | None = None,
    status: str | None = None,
) -> Pagination:
    """Return a page of games, newest first, by player and status if given."""
    query = (
        db.select(Game)
        .options(selectinload(Game.hands))
        .order_by(Game.created.desc(), Game.id)
    )
    if player:
        if "\x00" in player:
            raise ScoringError("player", "The player name has control characters.")
        played = (
            db.select(GameSide.game_id)
            .join(Player)
            .where(func.lower(Player.name) == player.strip().lower())
        )
        query = query.where(Game.id.in_(played))
    if status == "finished":
        query = query.where(Game.ending.is_not(None))
    elif status == "in_progress":
        query = query.where(Game.ending.is_(None))
    elif status is not None:
        raise ScoringError("status", "The status must be in_progress or finished.")
    return db.paginate(query, page=page, per_page=per_page, error_out=False)


def player_names() -> list[str]:
    """Return the names of everyone who has played, most frequent first."""
    count = func.count(Player.id)
    rows = db.session.execute(
        db.select(Player.name, count).group_by(Player.name).order_by(count.desc())
    )
    return [name for name, _ in rows]


# Writing


def _transaction(work: Callable[[], T], duplicate: Exception | None = None) -> T:
    """Run work and commit; roll everything back on any error."""
    try:
        result = work()
        db.session.commit()
    except IntegrityError:
        # A racing write took the same hand number or name first.
        db.session.rollback()
        raise duplicate or VersionMismatch() from None
    except OperationalError as error:
        db.session.rollback()
        if "locked" in str(error.orig) or "lock timeout" in str(error.orig):
            raise Busy() from None
        raise
    except BaseException:
        db.session.rollback()
        raise
    return result


def check_text(data: object) -> None:
    """Refuse text no database can keep: NUL and lone surrogates, at any depth."""
    stack: list[tuple[object, str | None]] = [(data, None)]
    while stack:
        value, field = stack.pop()
        if isinstance(value, Mapping):
            for key, item in value.items():
                stack.append((key, field or str(key)[:40]))
                stack.append((item, field or str(key)[:40]))
        elif isinstance(value, list):
            stack.extend((item, field) for item in value)
        elif isinstance(value, str) and (
            "\x00" in value or not value.isascii() and not _encodable(value)
        ):
            raise ScoringError(field, "The text has a character that is not allowed.")


def _encodable(value: str) -> bool:
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def _text(data: Mapping[str, Any], key: str, default: str = "") -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise ScoringError(key, f"The {key} must be text.")
    value = " ".join(value.split())
    if not value.isprintable():
        raise ScoringError(key, f"The {key} has control characters.")
    if len(value) > 80:
        raise ScoringError(key, f"The {key} must be at most 80 characters.")
    return value


def _check_fields(data: object, allowed: set[str], what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise ScoringError(None, f"Send {what} as a JSON object.")
    for key in data:
        if key not in allowed:
            raise ScoringError(str(key), f"{str(key)[:40]!r} is not a field of {what}.")
    return data


def _body_rules(data: Mapping[str, Any]) -> Rules:
    """Return the rules a game body asks for: saved house rules, then overrides."""
    wanted: dict[str, Any] = {}
    if data.get("ruleset") is not None:
        wanted.update(get_ruleset(data["ruleset"], field="ruleset").rules)
    rules = data.get("rules", {})
    if not isinstance(rules, Mapping):
        raise ScoringError("rules", "The rules must be an object of settings.")
    wanted.update(rules)
    return rules_from_dict(wanted)


def _body_table(data: Mapping[str, Any]) -> Table:
    """Return the table a game body describes, checked by the engine."""
    sides = data.get("sides")
    if not isinstance(sides, list) or not sides:
        raise ScoringError("sides", "List the sides, each with a name and players.")
    pairs = []
    for side in sides:
        if not isinstance(side, Mapping) or not isinstance(side.get("players"), list):
            raise ScoringError(
                "sides", 'Each side needs a "name" and a list of "players".'
            )
        pairs.append((side.get("name"), side["players"]))
    return make_table(pairs, data.get("first_dealer"))


def new_token() -> tuple[str, str]:
    """Return a new write token and the hash the database keeps of it."""
    token = secrets.token_urlsafe(24)
    return token, hashlib.sha256(token.encode()).hexdigest()


def check_write_token(game: Game, token: str | None) -> bool:
    """Return whether a token grants writing to this game (constant time)."""
    if not token:
        return False
    digest = hashlib.sha256(token.encode()).hexdigest()
    return hmac.compare_digest(digest, game.token_hash)


def _new_game(data: object) -> tuple[Game, str]:
    data = _check_fields(data, GAME_FIELDS, "a game")
    rules = _body_rules(data)
    table = _body_table(data)
    name = _text(data, "name") or " v ".join(s.name for s in table.sides)
    token, token_hash = new_token()
    game = Game(
        name=name[:80],
        rules=rules_to_dict(rules),
        first_dealer=table.first_dealer,
        token_hash=token_hash,
    )
    for position, side in enumerate(table.sides):
        game.sides.append(
            GameSide(
                position=position,
                name=side.name,
                players=[
                    Player(position=i, name=p) for i, p in enumerate(side.players)
                ],
            )
        )
    return game, token


def create_game(data: Mapping[str, Any]) -> tuple[Game, str]:
    """Create a game from an API-shaped body; return it and its write token."""

    def work() -> tuple[Game, str]:
        game, token = _new_game(data)
        db.session.add(game)
        return game, token

    game, token = _transaction(work)
    _remember(game, game.version, _replay_rows(game))
    return game, token


def _lock(game: Game, expected_version: int | None) -> int:
    """Bump the version first: it takes the write lock and checks If-Match."""
    query = update(Game).where(Game.id == game.id)
    if expected_version is not None:
        query = query.where(Game.version == expected_version)
    result = db.session.execute(query.values(version=Game.version + 1))
    if result.rowcount != 1:  # type: ignore[attr-defined]
        raise VersionMismatch()
    # Read the hands again inside the locked transaction: another write may
    # have landed between the request's first read and the lock.
    db.session.expire(game, ["version", "ending", "hands"])
    return game.version


def _hand_row(number: int, hand: Hand) -> HandRow:
    return HandRow(
        number=number,
        contract=hand.contract,
        side=hand.side,
        bidder=hand.bidder,
        partner=hand.partner,
        first_out=hand.first_out,
        tricks=list(hand.tricks),
    )


def _parse_hand(game: Game, data: object) -> Hand:
    data = _check_fields(data, HAND_FIELDS, "a hand")
    if "contract" not in data:
        raise ScoringError("contract", "Name the contract, such as 7H, misere or pass.")
    return make_hand(game_rules(game), game_table(game), **data)


def _replay_with(game: Game, hands: Sequence[Hand], number: int) -> GameState:
    """Replay with a changed hand; an error in a later hand says which."""
    try:
        state = replay(game_rules(game), game_table(game), hands)
    except GameOver as error:
        if error.hand is None or error.hand <= number:
            raise
        raise GameOver(
            "hand",
            f"With this change the game ends at hand {error.hand - 1}: "
            f"undo the hands after it first.",
            error.hand,
        ) from None
    except ScoringError as error:
        if error.hand is None or error.hand == number:
            raise
        message = f"Hand {error.hand} would then be wrong: {error.message}"
        raise ScoringError(error.field, message, error.hand) from None
    game.ending = state.ending
    return state


def add_hand(
    game: Game, data: Mapping[str, Any], expected_version: int | None = None
) -> GameState:
    """Record the next hand; raise GameOver if the game has ended."""

    def work() -> tuple[int, GameState]:
        version = _lock(game, expected_version)
        hand = _parse_hand(game, data)
        before = _remembered(game, version - 1) or _replay_rows(game)
        state = replay(game_rules(game), game_table(game), [hand], since=before)
        game.ending = state.ending
        row = _hand_row(len(state.hands), hand)
        row.game_id = game.id
        db.session.add(row)  # not through game.hands: that would load every row
        return version, state

    return _remembering(game, work)


def _remembering(game: Game, work: Callable[[], tuple[int, GameState]]) -> GameState:
    """Run a write; once committed, remember the state it left the game in."""
    version, state = _transaction(work)
    db.session.expire(game, ["hands"])
    _remember(game, version, state)
    return state


def _hand_number(game: Game, number: int) -> HandRow:
    if not 1 <= number <= len(game.hands):
        raise NotFound(f"There is no hand {number} in this game.")
    return game.hands[number - 1]


def replace_hand(
    game: Game,
    number: int,
    data: Mapping[str, Any],
    expected_version: int | None = None,
) -> GameState:
    """Replace a hand and recompute everything after it."""

    def work() -> tuple[int, GameState]:
        version = _lock(game, expected_version)
        row = _hand_number(game, number)
        hand = _parse_hand(game, data)
        hands = [_hand(h) for h in game.hands]
        hands[number - 1] = hand
        state = _replay_with(game, hands, number)
        new = _hand_row(number, hand)
        for column in ("contract", "side", "bidder", "partner", "first_out"):
            setattr(row, column, getattr(new, column))
        row.tricks = new.tricks
        return version, state

    return _remembering(game, work)


def undo_hand(
    game: Game, expected_version: int | None = None, number: int | None = None
) -> GameState:
    """Delete the last hand (or check that `number` is the last) and replay."""

    def work() -> tuple[int, GameState]:
        version = _lock(game, expected_version)
        count = len(game.hands)
        if number is not None:
            _hand_number(game, number)
            if number != count:
                raise Conflict(
                    f"Only the last hand ({count}) can be undone; "
                    f"edit hand {number} instead."
                )
        if not count:
            raise Conflict("There is no hand to undo.")
        game.hands.pop()
        return version, _replay_with(game, [_hand(h) for h in game.hands], count)

    return _remembering(game, work)


def delete_game(game: Game) -> None:
    """Delete a game and everything recorded in it."""

    def work() -> None:
        db.session.delete(game)

    _transaction(work)


# Saved house rules


def ruleset_to_dict(ruleset: RuleSet) -> dict[str, Any]:
    """Return a saved rule set as the API shows it."""
    return {
        "id": ruleset.id,
        "name": ruleset.name,
        "rules": ruleset.rules,
        "full": rules_to_dict(rules_from_dict(ruleset.rules)),
        "created": ruleset.created.replace(tzinfo=UTC).isoformat(),
    }


def list_rulesets() -> list[RuleSet]:
    """Return the saved house rules by name."""
    query = db.select(RuleSet).order_by(func.lower(RuleSet.name), RuleSet.id)
    return list(db.session.execute(query).scalars())


def get_ruleset(ruleset_id: object, field: str | None = None) -> RuleSet:
    """Return a saved rule set, or raise NotFound (ScoringError naming `field`)."""
    ok = isinstance(ruleset_id, int) and not isinstance(ruleset_id, bool)
    ok = ok and 0 < ruleset_id <= MAX_ID  # type: ignore[operator]
    ruleset = db.session.get(RuleSet, ruleset_id) if ok else None
    if ruleset is None:
        if field is not None:
            raise ScoringError(field, "There is no saved rule set with that id.")
        raise NotFound("There is no saved rule set with that id.")
    return ruleset


def save_ruleset(name: object, data: object, ruleset_id: int | None = None) -> RuleSet:
    """Create or update a saved rule set: a preset and its overrides."""

    def work() -> RuleSet:
        ruleset = RuleSet() if ruleset_id is None else get_ruleset(ruleset_id)
        clean = _text({"name": name}, "name")
        if not clean:
            raise ScoringError("name", "Give the house rules a name.")
        if not isinstance(data, Mapping):
            raise ScoringError("rules", "The rules must be an object of settings.")
        rules_from_dict(data)
        taken = db.session.execute(
            db.select(RuleSet.id).where(func.lower(RuleSet.name) == clean.lower())
        ).scalar()
        if taken is not None and taken != ruleset_id:
            raise ScoringError("name", f"There are already house rules named {clean}.")
        ruleset.name, ruleset.rules = clean, dict(data)
        db.session.add(ruleset)
        return ruleset

    duplicate = ScoringError("name", "There are already house rules with that name.")
    return _transaction(work, duplicate)


def delete_ruleset(ruleset_id: int) -> None:
    """Delete saved house rules; games keep the rules they were created with."""

    def work() -> None:
        db.session.delete(get_ruleset(ruleset_id))

    _transaction(work)


# Export and import


def all_games() -> list[Game]:
    """Return every game, oldest first."""
    query = db.select(Game).order_by(Game.created, Game.id)
    return list(db.session.execute(query).scalars())


def _imported(data: object, index: int) -> tuple[Game, str]:
    """Build a game, with its hands checked by replay, from an exported one."""
    if not isinstance(data, Mapping):
        raise ScoringError(None, f"Game {index + 1} is not a JSON object.")
    sides = data.get("sides")
    body = {
        "name": data.get("name", ""),
        "rules": data.get("rules", {}),
        "sides": [
            {"name": s.get("name"), "players": s.get("players")}
            for s in (sides if isinstance(sides, list) else [])
            if isinstance(s, Mapping)
        ],
        "first_dealer": data.get("first_dealer"),
    }
    game, token = _new_game(body)
    game_id = data.get("id")
    if game_id is not None and not (
        isinstance(game_id, str) and GAME_ID.fullmatch(game_id)
    ):
        raise ScoringError("id", f"Game {index + 1} has an id that is not valid.")
    if isinstance(game_id, str):
        if db.session.get(Game, game_id) is not None:
            raise Conflict(f"Game {game_id} is already in the database.")
        game.id = game_id
    created = data.get("created")
    if isinstance(created, str):
        try:
            stamp = datetime.fromisoformat(created)
        except ValueError:
            raise ScoringError("created", f"{created!r} is not a date.") from None
        game.created = stamp.astimezone(UTC).replace(tzinfo=None)
    hands: list[Hand] = []
    rules, table = game_rules(game), game_table(game)
    for number, row in enumerate(data.get("hands") or [], start=1):
        if not isinstance(row, Mapping):
            raise ScoringError(None, f"Hand {number} is not a JSON object.", number)
        try:
            fields = {k: row[k] for k in HAND_FIELDS if row.get(k) is not None}
            hands.append(make_hand(rules, table, **fields))
        except ScoringError as error:
            raise ScoringError(error.field, error.message, number) from None
        game.hands.append(_hand_row(number, hands[-1]))
    game.ending = replay(rules, table, hands).ending
    return game, token


def import_games(games: Sequence[object]) -> list[tuple[str, str]]:
    """Recreate exported games in one transaction; return each id and new token."""

    def work() -> list[tuple[str, str]]:
        check_text(games)
        made = []
        for index, data in enumerate(games):
            game, token = _imported(data, index)
            db.session.add(game)
            db.session.flush()
            made.append((game.id, token))
        return made

    return _transaction(work, Conflict("Two games in the file share an id."))
