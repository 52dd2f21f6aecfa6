"""Small holes of the security review (issue 14, point 8): the language switch goes back only to a
page of this server, a Referer the CSRF check cannot read is a CSRF refusal (not a 500), and no
page carrying the CSRF token, a play link or a join code may be kept by a cache."""
from __future__ import annotations

import pytest

from companion import store
from companion.store.db import Action
from companion.web import CSRF_MESSAGE

from .table import WebTable, seat


@pytest.mark.parametrize("back", [
    "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/\x00/evil.example",
    "/ /evil.example", "/\u3000/evil.example", "//evil.example", "///evil.example",
    "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "evil.example", "",
])
def test_the_language_switch_never_sends_the_reader_off_this_server(client, back):
    resp = client.get("/lang/it", query_string={"next": back})
    assert resp.status_code == 303
    assert resp.headers["Location"] == "/", repr(back)
    assert "lang=it" in resp.headers["Set-Cookie"]


@pytest.mark.parametrize("back", ["/rules/hadara?game=abc#take-colony", "/g/abc/history", "/"])
def test_the_language_switch_goes_back_to_the_page_it_came_from(client, back):
    resp = client.get("/lang/zh", query_string={"next": back})
    assert resp.status_code == 303 and resp.headers["Location"] == back


def test_over_https_a_referer_with_a_port_that_is_not_a_number_is_a_csrf_refusal(app, client):
    https = {"base_url": "https://good.example"}
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    data = {"csrf_token": table.csrf, "version": table.version, "player": 0, "value": "coins",
            "delta": 1}
    url = f"{table.path}/do/correct"
    page = f"https://good.example{table.path}"
    client.set_cookie(app.config["SESSION_COOKIE_NAME"],
                      client.get_cookie(app.config["SESSION_COOKIE_NAME"]).value,
                      domain="good.example")
    for referrer in ("https://good.example:abc/", "https://good.example:99999999/"):
        resp = client.post(url, data=data, headers={"Referer": referrer}, **https)
        assert resp.status_code == 400, referrer
        assert str(CSRF_MESSAGE) in resp.get_data(as_text=True)
    with app.app_context():
        assert store.session().query(Action).count() == 0
    resp = client.post(url, data=data, headers={"Referer": page}, **https)
    assert resp.status_code == 303  # the same tap from this host's page is recorded


def test_pages_with_a_csrf_token_a_play_link_or_a_join_code_are_not_kept_by_caches(app, client):
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    token = table.path.rsplit("/", 1)[-1]
    paths = ["/", "/new/hadara", f"/g/{token}/history", f"/g/{token}/score",
             f"/g/{token}/table", f"/g/{token}/export.json",
             f"/g/{token}/ask", "/rules/hadara", "/g/unknown-token"]
    for path in [table.path, *paths]:
        phone = app.test_client()  # (a first visit: the view draws the page)
        resp = phone.get(path)
        assert resp.headers.get("Cache-Control") == "private, no-store", path
    tap = client.post(f"{table.path}/do/correct", headers={"Accept": "application/json, */*"},
                      data={"csrf_token": table.csrf, "version": table.version, "player": 0,
                            "value": "coins", "delta": 1})
    assert tap.status_code == 200 and tap.headers["Cache-Control"] == "private, no-store"


def test_answers_that_choose_their_own_caching_keep_it(app, client):
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    assert client.get(f"{table.path}/v").headers["Cache-Control"] == "no-cache"
    assert client.get(f"{table.path}/qr.svg").headers["Cache-Control"] == "private, max-age=3600"
    static = client.get("/static/app.js")
    assert static.status_code == 200 and "no-store" not in static.headers["Cache-Control"]
    static.close()
