"""The cached last view (issue 22): the service worker that keeps each game's last page on the
phone is served as a script of the app's own origin, never kept stale by a cache, with a scope
(/g/) its address allows without a Service-Worker-Allowed header, under the same security policy
as every answer; and the game page carries the banner and the one mark the worker fills in."""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from companion.store.db import Game

from .table import WebTable, seat

ROOT = Path(__file__).resolve().parents[2]
WORKER_SOURCE = (ROOT / "static" / "sw.js").read_text(encoding="utf-8")


def game_table(client, app) -> WebTable:
    return WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])


def only_game(app) -> Game:
    with app.extensions["db_sessions"]() as db:
        return db.query(Game).one()


def worker_const(name: str) -> str:
    """A constant of the worker's source, as written there."""
    found = re.search(rf"^var {name} = (.+);$", WORKER_SOURCE, re.M)
    assert found, f"the worker has no {name}"
    return found.group(1)


def test_the_worker_is_served_as_javascript_and_checked_afresh_every_time(client):
    resp = client.get("/sw.js")
    assert resp.status_code == 200
    assert resp.mimetype == "text/javascript"
    assert resp.headers["Cache-Control"] == "no-cache"  # an update reaches every phone
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    served = resp.get_data(as_text=True)
    assert served == (ROOT / "static" / "gen" / "sw.js").read_text(encoding="utf-8")
    assert 0 < len(served) < len(WORKER_SOURCE) / 2  # minified: its comments stay in the source


def test_the_game_page_registers_the_worker_for_game_pages_without_widening_its_scope(client,
                                                                                      app):
    table = game_table(client, app)
    live = re.search(r'<p id="live"[^>]*>', table.page).group(0)
    worker = re.search(r'data-worker="([^"]+)"', live).group(1)
    scope = re.search(r'data-scope="([^"]+)"', live).group(1)
    assert (worker, scope) == ("/sw.js", "/g/")
    # a worker may control pages at or below its own folder; beyond it the browser would ask
    # for a Service-Worker-Allowed header, which the app does not send
    assert scope.startswith(worker.rsplit("/", 1)[0] + "/")
    assert "Service-Worker-Allowed" not in client.get(worker).headers
    assert table.path.startswith(scope)


def test_the_security_policy_lets_a_page_start_only_a_worker_of_its_own_origin(client, app):
    table = game_table(client, app)
    for resp in (client.get(table.path), client.get("/sw.js")):
        policy = dict(part.strip().split(" ", 1) for part in
                      resp.headers["Content-Security-Policy"].split(";"))
        # worker-src falls back to script-src: this origin only, no inline or outside script
        assert policy.get("worker-src", policy["script-src"]) == "'self'"
        assert policy["connect-src"] == "'self'"  # the worker asks nothing of other addresses
    # the page itself is still never stored by the browser's cache (only the worker keeps it)
    assert client.get(table.path).headers["Cache-Control"] == "private, no-store"


def test_every_game_page_carries_one_empty_kept_mark_and_the_offline_banner(client, app):
    table = game_table(client, app)
    watch = only_game(app).watch_token
    mark = worker_const("MARK").strip("'")
    assert mark == 'data-kept-at=""'
    for page in (table.page, client.get(f"/g/{watch}").get_data(as_text=True)):
        # the worker writes the time into the first mark: it must be the banner's, and the only
        assert page.count(mark) == 1
        banner = re.search(r'<p id="kept"[^>]*>', page).group(0)
        assert mark in banner and " hidden " in banner
        assert "Offline — last view from {time}, taps are not sent." in unescape(banner)


def test_the_banner_speaks_the_readers_language(client, app):
    table = game_table(client, app)
    client.get("/lang/it")
    banner = re.search(r'<p id="kept"[^>]*>', table.refresh()).group(0)
    assert "Senza connessione — ultima vista delle {time}" in unescape(banner)


def test_the_worker_knows_every_game_link_the_server_makes(client, app):
    """The worker keeps a page only for an address /g/<link> whose link its pattern matches:
    it must match the links the server hands out (play and watch)."""
    table = game_table(client, app)
    link = re.compile(worker_const("LINK").strip("/"))
    game = only_game(app)
    assert table.path == f"/g/{game.play_token}"
    for token in (game.play_token, game.watch_token):
        assert link.fullmatch(token)
    assert not link.fullmatch("abc/v") and not link.fullmatch("abc/history")


def test_an_unchanged_worker_is_answered_not_modified(client):
    etag = client.get("/sw.js").headers["ETag"]
    again = client.get("/sw.js", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["Cache-Control"] == "no-cache"
