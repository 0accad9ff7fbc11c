"""Each club's rows in its own place (CLUBS.md, "A club's own"): a schema of its
own on PostgreSQL, a file of its own on SQLite; nothing of one club is found
under another's prefix, and nothing a worker keeps is shared between them."""

from __future__ import annotations

from accounts_helpers import token
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from clubs_helpers import GAME, make_club
from flask import Flask
from sqlalchemy import MetaData, text

from scorekeeper.clubs import service
from scorekeeper.db.clubs import bound, scope, storage
from scorekeeper.db.kept import Kept
from scorekeeper.db.models import db

EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def test_a_game_is_its_clubs_alone_and_elsewhere_unknown(many_app: Flask) -> None:
    make_club(many_app, "north")
    make_club(many_app, "south")
    client = many_app.test_client()
    made = client.post("/c/north/api/games", json=GAME)
    assert made.status_code == 201, made.json
    game = made.json["id"]
    assert made.headers["Location"] == f"/c/north/api/games/{game}"
    assert client.get(f"/c/north/games/{game}").status_code == 200
    assert len(client.get("/c/north/api/games").json["games"]) == 1
    assert client.get("/c/south/api/games").json["games"] == []
    unknown = client.get("/c/south/api/games/NoSuchGame0000000000aa")
    elsewhere = client.get(f"/c/south/api/games/{game}")
    assert elsewhere.status_code == unknown.status_code == 404
    assert elsewhere.json == unknown.json
    page_unknown = client.get("/c/south/games/NoSuchGame0000000000aa")
    page_elsewhere = client.get(f"/c/south/games/{game}")
    assert page_elsewhere.status_code == 404
    # The same page as for an id that is nowhere (it names the address asked).
    said = page_elsewhere.data.replace(game.encode(), b"NoSuchGame0000000000aa")
    assert said == page_unknown.data
    # A scoreboard's poll (answered before Flask, games/fastread.py) as well.
    tag = client.get(f"/c/north/games/{game}").headers["ETag"]
    polled = client.get(f"/c/south/games/{game}", headers={"If-None-Match": tag})
    assert polled.status_code == 404
    api_tag = client.get(f"/c/north/api/games/{game}").headers["ETag"]
    polled = client.get(
        f"/c/south/api/games/{game}", headers={"If-None-Match": api_tag}
    )
    assert polled.status_code == 404


