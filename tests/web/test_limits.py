"""Guessing and flooding from one address: rate limits per client address (429 with when to try
again, in the reader's language), join codes that expire, and the limits' defaults in production.
Limits are off in tests unless a test switches them on (RATELIMIT_ENABLED)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update

from bench.guessing import send_guesses
from companion import create_app, store
from companion.store.db import Action, Game, utcnow
from tests.table_helpers import ThreadedServer, csrf_of

from .table import THREE, HxTable, WebTable, seat

WRONG = "ZZZZZZZZ"  # (Z is in the alphabet; no game of these tests has this code)


def limited_app(tmp_path, **limits):
    """An app as tests make it, with the rate limits switched on (and some made small)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-key", "CREATE_TABLES": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.sqlite'}",
                      "RATELIMIT_ENABLED": True, **limits})
    return app


@pytest.fixture
def served_app(tmp_path):
    """The app as served (not in testing mode): the limits are on by default."""
    app = create_app({"SECRET_KEY": "a-secret-key-for-this-test-only",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'served.sqlite'}",
                      "CREATE_TABLES": True})
    yield app
    app.extensions["db_engine"].dispose()


def hadara_table(client, app) -> WebTable:
    return WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])


def actions_of(app) -> int:
    with app.app_context():
        return store.session().query(Action).count()


def join(client, code: str, **kwargs):
    return client.post("/join", data={"csrf_token": csrf_of(client), "code": code}, **kwargs)


# ------------------------------------------------------------------------------- guessing

def test_300_wrong_codes_as_fast_as_one_address_can_get_at_most_60_answers_but_429(served_app):
    """The goal of issue 14: four connections from one address send 300 wrong codes at once."""
    with ThreadedServer(served_app) as server:
        statuses = send_guesses(int(server.base.rsplit(":", 1)[1]))
    assert len(statuses) == 300
    answered = [s for s in statuses if s != 429]
    assert len(answered) <= 60, f"{len(answered)} guesses answered"
    assert answered and set(answered) == {404}  # the first tries were read, and were wrong


def test_a_refused_join_says_in_the_readers_language_when_to_try_again(served_app):
    client = served_app.test_client()
    answers = [join(client, WRONG, headers={"Accept-Language": "it"}) for _ in range(11)]
    assert [a.status_code for a in answers] == [404] * 10 + [429]
    refused = answers[-1]
    wait = int(refused.headers["Retry-After"])
    assert 1 <= wait <= 61
    page = refused.get_data(as_text=True)
    assert refused.mimetype == "text/html"
    assert f"Troppe richieste da questa rete in poco tempo. Riprova tra {wait} secondi." in page


def test_a_json_client_gets_the_refusal_as_json_with_retry_after(served_app):
    client = served_app.test_client()
    for _ in range(10):
        join(client, WRONG)
    refused = join(client, WRONG, headers={"Accept": "application/json"})
    assert refused.status_code == 429 and refused.mimetype == "application/json"
    [error] = refused.get_json()["errors"]
    wait = int(refused.headers["Retry-After"])
    assert error == {"field": "", "message": "Too many requests from this network in a short "
                                             f"time. Try again in {wait} seconds."}


def test_a_guesser_does_not_hold_back_another_address_and_a_right_code_still_opens(served_app):
    client = served_app.test_client()
    game = hadara_table(client, served_app)
    with served_app.app_context():
        code = store.session().query(Game).one().join_code
    for _ in range(12):
        join(client, WRONG)
    assert join(client, code).status_code == 429  # every try counts, right or wrong
    elsewhere = {"environ_base": {"REMOTE_ADDR": "192.0.2.9"}}
    phone = served_app.test_client()
    assert join(phone, WRONG, **elsewhere).status_code == 404
    resp = join(phone, code, **elsewhere)
    assert resp.status_code == 303 and resp.headers["Location"] == game.path


# ----------------------------------------------------------------------- the other limits

def test_taps_undo_and_redo_share_one_count_and_a_refused_tap_stores_nothing(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_TAPS="3 per minute")
    client = app.test_client()
    table = hadara_table(client, app)
    table.do("correct", player=0, value="coins", delta=1)
    table.do("correct", player=0, value="coins", delta=1)
    table.post("undo")
    refused = client.post(f"{table.path}/redo", data={"csrf_token": table.csrf})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    tap = client.post(f"{table.path}/do/correct", headers={"Accept": "application/json, */*"},
                      data={"csrf_token": table.csrf, "version": table.version, "player": 0,
                            "value": "coins", "delta": 5})
    assert tap.status_code == 429 and tap.get_json()["errors"][0]["field"] == ""
    assert actions_of(app) == 3
    assert client.get(table.path).status_code == 200  # reading the game is never limited


def test_taking_back_or_changing_a_step_counts_as_a_tap(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_TAPS="2 per minute")
    client = app.test_client()
    table = hadara_table(client, app)
    table.do("correct", player=0, value="coins", delta=1)
    table.post("void", targets="1")
    for path, data in (("void", {"targets": "2"}),
                       ("change/1", {"player": 0, "value": "coins", "delta": 2})):
        resp = client.post(f"{table.path}/{path}", data={"csrf_token": table.csrf,
                                                         "version": table.version, **data})
        assert resp.status_code == 429, path
    assert actions_of(app) == 2


