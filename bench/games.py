"""The benchmark's database: games built through companion.store inside an app context."""
from __future__ import annotations

from typing import Any

from companion import create_app, store
from companion.games import get_game

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")


def hadara_setup(players: int) -> dict[str, Any]:
    return {"players": [{"name": NAMES[i], "initiative": i + 1, "coins": 10, "income": 2,
                         "military": 1, "culture": 1, "food": 2} for i in range(players)],
            "rulings": {}}


def _epoch(game_id: int, players: int) -> None:
    """One Hadara epoch by selling every card and closing every step."""
    rec = store.record
    for _ in range(5):
        for seat in range(players):
            rec(game_id, "sell", {"player": seat})
    for kind in ("next", "income", "next", "next",  # phase A: cards, income, colony, statue
                 "next", "income", "next", "next", "next", "next"):  # phase B
        rec(game_id, kind, {})


def corrections(game_id: int, count: int) -> None:
    for i in range(count):
        store.record(game_id, "correct", {"player": i % 2, "value": "coins",
                                          "delta": 1 if i % 3 else 2})


def build(database_url: str) -> dict[str, dict[str, Any]]:
    """The games the benchmark reads: a 5-player game in epoch III, games of 10 and 5,000
    actions, and a game that takes the benchmark's POSTs."""
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": database_url,
                      "CREATE_TABLES": True})
    rules = get_game("hadara")
    out = {}
    with app.app_context():
        five = store.create_game(rules, hadara_setup(5))
        for _ in range(2):
            _epoch(five.id, 5)
        state = store.state_of(store.session().get(type(five), five.id))
        assert state.epoch == 3, state
        out["epoch3"] = five
        for name, count in (("small", 10), ("large", 5000)):
            game = store.create_game(rules, hadara_setup(2))
            corrections(game.id, count)
            out[name] = game
        out["posts"] = store.create_game(rules, hadara_setup(2))
    with app.app_context():  # a fresh read transaction sees every game written above
        result = {k: {"id": g.id, "token": g.play_token,
                      "version": store.session().get(type(g), g.id).version}
                  for k, g in out.items()}
    with app.extensions["db_engine"].connect() as conn:  # start the benchmark with an empty WAL
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    app.extensions["db_engine"].dispose()
    return result
