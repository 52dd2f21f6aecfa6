"""A tap writes with statements prepared once per dialect on the driver's connection
(companion/prepared.py). What it stores must read back through the ORM exactly as if Core had
written it: JSON as objects, the time as a datetime, the flag as a boolean, on SQLite and on
PostgreSQL alike."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select

from companion import store
from companion.db import Action, Game, utcnow
from companion.games import get_game
from tests.table_helpers import sample_setup


def test_a_tap_stores_what_the_orm_reads_back_as_written(db_app):
    with db_app.app_context():
        game = store.create_game(get_game("hadara"), sample_setup(get_game("hadara")))
        before = utcnow()
        done = store.record(game.id, "correct", {"player": 1, "value": "coins", "delta": 3},
                            by="Ben")
    with db_app.app_context():
        row = store.session().scalar(select(Action).where(Action.game_id == game.id))
        stored = store.session().get(Game, game.id)
        assert (row.seq, row.kind, row.by) == (1, "correct", "Ben")
        assert row.data == {"player": 1, "value": "coins", "delta": 3}
        assert isinstance(row.words, dict) and row.words["t"]
        assert row.text == done.text and row.said == done.text
        assert row.is_correction is True
        assert isinstance(row.at, datetime) and before - timedelta(seconds=1) <= row.at
        assert stored.version == done.version == 1
        assert stored.updated_at == row.at


def test_a_process_with_an_older_snapshot_catches_up_from_the_prepared_log_read(db_app):
    with db_app.app_context():
        game = store.create_game(get_game("hadara"), sample_setup(get_game("hadara")))
        store.record(game.id, "correct", {"player": 0, "value": "coins", "delta": 2})
    # Another worker's tap: this process's cache only knows version 1.
    cache = db_app.extensions["store_cache"]
    with db_app.app_context():
        store.record(game.id, "correct", {"player": 0, "value": "coins", "delta": 5})
    with cache.lock:
        cache.items.pop((game.id, 2))
        cache.latest[game.id] = 1
    with db_app.app_context():
        ref = store.find_ref(game.play_token)
        assert ref.version == 2
        start = get_game("hadara").new_game(sample_setup(get_game("hadara"))).players[0].coins
        assert store.state_at(ref).players[0].coins == start + 7
        # and a tap in its turn catches up the same way before applying its own action
        with cache.lock:
            cache.items.pop((game.id, 2))
            cache.latest[game.id] = 1
        done = store.record(game.id, "correct", {"player": 0, "value": "coins", "delta": 1})
        assert done.version == 3 and done.state.players[0].coins == start + 8
