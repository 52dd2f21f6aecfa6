"""A process keeps the states it folded (store.snapshot_of); when another process recorded the
newest entries, it brings its newest kept state up to date with just those entries, and folds the
whole log again only when an undo or redo is among them."""
from __future__ import annotations

from companion import store
from companion.games import get_game
from companion.store.db import Game
from tests.table_helpers import sample_setup


def record(app, game_id: int, kind: str, data: dict, times: int = 1) -> None:
    with app.app_context():
        for _ in range(times):
            store.record(game_id, kind, data)


def seen_by(app, game_id: int, applied: list) -> tuple:
    """The state ``app`` shows of the game now, and the same state folded from the whole log;
    every entry the rules apply meanwhile is added to ``applied``."""
    rules = get_game("hadara")
    real = rules.apply
    spy = lambda state, kind, data, by="": (applied.append(kind), real(state, kind, data, by))[1]
    with app.app_context():
        game = store.session().get(Game, game_id)
        rules.apply = spy
        try:
            shown = store.state_of(game)
        finally:
            del rules.apply  # the class's own method again
        log = store.entries_of(store.rows_of(store.session(), game_id))
        return shown, rules.fold(game.setup, log)


def test_a_version_recorded_elsewhere_is_the_kept_state_plus_only_the_new_entries(two_processes):
    writer, reader = two_processes
    rules = get_game("hadara")
    with writer.app_context():
        game_id = store.create_game(rules, sample_setup(rules)).id
    coins = {"player": 0, "value": "coins", "delta": 1}
    record(writer, game_id, "correct", coins, times=40)
    applied: list = []
    seen_by(reader, game_id, applied)  # the reader folds the whole log once
    assert len(applied) == 40
    record(writer, game_id, "correct", coins, times=3)
    applied.clear()
    shown, folded = seen_by(reader, game_id, applied)
    assert applied == ["correct"] * 3
    assert shown == folded


def test_an_undo_recorded_elsewhere_folds_the_whole_log_again(two_processes):
    writer, reader = two_processes
    rules = get_game("hadara")
    with writer.app_context():
        game_id = store.create_game(rules, sample_setup(rules)).id
    record(writer, game_id, "correct", {"player": 1, "value": "coins", "delta": 2}, times=5)
    seen_by(reader, game_id, [])
    record(writer, game_id, "undo", {})
    applied: list = []
    shown, folded = seen_by(reader, game_id, applied)
    assert len(applied) == 4  # the four entries still in force, from the setup
    assert shown == folded
    start = sample_setup(rules)["players"][1]["coins"]
    assert shown.players[1].coins == start + 4 * 2


def test_a_void_or_an_amendment_recorded_elsewhere_is_shown_as_the_whole_log_folds(two_processes):
    writer, reader = two_processes
    rules = get_game("hadara")
    with writer.app_context():
        game_id = store.create_game(rules, sample_setup(rules)).id
    record(writer, game_id, "correct", {"player": 2, "value": "coins", "delta": 3}, times=4)
    seen_by(reader, game_id, [])
    record(writer, game_id, "void", {"targets": [2]})
    record(writer, game_id, "amend", {"target": 3, "data": {"player": 2, "value": "coins",
                                                            "delta": 5}})
    shown, folded = seen_by(reader, game_id, [])
    assert shown == folded
    start = sample_setup(rules)["players"][2]["coins"]
    assert shown.players[2].coins == start + 3 + 5 + 3  # step 2 void, step 3 now +5
