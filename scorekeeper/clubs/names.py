"""A club's name and address (CLUBS.md, "Two modes"): the rules, and a slug
suggested from a name."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable

from ..db.clubs.models import SLUG_LENGTH
from ..errors import N_, BadInput
from ..text import clean_text

SLUG = re.compile(r"[a-z][a-z0-9-]{2,39}")
SHORTEST = 3
# The service's own words, never a club's address; the first segment of every
# route of the app is added (names.reserved), so none shadows a page.
RESERVED = frozenset(
    "api c static login logout account accounts clubs admin invite reset language "
    "manifest sw offline-words help about new www mail root support".split()
)


def reserved(routes: Iterable[str] = ()) -> frozenset[str]:
    """Return the words no slug may be: the service's, and each route's first
    segment (`/games/<id>` gives `games`)."""
    firsts = {rule.strip("/").split("/")[0].split(".")[0] for rule in routes}
    return RESERVED | {first for first in firsts if first and "<" not in first}


def check_slug(slug: str, taken_words: frozenset[str] = RESERVED) -> str:
    """Return a club's address, or refuse it naming `slug`: 3 to 40 of a-z, 0-9
    and '-', starting with a letter, and not a word the service keeps."""
    slug = slug.strip()
    if not SLUG.fullmatch(slug):
        raise BadInput(
            N_(
                "The address must be 3 to 40 lower-case letters, digits or "
                "hyphens, starting with a letter."
            ),
            "slug",
        )
    if slug in taken_words:
        raise BadInput(
            N_("The address %(slug)s is kept for the service: choose another."),
            "slug",
            slug=slug,
        )
    return slug


def check_name(name: str) -> str:
    """Return a club's name cleaned as a player's is, or refuse it naming `name`."""
    name = clean_text(name, "name", keyed=True)
    if not name:
        raise BadInput(N_("Give the club a name."), "name")
    return name


def slugified(name: str) -> str:
    """Return the address a name suggests: its letters without accents, in
    lower case, words joined by hyphens ("Club de l'Érable" gives
    club-de-l-erable)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    if not slug or not slug[0].isalpha():
        slug = f"club-{slug}".strip("-")
    return slug[:SLUG_LENGTH].rstrip("-")


def suggested(
    name: str, taken: Callable[[str], bool], kept: frozenset[str] = RESERVED
) -> str:
    """Return a free address for a name: slugified, with a number added if that
    is taken or kept (no one has to think of one)."""
    base = slugified(name)
    if len(base) < SHORTEST:
        base = f"{base}-club".strip("-")
    slug, number = base, 1
    while slug in kept or taken(slug):
        number += 1
        tail = f"-{number}"
        slug = base[: SLUG_LENGTH - len(tail)].rstrip("-") + tail
    return slug
