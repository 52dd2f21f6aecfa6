"""Thousands of malformed and hostile requests at every form and API endpoint.

Whatever arrives, the server answers below 500, and anything it refuses leaves the stored game
untouched (the actions table and every game's version). Most requests run with CSRF checks off
so they reach the rules; a separate test sends forms without or with a forged token.
Inputs come from a seeded generator, so a failure names a reproducible request.
"""
from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from sqlalchemy import select

from companion import create_app, store
from companion.games import GAMES
from companion.games.core.characters import refused_in
from companion.store.db import Action, Game
from tests.properties.tablegen import valid_setup

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = [
    "", " ", "0", "-1", "1", "2", "3", "99", "9999", "10000", "-0", "+1", "007",
    "99999999999999999999999999", "-99999999999999999999", "1e9", "1.5", "NaN", "inf", "0x1f",
    "²", "١٢", "１", "true", "false", "null", "None", "[]", "{}", "[1, 2]", '{"a": 1}',
    "<b>x</b><script>alert(1)</script>", "' OR 1=1 --", "\x00", "\u202e", "%s%n", "{{7*7}}",
    "../../etc/passwd", "x" * 5000, "é" * 300, "yellow", "gold", "up", "income", "Acropolis",
    "athens", "settlement", "s/k/b", "1/1/1, 2/0/1, 3/1/0", "HAD-1", "remainder",
]
TOKENS_BAD = ["", "x", "0" * 64, "a" * 65, "%00", "..", "<script>", "ü" * 10]


def boarded(slug: str) -> bool:
    """HTML pages of a game exist once its board template does (others answer JSON here)."""
    return (ROOT / "templates" / "games" / slug / "board.html").exists()


@pytest.fixture
def fuzz_app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "fuzz", "WTF_CSRF_ENABLED": False,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'fuzz.sqlite'}",
                      "CREATE_TABLES": True})
    with app.app_context():
        games = {slug: store.create_game(rules, valid_setup(rules, rules.max_players))
                 for slug, rules in GAMES.items()}
        app.config["FUZZ_GAMES"] = {s: (g.id, g.play_token, g.watch_token, g.join_code)
                                    for s, g in games.items()}
    yield app
    app.extensions["db_engine"].dispose()


def stored(app) -> tuple:
    """Everything a refused request must not change: each game's version and every action row."""
    with app.app_context():
        s = store.session()
        versions = tuple(s.execute(select(Game.id, Game.version).order_by(Game.id)).all())
        rows = tuple(s.execute(select(Action.game_id, Action.seq, Action.kind, Action.data)
                               .order_by(Action.id)).all())
        return versions, tuple((g, q, k, json.dumps(d, sort_keys=True)) for g, q, k, d in rows)


def send(app, client, method: str, path: str, what: str, **kw):
    """One request: never a 5xx, and nothing stored changes when it is refused."""
    before = stored(app)
    resp = client.open(path, method=method, **kw)
    assert resp.status_code < 500, f"{what}: {method} {path} {kw!r} -> {resp.status_code}"
    if resp.status_code >= 400:
        assert stored(app) == before, f"{what}: refused but changed: {method} {path} {kw!r}"
    return resp


def hostile_form(rnd: random.Random, fields, version: int, players: int) -> dict:
    form = {}
    for f in fields:
        roll = rnd.random()
        if roll < 0.15:
            continue  # missing field
        if roll < 0.55:
            form[f.name] = rnd.choice(HOSTILE)
        elif f.kind == "choice":
            form[f.name] = rnd.choice(f.choices)[0]
        elif f.kind == "player":
            form[f.name] = str(rnd.randint(-1, players))
        else:
            form[f.name] = str(rnd.randint(f.low - 1, min(f.high, f.low + 9) + 1)) \
                if f.kind == "int" else rnd.choice(HOSTILE)
    form["version"] = rnd.choice([str(version), str(version - 1), str(version + 5), "-1", "²",
                                  "x", "", "9" * 30])
    if rnd.random() < 0.3:
        form[rnd.choice(["extra", "player", "kind", "csrf_token", "__proto__"])] = \
            rnd.choice(HOSTILE)
    return form


