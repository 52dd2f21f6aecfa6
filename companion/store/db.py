"""The database: a game is its setup plus an append-only log of actions; box data is remembered.

SQLAlchemy 2 with plain sessions. SQLite (the default, in the instance folder) runs in WAL mode with
a busy timeout and takes its write lock at BEGIN, so concurrent workers queue instead of failing;
PostgreSQL locks the game row. Either way a unique (game, seq) pair makes a lost update impossible.
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from flask import Flask, current_app, g
from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


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
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_action_game_seq"),
                      UniqueConstraint("game_id", "once", name="uq_action_game_once"))

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
    # The one-time key of the form that sent it: the same form sent twice (a double tap, a
    # browser's resend) is stored once and answered as the first time. None for older entries.
    once: Mapped[str | None] = mapped_column(String(40), nullable=True, default=None)

    @property
    def said(self):
        """The action in words: a translatable Text when the words were kept, else the text."""
        return said(self)


def said(row):
    """An action's words (an Action or a Core row with ``words`` and ``text``): a translatable
    Text when the words were kept, else the stored text."""
    from ..games.core import words_from_json
    return words_from_json(row.words) if row.words else row.text


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


#: the owner of box data kept before it belonged to a group or a game: read-only, offered under
#: an owner's own values (see store's box data)
LEGACY_BOX = "legacy"


def box_owner_name(group_id: int | None, game_id: int | None) -> str:
    """Who box data belongs to: a group ("group:<id>"), or a game without one ("game:<id>")."""
    return f"group:{group_id}" if group_id is not None else f"game:{game_id}"


class BoxData(Base):
    """A value printed on a component as the tables' sightings in force say it (kept from
    ``BoxSighting``, see store's box data): offered again in later games. ``conflict`` lists the
    values when sightings in force disagree (then nothing is offered: the table checks)."""

    __tablename__ = "box_data"
    __table_args__ = (UniqueConstraint("owner", "slug", "category", "key", name="uq_box_entry"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    owner: Mapped[str] = mapped_column(String(24), default=LEGACY_BOX, server_default=LEGACY_BOX)
    slug: Mapped[str] = mapped_column(String(20))
    category: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(80))
    value: Mapped[dict] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    conflict: Mapped[list | None] = mapped_column(JSON(none_as_null=True), nullable=True,
                                                 default=None)


class BoxSighting(Base):
    """One value a table entered from a component, with its source: the game and the log entry
    (``seq``; 0 for the setup) that carried it. Only sightings whose entry is still in force
    (not undone) count; ``game_id`` is null for values kept before sightings were."""

    __tablename__ = "box_sightings"
    __table_args__ = (Index("ix_box_sightings_component", "slug", "category", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    owner: Mapped[str] = mapped_column(String(24), default=LEGACY_BOX, server_default=LEGACY_BOX)
    slug: Mapped[str] = mapped_column(String(20))
    category: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(80))
    value: Mapped[dict] = mapped_column(JSON)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), nullable=True, index=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    in_force: Mapped[bool] = mapped_column(Boolean, default=True)
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class Group(Base):
    """The people who play together (a family, a club), reached by its own unguessable link. Its
    box data and house rules are the rows whose ``owner`` is ``group:<id>``."""

    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(40), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # one more at every change of its players, games or plays: what its kept statistics and
    # files are drawn at (``groups.changed``)
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class GroupPlayer(Base):
    """A player of a group: a name and a colour or symbol; a retired player is no longer offered
    at setup; a player merged into another is that other one from then on."""

    __tablename__ = "group_players"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"),
                                          index=True)
    name: Mapped[str] = mapped_column(String(40))
    mark: Mapped[str] = mapped_column(String(16), default="")
    retired: Mapped[bool] = mapped_column(Boolean, default=False)
    merged_into: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class GroupGame(Base):
    """A game of a group, and which group player sat in each seat (clockwise)."""

    __tablename__ = "group_games"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"),
                                          index=True)
    seats: Mapped[list] = mapped_column(JSON)


class Play(Base):
    """A play a group remembers: a finished game of the group, or one logged from the quick
    score pad. ``record`` holds the players with seats, first player, score lines, totals,
    places and what decided them, and the rulings read (see ``companion.groups``)."""

    __tablename__ = "plays"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"),
                                          index=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"),
                                                nullable=True, unique=True)
    slug: Mapped[str] = mapped_column(String(20))
    played_at: Mapped[datetime] = mapped_column(DateTime)
    duration_min: Mapped[int | None] = mapped_column(Integer, nullable=True)
    record: Mapped[dict] = mapped_column(JSON)
    note: Mapped[str] = mapped_column(Text, default="")
    source: Mapped[str] = mapped_column(String(10), default="tracked")
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


def _sqlite_setup(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _pragma(dbapi_conn, _record):  # pragma: no cover - exercised through every test
        dbapi_conn.isolation_level = None  # let SQLAlchemy's begin hook issue BEGIN
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=10000")
        # FULL: an acknowledged tap survives a power loss too (NORMAL only an app crash).
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    # SQLite opens a connection read-only, without a word, when the database cannot be written
    # at that moment (a read-only folder, an immutable file), and it stays so after the file
    # can be written again: such a connection is remembered, and replaced at its next checkout
    # from the pool once the file is writable (security review S4-8: a worker kept refusing
    # taps until restarted).
    path = engine.url.database
    if path and path != ":memory:" and not path.startswith("file:"):
        @event.listens_for(engine, "connect")
        def _note_read_only(_dbapi_conn, record):
            record.info["read_only"] = not _writable(path)

        @event.listens_for(engine, "checkout")
        def _replace_read_only(_dbapi_conn, record, _proxy):
            if record.info.get("read_only") and _writable(path):
                raise DisconnectionError("opened while the database could not be written")

    @event.listens_for(engine, "begin")
    def _begin(conn):
        # A writing transaction takes the write lock up front, so two workers queue on the busy
        # timeout instead of failing when a read lock cannot be upgraded; readers never block.
        immediate = conn.get_execution_options().get("immediate")
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def _writable(path: str) -> bool:
    """Whether SQLite can write the database at ``path`` now (its folder holds the log)."""
    return os.access(path, os.W_OK) and os.access(os.path.dirname(path) or ".", os.W_OK)


def read_json(text: str | bytes) -> Any:
    """A JSON column's value. Only the words of take-backs stored by older versions nest deeper
    than the parser recurses (each quoted the words of the step it took back): they read as
    None, and their stored text stands for them (``said``)."""
    try:
        return json.loads(text)
    except RecursionError:
        return None


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 10, "check_same_thread": False},
                               json_deserializer=read_json)
        _sqlite_setup(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, json_deserializer=read_json)


def init_app(app: Flask) -> None:
    open_database(app)
    app.teardown_appcontext(_close_session)


def open_database(app: Flask) -> None:
    """The app's engine and sessions on the database ``DATABASE_URL`` names (and its tables,
    with ``CREATE_TABLES``). The tests call it again to move one app to a fresh database."""
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions["db_engine"] = engine
    app.extensions["db_sessions"] = sessionmaker(engine, expire_on_commit=False)
    app.extensions["db_write_sessions"] = sessionmaker(engine.execution_options(immediate=True),
                                                       expire_on_commit=False)
    if app.config.get("CREATE_TABLES"):
        Base.metadata.create_all(engine)


def session() -> Session:
    """The request's database session (opened on first use, closed at teardown)."""
    if "db_session" not in g:
        g.db_session = current_app.extensions["db_sessions"]()
    return g.db_session


def end_reading() -> None:
    """End the request's read transaction (its objects stay loaded; its connection goes back to
    the pool), before writing or waiting. With SQLite a reader pins the write-ahead log where it
    began: a write made while its own request still reads could never be checkpointed, so the
    log would grow without end."""
    if "db_session" in g:
        g.db_session.commit()


@contextmanager
def write_session() -> Iterator[Session]:
    """``with write_session() as s:`` a new session for one writing transaction (the caller
    commits; it is closed at the end of the block). On SQLite it begins with ``BEGIN IMMEDIATE``,
    so writers queue on the database's lock (busy timeout) instead of failing to upgrade a read
    lock; PostgreSQL writers lock the rows they change. A tap writes in the request's own
    session instead (``companion.store.writes``)."""
    with current_app.extensions["db_write_sessions"]() as s:
        yield s


def _close_session(_exc: BaseException | None) -> None:
    s = g.pop("db_session", None)
    if s is not None:
        s.close()
