"""The light read a poll makes (db/heads.py) costs PostgreSQL no planning."""

from __future__ import annotations

import pytest
from api_helpers import TEST_DATABASE_URL

from scorekeeper.db import heads

PREPARED = "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s"


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="psycopg's prepared statements")
def test_a_heads_statement_stays_prepared_from_poll_to_poll(app, api):
    api.create()
    with app.app_context():
        engine = heads.engine()
        for _ in range(20):  # psycopg prepares a statement at its fifth run
            heads.head(api.game_id, engine=engine)
        connection = engine.raw_connection()  # one the reads used
        try:
            cursor = connection.cursor()
            cursor.execute(PREPARED, ["%device_grant.sealed%"])
            (prepared,) = cursor.fetchone()
        finally:
            connection.close()
    # Were the read's transaction left for the pool to roll back, psycopg would
    # forget (deallocate) it, and the server plan it again at every poll.
    assert prepared == 1
