"""Text is checked where it enters (security review N9): a lone UTF-16 surrogate, NUL or another
control character in any text a path takes is refused naming the field and the rule (400; a
file's reader and a shared pad's link keep their 422, naming the entry and field), on SQLite and
PostgreSQL alike, and nothing is stored. Before, a surrogate in JSON failed the INSERT (500) and
a NUL in a player's name failed on PostgreSQL (500) but was stored on SQLite."""
from __future__ import annotations

import base64
import html
import io
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from sqlalchemy import func, select

from companion import store
from companion.store.db import Base
from tests.table_helpers import csrf_of

#: what each case puts inside a text, by name
CHARS = {"surrogate": "\ud800", "NUL": "\x00", "escape (C0)": "\x1b"}
HADARA_SEAT = {"initiative": "1", "side": "A", "coins": "5", "income": "1", "military": "1",
               "culture": "1", "food": "1"}
HEX = {"player": 0, "kind": "chora", "nature": "political", "cost_citizens": 1,
       "cost_hoplites": 0, "cost_gold": 0, "produces": "none", "gear": "none"}


@dataclass
class World:
    """What the paths act on: a Hexemonia game, a group with a play, a game export."""

    client: object
    csrf: str
    game: str
    group: str
    play: int
    export: dict


def _setup_form(csrf: str, name: str) -> dict:
    data = {"csrf_token": csrf}
    for i, who in enumerate((name, "Ben")):
        data.update({f"players-{i}-name": who,
                     **{f"players-{i}-{k}": v for k, v in HADARA_SEAT.items()}})
    data["players-1-initiative"] = "2"
    return data


@pytest.fixture(scope="module")
def world(module_db_app):
    from companion.games import get_game
    from tests.table_helpers import sample_setup
    client = module_db_app.test_client()
    csrf = csrf_of(client)
    resp = client.post("/group/new", data={"name": "Family", "csrf_token": csrf})
    group = resp.headers["Location"]
    resp = client.post(f"{group}/quick/hadara", data={
        "csrf_token": csrf, "date": "2026-11-01", "note": "rainy", "first": "1",
        "players-0-name": "Ana", "players-0-coins": "3", "players-1-name": "Ben"})
    assert resp.status_code == 303, html.unescape(resp.get_data(as_text=True))[-3000:]
    play = int(resp.headers["Location"].rsplit("/", 1)[1])
    rules = get_game("hexemonia")
    with module_db_app.app_context():
        game = store.create_game(rules, sample_setup(rules, 2))
        export = store.export_game(game)
    return World(client, csrf, game.play_token, group, play, export)


def stored(app) -> dict[str, int]:
    """The rows of every table: a refusal leaves each as it was."""
    with app.app_context():
        s = store.session()
        counts = {t.name: s.scalar(select(func.count()).select_from(t))
                  for t in Base.metadata.sorted_tables}
        s.rollback()
        return counts


# ------------------------------------------------------------------------------ the paths

def _file(w: World, c: str) -> dict:
    made = json.loads(json.dumps(w.export))
    made["setup"]["players"][0]["name"] = f"Ana{c}x"
    return made


def _group_file(w: World, c: str) -> dict:
    return {"format": "companion-group/1", "name": "Club", "players": [], "plays": [],
            "left_out_games": 0, "box": [], "games": [{"id": 1, "seats": [], "file": _file(w, c)}]}


def _link_facts(payload: dict) -> str:
    """A shared pad's facts as a link carries them (``quickshare.pack``), written with JSON's
    escapes: a link made by hand may hold a lone surrogate, which a pad never packs."""
    raw = zlib.compress(json.dumps(payload).encode(), 9)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _upload(w: World, url: str, payload: dict):
    return w.client.post(url, data={"csrf_token": w.csrf, "file": (
        io.BytesIO(json.dumps(payload).encode()), "f.json")}, content_type="multipart/form-data")


@dataclass(frozen=True)
class Path:
    """An entry path: how it sends a text holding ``c``, the field it must name, its code."""

    send: Callable
    field: str
    status: int = 400
    form: bool = False  # a form cannot carry a lone surrogate (see the test below)