def version_of(app, game_id: int) -> int:
    with app.app_context():
        return store.session().get(Game, game_id).version


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_action_forms_survive_hostile_input(fuzz_app, slug):
    client = fuzz_app.test_client()
    rules = GAMES[slug]
    game_id, play, watch, _ = fuzz_app.config["FUZZ_GAMES"][slug]
    others = [g[1] for s, g in fuzz_app.config["FUZZ_GAMES"].items() if s != slug]
    slug_of = {t: s for s, g in fuzz_app.config["FUZZ_GAMES"].items() for t in g[1:3]}
    rnd = random.Random(f"actions-{slug}")
    kinds = list(rules.actions) + ["nope", "undo", "redo", "UNDO", "correct%00", "x" * 300]
    headers_json = {"Accept": "application/json"}
    seen = set()
    for i in range(500):
        kind = rnd.choice(kinds)
        spec = rules.actions.get(kind)
        form = hostile_form(rnd, spec.fields if spec else (), version_of(fuzz_app, game_id),
                            rules.max_players)
        token = rnd.choices([play, watch, rnd.choice(others), rnd.choice(TOKENS_BAD)],
                            [80, 8, 8, 4])[0]
        html = boarded(slug_of.get(token, slug)) and rnd.random() < 0.25
        path = f"/g/{token}/{kind}" if kind in ("undo", "redo") else f"/g/{token}/do/{kind}"
        resp = send(fuzz_app, client, "POST", path, f"#{i}", data=form,
                    headers=None if html else headers_json)
        if token == watch:  # (a text no field may hold is refused first, where it enters)
            assert resp.status_code == 403 or resp.status_code == 400 and any(
                refused_in(v) for v in form.values()), (path, resp.status_code)
        seen.add(resp.status_code)
    # the generator reaches both sides: accepted actions and refusals of several kinds
    assert seen & {200, 303} and {403, 404, 422} <= seen, seen


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_score_api_survives_hostile_json(fuzz_app, slug):
    client = fuzz_app.test_client()
    rules = GAMES[slug]
    rnd = random.Random(f"api-{slug}")
    good = valid_setup(rules, rules.min_players)["players"]
    bodies = [b"", b"{", b"null", b"[]", b'"players"', b"1e999", b"\xff\xfe", b"[" * 50000,
              b'{"players": ' + b"[" * 5000 + b"]" * 5000 + b"}",
              json.dumps({"players": [{"name": "x"}] * 2000}).encode(),
              json.dumps({"players": "Ana,Ben"}).encode(),
              json.dumps({"players": [], "rulings": []}).encode(),
              b'{"players": [{"name": "A", "coins": 1' + b"0" * 5000 + b'}]}']
    for i in range(500):
        if i < len(bodies):
            body = bodies[i]
        else:
            body = json.dumps(mutate(rnd, {"players": [dict(p) for p in good],
                                           "rulings": {}}, depth=0)).encode()
        send(fuzz_app, client, "POST", f"/api/v1/{slug}/score", f"#{i}", data=body,
             content_type=rnd.choice(["application/json", "text/plain", "application/json"]))
    resp = send(fuzz_app, client, "POST", "/api/v1/nosuchgame/score", "unknown game", json={})
    assert resp.status_code == 404


JSON_HOSTILE = [None, True, -1, 0, 10**30, -(10**30), 1.5, float("1e300"), "", "x" * 5000,
                "<script>", [], {}, [[[[[]]]]], {"a": {"b": {"c": {}}}}, ["a"] * 100, "²"]


def mutate(rnd: random.Random, value, depth: int):
    """A copy of a valid payload with one hostile change per level, sometimes deep."""
    if rnd.random() < 0.2 or depth > 6:
        return rnd.choice(JSON_HOSTILE)
    if isinstance(value, dict):
        out = {k: (mutate(rnd, v, depth + 1) if rnd.random() < 0.4 else v)
               for k, v in value.items() if rnd.random() > 0.1}
        if rnd.random() < 0.2:
            out[rnd.choice(["coins", "tracks", "cards", "hexes", "myths", "revolts", "zzz"])] = \
                rnd.choice(JSON_HOSTILE)
        return out
    if isinstance(value, list):
        out = [mutate(rnd, v, depth + 1) if rnd.random() < 0.4 else v for v in value]
        return out * rnd.choice([1, 1, 2, 4])
    return rnd.choice(JSON_HOSTILE) if rnd.random() < 0.5 else value


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_setup_and_quick_pad_forms_survive_hostile_input(fuzz_app, slug):
    client = fuzz_app.test_client()
    rules = GAMES[slug]
    rnd = random.Random(f"forms-{slug}")
    for which, fields, per_seat in (("new", rules.setup_fields, rules.player_fields),
                                    ("quick", rules.quick_options, rules.quick_fields)):
        if not boarded(slug) and which == "new":
            continue  # a game page without a board cannot render yet
        for i in range(150):
            form = hostile_form(rnd, fields, 0, rules.max_players)
            for seat in range(rnd.choice([0, 1, 2, rules.max_players, rules.max_players + 3])):
                for f in per_seat:
                    if rnd.random() < 0.8:
                        key = f.name.replace(".", "__")
                        form[f"players-{seat}-{key}"] = rnd.choice(HOSTILE) \
                            if rnd.random() < 0.4 else str(rnd.randint(0, 5))
            for rid in rules.rulings:
                if rnd.random() < 0.3:
                    form[f"ruling_{rid}"] = rnd.choice(HOSTILE)
            send(fuzz_app, client, "POST", f"/{which}/{slug}", f"{which} #{i}", data=form)


