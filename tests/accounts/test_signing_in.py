"""Signing in and out (CLUBS.md, "Signing in"): one message for a wrong email or
password, a new session each time, throttled wrong tries, sign out everywhere."""

from __future__ import annotations

from accounts_helpers import PASSWORD, csrf, person, sign_in
from clubs_helpers import make_club
from flask import Flask

from scorekeeper.accounts import throttle


def test_a_person_signs_in_and_out_and_is_known_inside_their_club(many_app: Flask):
    make_club(many_app, "north")
    person(many_app, "ann@example.org", "north", "admin")
    client = many_app.test_client()
    signed = sign_in(client, "ANN@example.org ")
    assert signed.status_code == 302 and signed.headers["Location"] == "/account"
    cookie = signed.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/;" in cookie
    account = client.get("/account")
    assert b"ann@example.org" in account.data and b"North" in account.data
    assert client.get("/c/north/people").status_code == 200
    out = client.post("/logout", data={"csrf_token": csrf(client, "/account")})
    assert out.status_code == 302
    assert client.get("/account").status_code == 302
    assert client.get("/c/north/people").status_code == 403


def test_a_wrong_password_and_an_unknown_email_say_the_same(many_app: Flask):
    person(many_app, "ann@example.org")
    client = many_app.test_client()
    wrong = sign_in(client, "ann@example.org", "not the password")
    unknown = sign_in(client, "nobody@example.org", PASSWORD)
    assert wrong.status_code == unknown.status_code == 401
    said = "That email and password do not match an account."
    assert said in wrong.get_data(as_text=True)
    assert wrong.data.count(b'class="errors"') == unknown.data.count(b'class="errors"')
    assert said in unknown.get_data(as_text=True)


def test_each_sign_in_starts_a_new_session(many_app: Flask):
    person(many_app, "ann@example.org")
    client = many_app.test_client()
    client.get("/login")
    with client.session_transaction() as before:
        before["planted"] = "by someone else"
    sign_in(client, "ann@example.org")
    with client.session_transaction() as after:
        assert "planted" not in after and after.get("_user_id")


def test_wrong_tries_are_throttled_per_account_with_retry_after(many_app: Flask):
    person(many_app, "ann@example.org")
    client = many_app.test_client()
    for _ in range(throttle.ACCOUNT[0]):
        assert sign_in(client, "ann@example.org", "wrong guess!").status_code == 401
    refused = sign_in(client, "ann@example.org", PASSWORD)
    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 15 * 60
    assert "Too many wrong sign-ins" in refused.get_data(as_text=True)
    # Another person from elsewhere is not held up by Ann's.
    person(many_app, "bob@example.org")
    other = many_app.test_client()
    far = {"REMOTE_ADDR": "198.51.100.7"}
    other.get("/login", environ_base=far)
    token = csrf(other)
    answer = other.post(
        "/login",
        data={"email": "bob@example.org", "password": PASSWORD, "csrf_token": token},
        environ_base=far,
    )
    assert answer.status_code == 302


def test_wrong_tries_are_throttled_per_address(many_app: Flask, monkeypatch):
    monkeypatch.setattr(throttle, "ADDRESS", (3, throttle.ADDRESS[1]))
    client = many_app.test_client()
    for n in range(3):
        assert (
            sign_in(client, f"guess{n}@example.org", "wrong guess!").status_code == 401
        )
    assert sign_in(client, "guess9@example.org", "wrong guess!").status_code == 429


def test_wrong_tries_are_throttled_server_wide(many_app: Flask, monkeypatch):
    monkeypatch.setattr(throttle, "SERVER", (3, throttle.SERVER[1]))
    for n in range(3):
        client = many_app.test_client()
        client.environ_base["REMOTE_ADDR"] = f"203.0.113.{n}"
        assert sign_in(client, f"g{n}@example.org", "wrong guess!").status_code == 401
    client = many_app.test_client()
    client.environ_base["REMOTE_ADDR"] = "203.0.113.99"
    refused = sign_in(client, "someone@example.org", "wrong guess!")
    assert refused.status_code == 429 and "on this server" in refused.get_data(
        as_text=True
    )
    assert int(refused.headers["Retry-After"]) > 0


def test_the_cookies_are_secure_behind_tls_inside_and_outside_clubs(many_app: Flask):
    make_club(many_app, "north")
    person(many_app, "ann@example.org", "north", "admin")
    client = many_app.test_client()
    secure = {"base_url": "https://localhost"}
    client.get("/login", **secure)
    page = client.get("/login", **secure).get_data(as_text=True)
    token = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    signed = client.post(
        "/login",
        data={"email": "ann@example.org", "password": PASSWORD, "csrf_token": token},
        headers={"Referer": "https://localhost/login"},  # Flask-WTF asks it of HTTPS
        **secure,
    )
    assert "Secure" in signed.headers["Set-Cookie"]
    inside = client.get("/c/north/new/2x2", **secure)
    (club_cookie,) = [
        c for c in inside.headers.getlist("Set-Cookie") if "session_" in c
    ]
    assert "Secure" in club_cookie and "HttpOnly" in club_cookie
