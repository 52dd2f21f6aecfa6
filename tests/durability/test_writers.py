"""How taps write (companion/store/writes.py, companion/store/): writers on one SQLite file take
turns on the database's own lock (BEGIN IMMEDIATE, waiting on its busy timeout), and a tap never
writes while its own request still holds a read transaction (which would keep SQLite from ever
checkpointing its write-ahead log)."""
from __future__ import annotations

import threading

from sqlalchemy import text

from companion import store
from companion.store.db import Game
from tests.table_helpers import sample_game


def tap(app, game_id: int) -> None:
    with app.app_context():
        store.record(game_id, "correct", {"player": 0, "value": "coins", "delta": 1})


def coins(app, game_id: int) -> int:
    with app.app_context():
        return store.state_of(store.session().get(Game, game_id)).players[0].coins


def test_writers_of_one_process_take_turns_and_lose_no_tap(app):
    game_id = sample_game(app).id
    before = coins(app, game_id)
    threads = [threading.Thread(target=lambda: [tap(app, game_id) for _ in range(10)])
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert coins(app, game_id) == before + 40


def test_a_tap_ends_its_requests_read_transaction_before_writing(app):
    game_id = sample_game(app).id
    with app.test_request_context():
        s = store.session()
        s.get(Game, game_id)  # the request has read: its transaction is open
        assert s.in_transaction()
        store.record(game_id, "correct", {"player": 0, "value": "coins", "delta": 1})
        assert not s.in_transaction()
        # Nothing pins the write-ahead log: a checkpoint copies every frame of it.
        busy, frames, copied = s.connection().execute(
            text("PRAGMA wal_checkpoint(PASSIVE)")).one()
        assert busy == 0 and frames == copied
