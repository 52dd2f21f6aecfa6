"""A tap is one explicit unit of work (companion/store/recording.py ``store.tap``): the block opens
the write and locks the game, ``record`` commits, and leaving the block any other way keeps
nothing and frees the lock at once; reads only read (``find_game`` never waits for a tap's lock);
a conflict found after the lock, not only at it, tries the whole block again. On SQLite and
PostgreSQL."""
from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import OperationalError

from companion import store
from companion.games.core import RulesError
from companion.store.db import Action, BoxData, BoxSighting, Game
from tests.table_helpers import sample_game
from tests.web.table import BLUE, hadara_with_box

PLUS_ONE = {"player": 0, "value": "coins", "delta": 1}


def is_postgres(app) -> bool:
    return app.extensions["db_engine"].dialect.name == "postgresql"


def lock_is_free(app, game_id: int) -> bool:
    """Whether another writer could take the game's lock now, without waiting: SQLite's write
    lock (BEGIN IMMEDIATE on a connection of its own), or PostgreSQL's row lock (NOWAIT)."""
    engine = app.extensions["db_engine"]
    if not is_postgres(app):
        other = sqlite3.connect(engine.url.database, isolation_level=None, timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            return True
        except sqlite3.OperationalError:
            return False
        finally:
            other.close()
    with engine.connect() as conn:
        try:
            conn.execute(text("SELECT id FROM games WHERE id = :id FOR UPDATE NOWAIT"),
                         {"id": game_id})
            return True
        except OperationalError:
            return False
        finally:
            conn.rollback()


@pytest.mark.parametrize("leave", ["without a record", "by a refusal"])
def test_a_tap_left_without_recording_keeps_nothing_and_frees_its_lock_at_once(db_app, leave):
    """What the block changed is rolled back as it is left (not at the request's end), so the
    next writer of the game never waits for a tap that stored nothing."""
    game = sample_game(db_app)
    with db_app.app_context():
        with contextlib.suppress(RulesError), store.tap(game.play_token) as tap:
            assert not lock_is_free(db_app, game.id)  # (the block holds it)
            tap.game.title = "changed inside the tap"
            if leave == "by a refusal":
                tap.record("correct", {**PLUS_ONE, "player": 9})  # no such seat
        assert lock_is_free(db_app, game.id)
    with db_app.app_context():
        fresh = store.session().get(Game, game.id)
        assert (fresh.title, fresh.version) == (game.title, 0)
        assert store.rows_of(store.session(), game.id) == []


def test_a_tap_records_one_entry_and_only_inside_its_block(app):
    game = sample_game(app)
    with app.app_context():
        one = store.tap(game.play_token)
        with pytest.raises(RuntimeError, match="inside its with block"):
            one.record("correct", PLUS_ONE)
        with one as tap:
            assert tap.record("correct", PLUS_ONE).version == 1
            with pytest.raises(RuntimeError, match="one entry"):
                tap.record("correct", PLUS_ONE)
        assert [r.seq for r in store.rows_of(store.session(), game.id)] == [1]


def test_a_page_read_never_waits_for_a_tap_holding_its_game(db_app):
    """``find_game`` only reads: while a tap holds the game (PostgreSQL: its row locked; SQLite:
    the write lock), a page of the same game opens at once. On PostgreSQL the reader gives up
    on any lock after a second, so a locking read would fail here."""
    game = sample_game(db_app)
    found: list = []

    def page() -> None:
        with db_app.app_context():
            if is_postgres(db_app):
                store.session().execute(text("SET lock_timeout = '1s'"))
            found.append(store.find_game(game.play_token))

    with db_app.app_context(), store.tap(game.play_token) as tap:
        assert tap.game is not None and tap.can_play
        reader = threading.Thread(target=page)
        reader.start()
        reader.join(10)
    assert len(found) == 1 and found[0][0].id == game.id and found[0][1] is True


@pytest.mark.postgres
def test_a_conflict_after_the_lock_tries_the_whole_tap_again(db_app, database_url, caplog):
    """Two tables' first sightings of the same card (one key of the server's box) at once, on
    PostgreSQL, where taps of different games do not wait for each other: the second waits on
    the first's new box entry, loses the unique key when the first commits, and its tap is
    tried again as a whole (the lock, the key, the step): both are recorded, the box entry
    once."""
    if not is_postgres(db_app):
        pytest.skip("on SQLite taps of different games take turns on one write lock")
    caplog.set_level(logging.INFO, logger="companion.store.writes")
    with db_app.app_context():
        first, second = hadara_with_box(), hadara_with_box()
    engine, held, answers = db_app.extensions["db_engine"], threading.Event(), {}

    def waiting_on_a_lock() -> bool:
        with engine.connect() as conn:
            return conn.execute(text(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND datname = current_database()")).scalar() > 0

    def hold_until_the_other_waits(_s, game, *_rest) -> None:  # (in the first's write)
        if game.id == first.id and not held.is_set():
            held.set()
            deadline = time.monotonic() + 10
            while not waiting_on_a_lock() and time.monotonic() < deadline:
                time.sleep(0.02)

    def buy(game_id: int) -> None:
        with db_app.app_context():
            answers[game_id] = store.record(game_id, "buy", BLUE)

    store.AFTER_RECORD.append(hold_until_the_other_waits)
    try:
        one = threading.Thread(target=buy, args=(first.id,))
        one.start()
        assert held.wait(10)
        other = threading.Thread(target=buy, args=(second.id,))
        other.start()
        one.join(20)
        other.join(20)
    finally:
        store.AFTER_RECORD.remove(hold_until_the_other_waits)
    assert {game_id: done.version for game_id, done in answers.items()} == {
        first.id: 1, second.id: 1}
    lost = [r.getMessage() for r in caplog.records if "tried again" in r.getMessage()]
    assert len(lost) == 1 and "duplicate key" in lost[0], lost
    with db_app.app_context():
        s = store.session()
        assert [(r.game_id, r.seq) for r in s.scalars(select(Action).order_by(Action.game_id))
                ] == [(first.id, 1), (second.id, 1)]
        seen = {(b.category, b.key) for b in s.scalars(select(BoxSighting).where(
            BoxSighting.game_id.in_([first.id, second.id]), BoxSighting.seq == 1))}
        assert len(seen) == 1  # the same card, sighted by both tables
        category, key = seen.pop()
        kept = list(s.scalars(select(BoxData).where(
            BoxData.owner == store.SERVER_BOX, BoxData.category == category, BoxData.key == key)))
        assert len(kept) == 1 and kept[0].conflict is None
