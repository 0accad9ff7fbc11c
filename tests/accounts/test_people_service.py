"""The service the pages and the operator's commands share: accounts, roles,
links and tokens, each refusal naming its field."""

from __future__ import annotations

import threading

import pytest
from accounts_helpers import PASSWORD
from clubs_helpers import make_club
from flask import Flask

from scorekeeper.accounts import links, persons, roles, service, tokens
from scorekeeper.clubs import service as clubs
from scorekeeper.errors import AppError, BadInput
from scorekeeper.scoring import ScoringError


@pytest.fixture
def north(many_app: Flask):
    make_club(many_app, "north", "North Club")
    with many_app.app_context():
        yield clubs.find("north")


def test_an_email_is_kept_stripped_and_lower_cased(many_app, north):
    made = service.create_account("  Ann@Example.ORG ", "  Ann  ", PASSWORD)
    assert made.email == "ann@example.org" and made.name == "Ann"
    assert service.find("ANN@example.org ").id == made.id
    assert service.verify(made, PASSWORD) and not service.verify(made, "wrong one!!")


@pytest.mark.parametrize(
    ("email", "name", "password", "field"),
    [
        ("not an email", "Ann", PASSWORD, "email"),
        ("ann@example.org", "", PASSWORD, "name"),
        ("ann@example.org", "Ann", "short", "password"),
        ("ann@example.org", "Ann", "ann@example.org", "password"),
        ("ann@example.org", "Ann", "x" * 201, "password"),
    ],
)
def test_a_bad_account_is_refused_naming_its_field(
    many_app, north, email, name, password, field
):
    with pytest.raises((AppError, ScoringError)) as refused:
        service.create_account(email, name, password)
    assert refused.value.field == field


def test_a_taken_email_and_the_clubs_name_are_refused(many_app, north):
    ann = service.create_account("ann@example.org", "Ann", PASSWORD)
    with pytest.raises(BadInput) as taken:
        service.create_account("ANN@example.org", "Annie", PASSWORD)
    assert taken.value.field == "email"
    roles.grant(ann, north, "owner")
    with pytest.raises(BadInput) as named:
        persons.set_password(ann, "north club")
    assert named.value.field == "password"


def test_an_account_without_a_password_signs_in_once_its_reset_link_sets_one(
    many_app, north
):
    bob = service.create_account("bob@example.org", "Bob", None)
    assert not service.verify(bob, "")
    path = links.reset_link(bob)
    assert path.startswith("/reset/")
    key = bob.session_key
    links.reset(path.removeprefix("/reset/"), PASSWORD)
    assert service.verify(bob, PASSWORD) and bob.session_key != key
    with pytest.raises(AppError) as again:
        links.reset(path.removeprefix("/reset/"), "another password")
    assert again.value.status == 404


def test_a_club_keeps_its_last_owner(many_app, north):
    ann = service.create_account("ann@example.org", "Ann", PASSWORD)
    bob = service.create_account("bob@example.org", "Bob", PASSWORD)
    roles.grant(ann, north, "owner")
    roles.grant(bob, north, "admin")
    for change in ("admin", None):
        with pytest.raises(BadInput) as kept:
            roles.change(north.id, ann.id, change, "owner")
        assert kept.value.field == "role" and "one owner" in kept.value.english
    with pytest.raises(AppError) as not_owner:
        roles.change(north.id, bob.id, "owner", "admin")
    assert not_owner.value.status == 403
    roles.change(north.id, bob.id, "owner", "owner")
    roles.change(north.id, ann.id, None, "owner")
    assert [m.email for m in roles.members(north.id)] == ["bob@example.org"]


def test_a_token_is_for_one_club_and_a_role_no_higher_than_its_owners(many_app, north):
    make_club(many_app, "south")
    ann = service.create_account("ann@example.org", "Ann", PASSWORD)
    roles.grant(ann, north, "director")
    with pytest.raises(AppError) as higher:
        tokens.new_token(ann, north, "admin", "Scripts")
    assert higher.value.field == "role"
    token = tokens.new_token(ann, north, "director", "Scripts")
    assert token.startswith(tokens.PREFIX)
    assert tokens.holder(token, north.id) == tokens.Holder(ann.id, "director")
    assert tokens.holder(token, clubs.find("south").id) is None
    roles.change(north.id, ann.id, "member", "owner")
    assert tokens.holder(token, north.id) == tokens.Holder(ann.id, "member")
    roles.change(north.id, ann.id, None, "owner")
    assert tokens.holder(token, north.id) is None


def test_one_email_made_twice_at_once_is_one_account_and_a_refusal(many_app):
    barrier, said = threading.Barrier(2), []

    def make() -> None:
        with many_app.app_context():
            barrier.wait()
            try:
                service.create_account("ann@example.org", "Ann", PASSWORD)
                said.append("made")
            except BadInput as refused:
                said.append(refused.field)

    both = [threading.Thread(target=make) for _ in range(2)]
    for thread in both:
        thread.start()
    for thread in both:
        thread.join()
    assert sorted(said) == ["email", "made"]


def test_two_owners_demoting_each_other_at_once_leave_one(many_app, north):
    ann = service.create_account("ann@example.org", "Ann", PASSWORD)
    bob = service.create_account("bob@example.org", "Bob", PASSWORD)
    roles.grant(ann, north, "owner")
    roles.grant(bob, north, "owner")
    club, whom = north.id, (ann.id, bob.id)
    barrier, said = threading.Barrier(2), []

    def demote(account_id: int) -> None:
        with many_app.app_context():
            barrier.wait()
            try:
                roles.change(club, account_id, "member", "owner")
                said.append("done")
            except BadInput as refused:
                said.append(refused.field)

    both = [threading.Thread(target=demote, args=(one,)) for one in whom]
    for thread in both:
        thread.start()
    for thread in both:
        thread.join()
    assert sorted(said) == ["done", "role"]
    assert [m.role for m in roles.members(club)] == ["owner", "member"]
