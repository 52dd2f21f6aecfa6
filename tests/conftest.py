"""Shared fixtures: an app on a temporary SQLite database, its client, and helpers to play."""
from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from flask import Flask

from companion import create_app

# (helpers once kept here: imported from this module by tests of other branches)
from tests.table_helpers import csrf_of, fresh_pg_database  # noqa: F401

_fresh_pg_database = fresh_pg_database


class CompiledOnce(jinja2.BytecodeCache):
    """Jinja's compiled templates kept for every app of the test process: each test makes its
    own app, whose environment would parse and compile every template it draws again (about
    half of a web test's time). Keyed by the template and its source's checksum, as Jinja's
    own bytecode caches are: a changed template is compiled afresh."""

    def __init__(self) -> None:
        self.code: dict[tuple[str, str], object] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        bucket.code = self.code.get((bucket.key, bucket.checksum))

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.code[bucket.key, bucket.checksum] = bucket.code


def pytest_configure(config):
    """Every app of the process shares compiled templates (``CompiledOnce``, through Flask's
    ``jinja_options`` and Jinja's bytecode cache, both documented). Each app compiles its own
    URL builders, as werkzeug does (sharing them needed a patch of werkzeug's private
    ``Rule._compile_builder``, for little time saved). And before the workers
    of ``pytest -n`` start, the minified assets every app reads are built once here, not by
    several workers writing the same files at once."""
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": CompiledOnce()}
    if not hasattr(config, "workerinput"):
        from companion.web.assets import build
        build(Path(__file__).resolve().parent.parent / "static")


#: tests that wait longest on other processes (a fresh venv, servers killed and started again),
#: then the longest of the rest: run first, so that under ``pytest -n`` the other workers' tests
#: fill that time, and no long test starts when the others are nearly done
FIRST = ("tests/serve/test_make_run.py", "tests/serve/", "tests/durability/test_table_durability",
         "tests/browser/test_hadara_newcomer_in_chromium.py",
         "tests/browser/test_hadara_first_game_in_chromium.py",
         "tests/browser/test_tradewarz_first_game_in_chromium.py",
         "tests/properties/test_reachable_tables.py", "tests/browser/test_tables_in_chromium.py",
         "tests/web/test_every_form_refused.py", "tests/web/test_history_parts.py",
         "tests/web/test_take_back_chains.py", "tests/properties/test_rules_invariants.py")


#: tests that start servers or kill processes and wait on them (``make run``, Granian, gunicorn,
#: a SIGKILL mid-game): ``slow``, run by ``make test`` and left out of ``make test-fast``
SERVER_PROCESSES = ("tests/serve/", "tests/durability/test_table_durability.py")
#: and the longest tests of one process (each form of each game spoiled field by field, a
#: thousand chained take-backs): ``slow`` too, so that ``make test-fast`` stays a quick loop
LONG_IN_PROCESS = (
    "tests/web/test_every_form_refused.py::test_every_form_of_the_game_refuses_each_spoiled",
    "tests/web/test_take_back_chains.py::test_a_thousand_chained_take_backs")


def pytest_itemcollected(item):
    """Tests that start server processes, and the longest of one process, are ``slow``
    (``SERVER_PROCESSES``, ``LONG_IN_PROCESS``). Under ``pytest -n
    --dist loadgroup``, the PostgreSQL tests run on one worker: one throwaway server for them all
    instead of one per worker."""
    if item.nodeid.startswith(SERVER_PROCESSES + LONG_IN_PROCESS):
        item.add_marker(pytest.mark.slow)
    if hasattr(item.config, "workerinput") and item.get_closest_marker("postgres"):
        item.add_marker(pytest.mark.xdist_group("postgres"))


def pytest_collection_modifyitems(config, items):
    """Under ``pytest -n``, the longest waits first (``FIRST``)."""
    if not hasattr(config, "workerinput"):  # (not a worker of ``pytest -n``)
        return
    first = [next((i for i, p in enumerate(FIRST) if item.nodeid.startswith(p)), len(FIRST))
             for item in items]
    items[:] = [item for _, _, item in sorted(zip(first, range(len(items)), items))]


