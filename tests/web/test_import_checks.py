"""A game file is input like any other (issue 14, point 4; security review M1): every entry of an
imported log is read by the rules' own reader before it is applied, the setup is checked as a new
game's, and the JSON is bounded. A refusal is a 422 naming the entry and the field, in the
reader's language, and stores nothing; a real played game still makes the round trip."""
from __future__ import annotations

import copy
import json

import pytest
from markupsafe import escape
from sqlalchemy import func, select

from bench.imports import UNCLOSED
from companion import store
from companion.store.db import Action
from tests.table_helpers import csrf_of

from .table import import_body as send
from .table import stored_rows as tables

SEAT = {"initiative": 1, "coins": 5, "income": 1, "military": 1, "culture": 1, "food": 1}
SETUP = {"players": [{"name": "Ana", **SEAT}, {"name": "Ben", **SEAT, "initiative": 2}]}
GOOD = {  # one valid entry of each kind the cases below spoil
    "correct": {"player": 0, "value": "coins", "delta": 1},
    "ruling": {"ruling": "HAD-1", "reading": "all-coins"},
    "buy": {"player": 0, "colour": "yellow", "cost": 3, "income": 1},
}


def a_file(kind: str = "correct", **change) -> dict:
    """A Hadara export (the review's file) with one entry, its data changed by ``change``."""
    data = {**GOOD[kind], **change}
    return {"format": "table-companion-game/1", "game": "hadara", "setup": copy.deepcopy(SETUP),
            "actions": [{"seq": 1, "kind": kind, "data": data, "by": "", "text": "",
                         "rule": "", "at": "2024-01-01T10:00:00"}]}


def without(kind: str, key: str) -> dict:
    made = a_file(kind)
    del made["actions"][0]["data"][key]
    return made


def test_the_valid_entries_the_cases_spoil_are_imported(client, app):
    for kind in GOOD:
        resp = send(client, json.dumps(a_file(kind)))
        assert resp.status_code == 303, resp.get_data(as_text=True)[-3000:]
    with app.app_context():
        assert store.session().scalar(select(func.count()).select_from(Action)) == 3


@pytest.mark.parametrize("body, entry, field", [
    (a_file(delta="5"), "actions[0] (correct)", "data.delta"),
    (a_file(player="0"), "actions[0] (correct)", "data.player"),
    (a_file(player=0.5), "actions[0] (correct)", "data.player"),
    (a_file(delta=[1]), "actions[0] (correct)", "data.delta"),
    (without("correct", "delta"), "actions[0] (correct)", "data.delta"),
    (a_file(delta=True), "actions[0] (correct)", "data.delta"),
    (a_file(delta=0.5), "actions[0] (correct)", "data.delta"),
    (a_file(delta=10 ** 4000), "actions[0] (correct)", "data.delta"),
    (a_file("ruling", reading=" all-coins "), "actions[0] (ruling)", "data.reading"),
    (a_file(extra=1), "actions[0] (correct)", "data.extra"),
    (a_file("ruling", ruling=["x"]), "actions[0] (ruling)", "data.ruling"),
    (a_file("ruling", reading="x" * 200_000), "actions[0] (ruling)", "data.reading"),
    (a_file("buy", cost="3"), "actions[0] (buy)", "data.cost"),
    (a_file("buy", colour="pink"), "actions[0] (buy)", "data.colour"),
], ids=["delta-text", "player-text", "player-half", "delta-list", "no-delta", "delta-true",
        "delta-half", "delta-4001-digits", "untrimmed-text", "unknown-field", "ruling-list",
        "reading-200KB", "cost-text", "colour-pink"])
def test_an_entry_the_rules_reader_refuses_is_not_imported_and_names_entry_and_field(
        client, app, body, entry, field):
    before = tables(app)
    resp = send(client, json.dumps(body))
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422, page[-2000:]
    assert "Not imported" in page and str(escape(f"{entry}, {field}")) in page
    assert len(page) < 60_000  # the refusal does not echo the file
    assert tables(app) == before


