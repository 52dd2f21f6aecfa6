"""The held version check (companion/live.py): a phone that already shows the game's version and
asks to wait gets its answer when the version moves, from a tap in this process or in another
one, or a 304 when the wait ends; the wait is bounded, and so is the number of held checks."""
from __future__ import annotations

import threading
import time

import pytest
from flask.sessions import SecureCookieSessionInterface

from companion import create_app, store
from companion.games import get_game
from tests.conftest import csrf_of
from tests.table_helpers import sample_setup


def new_game(app, slug: str = "hadara"):
    with app.app_context():
        return store.create_game(get_game(slug), sample_setup(get_game(slug), 3))


def correct_later(app, game, delay: float) -> threading.Thread:
    """A phone's correction (+1 coin for the first player), ``delay`` seconds from now."""
    phone = app.test_client()
    token = csrf_of(phone, f"/g/{game.play_token}")

    def tap():
        time.sleep(delay)
        resp = phone.post(f"/g/{game.play_token}/do/correct",
                          headers={"Accept": "application/json"},
                          data={"csrf_token": token, "player": "0", "value": "coins",
                                "delta": "1"})
        assert resp.get_json()["ok"] is True, resp.get_data(as_text=True)

    thread = threading.Thread(target=tap)
    thread.start()
    return thread


def held_check(client, token: str, version: int, wait: int):
    start = time.monotonic()
    resp = client.get(f"/g/{token}/v?wait={wait}", headers={"If-None-Match": f'"{version}"'})
    return resp, time.monotonic() - start


def test_a_held_check_answers_as_soon_as_a_tap_moves_the_game(app):
    game = new_game(app)
    tap = correct_later(app, game, 0.3)
    resp, took = held_check(app.test_client(), game.watch_token, 0, wait=20)
    tap.join()
    assert resp.status_code == 200 and resp.get_json() == {"version": 1}
    assert resp.headers["ETag"] == '"1"'
    assert 0.25 < took < 5  # held until the tap, not for the whole wait


def test_a_held_check_notices_a_tap_another_server_process_recorded(app, tmp_path):
    """Another process is another app on the same database: its write wakes nobody here, the
    watcher thread reads it."""
    game = new_game(app)
    other = create_app({"TESTING": True, "SECRET_KEY": "test-key",
                        "DATABASE_URL": app.config["DATABASE_URL"]})
    try:
        tap = correct_later(other, game, 0.3)
        resp, took = held_check(app.test_client(), game.play_token, 0, wait=20)
        tap.join()
    finally:
        other.extensions["db_engine"].dispose()
    assert resp.status_code == 200 and resp.get_json() == {"version": 1}
    assert took < 5


def _process(app, tmp_path):
    """Another process of the same server: another app on the same database and sockets folder,
    reading the versions itself only every 60 s (so only the sockets can tell it in time)."""
    return create_app({"TESTING": True, "SECRET_KEY": "test-key", "LIVE_WATCH_SECONDS": 60,
                       "DATABASE_URL": app.config["DATABASE_URL"],
                       "LIVE_SOCKETS_DIR": tmp_path / "live"})


@pytest.fixture
def processes(app, tmp_path):
    """A game, and two processes of one server telling each other of changes: (here, there,
    the game, its id); closed at the end."""
    game = new_game(app)
    started = [_process(app, tmp_path), _process(app, tmp_path)]
    with app.app_context():
        game_id = store.find_game(game.play_token)[0].id
    yield started[0], started[1], game, game_id, started
    for a in started:
        a.extensions["live"].neighbours.close()
        a.extensions["db_engine"].dispose()


def test_a_write_in_another_server_process_is_told_here_at_once(processes):
    """The processes tell each other of each change on their sockets: with the watcher reading
    only every 60 s, a tap in the other process still wakes the check here."""
    here, there, game, _, _ = processes
    assert here.extensions["live"].neighbours and there.extensions["live"].neighbours
    tap = correct_later(there, game, 0.3)
    resp, took = held_check(here.test_client(), game.play_token, 0, wait=20)
    tap.join()
    assert resp.status_code == 200 and resp.get_json() == {"version": 1}
    assert 0.25 < took < 5


