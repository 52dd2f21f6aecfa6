"""The box learned once per server (issue 49 item 2): a value any table of the server taught
(a card, a cost, a colony, a statue, a tile) is offered to every later game on it, under a
group's own values, so a first night played without a group is not typed again in the group's
first game; and a box goes from one server to another as a file, read as strictly as the taps
that taught it (a wrong file is refused by name and stores nothing)."""
from __future__ import annotations

import io
import json
import re

import pytest
from sqlalchemy import func, select

from companion import create_app, groups, store
from companion.games import get_game
from companion.games.core import RulesError
from companion.store.db import BoxSighting

from .table import BLUE, CSRF, WebTable, new_group, seat, to_statue_step
from .table import hadara_with_box as hadara

COSTS = {"cost_settlement": "1 lumber + 1 wheat", "cost_upgrade": "1 lumber + 1 wheat + 2 gold",
         "cost_village": "2 lumber + 2 wheat + 2 mining",
         "cost_castle": "3 gold + 4 lumber + 4 mining", "cost_road": "1 lumber + 1 mining",
         "cost_tech_economy": "1 gold + 1 lumber + 1 wheat",
         "cost_tech_engineering": "1 gold + 1 lumber + 1 mining",
         "cost_tech_military": "1 gold + 1 mining + 1 wheat", "fifth_season_die": "red"}
HOUSES = [{"name": n} for n in ("Amber", "Basalt", "Cobalt")]


def box_values(page: str) -> tuple[str, str]:
    """The setup page's "Box values" summary and what its fields hold."""
    found = re.search(r'<details class="box-values" id="box-values"[^>]*>(.*?)</details>', page,
                      re.S)
    assert found, "no box values section"
    return re.search(r"<summary>(.*?)</summary>", found.group(1), re.S).group(1), found.group(1)


def tradewarz(client, app, *, group: str = "", **options) -> WebTable:
    return WebTable.create(client, app, "tradewarz", HOUSES, in_group=group,
                           **{"end_mode": "time", "years": "1", **options})


def test_a_game_without_a_group_teaches_later_setups_and_its_group_to_be_asks_for_none(client,
                                                                                       app):
    summary, _ = box_values(client.get("/new/tradewarz").get_data(as_text=True))
    assert "not known yet" in summary  # a fresh server knows nothing of the box
    tradewarz(client, app, **COSTS)  # the first night: no group
    summary, fields = box_values(client.get("/new/tradewarz").get_data(as_text=True))
    assert "all known from an earlier game" in summary
    assert 'name="cost_castle" value="3 gold + 4 lumber + 4 mining"' in fields
    # the next night starts a group at its setup (the form sends what it was filled with)
    first = tradewarz(client, app, new_group="Thursday table", **COSTS)
    with app.app_context():
        game = store.find_game(first.path.rsplit("/", 1)[-1])[0]
        token = groups.group_of_game(game).token
    summary, fields = box_values(client.get(f"/new/tradewarz?group={token}").get_data(
        as_text=True))
    assert "all known from an earlier game" in summary
    assert 'name="cost_village" value="2 lumber + 2 mining + 2 wheat"' in fields


def test_a_card_bought_without_a_group_is_offered_in_a_new_groups_first_game(app):
    with app.test_request_context():
        lone = hadara()
        store.record(lone.id, "buy", BLUE)
        group = groups.create_group("Friday")
        rules = get_game("hadara")
        setup = {"players": [seat("Cy", 3), seat("Di", 4)]}
        first, _ = groups.set_up_game(rules, setup, rules.box_records_of_setup(setup),
                                      group=group)
        assert ("card", "I blue 2/0/0/1/0/1") in {(c, k) for c, k, _ in
                                                  store.game_box_values(first)}


def test_a_game_that_joins_a_group_gives_the_group_its_values_as_the_groups_own(app):
    with app.test_request_context():
        lone = hadara()
        store.record(lone.id, "buy", BLUE)
        group = groups.create_group("Friday")
        groups.join_game(group, lone)
        owners = {b.key: b.owner for b in store.box_entries("hadara", f"group:{group.id}")}
        assert owners["I blue 2/0/0/1/0/1"] == f"group:{group.id}"


def test_a_groups_own_value_comes_before_the_servers(client, app):
    with app.test_request_context():
        group = groups.create_group("Friday")
        rules = get_game("hadara")
        ours = {"players": [seat("Ana", 1, coins=5), seat("Ben", 2)]}
        groups.set_up_game(rules, ours, rules.box_records_of_setup(ours), group=group)
        hadara(seat("Cy", 1, coins=6), seat("Di", 3))  # another table: 1A read otherwise
        token = group.token
        entries = store.box_entries("hadara", f"group:{group.id}")
    known = json.loads(re.search(r'data-known="([^"]*)"', client.get(
        f"/new/hadara?group={token}").get_data(as_text=True)).group(1).replace("&#34;", '"'))
    assert known["1A"]["coins"] == 5  # the group's own, not the other table's 6
    assert known["3A"]["coins"] == 5  # what only the server knows, under it
    owners = [b.owner for b in entries]
    assert owners == sorted(owners, key=lambda o: o != f"group:{group.id}")  # its own first
    lone = json.loads(re.search(r'data-known="([^"]*)"', client.get(
        "/new/hadara").get_data(as_text=True)).group(1).replace("&#34;", '"'))
    assert "1A" not in lone and lone["3A"]["coins"] == 5  # two tables disagree: not offered


