"""The held version check (companion/store/live.py): a phone that already shows the game's version
and asks to wait gets its answer when the version moves, from a tap in this process or in another
one (the watcher, with SQLite) or on another server (the database's notification, with
PostgreSQL), or a 304 when the wait ends; the wait is bounded, and so is the number of held
checks."""
from __future__ import annotations

import threading
import time

import pytest
from flask.sessions import SecureCookieSessionInterface

from companion import create_app, store
from companion.store import live
from companion.store.migrations import upgrade
from tests.table_helpers import csrf_of, fresh_pg_database
from tests.table_helpers import sample_game as new_game


def correct_later(app, game, watched=None) -> threading.Thread:
    """A phone's correction (+1 coin for the first player) made through ``app``: at once, or,
    given the app ``watched``, as soon as a check is held there (so the check waits first)."""
    phone = app.test_client()
    token = csrf_of(phone, f"/g/{game.play_token}")

    def tap():
        if watched is not None:
            held_now(watched)
        resp = phone.post(f"/g/{game.play_token}/do/correct",
                          headers={"Accept": "application/json"},
                          data={"csrf_token": token, "player": "0", "value": "coins",
                                "delta": "1"})
        assert resp.get_json()["ok"] is True, resp.get_data(as_text=True)

    thread = threading.Thread(target=tap)
    thread.start()
    return thread


def held_now(app, count: int = 1) -> None:
    """Return once ``count`` checks are held in ``app`` (a safety bound, not a measure)."""
    for _ in range(2000):
        if app.extensions["live"].count >= count:
            return
        time.sleep(0.005)
    raise AssertionError(f"no {count} held check(s) in the app")


@pytest.fixture
def waits(app, monkeypatch) -> list[tuple[float, int | None]]:
    """Each wait of a check held by ``app`` (the real one): the seconds it was given and what it
    returned (the new version, or None when it ended without one)."""
    return waits_of(app, monkeypatch)


def waits_of(app, monkeypatch) -> list[tuple[float, int | None]]:
    live_ = app.extensions["live"]
    real, seen = live_.wait, []

    def recorded(game_id, version, seconds):
        answer = real(game_id, version, seconds)
        seen.append((seconds, answer))
        return answer

    monkeypatch.setattr(live_, "wait", recorded)
    return seen


def held_check(client, token: str, version: int, wait: int):
    return client.get(f"/g/{token}/v?wait={wait}", headers={"If-None-Match": f'"{version}"'})


def test_a_held_check_answers_as_soon_as_a_tap_moves_the_game(app, waits):
    game = new_game(app)
    tap = correct_later(app, game, watched=app)
    resp = held_check(app.test_client(), game.watch_token, 0, wait=20)
    tap.join()
    assert resp.status_code == 200 and resp.get_json() == {"version": 1}
    assert resp.headers["ETag"] == '"1"'
    assert waits == [(20.0, 1)]  # held, and woken by the tap (not at the wait's end: None)


def test_a_held_check_notices_a_tap_another_server_process_recorded(app, waits):
    """Another process is another app on the same SQLite database: its write wakes nobody
    here, the watcher thread reads it."""
    game = new_game(app)
    other = create_app({"TESTING": True, "SECRET_KEY": "test-key",
                        "DATABASE_URL": app.config["DATABASE_URL"]})
    try:
        tap = correct_later(other, game, watched=app)
        resp = held_check(app.test_client(), game.play_token, 0, wait=20)
        tap.join()
    finally:
        other.extensions["db_engine"].dispose()
    assert resp.status_code == 200 and resp.get_json() == {"version": 1}
    assert waits == [(20.0, 1)]  # held when the other process tapped, woken by the watcher


def test_the_sqlite_watcher_reads_the_versions_only_after_the_database_changed(app):
    """Between two looks with no write in between, SQLite's data_version says nothing changed
    (the watcher then reads no table); a write by any connection says it did."""
    changed = live.sqlite_changes(app.extensions["db_engine"])
    game = new_game(app)
    assert changed() is True  # (the first look: not known before)
    assert changed() is False
    correct_later(app, game).join()
    assert changed() is True
    assert changed() is False


def test_a_change_heard_before_a_check_begins_to_wait_is_not_missed(app):
    """A phone read version 0, another process's change was heard before its check began to
    wait (nobody was waiting to be woken): the check answers at once with it."""
    game = new_game(app)
    with app.app_context():
        game_id = store.find_game(game.play_token)[0].id
    app.extensions["live"].moved(game_id, 1)
    assert app.extensions["live"].wait(game_id, 0, 20) == 1


