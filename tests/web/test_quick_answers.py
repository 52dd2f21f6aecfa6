"""The hot requests answered before Flask (companion/web/quick.py): a drawn page, a tap and a
score call get the same answer (and a tap the same stored row) as from the Flask view, and
everything the layer does not answer exactly as the view would reaches the view."""
from __future__ import annotations

import gzip
import re

import pytest
from werkzeug.test import Client
from werkzeug.wrappers import Response

from companion.web import SecurityHeaders
from companion.web.quick import QuickAnswers
from .table import WebTable
from .test_fast_paths import seat

JSON = {"Accept": "application/json"}


def flask_only(app, client=None) -> Client:
    """A client of the same app without the layer: Flask's own views answer (with the
    session cookie of ``client``)."""
    layer = app.wsgi_app
    while not isinstance(layer, QuickAnswers):
        layer = layer.wsgi_app
    other = Client(SecurityHeaders(layer.wsgi_app), Response)
    name = app.config["SESSION_COOKIE_NAME"]
    if client is not None and client.get_cookie(name) is not None:
        other.set_cookie(name, client.get_cookie(name).value)
    return other


def count_views(app, endpoint: str, what=lambda kw: kw) -> list:
    """The calls that reach a Flask view (the layer answers the others itself)."""
    calls = []
    view = app.view_functions[endpoint]

    def counted(**kw):
        calls.append(what(kw))
        return view(**kw)
    app.view_functions[endpoint] = counted
    return calls


@pytest.fixture
def views(app):
    """The kinds of the taps that reached the Flask view."""
    return count_views(app, "play.act", lambda kw: kw["kind"])


@pytest.fixture
def pages(app):
    return count_views(app, "play.game_page", lambda kw: kw["token"])


@pytest.fixture
def scores(app):
    return count_views(app, "api.score", lambda kw: kw["game"])


HEADERS = ("Content-Type", "Content-Encoding", "Vary", "Content-Security-Policy",
           "X-Content-Type-Options", "Referrer-Policy", "Cache-Control", "Set-Cookie")


def same_headers(fast, slow) -> None:
    for name in HEADERS:
        assert fast.headers.get(name) == slow.headers.get(name), name


def table_of(client, app) -> WebTable:
    return WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])


def tap(client, table: WebTable, kind: str, headers=JSON, **data):
    payload = {"csrf_token": table.csrf, "version": table.version, **data}
    return client.post(f"{table.path}/do/{kind}", data=payload, headers=headers)


def stored(table: WebTable) -> list[tuple]:
    return [(r.seq, r.kind, r.data, r.by, r.text, r.words, r.rule, r.is_correction)
            for r in table.rows()]


def test_a_tap_recorded_before_flask_answers_and_stores_what_the_view_does(app, client, views):
    ours, theirs = table_of(client, app), table_of(client, app)
    flask = flask_only(app, client)
    for kind, data in (("buy", dict(player=0, colour="red", cost=1, points="")),
                       ("correct", dict(player=1, value="coins", delta=4))):
        fast = tap(client, ours, kind, **data)
        slow = tap(flask, theirs, kind, **data)
        assert fast.status_code == slow.status_code == 200
        assert fast.get_json() == slow.get_json()
        assert fast.get_json()["ok"] is True
        same_headers(fast, slow)
        assert "Set-Cookie" not in fast.headers
        ours.refresh(), theirs.refresh()
    assert views == ["buy", "correct"]  # only the Flask-only client reached the view
    assert stored(ours) == stored(theirs)
    assert len(stored(ours)) == 2


def test_a_tap_from_a_seated_phone_is_signed_with_its_players_name(app, client, views):
    table = table_of(client, app)
    client.post(f"{table.path}/seat", data={"csrf_token": table.csrf, "seat": 1})
    table.refresh()
    assert tap(client, table, "correct", player=0, value="coins", delta=1).status_code == 200
    assert table.rows()[-1].by == "Ben"
    assert views == []


@pytest.mark.parametrize("token", ["", "not-a-token", "forged"])
def test_a_tap_without_this_phones_csrf_token_is_refused_and_stores_nothing(app, client, views,
                                                                           token):
    table = table_of(client, app)
    if token == "forged":  # a well-formed token of another phone's session
        other = app.test_client()
        token = WebTable(other, app, table.path).csrf
    resp = client.post(f"{table.path}/do/correct", headers=JSON, data={
        "csrf_token": token, "player": 0, "value": "coins", "delta": 1})
    assert resp.status_code == 400
    assert resp.get_json()["errors"][0]["field"] == "csrf_token"
    assert table.rows() == []
    assert views == []  # Flask-WTF refused it before the view, as for any other form


def test_a_tap_without_a_session_cookie_is_refused(app, client):
    table = table_of(client, app)
    stranger = app.test_client()
    resp = stranger.post(f"{table.path}/do/correct", headers=JSON, data={
        "csrf_token": table.csrf, "player": 0, "value": "coins", "delta": 1})
    assert resp.status_code == 400
    assert table.rows() == []


