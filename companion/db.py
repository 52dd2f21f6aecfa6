"""The database: a game is its setup plus an append-only log of actions; box data is remembered.

SQLAlchemy 2 with plain sessions. SQLite (the default, in the instance folder) runs in WAL mode with
a busy timeout and takes its write lock at BEGIN, so concurrent workers queue instead of failing;
PostgreSQL locks the game row. Either way a unique (game, seq) pair makes a lost update impossible.
"""
from __future__ import annotations

import fcntl
import os
import threading
from contextlib import contextmanager, nullcontext
from datetime import datetime, timezone
from typing import Iterator

from flask import Flask, current_app, g
from sqlalchemy import (JSON, Boolean, DateTime, ForeignKey, Integer, LargeBinary, String, Text,
                        UniqueConstraint, create_engine, event)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class Game(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(20), index=True)
    play_token: Mapped[str] = mapped_column(String(40), unique=True)
    watch_token: Mapped[str] = mapped_column(String(40), unique=True)
    join_code: Mapped[str] = mapped_column(String(12), unique=True)
    title: Mapped[str] = mapped_column(String(200))
    setup: Mapped[dict] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)  # number of log entries
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class Action(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_action_game_seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # (no index of its own: the unique (game_id, seq) index serves every lookup by game)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(40))
    data: Mapped[dict] = mapped_column(JSON)
    by: Mapped[str] = mapped_column(String(80), default="")
    text: Mapped[str] = mapped_column(Text, default="")  # the action in words, as it happened
    # The same words as template and values (core.words_to_json), to say them in any language.
    words: Mapped[dict | None] = mapped_column(JSON, nullable=True, default=None)
    rule: Mapped[str] = mapped_column(String(200), default="")
    is_correction: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


    @property
    def said(self):
        """The action in words: a translatable Text when the words were kept, else the text."""
        return said(self)


def said(row):
    """An action's words (an Action or a Core row with ``words`` and ``text``): a translatable
    Text when the words were kept, else the stored text."""
    from .games.core import words_from_json
    return words_from_json(row.words) if row.words else row.text


class Checkpoint(Base):
    """A game's state at one version, kept so that loading a long game after a restart does not
    replay its whole log. Only a shortcut: it is ignored when the rules code changed since it was
    written (``code``), and the log stays the truth."""

    __tablename__ = "checkpoints"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(64))
    snapshot: Mapped[bytes] = mapped_column(LargeBinary)


class SeatHolder(Base):
    """Which phone holds a seat of a game. A phone's session keeps a random id of its own; the
    seat it claims is written here, so every phone sees which seats are taken, and a phone that
    takes a held seat over leaves the other one without it."""

    __tablename__ = "seat_holders"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    phone: Mapped[str] = mapped_column(String(32))
    taken_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class BoxData(Base):
    """A value printed on a component, entered once by a table and offered again later."""

    __tablename__ = "box_data"
    __table_args__ = (UniqueConstraint("slug", "category", "key", name="uq_box_entry"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(20))
    category: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(80))
    value: Mapped[dict] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


def _sqlite_setup(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _pragma(dbapi_conn, _record):  # pragma: no cover - exercised through every test
        dbapi_conn.isolation_level = None  # let SQLAlchemy's begin hook issue BEGIN
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):
        # A writing transaction takes the write lock up front, so two workers queue on the busy
        # timeout instead of failing when a read lock cannot be upgraded; readers never block.
        immediate = conn.get_execution_options().get("immediate")
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


class WriterQueue:
    """One writer at a time on a SQLite file, across processes, handed over the moment the
    previous writer ends. SQLite's own busy handler only polls, sleeping 1, 2, 5, 10... ms
    between tries, so under a steady stream of taps from several workers most of a write's time
    was spent asleep. An exclusive ``flock`` on a file beside the database queues the writers in
    the kernel instead; SQLite's lock and busy timeout stay as the safety net (other programs
    writing the file do not take this lock)."""

    def __init__(self, database: str) -> None:
        self.path = database + "-writers"
        self.local = threading.RLock()  # threads of one process (the development server)
        self.depth = 0
        self.fd: int | None = None
        self.pid = 0

    @contextmanager
    def turn(self) -> Iterator[None]:
        with self.local:
            if self.depth == 0:
                if self.pid != os.getpid():  # opened after the fork: a file descriptor shared
                    self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)  # with the
                    self.pid = os.getpid()  # parent would hold the same lock as the parent
                fcntl.flock(self.fd, fcntl.LOCK_EX)
            self.depth += 1
            try:
                yield
            finally:
                self.depth -= 1
                if self.depth == 0:
                    fcntl.flock(self.fd, fcntl.LOCK_UN)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 10, "check_same_thread": False})
        _sqlite_setup(engine)
        return engine
    return create_engine(url, pool_pre_ping=True)


def init_app(app: Flask) -> None:
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions["db_engine"] = engine
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if database and database != ":memory:" and not database.startswith("file:"):
        app.extensions["db_writers"] = WriterQueue(database)
    app.extensions["db_sessions"] = sessionmaker(engine, expire_on_commit=False)
    app.extensions["db_write_engine"] = engine.execution_options(immediate=True)
    app.extensions["db_write_sessions"] = sessionmaker(app.extensions["db_write_engine"],
                                                       expire_on_commit=False)
    if app.config.get("CREATE_TABLES"):
        Base.metadata.create_all(engine)
    app.teardown_appcontext(_close_session)


def create_tables(app: Flask) -> None:
    Base.metadata.create_all(app.extensions["db_engine"])


def session() -> Session:
    """The request's database session (opened on first use, closed at teardown)."""
    if "db_session" not in g:
        g.db_session = current_app.extensions["db_sessions"]()
    return g.db_session


@contextmanager
def write_session() -> Iterator[Session]:
    """``with write_session() as s:`` a new session for one writing transaction (the caller
    commits; it is closed at the end of the block), taken in turn with the other writers."""
    with writers_turn():
        with current_app.extensions["db_write_sessions"]() as s:
            yield s


def writers_turn():
    """This writer's turn on a SQLite file (:class:`WriterQueue`); PostgreSQL needs none."""
    queue = current_app.extensions.get("db_writers")
    return queue.turn() if queue else nullcontext()


def driver_connection():
    """This app context's (this request's) own driver connection from the pool, checked out on
    first use and returned when the context ends: a tap's link lookup and its write share one
    checkout. SQLite's connections run in autocommit (a read leaves no transaction open);
    PostgreSQL's users end their transaction themselves."""
    conn = g.get("db_driver")
    if conn is None:
        conn = g.db_driver = current_app.extensions["db_engine"].raw_connection()
    return conn


def _close_session(_exc: BaseException | None) -> None:
    s = g.pop("db_session", None)
    if s is not None:
        s.close()
    conn = g.pop("db_driver", None)
    if conn is not None:
        conn.close()  # back to the pool (which rolls back anything left open)