# ------------------------------------------------------------------------------ box files

def load(client, path: str, body: bytes | str):
    page = client.get(path).get_data(as_text=True)
    data = {"csrf_token": CSRF.search(page).group(1),
            "file": (io.BytesIO(body if isinstance(body, bytes) else body.encode()),
                     "box.json")}
    return client.post(path + "/load", data=data, content_type="multipart/form-data")


@pytest.fixture
def other_server(tmp_path):
    other = create_app({"TESTING": True, "SECRET_KEY": "other-key", "CREATE_TABLES": True,
                        "DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite'}"})
    yield other
    other.extensions["live"].close()
    other.extensions["db_engine"].dispose()


def taught_hadara(app):
    """Setup cards, a card, a statue space: taught by tables of this server."""
    with app.test_request_context():
        store.record(hadara().id, "buy", BLUE)
        game = hadara()
        to_statue_step(game)
        store.record(game.id, "statue", {"player": 0, "statue": 2, "requirement": 1,
                                         "points": 4, "tile_track": "culture",
                                         "tile_side": "up", "tile_value": 1})


def test_a_box_file_round_trips_to_a_fresh_server_and_its_values_are_offered(client, app,
                                                                             other_server):
    taught_hadara(app)
    tradewarz(client, app, **COSTS)
    theirs = other_server.test_client()
    for slug in ("hadara", "tradewarz"):
        resp = client.get(f"/box/{slug}.json")
        assert resp.status_code == 200 and "attachment" in resp.headers["Content-Disposition"]
        sent = resp.get_json()
        assert (sent["format"], sent["version"], sent["game"]) == ("companion-box", 1, slug)
        resp = load(theirs, f"/box/{slug}", resp.get_data())
        assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
        assert theirs.get(f"/box/{slug}.json").get_json() == sent  # the same box
    assert set(sent["values"]) == {"costs", "seasons"}
    hadara_values = client.get("/box/hadara.json").get_json()["values"]
    assert {"setup card", "card", "statue"} <= set(hadara_values)
    summary, _ = box_values(theirs.get("/new/tradewarz").get_data(as_text=True))
    assert "all known from an earlier game" in summary  # offered on the fresh server
    with other_server.test_request_context():
        game = hadara(seat("Cy", 1), seat("Di", 2))
        offered = {(c, k) for c, k, _ in store.game_box_values(game)}
    assert {("card", "I blue 2/0/0/1/0/1"), ("statue", "space 2")} <= offered


def test_a_box_file_loads_into_a_group_as_the_groups_own(client, app, other_server):
    taught_hadara(app)
    theirs = other_server.test_client()
    token = new_group(theirs, "Club")
    assert load(theirs, f"/group/{token}/box/hadara",
                client.get("/box/hadara.json").get_data()).status_code == 303
    with other_server.app_context():
        group = groups.find_group(token)
        owners = {b.owner for b in store.box_entries("hadara", f"group:{group.id}")}
    assert owners == {f"group:{group.id}"}


def rules_records(slug: str, kind: str, data: dict) -> list:
    """The box data the rules make from a tap's values (an epoch-I state for Hadara)."""
    from types import SimpleNamespace
    return get_game(slug).box_records(SimpleNamespace(epoch=1), kind, data)


@pytest.mark.parametrize("slug, kind, data", [
    ("hadara", "colony", {"requirement": 3, "points": 4, "choice": "integrate", "coins": 2,
                          "culture": 1}),
    ("hadara", "medal", {"medal": "silver", "price": 7}),
    ("hadara", "buy", {"colour": "purple", "cost": 5, "points": 2, "effect": "one less coin",
                       "effect_changes": ""}),
    ("hexemonia", "play_myth", {"name": "Oracolo", "nature": "sacred", "produces": "none",
                                "output": 0, "gear": "none"}),
])
def test_every_kind_of_value_a_tap_teaches_reads_back_from_a_box_file(app, slug, kind, data):
    category, key, value = rules_records(slug, kind, data)[0]
    payload = {"format": "companion-box", "version": 1, "game": slug,
               "values": {category: {key: value}}}
    with app.app_context():
        assert store.read_box_file(json.loads(json.dumps(payload)), slug) == [
            (category, key, value)]