def test_over_https_a_tap_needs_a_referrer_from_this_host(app, client):
    table = table_of(client, app)
    https = {"base_url": "https://localhost"}  # (where the client's cookie goes)
    page = f"https://localhost{table.path}"
    data = {"csrf_token": table.csrf, "player": 0, "value": "coins", "delta": 1}
    url = f"{table.path}/do/correct"
    for referrer in (None, "https://elsewhere.example/", "http://localhost/"):
        headers = dict(JSON, **({"Referer": referrer} if referrer else {}))
        resp = client.post(url, data=data, headers=headers, **https)
        assert resp.status_code == 400, referrer
    assert table.rows() == []
    resp = client.post(url, data=data, headers=dict(JSON, Referer=page), **https)
    assert resp.status_code == 200
    assert len(table.rows()) == 1


def test_a_watch_link_tap_is_refused_by_the_view(app, client, views):
    table = table_of(client, app)
    with app.app_context():
        from companion.db import Game, session
        watch = session().query(Game).one().watch_token
    resp = client.post(f"/g/{watch}/do/correct", headers=JSON, data={
        "csrf_token": table.csrf, "player": 0, "value": "coins", "delta": 1})
    assert resp.status_code == 403
    assert table.rows() == []
    assert views == ["correct"]


def test_refused_taps_get_the_views_answer_with_their_values_intact(app, client, views):
    table = table_of(client, app)
    resp = tap(client, table, "correct", player=0, value="coins", delta="lots")
    assert resp.status_code == 422
    assert "Change by must be a whole number" in resp.get_json()["said"]
    resp = tap(client, table, "income", version=7)  # not commutative: refused when stale
    assert resp.status_code == 409  # the page's version is not the game's
    resp = tap(client, table, "no_such_action", player=0)
    assert resp.status_code == 404
    assert "no action 'no_such_action'" in resp.get_json()["errors"][0]["message"]
    assert table.rows() == []
    assert views == ["correct", "income", "no_such_action"]


def test_a_form_that_is_not_plain_utf8_is_left_to_flask(app, client, views):
    table = table_of(client, app)
    body = f"csrf_token={table.csrf}&player=0&value=coins&delta=1&by=%FF".encode()
    resp = client.post(f"{table.path}/do/correct", data=body, headers=dict(
        JSON, **{"Content-Type": "application/x-www-form-urlencoded"}))
    assert resp.status_code == 200  # the view reads it (Werkzeug keeps the broken escape)
    assert views == ["correct"]
    assert len(table.rows()) == 1


def test_a_stale_commutative_tap_is_still_recorded_by_the_lane(app, client, views):
    table = table_of(client, app)
    first = tap(client, table, "correct", player=0, value="coins", delta=1)
    again = tap(client, table, "correct", player=0, value="coins", delta=2)  # same old page
    assert first.status_code == again.status_code == 200
    assert again.get_json()["version"] == 2
    assert views == []


# ------------------------------------------------------------------------------- game pages

TOKEN = re.compile(r'(name="csrf_token"[^>]*value=")([^"]+)"')


def test_a_drawn_page_is_sent_before_flask_as_the_view_sends_it(app, client, pages):
    table = table_of(client, app)  # (its page is drawn and this link is first on the phone)
    flask = flask_only(app, client)
    for encoding in ("gzip, deflate, br", ""):
        headers = {"Accept-Encoding": encoding}
        drawn = len(pages)
        fast = client.get(table.path, headers=headers)
        assert len(pages) == drawn  # answered before the view
        slow = flask.get(table.path, headers=headers)
        assert len(pages) == drawn + 1
        assert fast.status_code == slow.status_code == 200
        same_headers(fast, slow)
        fast_html = _html(fast)
        # the same page, each with a fresh CSRF token of this phone's session
        assert TOKEN.sub(r"\1", fast_html) == TOKEN.sub(r"\1", _html(slow))
        table.page = fast_html  # the layer's token is good for a tap
        assert table.do("correct", player=0, value="coins", delta=1).status_code == 303
    assert len(table.rows()) == 2


