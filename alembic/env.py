"""Alembic environment: the app's own engine (DATABASE_URL) and models (companion.store.db).

`companion.store.migrations.upgrade(app)` hands in an open connection; the `alembic` command line
(`alembic upgrade head` in the project folder) builds the app the usual way and uses its engine.
"""
from __future__ import annotations

from alembic import context
from companion.store.db import Base


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    from companion import create_app
    engine = create_app().extensions["db_engine"]
    with engine.begin() as conn:
        _migrate(conn)


def _migrate(connection) -> None:
    # batch mode: SQLite cannot ALTER most things in place; Alembic copies the table instead
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


run()
