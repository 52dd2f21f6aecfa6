"""The page's taps recorded before Flask (companion/web/quick.py): the same answer and the same
stored row as the Flask view, and every tap the view would refuse left to the view."""
from __future__ import annotations

import pytest
from werkzeug.test import Client
from werkzeug.wrappers import Response

from companion.web import SecurityHeaders
from companion.web.quick import QuickTaps
from .table import WebTable
from .test_fast_paths import seat

JSON = {"Accept": "application/json"}


def lane_of(app) -> QuickTaps:
    layer = app.wsgi_app
    while not isinstance(layer, QuickTaps):
        layer = layer.wsgi_app
    return layer


@pytest.fixture
def views(app):
    """How many taps reached the Flask view (the lane answers the others itself)."""
    calls = []
    act = app.view_functions["play.act"]

    def counted(**kw):
        calls.append(kw["kind"])
        return act(**kw)
    app.view_functions["play.act"] = counted
    return calls


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
    # the same app without the lane: Flask's own view answers
    flask_only = Client(SecurityHeaders(lane_of(app).wsgi_app), Response)
    flask_only.set_cookie(app.config["SESSION_COOKIE_NAME"],
                          client.get_cookie(app.config["SESSION_COOKIE_NAME"]).value)
    for kind, data in (("buy", dict(player=0, colour="red", cost=1, points="")),
                       ("correct", dict(player=1, value="coins", delta=4))):
        fast = tap(client, ours, kind, **data)
        slow = tap(flask_only, theirs, kind, **data)
        assert fast.status_code == slow.status_code == 200
        assert fast.get_json() == slow.get_json()
        assert fast.get_json()["ok"] is True
        for name in ("Content-Type", "Vary", "Content-Security-Policy",
                     "X-Content-Type-Options", "Referrer-Policy"):
            assert fast.headers.get(name) == slow.headers.get(name), name
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
