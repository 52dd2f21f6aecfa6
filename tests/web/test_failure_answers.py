"""What the server answers when a tap is not recorded for a reason other than the rules: a JSON
answer for the page's script that says nothing was recorded and what to do, in English
(``errors``) and in the reader's language (``said``), with the error's own headers; the error
page for a phone without script. The failure is real: the database is read-only (503: the
database refused; tried once, since trying again cannot mend it)."""
from __future__ import annotations

import pytest
from werkzeug.exceptions import TooManyRequests

from companion import create_app
from companion.store.db import Action
from tests.table_helpers import sample_game as new_game

from .table import WebTable, seat

SCRIPT = {"Accept": "application/json, */*"}  # a script that also takes other answers
DATABASE_REFUSED = "The server cannot store anything just now (its database refused), so "
LOST = "so nothing was recorded. Reload the page and try again."


@pytest.fixture
def apps(tmp_path):
    """The app over a SQLite file, and the same app over the same file opened read-only (both
    answer failures, as when served)."""
    common = {"TESTING": True, "PROPAGATE_EXCEPTIONS": False, "SECRET_KEY": "test-key"}
    path = tmp_path / "table.sqlite"
    writable = create_app({**common, "DATABASE_URL": f"sqlite:///{path}",
                           "CREATE_TABLES": True})
    read_only = create_app({**common,
                            "DATABASE_URL": f"sqlite:///file:{path}?mode=ro&uri=true"})
    yield writable, read_only
    for app in (writable, read_only):
        app.extensions["db_engine"].dispose()


def stored(app) -> int:
    with app.app_context():
        from companion.store.db import session
        return session().query(Action).count()


def sell(client, table: WebTable, headers: dict[str, str]):
    return client.post(f"{table.path}/do/sell", headers=headers, data={
        "csrf_token": table.csrf, "version": table.version, "player": 0})


@pytest.mark.parametrize("accept", ["application/json", "application/json, */*"])
def test_a_tap_the_database_refuses_is_answered_json_503_saying_nothing_was_recorded(
        apps, accept):
    writable, read_only = apps
    table = WebTable.create(writable.test_client(), writable, "hadara",
                            [seat("Ana", 1), seat("Ben", 2)])
    failing = read_only.test_client()  # the same phone (its session cookie), the same file
    failing.set_cookie("session", table.client.get_cookie("session").value)
    resp = sell(failing, table, {"Accept": accept})
    assert resp.status_code == 503 and resp.is_json and resp.headers["Retry-After"] == "30"
    assert resp.get_json()["errors"][0]["message"].startswith(DATABASE_REFUSED)
    assert stored(writable) == 0
    assert sell(table.client, table, {"Accept": accept}).get_json()["ok"] is True


def test_a_failure_is_said_in_the_readers_language_for_the_script(apps):
    writable, read_only = apps
    table = WebTable.create(writable.test_client(), writable, "hadara",
                            [seat("Ana", 1), seat("Ben", 2)])
    failing = read_only.test_client()
    failing.set_cookie("session", table.client.get_cookie("session").value)
    resp = sell(failing, table, {**SCRIPT, "Accept-Language": "it"})
    assert resp.status_code == 503
    body = resp.get_json()
    assert body["errors"][0]["message"].startswith(DATABASE_REFUSED)  # English for machines
    assert body["said"].startswith("Il server non può salvare nulla in questo momento")


def test_a_tap_with_a_lost_session_is_answered_400_saying_nothing_was_recorded(apps):
    writable, _ = apps
    table = WebTable.create(writable.test_client(), writable, "hadara",
                            [seat("Ana", 1), seat("Ben", 2)])
    lost = writable.test_client()  # no session cookie: its CSRF token is nobody's
    resp = sell(lost, table, {**SCRIPT, "Accept-Language": "zh"})
    assert resp.status_code == 400
    body = resp.get_json()
    assert body["errors"][0]["field"] == "csrf_token"
    assert body["errors"][0]["message"].endswith(LOST)
    assert "没有记录任何内容" in body["said"]
    page = sell(lost, table, {})  # a phone without script: the error page says it too
    assert page.status_code == 400 and LOST in page.get_data(as_text=True)
    assert stored(writable) == 0


def test_an_error_answer_keeps_its_retry_after_and_allow_headers(apps):
    writable, _ = apps

    @writable.get("/busy-for-test")
    def busy():
        raise TooManyRequests(retry_after=30)

    client = writable.test_client()
    for headers in (SCRIPT, {}):
        resp = client.get("/busy-for-test", headers=headers)
        assert resp.status_code == 429 and resp.headers["Retry-After"] == "30"
        assert resp.is_json is (headers == SCRIPT)
    resp = client.delete("/new/hadara", headers=SCRIPT)
    assert resp.status_code == 405 and "GET" in resp.headers["Allow"]


def test_only_a_contended_database_is_tried_again():
    """A lock held too long or a lost race may pass on a second try; a read-only file or a
    full disk fails the same way every time, so the tap is refused at once."""
    import sqlite3

    from sqlalchemy.exc import OperationalError

    from companion.store.writes import is_conflict

    def refused(said: str) -> OperationalError:
        return OperationalError("INSERT ...", {}, sqlite3.OperationalError(said))
    assert is_conflict(refused("database is locked"))
    assert not is_conflict(refused("attempt to write a readonly database"))
    assert not is_conflict(refused("database or disk is full"))


def test_a_request_for_a_host_the_server_does_not_serve_is_refused_not_failed(app):
    # (Flask cannot read such a request's address: no URL is matched, no link can be built)
    app.config["TRUSTED_HOSTS"] = ["table.example"]
    game = new_game(app)
    client = app.test_client()
    for path in (f"/g/{game.play_token}/v", f"/g/{game.play_token}", "/"):
        assert client.get(path, headers={"Host": "elsewhere.example"}).status_code == 400
        assert client.get(path, base_url="http://table.example").status_code == 200
