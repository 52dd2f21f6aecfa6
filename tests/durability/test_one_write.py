"""What a recorded action promises (companion/store/recording.py record): a form sent twice is
stored once and answered as the first time; an action and the box data it implies are one
transaction; a step is one write that reads its game once (an undo reads the log once); a step
sent from a page another process outdated is applied on top of that process's step or refused;
SQLite syncs every commit."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import event, select, text

from companion import store
from companion.games import get_game
from companion.games.core import StaleAction
from companion.store.db import BoxData, Game
from tests.table_helpers import csrf_of, sample_game, sample_setup
from tests.web.table import WebTable

ONCE = re.compile(r'name="once" value="([^"]+)"')


def hadara(client, app) -> WebTable:
    rules = get_game("hadara")
    with app.app_context():
        token = store.create_game(rules, sample_setup(rules)).play_token
    return WebTable(client, app, f"/g/{token}")


def form_keys(page: str) -> list[str]:
    return ONCE.findall(page)


def test_every_action_form_on_the_page_carries_its_own_one_time_key(client, app):
    table = hadara(client, app)
    keys = form_keys(table.page)
    assert len(keys) >= 3 and len(set(keys)) == len(keys)
    assert set(form_keys(table.refresh())).isdisjoint(keys)  # a new page, new keys


@pytest.mark.parametrize("accept", ["application/json", "text/html"])
def test_the_same_form_sent_twice_is_stored_once_and_answered_as_the_first_time(
        client, app, accept):
    table = hadara(client, app)
    form = {"csrf_token": table.csrf, "version": table.version, "once": form_keys(table.page)[0],
            "player": 0, "value": "coins", "delta": 1}
    first = client.post(f"{table.path}/do/correct", data=form, headers={"Accept": accept})
    again = client.post(f"{table.path}/do/correct", data=form, headers={"Accept": accept})
    assert first.status_code == again.status_code == (200 if accept == "application/json"
                                                      else 303)
    assert first.get_data() == again.get_data()
    assert [r.kind for r in table.rows()] == ["correct"]
    # another form (another key) is another tap: a +1 on top of a +1
    client.post(f"{table.path}/do/correct", data={**form, "once": "another-key-1"})
    assert len(table.rows()) == 2


def test_a_turn_action_tapped_twice_by_one_form_counts_once(client, app):
    """Two taps on one turn action (Hexemonia's production) send the same form: the second gets
    the first's answer, neither a second production nor a stale-page refusal (review
    table-ux-2 B3)."""
    rules = get_game("hexemonia")
    with app.app_context():
        token = store.create_game(rules, sample_setup(rules)).play_token
    table = WebTable(client, app, f"/g/{token}")
    table.do("take", hexes=2)  # phase A comes first (the phases are in order)
    form = {"csrf_token": table.csrf, "version": table.version, "once": "one-form-key"}
    answers = [client.post(f"{table.path}/do/production", data=form,
                           headers={"Accept": "application/json"}) for _ in range(2)]
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].get_json() == answers[1].get_json()
    assert [r.kind for r in table.rows()] == ["take", "production"]
    # without a key the same stale form is refused, not applied twice
    del form["once"]
    assert client.post(f"{table.path}/do/production", data=form).status_code == 409


def refuse_box_data(app) -> None:
    """Make the database itself refuse any new box data (a real failure, not a stub)."""
    with app.extensions["db_engine"].begin() as conn:
        conn.execute(text("CREATE TRIGGER no_box BEFORE INSERT ON box_data "
                          "BEGIN SELECT RAISE(ABORT, 'box data refused'); END"))
    app.config["PROPAGATE_EXCEPTIONS"] = False  # answer as production does


def test_an_action_whose_box_data_cannot_be_stored_is_not_stored_either(client, app):
    """The action and the box data it implies are one transaction: if the box data cannot be
    written, nothing is, and the phone is not told the action counted (review security M5).
    Here: a ruling switched with "remember this house rule"."""
    table = hadara(client, app)
    refuse_box_data(app)
    resp = client.post(f"/rules/hadara/rulings/{table.path.rsplit('/', 1)[-1]}", data={
        "csrf_token": table.csrf, "version": table.version, "ruling": "HAD-1",
        "reading": "all-coins", "remember": "y"})
    assert resp.status_code >= 500
    assert table.rows() == []
    with app.app_context():
        assert store.session().scalar(select(Game.version)) == 0
        assert store.session().scalars(select(BoxData)).all() == []


def test_a_game_whose_setup_box_data_cannot_be_stored_is_not_created(client, app):
    """A new game and the setup cards it tells are one transaction (review security M5)."""
    refuse_box_data(app)
    setup = sample_setup(get_game("hadara"))
    form = {"csrf_token": csrf_of(client, "/new/hadara")}
    for i, player in enumerate(setup["players"]):
        form.update({f"players-{i}-{k}": v for k, v in player.items()})
    assert client.post("/new/hadara", data=form).status_code >= 500
    with app.app_context():
        assert store.session().scalars(select(Game)).all() == []


class LockTrace:
    """Every statement SQLite runs while a connection holds the write lock, as SQLite itself
    reports them (whatever runs the SQL): from a BEGIN IMMEDIATE, or from the first statement
    that writes after a plain BEGIN, to the COMMIT or ROLLBACK (not included)."""

    def __init__(self, app) -> None:
        self.engine, self.locked = app.extensions["db_engine"], []
        self.began = self.inside = False

    def __call__(self, sql: str) -> None:
        word = sql.split(None, 1)[0].upper() if sql.strip() else ""
        if word == "BEGIN":
            self.began, self.inside = True, "IMMEDIATE" in sql.upper()
        elif word in ("COMMIT", "ROLLBACK"):
            self.began = self.inside = False
        else:
            self.inside = self.inside or (self.began and word in ("INSERT", "UPDATE", "DELETE"))
            if self.inside:
                self.locked.append(sql)

    def __enter__(self) -> list[str]:
        self.engine.dispose()  # new connections, each traced
        event.listen(self.engine, "connect", self._listen)
        return self.locked

    def __exit__(self, *_exc) -> None:
        event.remove(self.engine, "connect", self._listen)
        self.engine.dispose()

    def _listen(self, dbapi_conn, _record) -> None:
        dbapi_conn.set_trace_callback(self)


def test_an_undo_reads_the_log_once_in_its_one_write_on_a_long_game(app):
    """Undo names its target by one indexed read and folds the log it reads once, in the same
    transaction as its write (the log cannot change between the fold and the write)."""
    game = sample_game(app)
    with app.app_context():
        for _ in range(300):
            store.record(game.id, "correct", {"player": 0, "value": "coins", "delta": 1})
    with LockTrace(app) as locked, app.app_context():
        done = store.record(game.id, "undo", {})
    assert any(sql.startswith("INSERT INTO actions") for sql in locked)
    reads = [sql for sql in locked if sql.startswith("SELECT") and "FROM actions" in sql
             and not re.search(r"\b(seq|once) = ", sql)]
    assert len(reads) == 1, reads  # the whole log, once
    assert done.data == {"target": 300}


def test_a_step_in_the_middle_of_a_game_is_one_write_that_reads_its_game_once(app):
    """From the write lock (taken at BEGIN IMMEDIATE) to the commit: the game read once, its
    version moved on, the new entry; nothing else (a step that neither ends a game nor follows
    its end changes no group's play, and the state comes from the states this process keeps)."""
    game = sample_game(app)
    with app.app_context():
        store.record(game.id, "correct", {"player": 0, "value": "coins", "delta": 1})
    with LockTrace(app) as locked, app.app_context():
        store.record(game.id, "correct", {"player": 0, "value": "coins", "delta": 1})
    assert [sql.split(None, 3)[:3] for sql in locked] == [
        ["SELECT", "games.id,", "games.slug,"], ["UPDATE", "games", "SET"],
        ["INSERT", "INTO", "actions"]]
    with app.app_context():
        assert store.session().get(Game, game.id).version == 2


def test_sqlite_syncs_every_commit_to_survive_a_power_loss(app):
    with app.extensions["db_engine"].connect() as conn:
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"


def test_a_commutative_step_sent_from_a_page_another_process_outdated_is_applied_on_top(
        two_processes):
    """This process keeps the game's state at the version its page showed; another process
    recorded a step since: the write reads the game (locked), brings the kept state up to it
    and applies the +1 on top."""
    here, other = two_processes
    rules, game_id = get_game("hadara"), sample_game(here).id
    with here.app_context():
        coins = store.state_of(store.session().get(Game, game_id)).players[0].coins
    plus_one = {"player": 0, "value": "coins", "delta": 1}
    with other.app_context():
        store.record(game_id, "correct", plus_one)
    with here.app_context():
        done = store.record(game_id, "correct", plus_one, version=0)
        game = store.session().get(Game, game_id)
        rows = store.rows_of(store.session(), game_id)
        shown = store.state_of(game)
    assert done.version == game.version == 2
    assert [r.seq for r in rows] == [1, 2]
    assert shown.players[0].coins == coins + 2
    assert shown == rules.fold(game.setup, store.entries_of(rows))


def test_a_stale_step_is_refused_and_leaves_the_version_where_the_other_process_put_it(
        two_processes):
    here, other = two_processes
    game_id = sample_game(here, "hexemonia").id
    with other.app_context():
        store.record(game_id, "take", {"hexes": 2})
    with here.app_context(), pytest.raises(StaleAction):
        store.record(game_id, "take", {"hexes": 2}, version=0)
    with here.app_context():
        assert store.session().get(Game, game_id).version == 1
        assert [(r.seq, r.kind) for r in store.rows_of(store.session(), game_id)] == [
            (1, "take")]
