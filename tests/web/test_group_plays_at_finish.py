"""A group's play is recorded by the write that finishes its game, never by a page view (issue
21): a GET of any group page leaves the database as it was; games finished before are caught
up once, by migration 0010."""
from __future__ import annotations

from sqlalchemy import inspect, text

from alembic import command
from companion.store import migrations
from companion.store.db import Play, session

from .groups import add, finished_game
from .groups import group_made as new_group


def dump(app) -> dict:
    """Every row of every table, to compare before and after."""
    engine = app.extensions["db_engine"]
    with engine.connect() as conn:
        return {name: sorted(map(repr, conn.execute(text(f'SELECT * FROM "{name}"')).all()))
                for name in inspect(conn).get_table_names()}


def plays(app) -> list:
    with app.app_context():
        return [(p.game_id, sorted((s["name"], s["place"]) for s in p.record["players"]))
                for p in session().query(Play)]


def test_the_step_that_finishes_a_group_game_records_its_play_without_any_page_view(client,
                                                                                   app):
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    table = finished_game(client, app, group, ["Ana", "Ben"], [2, 5])
    assert [names for _, names in plays(app)] == [[("Ana", 2), ("Ben", 1)]]
    table.post("undo")  # the end taken back: no play until it ends again
    assert plays(app) == []
    table.do("time_up")
    assert len(plays(app)) == 1


def test_a_get_of_the_group_pages_never_writes(client, app):
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    finished_game(client, app, group, ["Ana", "Ben"], [2, 5])
    with app.app_context():  # as a game finished before plays were recorded at the end
        session().query(Play).delete()
        session().commit()
    before = dump(app)
    for page in ("", "/stats", "/plays.json", "/plays.csv", "/export.json"):
        assert client.get(group + page).status_code == 200
    assert dump(app) == before


def test_games_finished_before_get_their_play_once_from_the_migration(database_url):
    from companion import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "DATABASE_URL": database_url})
    migrations.upgrade(app)
    client = app.test_client()
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    finished_game(client, app, group, ["Ana", "Ben"], [4, 1])
    kept = plays(app)
    # (the app's code writes the tables as they are now: the database is taken back after)
    with app.extensions["db_engine"].begin() as conn:
        command.downgrade(migrations.alembic_config(conn), "0009_box_owners")
        conn.execute(text("DELETE FROM plays"))  # finished before 0010: no play yet
    migrations.upgrade(app)
    assert migrations.current(app) == migrations.HEAD
    assert plays(app) == kept and kept and kept[0][1] == [("Ana", 1), ("Ben", 2)]
    migrations.upgrade(app)  # once: nothing made twice
    assert plays(app) == kept
    app.extensions["db_engine"].dispose()
