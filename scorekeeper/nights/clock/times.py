"""A round's clock: its bounds, and each round's start, end and time left as the
API says them (the server's time: every phone counts down from the same
instant, whatever its own clock says). A pause stops the clock; the time it
lasted moves the round's end on."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from ...api.schema import created as stamp
from ...db.models import utcnow
from ...errors import N_, BadInput

FEWEST, MOST = 5, 120


class Timed(Protocol):
    """A round as its clock reads it (models.NightRound)."""

    started: datetime | None
    minutes: int | None
    paused_at: datetime | None
    paused_seconds: int


def check_minutes(minutes: int | None) -> None:
    """Refuse a round clock outside 5 to 120 minutes, naming `round_minutes`."""
    if minutes is not None and not FEWEST <= minutes <= MOST:
        raise BadInput(
            N_("A round's clock runs %(fewest)s to %(most)s minutes, or none."),
            "round_minutes",
            fewest=FEWEST,
            most=MOST,
        )


def has_clock(one: Timed) -> bool:
    """Return whether this round runs to a clock."""
    return bool(one.started and one.minutes)


def ends(one: Timed) -> datetime | None:
    """Return when the round's time is up, its pauses over counted (None without
    a clock, or while paused: the end is not known until the clock runs again)."""
    if not has_clock(one) or one.paused_at is not None:
        return None
    assert one.started is not None and one.minutes is not None
    return one.started + timedelta(minutes=one.minutes, seconds=one.paused_seconds)


def seconds_left(one: Timed, now: datetime | None = None) -> int | None:
    """Return the whole seconds left on the round's clock at `now` (the server's
    time), never below zero; held while paused; None without a clock."""
    if not has_clock(one):
        return None
    assert one.started is not None and one.minutes is not None
    at = one.paused_at or now or utcnow()
    run = (at - one.started).total_seconds() - one.paused_seconds
    return max(0, math.ceil(one.minutes * 60 - run))


def round_times(one: Timed) -> dict[str, Any]:
    """Return a round's `started`, `ends` (null without a clock or while paused)
    and `paused`, as GET /api/nights/<id> shows them: the same until the
    director acts, so the night's kept answer stays right."""
    end = ends(one)
    return {
        "started": stamp(one.started) if one.started else None,
        "ends": stamp(end) if end else None,
        "paused": one.paused_at is not None,
    }


@dataclass(frozen=True)
class Pause:
    """What pausing or resuming does to a round's clock."""

    paused_at: datetime | None
    paused_seconds: int


def paused(one: Timed, now: datetime) -> Pause:
    """Return the round's clock stopped at `now`."""
    return Pause(now, one.paused_seconds)


def resumed(one: Timed, now: datetime) -> Pause:
    """Return the round's clock running again from `now`, the pause counted."""
    assert one.paused_at is not None
    held = math.floor((now - one.paused_at).total_seconds())
    return Pause(None, one.paused_seconds + max(0, held))
