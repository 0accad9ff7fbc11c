"""Points as each language writes them: 1 000 on a French page, 1000 as before
on an English one (Babel's number format for the page's locale)."""

from __future__ import annotations

import pytest
from api_helpers import Api
from flask.testing import FlaskClient
from test_language import FRENCH, app, compiled  # noqa: F401

NB = "\u202f"  # French groups thousands with a narrow no-break space


@pytest.fixture
def api(client: FlaskClient) -> Api:
    """The API helper, on the app with the compiled French catalogue."""
    return Api(client)


def test_a_total_past_a_thousand_is_written_for_the_pages_language(client, api):
    api.create(rules={"preset": "australian", "target": 2000, "floor": -2000})
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    api.hand(bidder="Cat", contract="10NT", tricks=10)
    path = f"/games/{api.game_id}"
    french = client.get(path, headers=FRENCH).text
    english = client.get(path).text
    assert f'<span class="score">1{NB}040</span>' in french
    assert f"+1{NB}040" not in french and "+520" in french  # each hand's points
    assert '<span class="score">1040</span>' in english
    table = client.get(f"{path}/table", headers=FRENCH).text
    assert f'<span class="table-score">1{NB}040</span>' in table