def _html(resp) -> str:
    body = resp.get_data()
    if resp.headers.get("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    return body.decode()


def test_a_page_is_left_to_flask_when_the_phones_session_would_change(app, client, pages):
    table = table_of(client, app)
    token = table.path.rsplit("/", 1)[-1]
    stranger = app.test_client()  # a first visit: the view gives it a session (and a token)
    drawn = len(pages)
    assert "Set-Cookie" in stranger.get(table.path).headers
    assert pages[drawn:] == [token]
    table_of(client, app)  # another game, now first on this phone's list
    drawn = len(pages)
    assert "Set-Cookie" in client.get(table.path).headers  # the view puts this link first
    assert "Set-Cookie" not in client.get(table.path).headers  # ...then the layer sends it
    assert pages[drawn:] == [token]


def test_a_page_is_drawn_by_flask_for_each_version_language_and_seat(app, client, pages):
    table = table_of(client, app)
    token = table.path.rsplit("/", 1)[-1]
    del pages[:]
    italian = client.get(table.path, headers={"Accept-Language": "it"})
    assert '<html lang="it"' in _html(italian) and pages == [token]
    assert '<html lang="it"' in _html(client.get(table.path, headers={"Accept-Language": "it"}))
    assert '<html lang="en"' in _html(client.get(table.path))  # kept before: the layer's
    assert pages == [token]
    table.do("correct", player=0, value="coins", delta=1)  # a new version (and its page)
    client.post(f"{table.path}/seat", data={"csrf_token": table.csrf, "seat": 1})
    del pages[:]
    seated = _html(client.get(table.path))
    assert pages == [token]  # a seat's page is drawn for it
    assert 'data-version="1"' in seated
    assert client.get(f"{table.path}?watch=1").status_code == 200
    assert pages == [token, token]  # a query string: Flask's


# ------------------------------------------------------------------------------- score API

REQUEST = {"players": [
    {"name": "Ana", "coins": 13, "tracks": {"income": 5, "military": 9, "culture": 7, "food": 6},
     "cards": {"red": {"count": 2, "points": 5}}, "colonies": [5, 7], "statues": [6]},
    {"name": "Ben", "coins": 8}, {"name": "Cy", "coins": 5}]}


def test_a_score_call_is_answered_before_flask_as_the_view_answers_it(app, client, scores):
    fast = client.post("/api/v1/hadara/score", json=REQUEST)
    slow = flask_only(app).post("/api/v1/hadara/score", json=REQUEST)
    assert fast.status_code == slow.status_code == 200
    assert fast.get_data() == slow.get_data()
    same_headers(fast, slow)
    assert fast.get_json()["ranking"][0]["names"] == ["Ana"]
    assert scores == ["hadara"]  # the Flask-only client's call


@pytest.mark.parametrize("call, status", [
    (dict(json={"players": [{"coins": -1}]}), 400),  # refused by the rules
    (dict(data="{not json", content_type="application/json"), 400),
    (dict(data="null", content_type="application/json"), 400),
    (dict(data="players=1"), 400),  # not JSON at all
    (dict(data="[" * 5000 + "]" * 5000, content_type="application/json"), 400),
])
def test_score_calls_the_rules_refuse_get_the_views_answer(app, client, scores, call, status):
    fast = client.post("/api/v1/hadara/score", **call)
    slow = flask_only(app).post("/api/v1/hadara/score", **call)
    assert fast.status_code == slow.status_code == status
    assert fast.get_json() == slow.get_json()
    assert fast.get_json()["errors"]
    assert scores == ["hadara", "hadara"]


def test_a_score_call_for_an_unknown_game_gets_the_views_404(client, scores):
    resp = client.post("/api/v1/chess/score", json=REQUEST)
    assert resp.status_code == 404 and "hadara" in resp.get_json()["errors"][0]["message"]
    assert scores == ["chess"]


# ---------------------------------------------------------------------------------- failures

def test_a_tap_that_fails_is_answered_as_the_views_failure_is(app, client, monkeypatch):
    table = table_of(client, app)
    app.testing = False  # (as served: a failure is answered, not raised)

    def broken(*args, **kwargs):
        raise RuntimeError("the disk is full")
    monkeypatch.setattr("companion.store.record", broken)
    fast = tap(client, table, "correct", player=0, value="coins", delta=1)
    slow = tap(flask_only(app, client), table, "correct", player=0, value="coins", delta=1)
    assert fast.status_code == slow.status_code == 500
    # the same errors (the view adds them in the reader's language, ``said``, for the script)
    assert fast.get_json()["errors"] == slow.get_json()["errors"]
    assert fast.get_json()["errors"][0]["message"].startswith("The server failed, so nothing")
    same_headers(fast, slow)


def test_when_the_layer_fails_on_a_page_the_view_answers_it(app, client, pages, monkeypatch):
    table = table_of(client, app)
    app.testing = False
    drawn = len(pages)

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the layer")
    monkeypatch.setattr("companion.web.quick.page_key", broken)
    resp = client.get(table.path)
    assert resp.status_code == 200 and 'data-version="0"' in _html(resp)
    assert len(pages) == drawn + 1


def test_after_the_secret_key_changes_a_phones_old_cookie_no_longer_taps(app, client):
    table = table_of(client, app)
    assert tap(client, table, "correct", player=0, value="coins", delta=1).status_code == 200
    app.secret_key = "a-new-secret"  # the layer has seen this cookie and token before
    resp = tap(client, table, "correct", player=0, value="coins", delta=1)
    assert resp.status_code == 400  # Flask-WTF's refusal: no valid session, no CSRF token
    assert resp.get_json()["errors"][0]["field"] == "csrf_token"
    assert len(table.rows()) == 1