def test_a_change_told_before_a_check_begins_to_wait_is_not_missed(processes):
    """A phone read version 0, the other process's change was told before its check began to
    wait (nobody was waiting to be woken): the check answers at once."""
    here, _, _, game_id, _ = processes
    here.extensions["live"].heard(game_id, 1)
    start = time.monotonic()
    assert here.extensions["live"].wait(game_id, 0, 20) == 1
    assert time.monotonic() - start < 1


def test_a_process_started_after_the_others_is_told_of_the_next_change(processes, app,
                                                                      tmp_path):
    """The others had listed the sockets before it started: its hello makes them list again."""
    here, _, _, game_id, started = processes
    here.extensions["live"].moved(game_id, 1)  # (lists the sockets: "there" only)
    late = _process(app, tmp_path)
    started.append(late)
    teller = threading.Thread(target=here.extensions["live"].moved, args=(game_id, 2))
    time.sleep(0.2)  # (its hello heard)
    teller.start()
    start = time.monotonic()
    assert late.extensions["live"].wait(game_id, 1, 20) == 2
    assert time.monotonic() - start < 5
    teller.join()


def test_the_socket_of_a_process_that_ended_is_removed_by_the_next_change(processes):
    import socket
    here, _, _, game_id, _ = processes
    gone = here.extensions["live"].neighbours.folder / "1-ended.sock"
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    dead.bind(str(gone))
    dead.close()  # (its file stays, nobody reads it)
    here.extensions["live"].moved(game_id, 1)
    assert not gone.exists()


def test_a_held_check_with_no_change_ends_with_304_when_its_wait_ends(app):
    app.config["LIVE_WAIT_SECONDS"] = 1
    game = new_game(app)
    resp, took = held_check(app.test_client(), game.play_token, 0, wait=30)
    assert resp.status_code == 304
    assert 0.9 < took < 4  # the server's limit (1 s), not the 30 s asked


def test_a_phone_behind_the_game_is_answered_at_once_even_when_it_asks_to_wait(app):
    game = new_game(app)
    correct_later(app, game, 0).join()
    resp, took = held_check(app.test_client(), game.play_token, 0, wait=20)
    assert resp.status_code == 200 and resp.get_json() == {"version": 1}
    assert took < 1


def test_a_check_that_does_not_ask_to_wait_is_answered_at_once(app):
    game = new_game(app)
    client = app.test_client()
    start = time.monotonic()
    resp = client.get(f"/g/{game.play_token}/v", headers={"If-None-Match": '"0"'})
    assert resp.status_code == 304 and time.monotonic() - start < 1


def test_beyond_the_held_checks_a_process_may_keep_a_check_is_answered_at_once(app):
    app.config["LIVE_WAIT_SECONDS"] = 3
    app.extensions["live"]._max = 1
    game = new_game(app)
    first = threading.Thread(target=held_check,
                             args=(app.test_client(), game.play_token, 0, 3))
    first.start()
    deadline = time.monotonic() + 2
    while app.extensions["live"].count < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    resp, took = held_check(app.test_client(), game.play_token, 0, wait=3)
    first.join()
    assert resp.status_code == 304 and took < 1  # the script then asks every few seconds


def test_a_wait_that_is_not_a_small_number_is_no_wait(app):
    game = new_game(app)
    client = app.test_client()
    for asked in ("-5", "abc", "99999", "1.5"):
        start = time.monotonic()
        resp = client.get(f"/g/{game.play_token}/v?wait={asked}",
                          headers={"If-None-Match": '"0"'})
        assert resp.status_code == 304 and time.monotonic() - start < 1, asked


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
