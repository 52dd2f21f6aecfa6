"""A game's log as the rules fold it is the log as the ORM's JSON column reads it, row by row:
every value, in order, within the versions asked (the store reads the data as stored JSON text
and parses them all at once). Seen through what ``store.state_of`` hands the rules to replay, on
SQLite and on PostgreSQL."""
from __future__ import annotations

from companion import store
from companion.games import get_game
from companion.store.db import Action, Game, write_session
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


def replayed_at(app, game_id: int, version: int) -> list[list]:
    """The game's state read at ``version`` (its row says so): each list of entries the rules
    were given to replay meanwhile."""
    rules, given = get_game("hadara"), []
    real = rules.replay

    def spy(state, entries, **how):
        entries = list(entries)
        given.append(entries)
        return real(state, entries, **how)

    with app.app_context():
        with write_session() as s:
            s.get(Game, game_id).version = version
            s.commit()
        rules.replay = spy
        try:
            store.state_of(store.session().get(Game, game_id))
        finally:
            del rules.replay  # the class's own method again
    return given


def test_the_log_the_rules_fold_is_the_log_the_orm_reads(db_app):
    rules = get_game("hadara")
    with db_app.app_context():
        game_id = store.create_game(rules, sample_setup(rules)).id
        with write_session() as s:
            s.add_all(Action(game_id=game_id, seq=seq, kind=f"kind{seq}", data=data,
                             by="" if seq % 2 else f"phone {seq}")
                      for seq, data in enumerate(DATA, start=1))
            s.commit()
        by_orm = store.entries_of(store.rows_of(store.session(), game_id))
    assert [e.data for e in by_orm] == DATA
    # at each version, the entries after the newest state the process keeps (the game as
    # made, then the version read before), up to the version; then, as the rules refuse the
    # made-up kinds of those entries, the whole log up to the version
    assert replayed_at(db_app, game_id, 1) == [by_orm[:1], by_orm[:1]]
    assert replayed_at(db_app, game_id, 4) == [by_orm[1:4], by_orm[:4]]
    assert replayed_at(db_app, game_id, len(DATA)) == [by_orm[4:], by_orm]
