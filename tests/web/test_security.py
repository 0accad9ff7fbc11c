"""Web defences seen from outside: headers, cookies, keys, CSRF and write tokens."""

from __future__ import annotations

import re

import pytest
from api_helpers import FRIDAY, NEW_GAME_FORM, Api

from scorekeeper import create_app
from scorekeeper.db.models import db
from scorekeeper.web.security import CSP

HAND = {"bidder": "Bob", "contract": "7H", "tricks": 7}
NAMES = {**NEW_GAME_FORM, "first_dealer": "Ann", "start": "1"}


def csrf_token(html: str) -> str:
    """Return the CSRF token a page's form carries."""
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match, "the page has no CSRF token"
    return match.group(1)


def assert_hardened(response) -> None:
    """Fail unless an answer carries every security header."""
    headers = response.headers
    assert headers["Content-Security-Policy"] == CSP
    assert "unsafe-inline" not in CSP and "unsafe-eval" not in CSP
    for directive in ("object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"):
        assert directive in CSP
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"


def test_every_page_and_api_answer_carries_the_security_headers(client, api):
    api.create()
    game = f"/games/{api.game_id}"
    paths = {
        "/": 200,
        "/new/": 200,
        "/new/2x2": 200,
        game: 200,
        "/history": 200,
        "/stats": 200,
        "/rules/": 200,
        "/rules/new": 200,
        f"/api/games/{api.game_id}": 200,
        "/api/presets": 200,
        "/api/rulesets": 200,
        "/no/such/page": 404,
        "/games/nope": 404,
        "/api/nope": 404,
        "/static/nope.css": 404,
    }
    for path, status in paths.items():
        response = client.get(path)
        assert response.status_code == status, path
        assert_hardened(response)
    assert_hardened(client.post("/api/games", json={}))
    assert_hardened(client.post(f"/api/games/{api.game_id}/hands", json=HAND))


def test_the_session_cookie_is_httponly_lax_and_secure_over_https(app, api):
    api.create()
    play = f"/games/{api.game_id}/play/{api.token}"
    for base, secure in (("http://localhost", False), ("https://localhost", True)):
        response = app.test_client().get(play, base_url=base)
        cookie = response.headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
        assert ("Secure" in cookie) is secure


@pytest.mark.parametrize("key", ["dev", "development", "secret", "changeme", "short"])
def test_a_development_secret_key_refuses_to_start(monkeypatch, tmp_path, key):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("FLASK_SECRET_KEY", key)
    monkeypatch.delenv("FLASK_DEBUG", raising=False)
    with pytest.raises(RuntimeError, match="development key"):
        create_app()