PATHS = {
    "new game setup form": Path(lambda w, c: w.client.post(
        "/new/hadara", data=_setup_form(w.csrf, f"Ana{c}x")), "players-0-name", form=True),
    "form tap": Path(lambda w, c: w.client.post(f"/g/{w.game}/do/correct_add_hex", data={
        **{k: str(v) for k, v in HEX.items()}, "name": f"Agora{c}", "csrf_token": w.csrf}),
        "name", form=True),
    "JSON tap": Path(lambda w, c: w.client.post(
        f"/g/{w.game}/do/correct_add_hex", json={**HEX, "name": f"Agora{c}"},
        headers={"X-CSRFToken": w.csrf}), "name"),
    "quick pad": Path(lambda w, c: w.client.post("/quick/hadara", data={
        "csrf_token": w.csrf, "players-0-name": f"Ana{c}", "players-1-name": "Ben"}),
        "players-0-name", form=True),
    "shared quick pad link": Path(lambda w, c: w.client.get("/quick/hadara/shared", query_string={
        "facts": _link_facts({"players": [{"name": f"Ana{c}"}, {"name": "Ben"}]})}),
        "players[0].name", 422),
    "score API": Path(lambda w, c: w.client.post("/api/v1/hadara/score", json={
        "players": [{"name": f"Ana{c}"}, {"name": "Ben"}]}), "players[0].name"),
    "game import (pasted)": Path(lambda w, c: w.client.post("/import", data={
        "csrf_token": w.csrf, "json": json.dumps(_file(w, c))}), "setup.players[0].name", 422),
    "game import (file)": Path(lambda w, c: _upload(w, "/import", _file(w, c)),
                               "setup.players[0].name", 422),
    "group import": Path(lambda w, c: _upload(w, "/group/import", _group_file(w, c)),
                         "games[0].file.setup.players[0].name", 422),
    "group name": Path(lambda w, c: w.client.post("/group/new", data={
        "csrf_token": w.csrf, "name": f"Club{c}"}), "name", form=True),
    "group player": Path(lambda w, c: w.client.post(f"{w.group}/players", data={
        "csrf_token": w.csrf, "name": f"Cy{c}", "mark": ""}), "name", form=True),
    "play note": Path(lambda w, c: w.client.post(f"{w.group}/play/{w.play}/note", data={
        "csrf_token": w.csrf, "note": f"rainy{c}"}), "note", form=True),
    "group quick pad": Path(lambda w, c: w.client.post(f"{w.group}/quick/hadara", data={
        "csrf_token": w.csrf, "date": "2026-11-01", "note": f"rainy{c}", "first": "1",
        "players-0-name": "Ana", "players-1-name": "Ben"}), "note", form=True),
}
CASES = [(path, char) for path, p in PATHS.items() for char in CHARS
         if not (p.form and char == "surrogate")]


@pytest.mark.parametrize(("path", "char"), CASES)
def test_a_text_holding_a_character_no_text_may_hold_is_refused_naming_its_field(
        module_db_app, world, path, char):
    entry, c = PATHS[path], CHARS[char]
    before = stored(module_db_app)
    resp = entry.send(world, c)
    body = html.unescape(resp.get_data(as_text=True))
    assert resp.status_code == entry.status, body[-2000:]
    assert entry.field in body and f"U+{ord(c):04X}" in body, body[-2000:]
    assert c not in body  # said as its code: the page itself stays sayable
    if resp.is_json:
        assert entry.field in [e["field"] for e in resp.get_json()["errors"]]
    assert stored(module_db_app) == before


def test_a_form_cannot_carry_a_lone_surrogate_its_bytes_stay_text(module_db_app, world):
    """A browser's form is UTF-8: the bytes of a lone surrogate are not UTF-8, and Werkzeug
    keeps them as their %-escapes, plain text a database stores."""
    resp = world.client.post("/group/new", data=f"csrf_token={world.csrf}&name=Club%ED%A0%80",
                             content_type="application/x-www-form-urlencoded")
    assert resp.status_code == 303
    page = world.client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Club%ED%A0%80" in page


def test_tabs_and_line_breaks_stay_in_multi_line_text(module_db_app, world):
    resp = world.client.post(f"{world.group}/play/{world.play}/note", data={
        "csrf_token": world.csrf, "note": "rainy\r\nlong\tgame"})
    assert resp.status_code == 303
    with module_db_app.app_context():
        from companion.store.db import Play
        assert store.session().get(Play, world.play).note == "rainy\r\nlong\tgame"


def test_the_refusal_is_said_in_the_readers_language(module_db_app, world):
    resp = world.client.post(f"/g/{world.game}/do/correct_add_hex", json={
        **HEX, "name": "Agora\x07"}, headers={"X-CSRFToken": world.csrf,
                                               "Accept-Language": "it"})
    assert resp.status_code == 400
    body = resp.get_json()
    assert "name contiene il carattere di controllo U+0007" in body["said"]
    assert body["errors"][0]["message"].startswith("name holds the control character U+0007")