@pytest.mark.parametrize("record, taken", [
    (("city", "sparta", {"bonus_kind": "chora", "bonus_points": 3}), True),
    (("player-count icons", "icon_3", {"count": 10}), True),
    (("city", "sparta", {"bonus_points": 3, "told": "SERVER MOVED"}), False),
    (("city", "sparta", {"bonus_points": 300}), False),
    (("player-count icons", "icon_9", {"count": 10}), False),
])
def test_a_setup_value_reads_back_from_a_box_file_only_as_the_setup_form_reads_it(app, record,
                                                                                  taken):
    category, key, value = record
    payload = {"format": "companion-box", "version": 1, "game": "hexemonia",
               "values": {category: {key: value}}}
    with app.app_context():
        if taken:
            assert store.read_box_file(payload, "hexemonia") == [record]
        else:
            with pytest.raises(RulesError, match=f"values.{category}.{key}"):
                store.read_box_file(payload, "hexemonia")


def hadara_file(**values) -> str:
    return json.dumps({"format": "companion-box", "version": 1, "game": "hadara",
                       "values": values or {"statue": {"space 2": {
                           "requirement": 3, "points": 4, "tile_value": 1}}}})


CARD = {"epoch": 1, "colour": "blue", "cost": 2, "income": 0, "military": 0, "culture": 1,
        "food": 0, "points": 1}


@pytest.mark.parametrize("body, words", [
    (hadara_file().replace('"companion-box"', '"companion-group/1"'),
     "not a box file (expected format companion-box)"),
    (hadara_file().replace('"version": 1', '"version": 2'),
     "box file version 2 is not one this server reads"),
    (hadara_file().replace('"game": "hadara"', '"game": "chess"'), "unknown game 'chess'"),
    (hadara_file().replace('"game": "hadara"', '"game": "tradewarz"'),
     "this box file is of TradeWarz, not of Hadara"),
    (hadara_file(tiles={"a": {"x": 1}}), "values.tiles: Hadara keeps no box data of that kind"),
    (hadara_file(card={"I blue 2/0/0/1/0/1": {**CARD, "cost": 99}}), "values.card.I blue"),
    (hadara_file(card={"I blue 9/9/9/9/9/9": CARD}), "not a value a table can enter for Hadara"),
    (hadara_file(statue={"space 9": {"requirement": 3, "points": 4, "tile_value": 1}}),
     "values.statue.space 9"),
    (hadara_file(**{"house rule": {"HAD-1": {"reading": "all-coins"}}}),
     "keeps no box data of that kind"),
    ('{"format": "companion-box", ', "not JSON"),
])
def test_a_wrong_box_file_is_refused_naming_the_problem_and_stores_nothing(client, app, body,
                                                                            words):
    resp = load(client, "/box/hadara", body)
    assert resp.status_code == 422
    page = resp.get_data(as_text=True).replace("&#39;", "'")
    assert "Not loaded: " in page and words in page, page[page.find("Not loaded"):][:300]
    with app.app_context():
        assert store.session().scalar(select(func.count()).select_from(BoxSighting)) == 0


def test_a_box_file_larger_than_any_import_is_refused_and_stores_nothing(client, app):
    app.config["IMPORT_MAX_BYTES"] = 4096
    resp = load(client, "/box/hadara", hadara_file() + " " * 5000)
    assert resp.status_code == 413
    with app.app_context():
        assert store.session().scalar(select(func.count()).select_from(BoxSighting)) == 0


# --------------------------------------------------------------------------- the migration

def test_the_migration_makes_the_servers_box_from_every_tables_values_but_house_rules(
        database_url):
    from sqlalchemy import text

    from companion.store import migrations
    from companion.store.db import BoxData
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "DATABASE_URL": database_url})
    migrations.upgrade(app, "0012_group_versions")
    now = "'2026-11-01 10:00:00'"
    with app.extensions["db_engine"].begin() as conn:
        for owner, key, value in (("group:7", "space 1", '{"points": 2}'),
                                  ("game:2", "space 1", '{"points": 2}'),
                                  ("game:2", "space 2", '{"points": 3}'),
                                  ("game:3", "space 2", '{"points": 4}'),
                                  ("game:3", "HAD-1", '{"reading": "all-coins"}')):
            category = "house rule" if key == "HAD-1" else "statue"
            conn.execute(text(
                "INSERT INTO box_sightings (owner, slug, category, key, value, game_id, seq, "
                f"in_force, at) VALUES ('{owner}', 'hadara', '{category}', '{key}', '{value}', "
                f"NULL, 0, TRUE, {now})"))
    migrations.upgrade(app)
    with app.app_context():
        rows = store.session().query(BoxData).filter_by(owner="server").all()
        assert sorted((b.key, b.value, b.conflict) for b in rows) == [
            ("space 1", {"points": 2}, None),
            ("space 2", {"points": 4}, [{"points": 3}, {"points": 4}])]
        offered = [b.key for b in store.box_entries("hadara", "legacy")]
        assert offered == ["space 1"]  # a new game without a group: agreed values only
    app.extensions["db_engine"].dispose()