def test_the_generated_key_starts_without_debug(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("FLASK_SECRET_KEY", raising=False)
    monkeypatch.delenv("FLASK_DEBUG", raising=False)
    app = create_app()
    assert not app.debug and not app.testing
    assert len(app.secret_key) == 64
    assert app.config["MAX_CONTENT_LENGTH"] == 64 * 1024
    with app.app_context():
        db.engine.dispose()


def test_a_development_key_is_allowed_while_debugging(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("FLASK_SECRET_KEY", "dev")
    monkeypatch.setenv("FLASK_DEBUG", "1")
    app = create_app()
    assert app.debug
    with app.app_context():
        db.engine.dispose()


def test_a_new_game_form_without_its_csrf_token_starts_nothing(client):
    form = client.get("/new/2x2").text
    response = client.post("/new/2x2", data=NAMES)
    assert response.status_code == 400
    assert client.get("/api/games").json["total"] == 0
    wrong = client.post("/new/2x2", data={**NAMES, "csrf_token": "forged"})
    assert wrong.status_code == 400
    assert client.get("/api/games").json["total"] == 0
    right = client.post("/new/2x2", data={**NAMES, "csrf_token": csrf_token(form)})
    assert right.status_code == 302
    assert client.get("/api/games").json["total"] == 1


def test_page_writes_without_the_csrf_token_change_nothing(client, api):
    api.create()
    api.hand(**HAND)
    before = api.game()
    board = f"/games/{api.game_id}"
    client.get(f"{board}/play/{api.token}")
    html = client.get(board).text
    version = re.search(r'name="version" type="hidden" value="(\d+)"', html)
    assert version and csrf_token(html)
    hand = {"save": "1", "version": version.group(1), **HAND, "tricks": "7"}
    for path, data in (
        ("/hands", hand),
        ("/hands/1/edit", hand),
        ("/undo", {"version": version.group(1)}),
        ("/rematch", {}),
    ):
        response = client.post(board + path, data=data)
        assert response.status_code == 400, path
    assert api.game() == before
    assert client.get("/api/games").json["total"] == 1


def test_house_rules_forms_need_the_csrf_token(client, api):
    ruleset = client.post("/api/rulesets", json={"name": "Club", "rules": {}}).json
    before = client.get("/api/rulesets").json
    for path in ("/rules/new", f"/rules/{ruleset['id']}/edit"):
        response = client.post(path, data={"name": "Hacked", "preset": "american"})
        assert response.status_code == 400, path
    response = client.post(f"/rules/{ruleset['id']}/delete", data={"confirm": "1"})
    assert response.status_code == 400
    assert client.get("/api/rulesets").json == before


@pytest.mark.parametrize(
    "content_type",
    ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"],
)
def test_rule_set_writes_a_cross_site_form_could_send_are_refused(client, content_type):
    kept = client.post("/api/rulesets", json={"name": "Club", "rules": {}}).json
    body = '{"name": "Hacked", "rules": {}}'
    headers = {"Content-Type": content_type}
    headers["Authorization"] = f"Bearer {kept['write_token']}"
    for method, path in (
        ("POST", "/api/rulesets"),
        ("PUT", f"/api/rulesets/{kept['id']}"),
    ):
        response = client.open(path, method=method, data=body, headers=headers)
        assert response.status_code == 415, (method, response.json)
    # A cross-site form can only GET or POST; a DELETE needs a script that
    # the same-origin policy stops before it is sent with JSON or any method.
    rulesets = client.get("/api/rulesets").json["rulesets"]
    assert [r["name"] for r in rulesets] == ["Club"]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/hands"),
        ("PUT", "/hands/1"),
        ("DELETE", "/hands/1"),
        ("DELETE", ""),
    ],
)
@pytest.mark.parametrize(
    "authorization",
    [None, "Bearer", "Bearer wrong", "Basic abc", "bearer  ", "Token {token}"],
)
def test_api_game_writes_without_the_write_token_are_forbidden(
    client, api, method, path, authorization
):
    api.create()
    api.hand(**HAND)
    before = api.game()
    headers = {}
    if authorization is not None:
        headers["Authorization"] = authorization.format(token=api.token)
    response = client.open(
        f"/api/games/{api.game_id}{path}", method=method, json=HAND, headers=headers
    )
    assert response.status_code == 403
    assert response.json["error"] and response.json["field"] is None
    assert api.game() == before


def test_another_games_token_does_not_write(client, api):
    other = Api(client)
    other.create()
    api.create()
    before = api.game()
    response = client.post(
        f"/api/games/{api.game_id}/hands", json=HAND, headers=other.headers()
    )
    assert response.status_code == 403
    assert api.game() == before


@pytest.mark.parametrize(
    "path",
    ["/hands", "/undo", "/rematch", "/hands/1/edit"],
)
def test_a_get_changes_nothing(client, api, path):
    api.create(**{"name": "Friday"})
    api.hand(**HAND)
    client.get(f"/games/{api.game_id}/play/{api.token}")
    before = api.game()
    client.get(f"/games/{api.game_id}{path}")
    assert api.game() == before
    assert client.get("/api/games").json["total"] == 1


def test_the_api_refuses_get_on_writes(client, api):
    api.create()
    response = client.get(f"/api/games/{api.game_id}/hands")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]
    assert client.get("/api/games").json["total"] == 1
    assert FRIDAY["name"] == api.game()["name"]
