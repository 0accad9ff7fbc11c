"""The app factory: configuration, the secret key, the database on start-up."""

import sqlite3
import threading
import time
import types

from sqlalchemy import text

from scorekeeper import create_app
from scorekeeper.config import secret_key, sqlite_pragmas
from scorekeeper.db.migration import upgrade_database
from scorekeeper.db.models import db

STRONG = "a long random production key 0123456789"


def make(monkeypatch, tmp_path, **config):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    app = create_app(config or None)
    return app


def close(app):
    with app.app_context():
        db.engine.dispose()


def test_secret_key_is_generated_once_into_the_instance_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("FLASK_SECRET_KEY", raising=False)
    first = make(monkeypatch, tmp_path)
    second = make(monkeypatch, tmp_path)
    key = (tmp_path / "secret_key").read_text().strip()
    assert len(key) == 64 and first.secret_key == second.secret_key == key
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
    close(first), close(second)


def boot_at_once(instance, count: int = 8) -> list[str]:
    """Ask for the instance's secret key from several workers at the same moment."""
    app = types.SimpleNamespace(instance_path=str(instance))
    start = threading.Barrier(count)
    keys: list[str] = []

    def boot() -> None:
        start.wait()
        keys.append(secret_key(app))

    workers = [threading.Thread(target=boot) for _ in range(count)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return keys


def test_workers_starting_at_once_share_one_whole_key(tmp_path):
    """Two gunicorn workers on a fresh instance: neither reads a half-made key."""
    for attempt in range(30):
        instance = tmp_path / str(attempt)
        instance.mkdir()
        keys = boot_at_once(instance)
        assert len(keys) == 8 and len(set(keys)) == 1 and len(keys[0]) == 64
        assert [p.name for p in instance.iterdir()] == ["secret_key"]


def test_environment_overrides_config(monkeypatch, tmp_path):
    (tmp_path / "config.py").write_text(
        "SECRET_KEY = 'from the instance file'\nGAMES_PER_PAGE = 5\n"
    )
    monkeypatch.setenv("FLASK_SECRET_KEY", "from the environment")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/other.sqlite")
    app = make(monkeypatch, tmp_path)
    assert (
        app.secret_key == "from the environment" and app.config["GAMES_PER_PAGE"] == 5
    )
    assert app.config["SQLALCHEMY_DATABASE_URI"].endswith("other.sqlite")
    assert (tmp_path / "other.sqlite").exists()
    close(app)


def test_postgres_urls_use_psycopg_3(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db.example/scores")
    monkeypatch.setenv("FLASK_AUTO_MIGRATE", "false")
    monkeypatch.setenv("FLASK_SECRET_KEY", STRONG)
    app = make(monkeypatch, tmp_path)
    url = "postgresql+psycopg://u:p@db.example/scores"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == url
    close(app)


def test_an_empty_database_is_migrated_on_start(monkeypatch, tmp_path):
    monkeypatch.setenv("FLASK_SECRET_KEY", STRONG)
    app = make(monkeypatch, tmp_path)
    assert (tmp_path / "scorekeeper.sqlite").exists()
    with app.app_context():
        assert upgrade_database() is False
        session = db.session
        assert session.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert session.execute(text("SELECT count(*) FROM game")).scalar() == 0
        db.session.remove()
    close(app)


def test_csrf_guards_the_app_but_not_the_token_guarded_api(app):
    assert app.config.get("WTF_CSRF_ENABLED", True)
    exempt = {bp.name for bp in app.extensions["csrf"]._exempt_blueprints}
    # Every feature's JSON routes, under /api/, and nothing else.
    apis = {name for name, bp in app.blueprints.items() if bp.url_prefix == "/api"}
    assert exempt == apis
    assert {"house_rules_api", "players_api"} <= apis


def test_an_unexpected_error_under_api_is_still_plain_json(monkeypatch, tmp_path):
    app = make(monkeypatch, tmp_path, SECRET_KEY=STRONG)

    def boom():
        raise RuntimeError("a bug")

    app.add_url_rule("/api/boom", view_func=boom)
    response = app.test_client().get("/api/boom")
    assert response.status_code == 500
    assert response.json == {
        "error": "Something went wrong on the server; nothing was changed.",
        "field": None,
    }
    close(app)


def test_a_new_sqlite_connection_waits_for_a_lock_instead_of_failing(tmp_path):
    # Another connection holds the database (as one being switched to WAL, or
    # written in the old journal, does); the new connection's pragmas come in
    # meanwhile. The driver's own timeout is off, so only the pragmas' wait.
    path = str(tmp_path / "locked.sqlite")
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    newcomer = sqlite3.connect(path, timeout=0, isolation_level=None)
    arrived = threading.Event()
    release = threading.Thread(
        target=lambda: (arrived.wait(), time.sleep(0.2), holder.execute("COMMIT"))
    )
    release.start()
    cursor = newcomer.cursor()
    real_execute = cursor.execute

    class Watched:
        def execute(self, sql):
            if "journal_mode" in sql:
                arrived.set()
            return real_execute(sql)

        def close(self):
            cursor.close()

    try:
        sqlite_pragmas(types.SimpleNamespace(cursor=lambda: Watched()), None)
    finally:
        arrived.set()
        release.join()
    assert newcomer.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert newcomer.execute("PRAGMA busy_timeout").fetchone() == (5000,)
    newcomer.close()
    holder.close()
