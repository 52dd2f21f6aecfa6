"""A game's log read back for the fold (store.log._entries reads the data as stored JSON text and
parses them all at once) is the log as the ORM's JSON column reads it, row by row: every value,
in order, within the bounds asked. On SQLite and on PostgreSQL."""
from __future__ import annotations

from companion import store
from companion.db import Action, write_session
from companion.games import get_game
from tests.table_helpers import sample_setup

# values a JSON text could be split or read wrongly at: commas, brackets and quotes inside
# strings, nesting, unicode, numbers of each kind, empty containers
DATA = [
    {"player": 0, "value": "coins", "delta": -3},
    {"text": 'a, "b" ], [ {c}', "nested": {"list": [1, [2, {}], []], "none": None}},
    {},
    {"name": "Zoë 🐫 \\ / \n", "half": 0.5, "big": 10**15, "yes": True, "no": False},
    {"targets": [2, 1]},
]


def test_the_log_read_for_the_fold_is_the_log_the_orm_reads(db_app):
    rules = get_game("hadara")
    with db_app.app_context():
        game_id = store.create_game(rules, sample_setup(rules)).id
        with write_session() as s:
            s.add_all(Action(game_id=game_id, seq=seq, kind=f"kind{seq}", data=data,
                             by="" if seq % 2 else f"phone {seq}")
                      for seq, data in enumerate(DATA, start=1))
            s.commit()
        s = store.session()
        by_orm = store.entries_of(store.rows_of(s, game_id))
        assert [e.data for e in by_orm] == DATA
        assert store.log._entries(s, game_id) == by_orm
        assert store.log._entries(s, game_id, after=1, upto=4) == by_orm[1:4]
        assert store.log._entries(s, game_id, after=len(DATA)) == []
