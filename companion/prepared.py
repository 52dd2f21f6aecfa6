"""Statements prepared once per database dialect and run on the driver's own connection: the
database work of a tap at the table.

SQLAlchemy compiles each statement (so the SQL, the parameter style and ``FOR UPDATE`` are its own)
and gives each column's value converters for the dialect (JSON to text and back on SQLite, dates),
so what is stored is exactly what a Core ``execute`` would store. What this skips is Core's work on
every execution (an execution context, parameter and result processing set up anew, events), which
was most of a tap's time in the database layer while it held the writers' turn.
"""
from __future__ import annotations

from collections import namedtuple
from contextlib import contextmanager
from typing import Any, Iterator

from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.sql import ClauseElement


class Prepared:
    """One statement compiled for one dialect: ``params(values)`` in the driver's parameter style
    (values converted as the columns' types do) and, for a query, ``rows(cursor)`` as named tuples
    with the selected columns' names."""

    def __init__(self, statement: ClauseElement, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = compiled.string
        self.order = tuple(compiled.positiontup) if compiled.positional else None
        self.convert = {name: proc for name, bind in compiled.binds.items()
                        if (proc := bind.type.dialect_impl(dialect).bind_processor(dialect))}
        columns = getattr(statement, "selected_columns", ())
        self.row = namedtuple("Row", [c.name for c in columns]) if columns else None
        self.readers = tuple(c.type.dialect_impl(dialect).result_processor(dialect, None)
                             for c in columns)

    def params(self, values: dict[str, Any]) -> Any:
        """``values`` (a dict the caller made for this call) converted, in the driver's style."""
        for name, convert in self.convert.items():
            values[name] = convert(values[name])
        return values if self.order is None else tuple(values[name] for name in self.order)

    def rows(self, cursor) -> list:
        make, readers = self.row._make, self.readers
        if not any(readers):
            return [make(r) for r in cursor.fetchall()]
        return [make([read(v) if read else v for read, v in zip(readers, r)])
                for r in cursor.fetchall()]


class Statements:
    """Named statements, each prepared on first use for the engine's dialect."""

    def __init__(self, **statements: ClauseElement) -> None:
        self.statements = statements
        self.prepared: dict[tuple[str, str], Prepared] = {}

    def get(self, dialect: Dialect, name: str) -> Prepared:
        key = (dialect.name, name)
        found = self.prepared.get(key)
        if found is None:
            found = self.prepared[key] = Prepared(self.statements[name], dialect)
        return found


class Run:
    """Statements run on one driver connection: ``rows(name, **values)``, ``do(name, **values)``."""

    def __init__(self, dbapi_connection, dialect: Dialect, statements: Statements) -> None:
        self.cursor = dbapi_connection.cursor()
        self.dialect = dialect
        self.statements = statements

    def rows(self, name: str, **values: Any) -> list:
        prepared = self.statements.get(self.dialect, name)
        self.cursor.execute(prepared.sql, prepared.params(values))
        return prepared.rows(self.cursor)

    def do(self, name: str, **values: Any) -> None:
        prepared = self.statements.get(self.dialect, name)
        self.cursor.execute(prepared.sql, prepared.params(values))


@contextmanager
def reading(conn, dialect: Dialect, statements: Statements) -> Iterator[Run]:
    """A few reads on a driver connection, leaving no transaction open (SQLite's connections
    run in autocommit; PostgreSQL's read transaction is ended)."""
    run = Run(conn, dialect, statements)
    try:
        yield run
    finally:
        run.cursor.close()
        end_read(conn, dialect)


def end_read(conn, dialect: Dialect) -> None:
    """Leave no read transaction open on a driver connection kept for a write to come: SQLite's
    run in autocommit (a closed cursor holds nothing); PostgreSQL opened one for the read."""
    if dialect.name != "sqlite":
        conn.rollback()


@contextmanager
def writing(conn, dialect: Dialect, statements: Statements, turn) -> Iterator[Run]:
    """One writing transaction on a driver connection, inside ``turn`` (the writers' queue):
    committed at the end of the block, rolled back on an error. SQLite takes its write lock at
    BEGIN (as the app's writing sessions do); PostgreSQL locks rows with FOR UPDATE."""
    with turn:
        run = Run(conn, dialect, statements)
        try:
            if dialect.name == "sqlite":
                run.cursor.execute("BEGIN IMMEDIATE")
            yield run
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
        finally:
            run.cursor.close()


def retryable(engine: Engine) -> tuple[type[BaseException], ...]:
    """The driver's errors a write may meet when another writer won a race (a taken sequence
    number, a busy database): the caller reads again and retries."""
    dbapi = engine.dialect.loaded_dbapi
    return (dbapi.IntegrityError, dbapi.OperationalError)