def test_game_creation_is_limited_on_post_only(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_NEW_GAME="2 per minute")
    client = app.test_client()
    hadara_table(client, app)
    hadara_table(client, app)
    html = client.get("/new/hadara")
    assert html.status_code == 200
    resp = client.post("/new/hadara", data={"csrf_token": csrf_of(client, "/new/hadara")})
    assert resp.status_code == 429
    with app.app_context():
        assert store.session().query(Game).count() == 2


def test_imports_and_score_calls_are_limited(tmp_path):
    app = limited_app(tmp_path, RATELIMIT_IMPORT="1 per minute", RATELIMIT_SCORE_API="2/minute")
    client = app.test_client()
    form = {"csrf_token": csrf_of(client), "json": "[]"}
    assert client.post("/import", data=form).status_code == 422
    assert client.post("/import", data=form).status_code == 429
    # (score calls the rules refuse reach the view, whatever answers the plain case)
    calls = [client.post("/api/v1/hadara/score", json={"players": []}) for _ in range(3)]
    assert [c.status_code for c in calls] == [400, 400, 429]
    assert calls[-1].mimetype == "application/json"
    assert calls[-1].get_json()["errors"][0]["message"].startswith("Too many requests")


def test_a_busy_table_of_five_phones_behind_one_router_is_not_refused(served_app):
    """200 taps in a minute from one address (five phones, a tap every 1.5 s each: more than any
    table) all count; the default limit stops a flood soon after."""
    client = served_app.test_client()
    table = hadara_table(client, served_app)
    data = {"csrf_token": table.csrf, "version": 0, "player": 0, "value": "coins", "delta": 1}
    answers = [client.post(f"{table.path}/do/correct", data=data).status_code
               for _ in range(200)]
    assert answers == [303] * 200
    more = [client.post(f"{table.path}/do/correct", data=data).status_code for _ in range(60)]
    assert 429 in more and more.count(303) <= 40
    assert actions_of(served_app) == 200 + more.count(303)


def test_limits_are_off_in_tests_unless_switched_on(client):
    for _ in range(15):
        assert join(client, WRONG).status_code == 404


# ------------------------------------------------------------------------ codes that expire

def test_new_join_codes_are_8_symbols_that_are_hard_to_misread(app, client):
    for _ in range(3):
        hadara_table(client, app)
    with app.app_context():
        codes = [g.join_code for g in store.session().query(Game)]
    assert len(set(codes)) == 3
    for code in codes:
        assert len(code) == 8 and set(code) <= set("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")


def test_a_code_typed_in_groups_or_lowercase_still_opens_its_game(app, client):
    table = hadara_table(client, app)
    with app.app_context():
        code = store.session().query(Game).one().join_code
    for typed in (code.lower(), f"{code[:4]} {code[4:]}", f" {code[:4]}-{code[4:]} "):
        resp = join(app.test_client(), typed)
        assert resp.status_code == 303 and resp.headers["Location"] == table.path, typed


def age_game(app, hours: float) -> None:
    """Move the game's creation and last action ``hours`` into the past."""
    then = utcnow() - timedelta(hours=hours)
    with app.extensions["db_engine"].begin() as conn:
        conn.execute(update(Game).values(created_at=then, updated_at=then))


def test_a_code_stops_working_after_a_day_without_play_and_a_tap_wakes_it(app, client):
    table = hadara_table(client, app)
    with app.app_context():
        code = store.session().query(Game).one().join_code
    age_game(app, 23)
    assert join(app.test_client(), code).status_code == 303
    age_game(app, 25)
    refused = join(app.test_client(), code)
    assert refused.status_code == 404
    assert "after a day without play" in refused.get_data(as_text=True)
    assert app.test_client().get(table.path).status_code == 200  # the play link still works
    table.do("correct", player=0, value="coins", delta=1)
    assert join(app.test_client(), code).status_code == 303


def test_a_code_stops_working_when_the_game_is_over_and_the_play_link_keeps_working(app,
                                                                                      client):
    table = HxTable.create(client, app, "hexemonia", THREE[:2], icon_3=20, icon_4=22,
                           last_player=0)  # a Fate pile of 1 hex
    with app.app_context():
        code = store.session().query(Game).one().join_code
    table.act("take", hexes=1, resource="citizens")  # Ben's turn empties the Fate pile
    table.close_turn()
    assert join(app.test_client(), code).status_code == 303  # the last round: still open
    table.close_turn()  # Ana holds the Last Player marker: the game ends with her turn
    assert "The game is over" in table.page
    assert join(app.test_client(), code).status_code == 404
    assert app.test_client().get(table.path).status_code == 200


def test_an_imported_game_gets_a_code_that_works_although_its_actions_are_old(app, client):
    table = hadara_table(client, app)
    table.do("correct", player=0, value="coins", delta=1)
    age_game(app, 72)
    exported = client.get(f"{table.path}/export.json").get_data(as_text=True)
    resp = client.post("/import", data={"csrf_token": csrf_of(client), "json": exported})
    assert resp.status_code == 303
    with app.app_context():
        new = store.session().query(Game).filter(Game.play_token != table.path[3:]).one()
    assert join(app.test_client(), new.join_code).status_code == 303