def test_outside_any_club_a_club_page_does_not_exist(many_app: Flask) -> None:
    make_club(many_app, "north")
    client = many_app.test_client()
    game = client.post("/c/north/api/games", json=GAME).json["id"]
    nothing = client.get("/no/such/page")
    for path in (f"/games/{game}", f"/api/games/{game}", "/api/games", "/history"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert answer.data == nothing.data, path
    assert client.get("/c/nowhere/").status_code == 404
    assert client.get("/c/nowhere/games/x").data == client.get("/c/zzz/").data


def test_the_same_ids_in_two_clubs_are_two_things(many_app: Flask) -> None:
    """Saved house rules and seasons are numbered in each club from 1: what a
    worker keeps of club A's number 1 is never club B's."""
    make_club(many_app, "north")
    make_club(many_app, "south")
    client = many_app.test_client()
    made = {}
    for slug in ("north", "south"):
        body = {"name": f"{slug.title()} rules", "rules": {"preset": "australian"}}
        answer = client.post(f"/c/{slug}/api/rulesets", json=body)
        assert answer.status_code == 201, answer.json
        made[slug] = answer.json
        # Read at once, so north's number 1 is drawn before south's is made.
        read = client.get(f"/c/{slug}/api/rulesets/{answer.json['id']}")
        assert read.json["name"] == f"{slug.title()} rules"
    assert made["north"]["id"] == made["south"]["id"] == 1
    assert client.get("/c/south/api/rulesets/1").json["name"] == "South rules"
    assert [
        r["name"] for r in client.get("/c/south/api/rulesets").json["rulesets"]
    ] == ["South rules"]
    # North's token for its number 1 changes nothing of south's.
    north = {"Authorization": f"Bearer {made['north']['write_token']}"}
    refused = client.put(
        "/c/south/api/rulesets/1",
        json={"name": "Taken", "rules": {"preset": "australian"}},
        headers=north,
    )
    assert refused.status_code in (401, 403, 404)
    assert client.get("/c/south/api/rulesets/1").json["name"] == "South rules"


def test_a_nights_rows_and_drawings_are_its_clubs(many_app: Flask) -> None:
    make_club(many_app, "north")
    make_club(many_app, "south")
    client = many_app.test_client()
    body = {
        "name": "Tuesday",
        "rules": {"preset": "australian"},
        "movement": "progressive",
        "round_hands": 2,
        "rank_by": "wins",
        "players": EIGHT,
    }
    # Many clubs: a night is set up with a director's token (accounts/).
    director = {"Authorization": "Bearer " + token(many_app, "north", "director")}
    night = client.post("/c/north/api/nights", json=body, headers=director).json
    assert client.get(f"/c/north/api/nights/{night['id']}").status_code == 200
    assert client.get(f"/c/north/nights/{night['id']}").status_code == 200
    for path in (f"/api/nights/{night['id']}", f"/nights/{night['id']}"):
        assert client.get("/c/south" + path).status_code == 404, path
    table = night["rounds"][0]["tables"][0]["game"]
    assert client.get(f"/c/south/games/{table}").status_code == 404


def test_each_club_has_its_own_session_cookie_under_its_prefix(
    many_app: Flask,
) -> None:
    make_club(many_app, "north")
    client = many_app.test_client()
    game = client.post("/c/north/api/games", json=GAME).json
    client.get(game["links"]["play"], follow_redirects=True)  # prefixed already
    (cookie,) = [c for c in client._cookies.values() if c.key.startswith("session")]
    assert cookie.path == "/c/north/"
    assert cookie.key != "session"


def test_a_new_clubs_storage_is_the_migrations_tables(many_app: Flask) -> None:
    make_club(many_app, "north")
    with many_app.app_context():
        club = service.find("north")
        with storage.connected(db.engine, club.storage) as connection:
            assert storage.migration_context(
                connection, club.storage
            ).get_current_revision()
        clubs_only = MetaData()
        for table in storage.club_tables():
            table.to_metadata(clubs_only)
        postgres = db.engine.dialect.name == "postgresql"
        # Reflected as Alembic sees a database: on PostgreSQL, the club's schema
        # first on the search path; on SQLite, the club's own file.
        engine = db.engine if postgres else bound.engine_for(db.engine, club.storage)
        with engine.begin() as connection:
            if postgres:
                connection.execute(text(f'SET LOCAL search_path TO "{club.storage}"'))
            context = MigrationContext.configure(connection)
            assert compare_metadata(context, clubs_only) == []


def test_deleting_a_club_leaves_the_others_whole(many_app: Flask) -> None:
    make_club(many_app, "north")
    make_club(many_app, "south")
    client = many_app.test_client()
    kept = client.post("/c/south/api/games", json=GAME).json["id"]
    client.post("/c/north/api/games", json=GAME)
    with many_app.app_context():
        service.delete(service.find("north"))
    assert client.get("/c/north/").status_code == 404
    assert client.get(f"/c/south/api/games/{kept}").status_code == 200
    with many_app.app_context(), scope.inside(None):
        assert service.find("south").slug == "south"


def test_what_a_worker_keeps_is_kept_for_one_club() -> None:
    kept: Kept[int, str] = Kept(8)
    north, south = scope.Place(1, "north", "club_1"), scope.Place(2, "south", "club_2")
    with scope.inside(north):
        kept.keep(1, "north's number 1")
    with scope.inside(south):
        assert kept.get(1) is None and 1 not in kept
        assert kept.made(1, lambda: "south's number 1") == "south's number 1"
    with scope.inside(north):
        assert kept.get(1) == "north's number 1"
    with scope.inside(None):  # outside any club: one-club mode's own
        assert kept.get(1) is None


def test_a_members_clubs_polls_are_answered_by_flask_alone(
    many_app: Flask, monkeypatch
) -> None:
    """games/fastread.py answers polls before Flask checks who asks: not in a
    club that shows its pages to its members alone."""
    from scorekeeper.games.fastread import FastReads

    make_club(many_app, "north")
    make_club(many_app, "south")
    with many_app.app_context():
        service.find("south").visibility = "members"
        db.session.commit()
    client = many_app.test_client()
    asked: list[str] = []
    answer = FastReads.scoreboard

    def seen(self, request, game_id):  # type: ignore[no-untyped-def]
        asked.append(request.script_root)
        return answer(self, request, game_id)

    monkeypatch.setattr(FastReads, "scoreboard", seen)
    for slug in ("north", "south"):
        member = {"Authorization": f"Bearer {token(many_app, slug, 'member')}"}
        game = client.post(f"/c/{slug}/api/games", json=GAME, headers=member).json
        client.get(game["links"]["view"])
    assert asked == ["/c/north"]
