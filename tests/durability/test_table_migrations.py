"""Alembic migrations: an empty database is upgraded to exactly the models' schema, an existing
database survives another upgrade, and one made before migrations existed is adopted."""
from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from companion import create_app, store
from companion.games import get_game
from companion.store import db, migrations
from tests.table_helpers import sample_setup


def app_on(url: str, **extra):
    return create_app({"TESTING": True, "SECRET_KEY": "k", "DATABASE_URL": url, **extra})


def schema_differences(app) -> list:
    with app.extensions["db_engine"].connect() as conn:
        return compare_metadata(MigrationContext.configure(conn), db.Base.metadata)


def test_upgrade_of_an_empty_database_makes_the_models_tables(database_url):
    app = app_on(database_url)
    assert migrations.current(app) is None
    migrations.upgrade(app)
    tables = set(inspect(app.extensions["db_engine"]).get_table_names())
    assert {"games", "actions", "box_data", "alembic_version"} <= tables
    assert migrations.current(app) == migrations.HEAD
    assert schema_differences(app) == []  # the revision matches db.py exactly
    app.extensions["db_engine"].dispose()


def test_an_existing_database_survives_upgrading_again(db_app):
    with db_app.app_context():
        game = store.create_game(get_game("hadara"), sample_setup(get_game("hadara")))
        store.record(game.id, "correct", {"player": 0, "value": "coins", "delta": 3})
    migrations.upgrade(db_app)
    migrations.upgrade(db_app)
    with db_app.app_context():
        found, can_play = store.find_game(game.play_token)
        assert can_play and found.version == 1
        assert [r.text for r in store.rows_of(store.session(), game.id)][0].startswith(
            "Correction")


def test_a_database_made_before_migrations_is_adopted_not_recreated(tmp_path):
    app = app_on(f"sqlite:///{tmp_path / 'old.sqlite'}", CREATE_TABLES=True)
    with app.app_context():
        game = store.create_game(get_game("hadara"), sample_setup(get_game("hadara")))
    assert migrations.current(app) is None
    migrations.upgrade(app)
    assert migrations.current(app) == migrations.HEAD
    with app.app_context():
        assert store.find_game(game.play_token) is not None
    app.extensions["db_engine"].dispose()


def test_init_db_command_runs_the_migrations(tmp_path):
    app = app_on(f"sqlite:///{tmp_path / 'cli.sqlite'}")
    with app.app_context():  # as `flask --app app init-db` does
        result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0 and "database ready" in result.output
    assert migrations.current(app) == migrations.HEAD
    app.extensions["db_engine"].dispose()


def test_a_log_from_before_translated_words_keeps_its_english_text(tmp_path):
    app = app_on(f"sqlite:///{tmp_path / 'v1.sqlite'}")
    migrations.upgrade(app, migrations.BASELINE)
    with app.app_context():
        game = store.create_game(get_game("hadara"), sample_setup(get_game("hadara")))
        store.session().execute(text(
            "INSERT INTO actions (game_id, seq, kind, data, by, text, rule, is_correction, at) "
            "VALUES (:g, 1, 'correct', :d, '', 'Correction: old words', '', 1, :at)"),
            {"g": game.id, "d": '{"player": 0, "value": "coins", "delta": 3}',
             "at": db.utcnow()})
        store.session().execute(text("UPDATE games SET version = 1"))
        store.session().commit()
    migrations.upgrade(app)
    assert migrations.current(app) == migrations.HEAD
    with app.app_context():
        row = store.rows_of(store.session(), game.id)[0]
        assert row.words is None and row.said == "Correction: old words"
    app.extensions["db_engine"].dispose()


def test_the_logs_second_index_is_dropped_and_its_reads_still_use_an_index(tmp_path):
    app = app_on(f"sqlite:///{tmp_path / 'log.sqlite'}")
    migrations.upgrade(app, migrations.CHECKPOINTS)

    def indexes() -> set[str]:
        return {ix["name"] for ix in inspect(app.extensions["db_engine"]).get_indexes("actions")}

    assert "ix_actions_game_id" in indexes()
    migrations.upgrade(app)
    assert "ix_actions_game_id" not in indexes() and schema_differences(app) == []
    with app.extensions["db_engine"].connect() as conn:  # a game's log by the unique index
        plan = " ".join(str(row[-1]) for row in conn.exec_driver_sql(
            "EXPLAIN QUERY PLAN SELECT seq, data FROM actions WHERE game_id = 1 AND seq > 0 "
            "ORDER BY seq"))
    assert "uq_action_game_seq" in plan or "sqlite_autoindex_actions" in plan, plan
    app.extensions["db_engine"].dispose()


def test_the_rate_counts_table_goes_with_its_counts_and_comes_back_empty_on_downgrade(
        database_url):
    """The rate limits count in Flask-Limiter's storage now: an upgrade drops the table
    (0014), counts and all; a downgrade makes it again, empty."""
    from alembic import command

    app = app_on(database_url)
    migrations.upgrade(app, "0011_rate_counts")
    engine = app.extensions["db_engine"]
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO rate_counts (key, count, window_end) "
                          "VALUES ('limiter/192.0.2.1/ratelimit_join/10/1/minute', 4, 0)"))
    migrations.upgrade(app)
    assert "rate_counts" not in inspect(engine).get_table_names()
    assert migrations.current(app) == migrations.HEAD == "0014_no_rate_counts"
    assert schema_differences(app) == []
    with engine.begin() as conn:
        command.downgrade(migrations.alembic_config(conn), "-1")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM rate_counts")).scalar() == 0
    engine.dispose()
