"""A full disk, for real (issue 37): the database on a small disk of its own (a tmpfs mounted for
the test), filled to the last byte. A tap is answered 503 saying nothing was recorded, in the
reader's language; the game's page still draws; nothing half-written is left, and once there is
room again the same tap is recorded. A server also starts on a disk that is nearly full (it
keeps nothing of its own on disk besides the database); on a full one it says why in a line."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import create_app
from companion.store.db import Action
from tests.table_helpers import ROOT
from tests.web.table import WebTable, seat

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a small disk needs root")

REFUSED = "The server cannot store anything just now (its database refused), so "


@pytest.fixture
def small_disk(tmp_path) -> Path:
    where = tmp_path / "disk"
    where.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4M", "tmpfs", str(where)], check=True)
    yield where
    subprocess.run(["umount", "-l", str(where)], check=False)


def fill(where: Path, leave: int = 0) -> Path:
    """A file that takes every byte left on the disk but ``leave``."""
    filler = where / "filler"
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError:
            pass
    if leave:
        os.truncate(filler, max(0, filler.stat().st_size - leave))
    return filler


def app_on(where: Path):
    return create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False, "SECRET_KEY": "test-key",
                       "DATABASE_URL": f"sqlite:///{where / 'table.sqlite'}",
                       "CREATE_TABLES": True})


def stored(app) -> int:
    with app.app_context():
        from companion.store.db import session
        return session().query(Action).count()


def sell(table: WebTable, **headers: str):
    return table.client.post(f"{table.path}/do/sell", headers=headers, data={
        "csrf_token": table.csrf, "version": table.version, "player": 0})


def test_on_a_full_disk_a_tap_is_refused_503_in_the_readers_language_and_the_page_still_draws(
        small_disk):
    app = app_on(small_disk)
    table = WebTable.create(app.test_client(), app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    before = stored(app)
    filler = fill(small_disk)
    try:
        said = sell(table, Accept="application/json", **{"Accept-Language": "it"})
        assert said.status_code == 503 and said.is_json
        assert said.get_json()["errors"][0]["message"].startswith(REFUSED)
        assert said.get_json()["said"].startswith("Il server non può salvare nulla")
        page = table.client.get(table.path)
        assert page.status_code == 200 and b'id="game"' in page.data
    finally:
        filler.unlink()
    assert stored(app) == before  # nothing half-written
    assert sell(table, Accept="application/json").get_json()["ok"] is True
    assert stored(app) == before + 1
    app.extensions["db_engine"].dispose()


def test_a_server_starts_and_serves_on_a_nearly_full_disk(small_disk):
    first = app_on(small_disk)  # (the schema made while there is room)
    first.extensions["db_engine"].dispose()
    filler = fill(small_disk, leave=256 * 1024)
    try:
        app = app_on(small_disk)
        home = app.test_client().get("/")
        assert home.status_code == 200
        app.extensions["db_engine"].dispose()
    finally:
        filler.unlink()


def test_a_server_started_on_a_full_disk_says_why_in_a_line_and_starts_nothing(small_disk,
                                                                                tmp_path):
    first = app_on(small_disk)  # (a database that was working, then its disk filled up)
    first.extensions["db_engine"].dispose()
    filler = fill(small_disk)
    try:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{small_disk / 'table.sqlite'}",
               "COMPANION_INSTANCE": str(tmp_path / "instance")}
        ended = subprocess.run([sys.executable, "-m", "companion.serving.serve",
                                "--host", "127.0.0.1", "--port", "0"], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=60)
    finally:
        filler.unlink()
    assert ended.returncode == 1, ended.stderr
    assert ended.stderr.startswith("The server cannot start: its database or its instance "
                                   "folder refused (disk I/O error). Is the disk full"), \
        ended.stderr
    assert "Traceback" not in ended.stderr and "running" not in ended.stdout
