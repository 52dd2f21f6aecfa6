"""Live updates (the version check phones poll), instant taps (JSON answers), history with undo and
redo from any phone, and export/import of a game. Generic over every registered game."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from markupsafe import escape

from companion import store
from companion.games import GAMES, get_game
from tests.table_helpers import csrf_of, sample_setup

ALL_GAMES = sorted(GAMES)
ROOT = Path(__file__).resolve().parent.parent.parent
VERSION = re.compile(r'id="game" data-version="(\d+)"')


def new_game(app, slug: str, players: int = 3):
    with app.app_context():
        return store.create_game(get_game(slug), sample_setup(get_game(slug), players))


def switches(slug: str) -> list[dict]:
    """Ruling switches to every non-default reading: actions every game has."""
    out = [{"ruling": rid, "reading": k} for rid, r in get_game(slug).rulings.items()
           for k in r.readings if k != r.default]
    if not out:
        pytest.skip(f"{slug} has no ruling with two readings")
    return out


def rows(app, game):
    with app.app_context():
        return store.rows_of(store.session(), game.id)


# ------------------------------------------------------------------------ the version check

@pytest.mark.parametrize("slug", ALL_GAMES)
def test_a_change_on_one_phone_moves_the_version_every_other_phone_polls(app, slug):
    game = new_game(app, slug)
    ana, ben, watcher = app.test_client(), app.test_client(), app.test_client()
    ben.get(f"/g/{game.play_token}")
    seen = {c: c.get(f"/g/{t}/v").get_json()["version"]
            for c, t in ((ben, game.play_token), (watcher, game.watch_token))}
    assert set(seen.values()) == {0}
    resp = ana.post(f"/g/{game.play_token}/do/ruling", headers={"Accept": "application/json"},
                    data={"csrf_token": csrf_of(ana, f"/g/{game.play_token}"), "version": "0",
                          **switches(slug)[0]})
    assert resp.status_code == 200 and resp.get_json()["ok"] is True
    assert resp.get_json()["version"] == 1
    for client, token in ((ben, game.play_token), (watcher, game.watch_token)):
        assert client.get(f"/g/{token}/v").get_json() == {"version": 1}
        page = client.get(f"/g/{token}").get_data(as_text=True)  # what app.js swaps in
        assert VERSION.search(page).group(1) == "1"
        assert str(escape(resp.get_json()["text"])) in page


def test_version_check_answers_304_while_nothing_changed(client, app):
    game = new_game(app, "hadara")
    first = client.get(f"/g/{game.play_token}/v")
    assert first.status_code == 200 and first.headers["ETag"] == '"0"'
    assert first.headers["Cache-Control"] == "no-cache"
    assert "Set-Cookie" not in first.headers  # polling never touches the session
    same = client.get(f"/g/{game.play_token}/v", headers={"If-None-Match": '"0"'})
    assert same.status_code == 304 and same.get_data() == b""
    with app.app_context():
        store.record(game.id, "ruling", switches("hadara")[0], version=0)
    moved = client.get(f"/g/{game.play_token}/v", headers={"If-None-Match": '"0"'})
    assert moved.status_code == 200 and moved.get_json() == {"version": 1}
    assert moved.headers["ETag"] == '"1"'


def test_version_check_of_an_unknown_link_is_404(client):
    assert client.get("/g/not-a-game-link/v").status_code == 404


def test_every_answer_passes_through_flask_and_carries_the_security_headers(client, app):
    """One request path: nothing stands in front of Flask's own WSGI app, and every answer — the
    version check, a page, a 404, a 405, a static file — carries the security headers."""
    from flask import Flask
    assert getattr(app.wsgi_app, "__func__", None) is Flask.wsgi_app  # no middleware
    game = new_game(app, "hadara")
    answers = [client.get(f"/g/{game.play_token}/v"), client.get(f"/g/{game.play_token}"),
               client.get("/g/not-a-game-link/v"), client.post(f"/g/{game.play_token}/v"),
               client.get("/static/app.js")]
    assert [r.status_code for r in answers] == [200, 200, 404, 405, 200]
    answers[-1].close()  # (a static file is sent from an open file)
    for resp in answers:
        for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"):
            assert resp.headers.get(name), (resp.request.path, name)
    assert answers[0].headers["Content-Security-Policy"] == "default-src 'none'"
    assert client.get("/g/a/b/v").status_code == 404
    assert client.get("/g/" + "x" * 65 + "/v").status_code == 404


def test_game_page_carries_what_the_script_needs(client, app):
    game = new_game(app, "hadara")
    page = client.get(f"/g/{game.play_token}").get_data(as_text=True)
    assert f'data-version-url="/g/{game.play_token}/v"' in page
    assert f'data-poll="{app.config["LIVE_POLL_SECONDS"]}"' in page
    assert 'id="live"' in page and "hidden" in page.split('id="live"')[1][:120]  # JS shows it
    assert 'data-off="reconnecting…"' in page and 'data-refused="Not recorded."' in page


def test_script_is_our_own_small_file_and_the_policy_allows_only_self(client):
    js = (ROOT / "static" / "app.js").read_text()
    assert not re.search(r"https?://", js) and "import " not in js
    # what a phone fetches, once, then revalidated (304): the minified copy, compressed as for
    # Chromium on the table's plain-HTTP Wi-Fi (which offers gzip and deflate only)
    with client.get("/static/gen/app.js", headers={"Accept-Encoding": "gzip, deflate"}) as served:
        assert served.headers.get("Content-Encoding") in ("gzip", "deflate")
        assert len(served.data) < 7_000
    for needle in ("If-None-Match", "application/json", "words.off", "Idiomorph.morph"):
        assert needle in js
    # The script's words come from the page, in the reader's language.
    assert "reconnecting" not in js
    csp = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "connect-src 'self'" in csp and "http" not in csp


@pytest.mark.parametrize("slug", ALL_GAMES)
def test_a_stale_tap_is_refused_as_json_saying_what_changed(app, slug):
    game = new_game(app, slug)
    first, second = switches(slug)[0], switches(slug)[-1]
    ana, ben = app.test_client(), app.test_client()
    url = f"/g/{game.play_token}"
    ana_csrf, ben_csrf = csrf_of(ana, url), csrf_of(ben, url)
    ok = ana.post(f"/g/{game.play_token}/do/ruling", headers={"Accept": "application/json"},
                  data={"csrf_token": ana_csrf, "version": "0", **first})
    assert ok.status_code == 200
    late = ben.post(f"/g/{game.play_token}/do/ruling", headers={"Accept": "application/json"},
                    data={"csrf_token": ben_csrf, "version": "0", **second})
    assert late.status_code == 409
    body = late.get_json()
    assert body["ok"] is False and body["version"] == 1
    assert ok.get_json()["text"] in body["error"]  # names what changed meanwhile
    assert len(rows(app, game)) == 1


# ------------------------------------------------------------------------- history and undo

@pytest.mark.parametrize("slug", ALL_GAMES)
def test_undo_many_steps_from_any_phone_then_redo_all_recorded_in_the_history(app, slug):
    game = new_game(app, slug)
    steps = (switches(slug) * 3)[:3]
    phones = [app.test_client() for _ in range(3)]
    csrf = [csrf_of(p, f"/g/{game.play_token}") for p in phones]
    texts = []
    for i, data in enumerate(steps):
        resp = phones[i].post(f"/g/{game.play_token}/do/ruling", headers={
            "Accept": "application/json"}, data={"csrf_token": csrf[i], "version": str(i), **data})
        texts.append(resp.get_json()["text"])
    version = len(steps)
    for back in range(len(steps)):  # each undo from another phone; the page names the step
        phone = phones[(back + 1) % 3]
        page = phone.get(f"/g/{game.play_token}").get_data(as_text=True)
        assert f"Undo: <small>{escape(texts[-1 - back])}</small>" in page
        resp = phone.post(f"/g/{game.play_token}/undo", headers={"Accept": "application/json"},
                          data={"csrf_token": csrf[(back + 1) % 3], "version": str(version)})
        version += 1
        assert resp.get_json() == {"ok": True, "version": version,
                                   "text": f"Undid: {texts[-1 - back]}"}
    rules = get_game(slug)
    with app.app_context():
        state = store.state_of(store.session().get(type(game), game.id))
    assert state == rules.new_game(sample_setup(rules))  # back to the start
    nothing = phones[0].post(f"/g/{game.play_token}/undo", data={
        "csrf_token": csrf[0], "version": str(version)})
    assert nothing.status_code == 422 and "nothing to undo" in nothing.get_data(as_text=True)
    for step in range(2):
        resp = phones[2].post(f"/g/{game.play_token}/redo", headers={
            "Accept": "application/json"}, data={"csrf_token": csrf[2], "version": str(version)})
        version += 1
        assert resp.get_json()["text"] == f"Redid: {texts[step]}"
    history = phones[0].get(f"/g/{game.play_token}/history").get_data(as_text=True)
    shown = re.findall(r"<li class=[^>]*><span>(.*?)</span>", history)
    expected = texts + [f"Undid: {t}" for t in reversed(texts)] + [f"Redid: {t}" for t in
                                                                  texts[:2]]
    assert shown == [str(escape(t)) for t in reversed(expected)]  # newest first, nothing lost
    logged = rows(app, game)
    assert [r.kind for r in logged] == ["ruling"] * 3 + ["undo"] * 3 + ["redo"] * 2
    assert {r.rule for r in logged[3:]} == {"History"}


def test_history_shows_words_who_when_rule_and_marks_corrections_and_rulings(app):
    game = new_game(app, "hadara")
    phone = app.test_client()
    token = csrf_of(phone, f"/g/{game.play_token}")
    phone.post(f"/g/{game.play_token}/seat", data={"csrf_token": token, "seat": "0"})
    for kind, data in (("correct", {"player": "1", "value": "coins", "delta": "2",
                                    "confirm_for": "1"}),  # (for P1, from P0's phone: asked)
                       ("ruling", switches("hadara")[0])):
        assert phone.post(f"/g/{game.play_token}/do/{kind}", data={
            "csrf_token": token, **data}).status_code == 303
    history = phone.get(f"/g/{game.play_token}/history").get_data(as_text=True)
    logged = rows(app, game)
    correction = re.search(r'<li class="corr correct"[^>]*>(.*?)</li>', history, re.S).group(1)
    assert str(escape(logged[0].text)) in correction
    assert "P1" in correction and "correction" in correction
    assert logged[0].at.strftime("%H:%M:%S") in correction and logged[0].rule in correction
    ruling = re.search(r'<li class=" ruling"[^>]*>(.*?)</li>', history, re.S).group(1)
    assert str(escape(logged[1].text)) in ruling
    assert switches("hadara")[0]["ruling"] in logged[1].text


# --------------------------------------------------------------------------- export, import

@pytest.mark.parametrize("slug", ALL_GAMES)
def test_export_then_import_on_another_server_gives_the_same_state_and_history(
        app, tmp_path, slug):
    from companion import create_app
    game = new_game(app, slug, players=2)  # nothing hidden (test_hidden_information: the rest)
    phone = app.test_client()
    token = csrf_of(phone, f"/g/{game.play_token}")
    phone.post(f"/g/{game.play_token}/seat", data={"csrf_token": token, "seat": "1"})
    for data in (switches(slug) * 2)[:2]:
        phone.post(f"/g/{game.play_token}/do/ruling", data={"csrf_token": token, **data})
    phone.post(f"/g/{game.play_token}/undo", data={"csrf_token": token})
    resp = phone.get(f"/g/{game.play_token}/export.json")
    assert resp.status_code == 200 and "attachment" in resp.headers["Content-Disposition"]
    exported = resp.get_json()
    assert exported["game"] == slug and len(exported["actions"]) == 3
    assert game.play_token not in resp.get_data(as_text=True)

    other = create_app({"TESTING": True, "SECRET_KEY": "other", "CREATE_TABLES": True,
                        "DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite'}"})
    there = other.test_client()
    upload = {"csrf_token": csrf_of(there), "file": (io.BytesIO(resp.get_data()), "game.json")}
    made = there.post("/import", data=upload, content_type="multipart/form-data")
    assert made.status_code == 303
    new_token = made.headers["Location"].rsplit("/", 1)[-1]
    assert new_token != game.play_token
    assert new_token in there.get("/").get_data(as_text=True)  # now one of this device's games
    with other.app_context():
        copy, _ = store.find_game(new_token)
        assert store.export_game(copy) == {**exported, "created_at": copy.created_at.isoformat()}
        copied_state = store.state_of(copy)
    with app.app_context():
        assert copied_state == store.state_of(store.session().get(type(game), game.id))
    other.extensions["db_engine"].dispose()


@pytest.mark.parametrize("change, message", [
    (lambda e: e.update(format="something else"), "not a game export"),
    (lambda e: e.update(game="chess"), "unknown game"),
    (lambda e: e["actions"][0].update(seq=5), "seq 1"),
    (lambda e: e["actions"][0].update(kind="teleport"), "no action 'teleport'"),
    (lambda e: e["actions"][0].update(data={"ruling": "HAD-1", "reading": "whatever"}), "HAD-1"),
    (lambda e: e["setup"].update(players=[]), "players"),
])
def test_import_refuses_a_broken_file_and_stores_nothing(client, app, change, message):
    game = new_game(app, "hadara")
    token = csrf_of(client, f"/g/{game.play_token}")
    client.post(f"/g/{game.play_token}/do/ruling", data={"csrf_token": token,
                                                         **switches("hadara")[0]})
    exported = client.get(f"/g/{game.play_token}/export.json").get_json()
    change(exported)
    resp = client.post("/import", data={"csrf_token": token, "json": json.dumps(exported)})
    assert resp.status_code == 422 and "Not imported" in resp.get_data(as_text=True)
    assert str(escape(message)) in resp.get_data(as_text=True)
    with app.app_context():
        assert store.session().query(type(game)).count() == 1


def test_import_refuses_what_is_not_json(client):
    resp = client.post("/import", data={"csrf_token": csrf_of(client), "json": "{oops"})
    assert resp.status_code == 422 and "not JSON" in resp.get_data(as_text=True)


def test_a_stale_page_refused_without_js_shows_the_current_state(app):
    game = new_game(app, "hadara")
    ana, ben = app.test_client(), app.test_client()
    url = f"/g/{game.play_token}"
    ana_csrf, ben_csrf = csrf_of(ana, url), csrf_of(ben, url)
    first, second = switches("hadara")[0], switches("hadara")[-1]
    assert ana.post(f"/g/{game.play_token}/do/correct", data={
        "csrf_token": ana_csrf, "version": "0", "player": "0", "value": "coins",
        "delta": "4"}).status_code == 303
    assert ana.post(f"/g/{game.play_token}/do/ruling", data={
        "csrf_token": ana_csrf, "version": "1", **first}).status_code == 303
    late = ben.post(f"/g/{game.play_token}/do/ruling", data={
        "csrf_token": ben_csrf, "version": "0", **second})
    page = late.get_data(as_text=True)
    assert late.status_code == 409 and VERSION.search(page).group(1) == "2"
    assert "changed since your page was loaded" in page
    assert str(escape(rows(app, game)[1].text)) in page


def test_an_answer_already_in_memory_is_handed_to_the_server_whole_a_file_is_streamed(app):
    """A page or a check's answer reaches the WSGI server as one list of bytes (Granian sends it
    in one call, where an iterator is sent chunk by chunk); a static file stays a stream, and an
    answer without a body (304) has none."""
    from werkzeug.test import EnvironBuilder
    game = new_game(app, "hadara")

    def served(path: str, **headers) -> tuple[str, bool, bytes]:
        """The status, whether the body came as a list, and the body."""
        seen = []
        env = EnvironBuilder(path=path, headers=headers).get_environ()
        body = app(env, lambda status, _headers, _exc=None: seen.append(status))
        try:
            return seen[0], isinstance(body, list), b"".join(body)
        finally:
            getattr(body, "close", lambda: None)()

    status, whole, body = served(f"/g/{game.play_token}")
    assert status.startswith("200") and whole and b'id="game"' in body
    status, whole, body = served(f"/g/{game.play_token}/v")
    assert status.startswith("200") and whole and body
    status, _, body = served(f"/g/{game.play_token}/v", **{"If-None-Match": '"0"'})
    assert status.startswith("304") and body == b""
    seen = []
    stream = app(EnvironBuilder(path="/static/app.js").get_environ(),
                 lambda status, _headers, _exc=None: seen.append(status))
    assert seen[0].startswith("200") and not isinstance(stream, list)
    stream.close()
