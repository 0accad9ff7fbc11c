"""What the director does with the round clock (NIGHTS.md "The round clock"):
pause and resume a round's clock, change the minutes of the next rounds; and
the clock as every screen of the night asks for it, the time left counted by
the server. The app never ends a game on the clock: at zero it says *last
hand*, and the director calls time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, select

from ...db import store
from ...db.models import db, utcnow
from ...errors import N_, BadInput, Conflict, NotFound
from .. import board
from ..models import PLAYING, Night, NightRound, NightTable, locked
from . import times

ACTIONS = ("pause", "resume")


def in_play(night: Night, one: NightRound) -> bool:
    """Return whether a round is being played: the night's latest, time not
    called, a table still playing."""
    latest = night.rounds[-1] if night.rounds else None
    return one is latest and not one.called and bool(board.tables_playing(night))


def _said(one: Any, round_minutes: int | None, playing: bool) -> dict[str, Any]:
    left = times.seconds_left(one) if one is not None and playing else None
    said: dict[str, Any] = {
        "round": one.number if one is not None else None,
        "round_minutes": round_minutes,
        "minutes": one.minutes if one is not None else None,
        "in_play": playing,
        "seconds_left": left,
        "last_hand": left == 0,
    }
    if one is not None:
        said.update(times.round_times(one))
    else:
        said.update(started=None, ends=None, paused=False)
    return said


def clock(night: Night) -> dict[str, Any]:
    """Return the night's clock now, as every screen shows it (GET
    /api/nights/<id>/clock): the latest round's, its seconds left by the
    server's time, and whether it is the last hand."""
    one = night.rounds[-1] if night.rounds else None
    playing = one is not None and in_play(night, one)
    return _said(one, night.round_minutes, playing)


@dataclass(frozen=True)
class _Latest:
    number: int
    called: bool
    started: datetime | None
    minutes: int | None
    paused_at: datetime | None
    paused_seconds: int


_ROUNDS, _TABLES = NightRound.__table__.c, NightTable.__table__.c
# The night's minutes and its latest round's clock, in one statement built once
# (every table's scoreboard asks it): whether a table of that round still plays.
_CLOCK_OF = (
    select(
        Night.round_minutes,
        _ROUNDS.number,
        _ROUNDS.called,
        _ROUNDS.started,
        _ROUNDS.minutes,
        _ROUNDS.paused_at,
        _ROUNDS.paused_seconds,
        PLAYING,
    )
    .select_from(Night.__table__.outerjoin(NightRound.__table__))
    .where(Night.id == bindparam("night"))
    .order_by(_ROUNDS.number.desc())
    .limit(1)
)


def clock_of(night_id: str) -> dict[str, Any]:
    """Return `clock` of the night with this id in one light query (every
    table's phone asks it now and then), or raise NotFound."""
    row = None
    if len(night_id) <= 32:
        row = db.session.execute(_CLOCK_OF, {"night": night_id}).first()
    if row is None:
        raise NotFound(N_("There is no club night with that id."))
    if row[1] is None:  # no round seated yet
        return _said(None, row[0], False)
    one = _Latest(*row[1:7])
    return _said(one, row[0], not one.called and bool(row[7]))


def _round(night: Night, number: int) -> NightRound:
    one = next((r for r in night.rounds if r.number == number), None)
    if one is None:
        raise NotFound(
            N_("There is no round %(number)s in this night."), "number", number=number
        )
    return one


def set_clock(night: Night, number: int, action: object) -> Night:
    """Pause or resume round `number`'s clock: 409 naming the round when it is
    not in play, has no clock, its time is up, or it already is so. Read and
    written under the night's lock, its version moved on from the stored one:
    of two pauses at once one takes effect, the other is refused."""
    if action not in ACTIONS:
        raise BadInput(N_("Say pause or resume."), "action")
    _round(night, number)  # 404 before any lock

    def work() -> None:
        locked(night)
        one = _round(night, number)
        change = _changed(night, one, action, utcnow())
        one.paused_at, one.paused_seconds = change.paused_at, change.paused_seconds

    store.transaction(work)
    return night


def _changed(
    night: Night, one: NightRound, action: object, now: datetime
) -> times.Pause:
    """Return the round's clock paused or resumed at `now`, or raise Conflict."""
    number = one.number
    if not in_play(night, one):
        raise Conflict(
            N_("Round %(number)s is not in play: its clock stands."),
            "round",
            number=number,
        )
    if not times.has_clock(one):
        raise Conflict(
            N_("Round %(number)s has no clock."), "round_minutes", number=number
        )
    if action == "pause":
        if one.paused_at is not None:
            raise Conflict(
                N_("Round %(number)s's clock is paused already."),
                "action",
                number=number,
            )
        if times.seconds_left(one, now) == 0:
            raise Conflict(
                N_("Round %(number)s's time is up: call time when the hand ends."),
                "action",
                number=number,
            )
        return times.paused(one, now)
    if one.paused_at is None:
        raise Conflict(
            N_("Round %(number)s's clock is running already."),
            "action",
            number=number,
        )
    return times.resumed(one, now)


def set_minutes(night: Night, minutes: int | None) -> Night:
    """Change the round clock of the rounds seated from now on (None: no clock);
    the round being played keeps its own. 409 once the night is finished."""
    times.check_minutes(minutes)

    def work() -> None:
        locked(night)
        if night.status == "finished":
            raise Conflict(N_("The night is finished."), "round_minutes")
        night.round_minutes = minutes

    store.transaction(work)
    return night
