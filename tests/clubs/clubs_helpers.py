"""Clubs of a many-clubs test server, and what two of them are asked."""

from __future__ import annotations

from typing import Any

from api_helpers import FRIDAY
from flask import Flask

from scorekeeper.clubs import service


def make_club(app: Flask, slug: str, name: str | None = None) -> None:
    """Start a club on a many-clubs app (its storage made and migrated)."""
    with app.app_context():
        service.create(slug, name or slug.title())


# A game as the API takes it: Friday, as every feature's tests start one.
GAME = FRIDAY


OWNER = {"email": "ann@example.org", "name": "Ann", "password": "a long password"}


def start_club(
    client: Any, slug: str, name: str, headers: Any = None, **more: Any
) -> Any:
    """Start a club through the API, its owner Ann (or `owner`); return the answer."""
    body = {"name": name, "slug": slug, "owner": OWNER, **more}
    return client.post("/api/clubs", json=body, headers=headers)