@pytest.mark.parametrize("change, named", [
    (lambda f: f["actions"][0].update(text="<script>" + "x" * 200_000), "actions[0].text"),
    (lambda f: f["actions"][0].update(by="Mallory"), "actions[0]: &#39;by&#39;"),
    (lambda f: f["actions"][0].update(at="x" * 5000), "actions[0]: &#39;at&#39;"),
    (lambda f: f["actions"][0].update(kind=["correct"]), "no action [&#39;correct&#39;]"),
    (lambda f: f["setup"]["players"][0].update(name="x" * 300), "setup.players[0].name"),
    (lambda f: f["setup"]["players"][1].update(coins=10 ** 20), "setup.players[1].coins"),
    (lambda f: f["setup"]["players"].pop(), "setup, players"),
    (lambda f: f["actions"].append({"seq": 2, "kind": "undo", "data": {"target": 5},
                                    "at": "2024-01-01T10:00:01"}),
     "actions[1] (undo), data.target"),
    (lambda f: f["actions"].append({"seq": 2, "kind": "redo", "data": {"target": 1},
                                    "at": "2024-01-01T10:00:01"}), "actions[1] (redo)"),
], ids=["text-200KB", "by-nobody", "at-5000", "kind-list", "name-300", "coins-20-digits",
        "one-player", "undo-wrong-target", "redo-nothing"])
def test_a_file_whose_frame_or_setup_breaks_a_limit_is_not_imported(client, app, change, named):
    body = a_file()
    change(body)
    before = tables(app)
    resp = send(client, json.dumps(body))
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "Not imported" in page and named in page, page[-2000:]
    assert len(page) < 60_000 and tables(app) == before


@pytest.mark.parametrize("depth, uploads", [(1_000, (False, True)), (120_000, (True,))])
def test_a_file_nested_deeper_than_a_game_file_is_refused_before_parsing(client, app, depth,
                                                                         uploads):
    before = tables(app)
    deep = "[" * depth + "]" * depth
    for body in (deep, json.dumps(a_file()).replace('"delta": 1', '"delta": ' + deep)):
        for upload in uploads:
            resp = send(client, body, upload=upload)
            page = resp.get_data(as_text=True)
            assert resp.status_code == 422 and "more than 32 deep" in page, page[-1000:]
    assert tables(app) == before


def test_a_file_of_unclosed_strings_is_refused_and_stores_nothing(client, app):
    """The nesting check skips strings; text that keeps opening one is refused (how fast:
    `make bench`, bench/imports.py, whose string pattern once took minutes on such files)."""
    for body in UNCLOSED:
        resp = send(client, body, upload=True)
        assert resp.status_code == 422, resp.get_data(as_text=True)[-1000:]
    assert tables(app) == ((), ())


def test_a_refusal_is_said_in_the_readers_language(client):
    resp = send(client, json.dumps(a_file(delta="5")), language="it")
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "Non importata" in page and "deve essere scritto" in page


def test_an_exception_the_rules_do_not_foresee_is_a_refusal_not_a_500(client, app, monkeypatch):
    from companion.games import get_game
    rules = get_game("hadara")

    def broken(state, kind, data, by=""):
        raise ZeroDivisionError("a gap in the rules")

    monkeypatch.setattr(rules, "apply", broken)
    before = tables(app)
    resp = send(client, json.dumps(a_file()))
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert "actions[0] (correct)" in page and "ZeroDivisionError" in page
    assert tables(app) == before


def test_a_json_tap_with_a_4001_digit_number_is_refused_not_a_500(client, app):
    """The reader imports share: it quotes what it refused, so a huge number must stay sayable
    (Babel cannot format 10**4000: the refusal itself answered 500)."""
    made = send(client, json.dumps(a_file()))
    token = made.headers["Location"].rsplit("/", 1)[-1]
    before = tables(app)
    resp = client.post(f"/g/{token}/do/correct", headers={
        "Accept": "application/json", "X-CSRFToken": csrf_of(client, f"/g/{token}")},
        data=json.dumps({"player": 0, "value": "coins", "delta": 10 ** 4000}),
        content_type="application/json")
    assert resp.status_code == 422 and "4,001-digit number" in resp.get_json()["said"]
    assert tables(app) == before


def test_the_history_keeps_the_rules_words_not_the_files(client, app):
    body = a_file()
    body["actions"][0].update(text="Ben stole everything",
                              words={"t": "Ben stole {x}", "p": {"x": 1}})
    assert send(client, json.dumps(body)).status_code == 303
    with app.app_context():
        row = store.session().scalars(select(Action)).one()
        assert "stole" not in row.text and row.words["t"] != "Ben stole {x}"