def an_export(app, client, slug: str) -> dict:
    """A real export with a few entries (rulings switched, an undo): nothing hidden in it."""
    rules = GAMES[slug]
    with app.app_context():
        game = store.create_game(rules, valid_setup(rules, rules.min_players))
    switches = [{"ruling": rid, "reading": k} for rid, r in rules.rulings.items()
                for k in r.readings if k != r.default][:2]
    for data in switches:
        assert client.post(f"/g/{game.play_token}/do/ruling", data=data).status_code == 303
    client.post(f"/g/{game.play_token}/undo")
    exported = client.get(f"/g/{game.play_token}/export.json").get_json()
    assert "hidden" not in exported and exported["actions"]
    return exported


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_import_survives_hostile_files(fuzz_app, slug):
    rnd = random.Random(f"import-{slug}")
    base = an_export(fuzz_app, fuzz_app.test_client(), slug)
    client = fuzz_app.test_client(use_cookies=False)  # no list of imported games to draw
    deep = "[" * 5000 + "]" * 5000
    bodies = ["", "{", "null", "[]", deep, json.dumps(base).replace('"data": {', '"data": {"x": '
                                                                      + deep + ", ", 1),
              json.dumps({**base, "actions": base["actions"] * 3}),
              json.dumps({**base, "setup": None}), json.dumps({**base, "hidden": ["x"]}),
              json.dumps(base).replace("}", ', "n": ' + "9" * 4000 + "}", 1)]
    seen, reasons = set(), set()
    for i in range(150):
        if i < len(bodies):
            body = bodies[i]
        elif rnd.random() < 0.5:  # one entry spoiled: the replay and the rules' reader
            spoiled = json.loads(json.dumps(base))
            entry = rnd.choice(spoiled["actions"])
            entry["data"] = mutate(rnd, entry["data"], depth=1)
            body = json.dumps(spoiled)
        else:
            body = json.dumps(mutate(rnd, json.loads(json.dumps(base)), depth=0))
        upload = rnd.random() < 0.3
        data = {"file": (io.BytesIO(body.encode()), "g.json")} if upload else {"json": body}
        resp = send(fuzz_app, client, "POST", "/import", f"import #{i}", data=data,
                    content_type="multipart/form-data" if upload else None)
        seen.add(resp.status_code)
        if resp.status_code == 422:  # what refused it: the file, its setup or an entry
            reasons.add(re.sub(r"\d+", "N", re.search(
                r"Not imported: ([^<:;,]*)", resp.get_data(as_text=True)).group(1))[:30])
    assert send(fuzz_app, client, "POST", "/import", "the base", data={
        "json": json.dumps(base)}).status_code == 303
    # the generator reaches both sides, and the rules' own reader of entries and setups
    assert {303, 422} <= seen and {"actions[N] (ruling)", "setup"} <= reasons, (seen, reasons)


def test_other_pages_survive_hostile_input(fuzz_app):
    client = fuzz_app.test_client()
    rnd = random.Random("pages")
    games = fuzz_app.config["FUZZ_GAMES"]
    for i in range(300):
        slug = rnd.choice(sorted(games))
        _, play, watch, code = games[slug]
        token = rnd.choice([play, watch, rnd.choice(TOKENS_BAD)])
        page = rnd.choice(["join", "seat", "history", "score", "box", "new", "quick", "game"])
        if page == "join":
            send(fuzz_app, client, "POST", "/join", f"#{i}",
                 data={"code": rnd.choice([code, code.lower(), *HOSTILE])})
        elif page == "seat":
            if boarded(slug):
                send(fuzz_app, client, "POST", f"/g/{token}/seat", f"#{i}",
                     data={"seat": rnd.choice(HOSTILE)})
        elif page in ("history", "score"):
            send(fuzz_app, client, "GET", f"/g/{token}/{page}", f"#{i}")
        elif page == "game" and boarded(slug):
            send(fuzz_app, client, "GET", f"/g/{token}", f"#{i}")
        else:
            send(fuzz_app, client, "GET", f"/{page}/{rnd.choice([slug, 'nope', '%00', 'x' * 99])}",
                 f"#{i}")


def test_forms_without_a_valid_csrf_token_change_nothing(app, client):
    """With CSRF on (the real configuration), a missing or forged token is refused with 400."""
    rules = GAMES["hadara"]
    with app.app_context():
        game = store.create_game(rules, valid_setup(rules, 3))
        token = game.play_token
    for token_value in (None, "", "forged", "x" * 500):
        data = {"player": "0", "value": "coins", "delta": "1", "version": "0"}
        if token_value is not None:
            data["csrf_token"] = token_value
        for path in (f"/g/{token}/do/correct", f"/g/{token}/undo", f"/g/{token}/seat",
                     "/new/hadara", "/join"):
            resp = send(app, client, "POST", path, "csrf", data=data)
            assert resp.status_code == 400, (path, resp.status_code)