@pytest.fixture(scope="session")
def empty_sqlite(tmp_path_factory):
    """``empty_sqlite(made_by)`` -> the path of an empty SQLite database whose tables were made
    once in this process, by the models (``"models"``, what ``CREATE_TABLES`` does) or by the
    Alembic migrations (``"migrations"``): each test gets a copy of the file instead of making
    every table again in its own database."""
    from functools import cache

    from companion.store.migrations import upgrade

    @cache
    def made(made_by: str) -> Path:
        path = tmp_path_factory.mktemp("empty") / f"{made_by}.sqlite"
        made = create_app({"TESTING": True, "SECRET_KEY": "test-key",
                           "DATABASE_URL": f"sqlite:///{path}",
                           "CREATE_TABLES": made_by == "models"})
        if made_by == "migrations":
            upgrade(made)
        made.extensions["live"].close()
        made.extensions["db_engine"].dispose()  # (the write-ahead log folded into the file)
        return path
    return made


def copy_of_empty(empty_sqlite, made_by: str, path: Path) -> str:
    """The URL of a new SQLite database at ``path``: a copy of the empty one ``made_by`` made."""
    import shutil
    shutil.copyfile(empty_sqlite(made_by), path)
    return f"sqlite:///{path}"


def new_app(empty_sqlite, path: Path) -> Flask:
    """A new app with the tests' settings, on a copy of the empty database at ``path``."""
    return create_app({"TESTING": True, "SECRET_KEY": "test-key",
                       "DATABASE_URL": copy_of_empty(empty_sqlite, "models", path)})


def let_go(app: Flask) -> None:
    """Stop an app's live checks and close its database connections."""
    app.extensions["live"].close()
    app.extensions["db_engine"].dispose()


@pytest.fixture(scope="session")
def one_app(tmp_path_factory, empty_sqlite):
    """The app the ``app`` fixture lends each test, made once per process (making one compiles
    its URL map and more: a tenth of a second, for each of a thousand tests), with its
    settings and the extensions it had when made. Its first database only serves to make it."""
    app = new_app(empty_sqlite, tmp_path_factory.mktemp("app") / "first.sqlite")
    let_go(app)
    return app, dict(app.config), set(app.extensions)


@pytest.fixture
def app(one_app, tmp_path, empty_sqlite):
    """The app on its own SQLite database, whose tables the models made (``CREATE_TABLES``), as
    if made for this test: its settings as made, and nothing kept from an earlier test's
    database (kept states, drawings, stories, files: every extension made since is dropped; those
    of the first database, live checks and drawings, start again on the new one)."""
    from companion.store import db, live
    from companion.web.drawing import start_drawings

    app, settings, extensions = one_app
    for made_since in set(app.extensions) - extensions:
        del app.extensions[made_since]
    app.config.clear()
    app.config.update(settings, DATABASE_URL=copy_of_empty(empty_sqlite, "models",
                                                           tmp_path / "test.sqlite"))
    db.open_database(app)
    live.init_app(app)
    start_drawings(app)
    yield app
    let_go(app)


@pytest.fixture
def client(app):
    return app.test_client()




# ---------------------------------------------------------------- the shared table: databases

import subprocess  # noqa: E402

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




@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request, tmp_path):
    """An empty database: SQLite (WAL) in a temporary folder, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'table.sqlite'}"
    return fresh_pg_database(request.getfixturevalue("pg_server"))


@pytest.fixture(scope="module",
                params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def module_db_app(request, tmp_path_factory, empty_sqlite):
    """The app on an empty database (SQLite, or a new PostgreSQL database) shared by a module's
    tests: for a table of cases that each must store nothing. Its schema is the migrations'."""
    from companion.store.migrations import upgrade
    if request.param == "sqlite":
        url = copy_of_empty(empty_sqlite, "migrations",
                            tmp_path_factory.mktemp("db") / "table.sqlite")
    else:
        url = fresh_pg_database(request.getfixturevalue("pg_server"))
    app = create_app({"TESTING": True, "SECRET_KEY": "test-key", "DATABASE_URL": url})
    if request.param == "postgres":
        upgrade(app)
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture
def db_app(database_url, empty_sqlite):
    """The app on ``database_url``, schema made by the Alembic migrations (on SQLite, the file
    they made once in this process, copied to ``database_url``'s path)."""
    from companion.store.migrations import upgrade
    sqlite = database_url.startswith("sqlite:///")
    if sqlite:
        copy_of_empty(empty_sqlite, "migrations", Path(database_url.removeprefix("sqlite:///")))
    app = create_app({"TESTING": True, "SECRET_KEY": "test-key", "DATABASE_URL": database_url})
    if not sqlite:
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
