"""Bring the database schema up to date with Alembic (the revisions are in ``alembic/``).

`make run` (companion/serving/serve.py) and `flask --app app init-db` call :func:`upgrade`; it is
safe to run again and again. A database made before migrations existed (tables created straight
from the models, as the tests do with CREATE_TABLES) is stamped at the first revision instead of
being created twice.
"""
from __future__ import annotations

from pathlib import Path

from alembic.config import Config
from flask import Flask
from sqlalchemy import inspect
from sqlalchemy.engine import Connection

from alembic import command

SCRIPTS = Path(__file__).resolve().parents[2] / "alembic"
BASELINE = "0001_initial"
HEAD = "0014_no_rate_counts"  # the newest revision (a test checks it matches alembic/)
ONE_REQUEST_PATH = "0005_one_request_path"  # the first revision with one-time keys
CHECKPOINTS = "0003_checkpoints"  # the first revision with the checkpoints table


def alembic_config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def upgrade(app: Flask, revision: str = "head") -> None:
    """Run ``alembic upgrade head`` on the app's database, in one transaction."""
    engine = app.extensions["db_engine"]
    with engine.begin() as conn:
        tables = set(inspect(conn).get_table_names())
        cfg = alembic_config(conn)
        if "games" in tables and "alembic_version" not in tables:
            command.stamp(cfg, _made_at(conn, tables))
        command.upgrade(cfg, revision)


def _made_at(conn: Connection, tables: set[str]) -> str:
    """The revision tables made straight from the models are at (each later revision checks what
    it changes before changing it): models whose log has one-time keys are at 0005 at least;
    those of 0003-0004 had checkpoints; older ones are at the first (the only revision before
    migrations existed)."""
    if any(c["name"] == "once" for c in inspect(conn).get_columns("actions")):
        return ONE_REQUEST_PATH
    return CHECKPOINTS if "checkpoints" in tables else BASELINE


def current(app: Flask) -> str | None:
    """The revision the database is at (None before the first upgrade)."""
    from alembic.runtime.migration import MigrationContext
    with app.extensions["db_engine"].connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
