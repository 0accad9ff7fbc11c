"""The service's new pages speak French (Québec) to a phone that asks for it."""

from __future__ import annotations

from clubs_helpers import OWNER, start_club
from flask import Flask

FRENCH = {"Accept-Language": "fr-CA"}


def test_every_new_page_speaks_french(many_app: Flask) -> None:
    many_app.config.update(CLUBS_SIGNUP="open", WTF_CSRF_ENABLED=False)
    client = many_app.test_client()
    front = client.get("/", headers=FRENCH).data.decode()
    assert '<html lang="fr"' in front
    assert "Trouver un club" in front and "Créer un club" in front
    new = client.get("/clubs/new", headers=FRENCH).data.decode()
    assert "Votre adresse courriel" in new and "Créer le club" in new
    refused = client.post(
        "/clubs/new", data={"name": "Club", "slug": "api"}, headers=FRENCH
    ).data.decode()
    assert "L’adresse api est réservée au service\u00a0: choisissez-en une autre." in (
        refused
    )
    form = {"name": "Les As", "email": OWNER["email"], "owner": "Ann"}
    form |= {"password": OWNER["password"]}
    made = client.post("/clubs/new", data=form, headers=FRENCH)
    home = client.get(made.headers["Location"], headers=FRENCH, follow_redirects=True)
    assert "Votre club est prêt." in home.data.decode()
    settings = client.get("/c/les-as/settings", headers=FRENCH).data.decode()
    assert "Réglages du club" in settings and "Tout le club" in settings
    assert "Quiconque a son adresse" in settings
    taken = start_club(client, "les-as", "Les As", headers=FRENCH)
    assert (
        taken.json["error"]
        == "L’adresse les-as est prise\u00a0: choisissez-en une autre."
    )
