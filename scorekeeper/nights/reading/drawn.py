"""A round's table and a standings row as the night's pages draw them
(templates/nights/_parts.html, `table` and `standing`), each drawn once for
what it shows and kept: after a hand, the big screen and the night page draw
that hand's table and the rows that moved again, not 30 tables and 120 rows;
the standings whole only once they move.
"""

from __future__ import annotations

from typing import Any

from flask import current_app
from markupsafe import Markup

from ... import language
from ...db.kept import Kept
from .frame import Shown

# By the part, the page's language, whether it links, the night (its hands a
# round) and everything the part shows.
_KEPT: Kept[tuple[Any, ...], Markup] = Kept(8192)


def _drawn(
    part: str, shown: tuple[Any, ...], data: dict[str, Any], night: Shown, link: bool
) -> Markup:
    """Return `part` of _parts.html drawn for `data`, kept by what it shows."""

    def draw() -> Markup:
        parts = current_app.jinja_env.get_template("nights/_parts.html").module
        return Markup(getattr(parts, part)(data, night, link))

    key = (part, language.current(), link, night.id, night.round_hands, shown)
    return _KEPT.made(key, draw)


def table(t: dict[str, Any], night: Shown, link: bool) -> Markup:
    """Return one table of a round drawn as a page shows it (a template global)."""
    sides = tuple((tuple(s["players"]), s["score"]) for s in t["sides"])
    shown = (t["number"], t["game"], t["status"], t["winner"], t["hands"], sides)
    return _drawn("table", shown, t, night, link)


def standing(s: dict[str, Any], night: Shown, link: bool) -> Markup:
    """Return one row of the standings drawn as a page shows it (a template global)."""
    shown = (s["rank"], s["player"], s["wins"], s["points"], s["played"], s["byes"])
    return _drawn("standing", shown, s, night, link)


# By the rows' identity (kept rows: reading/ranks.py), the page's language,
# whether it links, and the night: the rows and all of them drawn.
_ROWS: Kept[tuple[Any, ...], tuple[list[Any], Markup]] = Kept(64)


def standings(rows: list[Any], night: Shown, link: bool) -> Markup:
    """Return every row of the standings drawn (a template global), kept for
    these very rows: a 312-player night's rows are drawn, or looked up, one by
    one only when the standings move (a game ends), not at every hand."""
    key = (id(rows), language.current(), link, night.id, night.round_hands)
    found = _ROWS.get(key)
    if found is not None and found[0] is rows:
        return found[1]
    drawn = Markup("".join(standing(s, night, link) + "\n" for s in rows))
    _ROWS.keep(key, (rows, drawn))
    return drawn


def forget() -> None:
    """Forget what is kept (tests that count what a first draw does)."""
    _KEPT.clear()
    _ROWS.clear()
