"""A night's table cards: the card token printed on each table's card, and the
sealed write token of the game the table plays now, which the card grants."""

from __future__ import annotations

import base64
import hashlib
import hmac

from flask import current_app

from ..db import tokens
from ..errors import N_, NotFound
from .models import Night, NightTable


def seal(game_id: str, token: str) -> str:
    """Return a table game's write token sealed with the server's key."""
    secret = current_app.config["SECRET_KEY"]
    return tokens.seal(token, secret, f"night:{game_id}")


def table_token(table: NightTable) -> str:
    """Return the write token of a table's game (for a phone the card or the
    director grants it)."""
    secret = current_app.config["SECRET_KEY"]
    return tokens.unseal(table.sealed, secret, f"night:{table.game_id}")


def card_token(night: Night, number: int) -> str:
    """Return table `number`'s card token: made from the server's key, so the
    card can be printed again, and opening it proves the card was seen."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    message = f"night-card:{night.id}:{number}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def card_opens(night: Night, number: int, token: str) -> bool:
    """Return whether a card token is table `number`'s of this night."""
    return tokens.same(token, card_token(night, number))


def table_numbers(night: Night) -> list[int]:
    """Return every table number the night has used (a card for each)."""
    return sorted({t.number for r in night.rounds for t in r.tables})


def current_table(night: Night, number: int) -> NightTable:
    """Return the game table `number` plays now (its latest round), or NotFound."""
    for one in reversed(night.rounds):
        for table in one.tables:
            if table.number == number:
                return table
    raise NotFound(
        N_("There is no table %(number)s in this night."), "number", number=number
    )
