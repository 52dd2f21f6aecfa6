"""The table companion: a Flask app over the pure rules library in ``companion.games``."""
from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click
from flask import Flask

PLACEHOLDER_KEY = "dev-placeholder-change-me"


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: defaults, then the instance config and ``FLASK_*`` / ``DATABASE_URL``
    environment variables (or ``test_config``), then extensions, then blueprints."""
    root = Path(__file__).resolve().parent.parent
    app = Flask(__name__, instance_relative_config=True, instance_path=str(instance_folder()),
                template_folder=str(root / "templates"), static_folder=str(root / "static"))
    Path(app.instance_path).mkdir(mode=0o700, parents=True, exist_ok=True)
    app.config.from_mapping(
        SECRET_KEY=PLACEHOLDER_KEY,
        DATABASE_URL=f"sqlite:///{Path(app.instance_path) / 'companion.sqlite'}",
        MAX_CONTENT_LENGTH=256 * 1024,
        IMPORT_MAX_BYTES=8 * 1024 * 1024,  # a game's or a group's exported file (web/__init__.py)
        WTF_CSRF_TIME_LIMIT=None,  # a game night lasts longer than an hour
        SESSION_COOKIE_SAMESITE="Lax",
        CREATE_TABLES=False,
        LIVE_WAIT_SECONDS=25,  # how long a phone's version check is held (companion/store/live.py)
        # how often a process reads the versions of games waited on; None: live.WATCH_SECONDS,
        # often with SQLite, rarely with PostgreSQL (whose notifications tell every write)
        LIVE_WATCH_SECONDS=None,
        LIVE_MAX_WAITING=900,  # held checks per process (Granian gives it 2048 threads)
        LIVE_POLL_SECONDS=2.0,  # between checks when the server answers at once (not held)
        # request bodies a process reads at once, in all and from one address; past them a
        # request is answered 503 after a moment and asked again (companion/web/bodies.py)
        READING_PER_PROCESS=64,
        READING_PER_ADDRESS=8,
        PROXY_FIX_X_FOR=0,  # how many proxies in front set X-Forwarded-For (0: none trusted)
        PROXY_FIX_X_PROTO=0,  # ... and X-Forwarded-Proto
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env()  # FLASK_SECRET_KEY, FLASK_DEBUG, ...
        if os.environ.get("DATABASE_URL"):
            app.config["DATABASE_URL"] = os.environ["DATABASE_URL"]
    else:
        app.config.from_mapping(test_config)
    _refuse_placeholder_key(app)

    from . import web
    from .store import db, live
    from .web import bodies, i18n
    db.init_app(app)
    live.init_app(app)
    i18n.init_app(app)
    bodies.init_app(app)  # (its check runs before those the web layer adds)
    web.init_app(app)
    # (Flask runs after-request hooks last registered first: compression runs before the web
    # layer's, which only add headers a compressed answer keeps)
    from .web import compression
    compression.init_app(app)
    _behind_proxy(app)  # the client's address and scheme as the proxy in front saw them
    app.cli.add_command(init_db_command)
    return app


def _refuse_placeholder_key(app: Flask) -> None:
    if app.config["SECRET_KEY"] == PLACEHOLDER_KEY and not (app.debug or app.testing):
        raise RuntimeError(
            "FLASK_SECRET_KEY is the development placeholder. Set FLASK_SECRET_KEY in the "
            "environment or SECRET_KEY in instance/config.py (`flask --app app init-db` writes "
            "one) before serving outside debug mode.")


def _behind_proxy(app: Flask) -> None:
    """Trust the X-Forwarded-For/-Proto headers of as many proxies as configured (werkzeug's
    ProxyFix); with the defaults (0) a client cannot claim another address or scheme."""
    x_for, x_proto = int(app.config["PROXY_FIX_X_FOR"]), int(app.config["PROXY_FIX_X_PROTO"])
    if x_for or x_proto:
        from werkzeug.middleware.proxy_fix import ProxyFix
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=x_for, x_proto=x_proto)


def instance_folder() -> Path:
    """The instance folder (its config, secret key and SQLite database): ``COMPANION_INSTANCE``,
    else instance/ next to the code."""
    given = os.environ.get("COMPANION_INSTANCE")
    return Path(given).resolve() if given else Path(__file__).resolve().parent.parent / "instance"


def keep_private(folder: Path) -> None:
    """Only the owner may read the instance folder (its database holds every game's links):
    0700 for it and the folders in it, 0600 for its files."""
    folder.chmod(0o700)
    for path in folder.rglob("*"):
        if not path.is_symlink():
            path.chmod(0o700 if path.is_dir() else 0o600)


def write_instance_secret(instance_path: str) -> bool:
    """Give a fresh install its own secret key in instance/config.py; True when one was written."""
    folder = Path(instance_path)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # a fresh clone has none yet
    config = folder / "config.py"
    if config.exists() and "SECRET_KEY" in config.read_text():
        return False
    with os.fdopen(os.open(config, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600), "a") as fh:
        fh.write(f"SECRET_KEY = {secrets.token_hex(32)!r}\n")
    config.chmod(0o600)
    return True


@click.command("init-db")
def init_db_command() -> None:
    """Create the database tables (and the instance secret key on first use)."""
    from flask import current_app

    from .store import migrations
    migrations.upgrade(current_app)
    click.echo(f"database ready: {current_app.config['DATABASE_URL'].split('@')[-1]}")
