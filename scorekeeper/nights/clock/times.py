"""A round's clock: its bounds, and each round's start and end as the API says
them (the server's time: every phone counts down from the same instant)."""

from __future__ import annotations

from datetime import datetime, timedelta

from ...api.schema import created as stamp
from ...errors import N_, BadInput

FEWEST, MOST = 5, 120


def check_minutes(minutes: int | None) -> None:
    """Refuse a round clock outside 5 to 120 minutes, naming `round_minutes`."""
    if minutes is not None and not FEWEST <= minutes <= MOST:
        raise BadInput(
            N_("A round's clock runs %(fewest)s to %(most)s minutes, or none."),
            "round_minutes",
            fewest=FEWEST,
            most=MOST,
        )


def round_times(started: datetime | None, minutes: int | None) -> dict[str, str | None]:
    """Return a round's `started` and `ends` (null without a clock) in ISO 8601."""
    ends = started + timedelta(minutes=minutes) if started and minutes else None
    return {
        "started": stamp(started) if started else None,
        "ends": stamp(ends) if ends else None,
    }
