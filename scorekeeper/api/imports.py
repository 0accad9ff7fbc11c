"""Reading an export file back (API.md import): each game checked as a new one,
the whole file refused, naming the game and the field, at the first wrong one."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from ..db.store import GAME_ID
from ..errors import N_, BadInput, Quoted
from ..results.archive import PastGame, Said
from ..scoring import MOST_HANDS, ScoringError, make_hand
from ..text import clean_text
from .schema import HAND_FIELDS, new_game


def utc(text: object) -> datetime:
    """Return an ISO 8601 time as UTC without a zone, as the database keeps it."""
    try:
        if not isinstance(text, str):  # a number, a list: no date either
            raise ValueError(text)
        return datetime.fromisoformat(text).astimezone(UTC).replace(tzinfo=None)
    except (ValueError, OverflowError):
        raise BadInput(
            N_("%(text)s is not a date, such as 2024-05-03T19:30:00+00:00."),
            "created",
            text=Quoted(str(text)[:40]),
        ) from None


def imported(data: object, index: int) -> PastGame:
    """Read one game of an export file, as export-games writes it: anything it
    cannot read whole is refused, never dropped."""
    if not isinstance(data, Mapping):
        raise BadInput(N_("Game %(number)s is not a JSON object."), number=index + 1)
    sides = data.get("sides")
    if not isinstance(sides, list) or not all(isinstance(s, Mapping) for s in sides):
        raise BadInput(
            N_("List the sides, each an object with a name and players."), "sides"
        )
    body = {
        "name": data.get("name", ""),
        "notes": data.get("notes") or "",  # files from before notes have none
        "rules": data.get("rules", {}),
        "sides": [{"name": s.get("name"), "players": s.get("players")} for s in sides],
        "first_dealer": data.get("first_dealer"),
    }
    game = new_game(body)
    game_id = data.get("id")
    if game_id is not None and not (
        isinstance(game_id, str) and GAME_ID.fullmatch(game_id)
    ):
        raise BadInput(
            N_("Game %(number)s has an id that is not valid."), "id", number=index + 1
        )
    stamp = None if data.get("created") is None else utc(data["created"])
    rows = data.get("hands") or []
    if not isinstance(rows, list):
        raise BadInput(N_("The hands must be a list of hands."), "hands")
    if len(rows) > MOST_HANDS:
        raise BadInput(
            N_("Game %(number)s has %(count)s hands; a game keeps at most %(most)s."),
            "hands",
            number=index + 1,
            count=len(rows),
            most=MOST_HANDS,
        )
    hands, said = [], []
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, Mapping):
            raise BadInput(
                N_("Hand %(number)s is not a JSON object."), None, number, number=number
            )
        try:
            found = {k: row[k] for k in HAND_FIELDS if row.get(k) is not None}
            hands.append(make_hand(game.rules, game.table, **found))
        except ScoringError as error:
            raise error.at(number) from None
        said.append(tuple((k, row[k]) for k in ("points", "totals") if k in row))
    scores = None
    if any("score" in side for side in sides):
        scores = tuple(side.get("score") for side in sides)
    # Checked here as the write would (it cuts nothing a file gives): a game
    # refused only when written would stop the file halfway.
    name, notes = clean_text(game.name, "name"), clean_text(game.notes, "notes")
    return PastGame(
        name,
        game.rules,
        game.table,
        tuple(hands),
        game_id,
        stamp,
        notes,
        Said(scores, tuple(said)),
    )
