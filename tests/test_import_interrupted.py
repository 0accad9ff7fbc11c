"""An import stopped half way (a Ctrl-C, an error) is all or nothing (issue
41.10): the batches it wrote are taken back, and one line says so."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path

from api_helpers import FRIDAY
from test_cli import decided, numbered

from scorekeeper import cli
from scorekeeper.db.models import db
from scorekeeper.results import archive
from scorekeeper.results.models import (
    PlayerRating,
    PlayerResult,
    RatingRow,
    SideResult,
    game_count,
    pair,
    spelling,
    standing,
)
from scorekeeper.seasons import service as seasons

ROOT = Path(__file__).resolve().parent.parent
KEPT = (standing, pair, spelling, RatingRow.__table__, PlayerRating.__table__)
KEPT += (SideResult.__table__, PlayerResult.__table__, game_count)


def kept(app) -> dict[str, list[tuple]]:
    """Return every row kept beside the games, table by table."""
    with app.app_context():
        found = {
            table.name: sorted(
                (tuple(row) for row in db.session.execute(db.select(table))), key=repr
            )
            for table in KEPT
        }
        db.session.remove()
    return found


def interrupt_after(monkeypatch, lines: int) -> None:
    """Press Ctrl-C as the import says it has written `lines` times 100 games."""
    monkeypatch.setattr(cli, "PROGRESS", 100)
    monkeypatch.setattr(archive, "BATCH", 50)
    said = cli.progress

    def progress(done: int, total: int, began: float) -> str:
        if done >= 100 * lines:
            raise KeyboardInterrupt
        return said(done, total, began)

    monkeypatch.setattr(cli, "progress", progress)


def test_an_interrupted_import_leaves_nothing_and_says_so(
    app, runner, api, client, tmp_path, monkeypatch
):
    # Games kept already, newer than the file's and sharing its players, and a
    # season that holds them all: the file's games are their first ones.
    api.create(rules={"target": 100})
    api.hand(bidder="Ann", contract="8S", tricks=[8, 2])
    api.create(**{**FRIDAY, "name": "Unfinished"})
    with app.app_context():
        seasons.save_season("All", date(2019, 1, 1), date(2099, 12, 31))
        db.session.remove()
    before = kept(app)
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": decided(200) + numbered(200)}))
    interrupt_after(monkeypatch, 2)
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 130, result.output
    last = result.stderr.splitlines()[-1]
    assert last == (
        "Error: Interrupted: nothing imported (the 200 games written were taken back)."
    )
    assert client.get("/api/games").json["total"] == 2
    assert kept(app) == before
    monkeypatch.undo()
    again = runner.invoke(args=["import-games", str(path)])  # the whole file, once
    assert again.exit_code == 0, again.output
    assert client.get("/api/games").json["total"] == 402
    rescored = kept(app)
    assert runner.invoke(args=["rescore"]).exit_code == 0
    assert kept(app) == rescored


def test_an_import_interrupted_while_checking_says_nothing_was_written(
    runner, tmp_path, monkeypatch
):
    def interrupted(past):
        raise KeyboardInterrupt

    monkeypatch.setattr(archive, "replayed", interrupted)
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": numbered(3)}))
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 130
    assert result.stderr.splitlines()[-1] == "Error: Interrupted: nothing imported."


def test_an_import_stopped_by_an_error_takes_its_batches_back(
    runner, client, tmp_path, monkeypatch
):
    monkeypatch.setattr(archive, "BATCH", 50)
    write = archive._write
    written = []

    def failing(batch):
        if written:
            raise archive.Conflict("A game's id was taken while the import ran.")
        written.append(batch)
        return write(batch)

    monkeypatch.setattr(archive, "_write", failing)
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": numbered(120)}))
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 1
    assert "Nothing imported (the 50 games written were taken back)" in result.output
    assert client.get("/api/games").json["total"] == 0


def test_ctrl_c_during_a_real_import_takes_back_what_it_wrote(tmp_path):
    # The command as a club runs it, and a real SIGINT once it has written.
    url = f"sqlite:///{tmp_path}/scorekeeper.sqlite"
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(tmp_path), "DATABASE_URL": url}
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": numbered(4000)}))
    command = [sys.executable, "-m", "flask", "--app", "scorekeeper"]
    command += ["import-games", str(path)]
    with subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        # As from a terminal: a suite run in a shell's background (`.ci/run &`)
        # hands its children Ctrl-C ignored, and Python then leaves it so.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    ) as running:
        assert running.stderr is not None
        for line in running.stderr:  # the first 1,000 games are in
            if line.startswith(b"Written "):
                running.send_signal(signal.SIGINT)
                break
        rest = running.stderr.read().decode()
        assert running.wait(60) == 130, rest
    assert rest.splitlines()[-1].startswith("Error: Interrupted: nothing imported (")
    with sqlite3.connect(tmp_path / "scorekeeper.sqlite") as database:
        assert database.execute("select count(*) from game").fetchone() == (0,)
    again = subprocess.run(command, cwd=ROOT, env=env, capture_output=True)
    assert again.returncode == 0 and b"Imported 4000 games." in again.stderr
    with sqlite3.connect(tmp_path / "scorekeeper.sqlite") as database:
        assert database.execute("select count(*) from game").fetchone() == (4000,)
