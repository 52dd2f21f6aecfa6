"""A tap is one write (companion/store/writes.py, store.record): from the read of its game to the
commit one transaction, the game read once (locked on PostgreSQL), its fields read by the rules once
(the page's own checks, asking first and confirming a close, share that reading); tried again
only when it lost a real conflict, and the answer says so. On SQLite and PostgreSQL."""
from __future__ import annotations

import re
import sqlite3
import threading

import pytest
from sqlalchemy import event, text

from companion import store
from companion.games import get_game
from tests.conftest import csrf_of
from tests.table_helpers import sample_setup

ONCE = re.compile(r'name="once" value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
PLUS_ONE = {"player": "0", "value": "coins", "delta": "1"}


class Tapping:
    """What the database and the rules were asked while one request ran: the transactions begun
    and committed (the engine's events), the statements, and the rules' readings of a tap's
    fields (``check_action``, the rules' own method, watched)."""

    def __init__(self, app, monkeypatch) -> None:
        self.engine, self.on = app.extensions["db_engine"], False
        self.begun = self.committed = self.checked = 0
        self.statements: list[str] = []
        rules = get_game("hadara")
        real = rules.check_action

        def check_action(*args, **kwargs):
            self.checked += self.on
            return real(*args, **kwargs)

        monkeypatch.setattr(rules, "check_action", check_action)
        event.listen(self.engine, "begin", self._begin)
        event.listen(self.engine, "commit", self._commit)
        event.listen(self.engine, "before_cursor_execute", self._statement)

    def _begin(self, _conn) -> None:
        self.begun += self.on

    def _commit(self, _conn) -> None:
        self.committed += self.on

    def _statement(self, _conn, _cursor, sql, *_args) -> None:
        if self.on and not sql.startswith("BEGIN"):
            self.statements.append(" ".join(sql.split()))

    def post(self, client, path: str, data: dict):
        self.on = True
        try:
            return client.post(path, data=data, headers={"Accept": "application/json"})
        finally:
            self.on = False

    def close(self) -> None:
        for name, fn in (("begin", self._begin), ("commit", self._commit),
                         ("before_cursor_execute", self._statement)):
            event.remove(self.engine, name, fn)


@pytest.fixture
def seated(db_app):
    """A Hadara game and a phone seated as its first player (its taps read the seat too)."""
    with db_app.app_context():
        token = store.create_game(get_game("hadara"), sample_setup(get_game("hadara"))).play_token
    client = db_app.test_client()
    client.post(f"/g/{token}/seat", data={"csrf_token": csrf_of(client, f"/g/{token}"),
                                          "seat": "0"})
    return client, f"/g/{token}"


def form(client, path: str, **values) -> dict:
    """A form of the game's page as the phone has it: its CSRF token, version and one-time key."""
    page = client.get(path).get_data(as_text=True)
    return {"csrf_token": csrf_of(client, path), "version": VERSION.search(page).group(1),
            "once": ONCE.findall(page)[0], **values}


def tap(client, path: str, suffix: str = "do/correct", **values) -> dict:
    resp = client.post(f"{path}/{suffix}", data=form(client, path, **values),
                       headers={"Accept": "application/json"})
    assert resp.status_code == 200, resp.get_data(as_text=True)[:500]
    return resp.get_json()


#: each case: the taps before it, then the tap watched (where it posts, its values)
CASES = {
    "a plain tap": ([], "do/correct", {}),
    "a commutative tap sent from an old version": (["do/correct"], "do/correct",
                                                   {"version": "0"}),
    "an undo": (["do/correct"], "undo", {}),
    "a void": (["do/correct", "do/correct"], "void", {"targets": "1"}),
}


@pytest.mark.parametrize("case", CASES)
def test_a_tap_is_one_transaction_that_reads_its_game_once_and_its_fields_once(
        db_app, seated, monkeypatch, case):
    client, path = seated
    before, suffix, extra = CASES[case]
    for earlier in before:
        tap(client, path, earlier, **PLUS_ONE)
    sent = form(client, path, **(PLUS_ONE if suffix == "do/correct" else {}), **extra)
    watched = Tapping(db_app, monkeypatch)
    try:
        resp = watched.post(client, f"{path}/{suffix}", sent)
    finally:
        watched.close()
    assert resp.status_code == 200 and resp.get_json()["ok"] is True
    assert resp.get_json()["version"] == len(before) + 1 and "retried" not in resp.get_json()
    assert (watched.begun, watched.committed) == (1, 1)
    assert watched.checked == 1
    games = [sql for sql in watched.statements if " FROM games" in sql]
    assert len(games) == 1, games
    if db_app.extensions["db_engine"].dialect.name == "postgresql":
        assert games[0].endswith("FOR UPDATE")


def test_a_tap_asked_first_for_another_player_reads_its_fields_once_and_stores_nothing(
        db_app, seated, monkeypatch):
    client, path = seated
    watched = Tapping(db_app, monkeypatch)
    try:
        resp = watched.post(client, f"{path}/do/correct", form(client, path, **{
            **PLUS_ONE, "player": "1"}))
    finally:
        watched.close()
    assert resp.status_code == 428 and resp.get_json()["ask"] is True
    assert watched.checked == 1 and watched.committed == 0
    with db_app.app_context():
        assert store.rows_of(store.session(), 1) == []


def test_a_tap_that_lost_a_real_conflict_is_tried_again_and_the_answer_says_so(
        app, client, monkeypatch):
    """Another writer holds SQLite's write lock past the tap's busy wait (made short here):
    the tap's first try fails on "database is locked", nothing of it is kept, and it is tried
    again as a whole once the lock is free: recorded once, and its answer says it was
    retried."""
    engine = app.extensions["db_engine"]
    event.listen(engine, "connect", lambda conn, _record: conn.execute(
        "PRAGMA busy_timeout=50"))
    engine.dispose()  # (new connections, each with the short wait)
    with app.app_context():
        token = store.create_game(get_game("hadara"), sample_setup(get_game("hadara"))).play_token
    path = f"/g/{token}"
    sent = form(client, path, **PLUS_ONE)
    refused, holder_in = threading.Event(), threading.Event()
    event.listen(engine, "handle_error", lambda _ctx: refused.set())

    def hold_the_lock():  # (another writer: a connection of its own to the same file)
        other = sqlite3.connect(engine.url.database, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        holder_in.set()
        refused.wait(10)
        other.execute("ROLLBACK")
        other.close()

    holder = threading.Thread(target=hold_the_lock)
    holder.start()
    assert holder_in.wait(10)
    try:
        resp = client.post(f"{path}/do/correct", data=sent,
                           headers={"Accept": "application/json"})
    finally:
        refused.set()
        holder.join(10)
    assert resp.status_code == 200, resp.get_data(as_text=True)[:500]
    assert resp.get_json()["ok"] is True and resp.get_json()["retried"] >= 1
    with app.app_context():
        assert [r.seq for r in store.rows_of(store.session(), 1)] == [1]
        assert store.session().execute(text("SELECT version FROM games")).scalar() == 1