@pytest.mark.postgres
def test_with_postgresql_a_tap_on_another_server_is_told_to_a_held_check_by_the_database(
        pg_server):
    """Two servers (apps) on one PostgreSQL database, whose watchers read the versions only
    every 10 minutes: a tap on one wakes the check held on the other, told by the database's
    notification sent at the tap's commit."""
    url = fresh_pg_database(pg_server)
    here, there = (create_app({"TESTING": True, "SECRET_KEY": "test-key",
                               "DATABASE_URL": url, "LIVE_WATCH_SECONDS": 600})
                   for _ in range(2))
    upgrade(here)
    try:
        game = new_game(there)
        assert held_check(here.test_client(), game.play_token, 0, wait=1).status_code == 304
        assert here.extensions["live"].listening.wait(10)  # (the watcher read once, sleeps)
        tap = correct_later(there, game, watched=here)
        resp = held_check(here.test_client(), game.play_token, 0, wait=20)
        tap.join()
    finally:
        for app in (here, there):
            app.extensions["live"].close()
            app.extensions["db_engine"].dispose()
    assert resp.status_code == 200 and resp.get_json() == {"version": 1}


def test_a_held_check_with_no_change_ends_with_304_when_its_wait_ends(app, waits):
    app.config["LIVE_WAIT_SECONDS"] = 1
    game = new_game(app)
    resp = held_check(app.test_client(), game.play_token, 0, wait=30)
    assert resp.status_code == 304
    assert waits == [(1.0, None)]  # held for the server's limit (1 s), not the 30 s asked


def test_a_phone_behind_the_game_is_answered_at_once_even_when_it_asks_to_wait(app, waits):
    game = new_game(app)
    correct_later(app, game).join()
    resp = held_check(app.test_client(), game.play_token, 0, wait=20)
    assert resp.status_code == 200 and resp.get_json() == {"version": 1}
    assert waits == []  # not held at all


def test_a_check_that_does_not_ask_to_wait_is_answered_at_once(app, waits):
    game = new_game(app)
    client = app.test_client()
    resp = client.get(f"/g/{game.play_token}/v", headers={"If-None-Match": '"0"'})
    assert resp.status_code == 304 and waits == []


@pytest.fixture
def keeping_one(tmp_path):
    """An app whose process keeps at most one held check (``LIVE_MAX_WAITING``)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-key", "CREATE_TABLES": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite'}",
                      "LIVE_MAX_WAITING": 1})
    yield app
    app.extensions["live"].close()
    app.extensions["db_engine"].dispose()


def test_beyond_the_held_checks_a_process_may_keep_a_check_is_answered_at_once(keeping_one,
                                                                               monkeypatch):
    app = keeping_one
    waits = waits_of(app, monkeypatch)
    game = new_game(app)
    first = threading.Thread(target=held_check,
                             args=(app.test_client(), game.play_token, 0, 20))
    first.start()
    held_now(app)
    resp = held_check(app.test_client(), game.play_token, 0, wait=20)
    # answered while the first check still waits (the script then asks every few seconds)
    assert resp.status_code == 304 and app.extensions["live"].count == 1
    assert waits == [(20.0, None)]
    correct_later(app, game).join()  # (the first check ends with the tap)
    first.join()
    assert waits == [(20.0, None), (20.0, 1)]


def test_a_wait_that_is_not_a_small_number_is_no_wait(app, waits):
    game = new_game(app)
    client = app.test_client()
    for asked in ("-5", "abc", "99999", "1.5"):
        resp = client.get(f"/g/{game.play_token}/v?wait={asked}",
                          headers={"If-None-Match": '"0"'})
        assert resp.status_code == 304 and waits == [], asked


def test_the_game_page_tells_its_script_how_long_checks_wait(app):
    game = new_game(app)
    page = app.test_client().get(f"/g/{game.play_token}").get_data(as_text=True)
    assert f'data-hold="{app.config["LIVE_WAIT_SECONDS"]}"' in page
    assert f'data-poll="{app.config["LIVE_POLL_SECONDS"]}"' in page


def test_the_version_check_opens_no_phone_session_where_the_game_page_does(app, monkeypatch):
    opened: list[str] = []
    real = SecureCookieSessionInterface.open_session

    def spied(self, app_, request):
        opened.append(request.path)
        return real(self, app_, request)

    monkeypatch.setattr(SecureCookieSessionInterface, "open_session", spied)
    game = new_game(app)
    phone = app.test_client()
    page = f"/g/{game.play_token}"
    assert phone.post(f"{page}/seat", data={"csrf_token": csrf_of(phone, page),
                                            "seat": 0}).status_code == 303
    opened.clear()
    # a seated phone (its session cookie sent): the check answers from the game alone
    assert phone.get(f"{page}/v").get_json() == {"version": game.version}
    assert phone.get(f"{page}/v", headers={"If-None-Match": f'"{game.version}"'}
                     ).status_code == 304
    assert phone.get("/g/nope0nope0nope0nope/v").status_code == 404
    assert opened == []
    assert phone.get(page).status_code == 200 and opened == [page]
