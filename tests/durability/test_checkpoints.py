"""Checkpoints (companion/checkpoints.py): a long game loads after a restart from its stored
checkpoint plus the newer log entries, and the result is exactly what replaying the whole log
gives — including undo and redo across the checkpoint, and a checkpoint from other rules code."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from companion import checkpoints, create_app, store
from companion.db import Checkpoint
from companion.games import get_game
from tests.table_helpers import sample_setup


def app_on(url: str):
    return create_app({"TESTING": True, "SECRET_KEY": "k", "DATABASE_URL": url,
                       "CREATE_TABLES": True})


def corrections(game_id: int, count: int, start: int = 0) -> None:
    for i in range(start, start + count):
        store.record(game_id, "correct", {"player": i % 2, "value": "coins",
                                          "delta": 1 if i % 3 else 2})


def replayed(app, game_id: int):
    """The state by folding the whole log, with nothing cached or checkpointed."""
    with app.app_context():
        game = store.session().get(store.Game, game_id)
        return store._fold(game, store.rows_of(store.session(), game_id))


def fresh_state(url: str, game_id: int):
    """The state as a freshly started process loads it (new app: empty cache)."""
    app = app_on(url)
    with app.app_context():
        game = store.session().get(store.Game, game_id)
        snap = store.snapshot_of(game)
    app.extensions["db_engine"].dispose()
    return snap


@pytest.fixture
def long_game(tmp_path):
    url = f"sqlite:///{tmp_path / 'long.sqlite'}"
    app = app_on(url)
    with app.app_context():
        game = store.create_game(get_game("hadara"), sample_setup(get_game("hadara")))
        corrections(game.id, checkpoints.EVERY + 7)
    yield url, app, game.id
    app.extensions["db_engine"].dispose()


def test_a_checkpoint_is_written_every_so_many_actions(long_game):
    url, app, game_id = long_game
    with app.app_context():
        row = store.session().scalar(select(Checkpoint).where(Checkpoint.game_id == game_id))
        assert row.version == checkpoints.EVERY and row.code == checkpoints.code_stamp()


def test_a_restarted_process_loads_from_the_checkpoint_the_same_state(long_game, monkeypatch):
    url, app, game_id = long_game
    folded = []
    monkeypatch.setattr(store, "_fold", lambda game, rows: folded.append(len(rows)) or
                        pytest.fail("replayed the whole log"))
    snap = fresh_state(url, game_id)
    monkeypatch.undo()
    assert folded == []
    assert snap == replayed(app, game_id)


def test_undo_across_the_checkpoint_gives_what_a_full_replay_gives(long_game):
    url, app, game_id = long_game
    with app.app_context():
        for _ in range(10):  # back past the checkpoint, then one forward again
            store.record(game_id, "undo", {})
        store.record(game_id, "redo", {})
    snap = fresh_state(url, game_id)
    assert snap == replayed(app, game_id)
    # 10 undone, 1 redone: the top of the undo stack is the 2nd entry the undos took back
    last = checkpoints.EVERY + 7
    assert (snap.last_active, snap.last_undone) == (last - 9, last - 8)


def test_a_checkpoint_from_other_rules_code_is_ignored(long_game):
    url, app, game_id = long_game
    with app.app_context():
        s = store.session()
        row = s.get(Checkpoint, game_id)
        row.code, row.snapshot = "other-code", b"not a snapshot"
        s.commit()
    assert fresh_state(url, game_id) == replayed(app, game_id)
