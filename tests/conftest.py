"""Shared fixtures: an app on a temporary SQLite database, its client, and helpers to play."""
from __future__ import annotations

import re

import pytest

from companion import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test-key",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite'}",
                      "CREATE_TABLES": True})
    yield app
    app.extensions["live"].close()
    app.extensions["db_engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def csrf_of(client, path: str = "/") -> str:
    """The CSRF token a page hands out (tests send it like a browser would)."""
    html = client.get(path).get_data(as_text=True)
    match = CSRF.search(html)
    assert match, f"no CSRF token on {path}"
    return match.group(1)


# ---------------------------------------------------------------- the shared table: databases

import subprocess  # noqa: E402
import uuid  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PG_BIN = Path("/usr/lib/postgresql/15/bin")


@pytest.fixture(scope="session")
def pg_server():
    """A throwaway PostgreSQL 15 for the whole session (scripts/pg-test-server.sh), stopped at
    the end. Skipped, with the reason, only when the PostgreSQL binaries are not installed."""
    if not (PG_BIN / "initdb").exists():
        pytest.skip(f"PostgreSQL 15 is not installed ({PG_BIN}/initdb missing; "
                    "`make system-deps` installs it)")
    script = ROOT / "scripts" / "pg-test-server.sh"
    out = subprocess.run(["bash", str(script), "start"], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, f"PostgreSQL did not start: {out.stderr}"
    url, folder = out.stdout.split()
    yield url
    subprocess.run(["bash", str(script), "stop", folder], capture_output=True, timeout=60)


def _fresh_pg_database(server_url: str) -> str:
    import psycopg
    name = f"t_{uuid.uuid4().hex[:16]}"
    plain = server_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request, tmp_path):
    """An empty database: SQLite (WAL) in a temporary folder, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'table.sqlite'}"
    return _fresh_pg_database(request.getfixturevalue("pg_server"))


@pytest.fixture(scope="module",
                params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def module_db_app(request, tmp_path_factory):
    """The app on an empty database (SQLite, or a new PostgreSQL database) shared by a module's
    tests: for a table of cases that each must store nothing."""
    from companion.migrations import upgrade
    url = (f"sqlite:///{tmp_path_factory.mktemp('db') / 'table.sqlite'}"
           if request.param == "sqlite"
           else _fresh_pg_database(request.getfixturevalue("pg_server")))
    app = create_app({"TESTING": True, "SECRET_KEY": "test-key", "DATABASE_URL": url})
    upgrade(app)
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture
def db_app(database_url):
    """The app on ``database_url``, schema made by the Alembic migrations."""
    from companion.migrations import upgrade
    app = create_app({"TESTING": True, "SECRET_KEY": "test-key", "DATABASE_URL": database_url})
    upgrade(app)
    yield app
    app.extensions["live"].close()  # (its threads, if a check was held, end)
    app.extensions["db_engine"].dispose()


# ------------------------------------------------------------------- the catalogs' words

@pytest.fixture(scope="session")
def extracted(tmp_path_factory):
    """An area's words as pybabel extracts them for ``make catalogs-update`` (its ``pot-<area>``
    target: babel.cfg and the Makefile's keywords and sources), once per area."""
    import shutil
    from functools import cache

    from babel.messages.pofile import read_po
    folder = tmp_path_factory.mktemp("pot")

    @cache
    def extract(area: str):
        subprocess.run([shutil.which("make") or "make", "-s", "-C", str(ROOT), f"pot-{area}",
                        f"POT={folder}"], check=True, capture_output=True)
        with (folder / f"{area}.pot").open("rb") as fh:
            return read_po(fh)
    return extract
