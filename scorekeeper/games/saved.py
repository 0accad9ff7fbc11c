"""The line that confirms a saved hand, kept across the redirect, with its Undo."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from flask import session, url_for
from flask_babel import gettext

from ..scoring import PASS, Hand, HandResult
from . import present
from .forms import hand_data
from .service import Loaded, undo_refused

KEY = "saved"


@dataclass(frozen=True)
class Saved:
    """What the scoreboard says after a save, and what its one-tap Undo posts."""

    game: str
    text: str
    # The version the save left: Undo is offered, and accepted, only while the
    # game is still there, so it never takes back another phone's hand.
    version: int
    action: str
    button: str
    fields: dict[str, str] = field(default_factory=dict)


def resend(hand: Hand) -> dict[str, str]:
    """Return the hand form's data that records this hand again."""
    data = hand_data(hand)
    if hand.contract == PASS:
        data["passed"] = "y"
    return data


def recorded(after: Loaded) -> None:
    """Confirm the hand just recorded; its Undo takes it back (none when the
    hand ended a night's round for good: its last planned one)."""
    text = present.confirmation(after.table, after.state.hands[-1])
    action = url_for("games.undo", game_id=after.id)
    version = 0 if undo_refused(after.id) else after.version  # 0: never offered
    session[KEY] = asdict(Saved(after.id, text, version, action, gettext("Undo")))


def corrected(after: Loaded, number: int, old: Hand) -> None:
    """Confirm a corrected hand; its Undo puts the old hand back."""
    text = present.confirmation(after.table, after.state.hands[number - 1], "corrected")
    action = url_for("games.edit_hand", game_id=after.id, number=number)
    button = gettext("Undo the change")
    saved = Saved(after.id, text, after.version, action, button, resend(old))
    session[KEY] = asdict(saved)


def undone(after: Loaded, old: HandResult) -> None:
    """Confirm an undone hand; its Undo records it again."""
    text = present.confirmation(after.table, old, "undone")
    action = url_for("games.record_hand", game_id=after.id)
    saved = Saved(
        after.id, text, after.version, action, gettext("Put it back"), resend(old.hand)
    )
    session[KEY] = asdict(saved)


def waiting() -> bool:
    """Return whether a confirmation waits to be shown (a scoreboard drawn once)."""
    return KEY in session


def take(game_id: str) -> Saved | None:
    """Return, once, the confirmation waiting for this game's scoreboard."""
    if KEY not in session:  # popping a missing key would still rewrite the cookie
        return None
    kept = session.pop(KEY)
    return Saved(**kept) if kept.get("game") == game_id else None
