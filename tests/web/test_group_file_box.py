"""The whole group as one file carries its box data and house rules (issue 21): imported into
another server, the group offers the same box values as one-tap choices and applies the same
house rules to a new game's setup; the box data of a file is read as strictly as any input (a
value only if its game's log carries it), and a refused file stores nothing."""
from __future__ import annotations

import json

import pytest

from companion import create_app, store
from companion.store.db import BoxData, BoxSighting, Game, Group, Play, session
from companion.web.views.reference import house_rule_defaults

from .groups import export_of, import_file, preselected, remember_all_coins
from .groups import hadara_in_group as hadara
from .table import new_group


def owner_of(app, token: str) -> str:
    with app.app_context():
        return f"group:{session().query(Group).filter_by(token=token).one().id}"


def offered(app, token: str) -> tuple:
    """What a group's tables are offered: its known values (one-tap choices, conflicts apart),
    the values in conflict, and its house rules."""
    owner = owner_of(app, token)
    with app.test_request_context():
        known = [(b.category, b.key, b.value, b.conflict)
                 for b in store.box_entries("hadara", owner, with_conflicts=True)]
        return known, house_rule_defaults("hadara", owner)


def club(client, app) -> str:
    """A group whose two Hadara games taught it setup cards and kept HAD-1 "all coins" as a
    house rule (another reading, kept then taken back, no longer counts)."""
    group = new_group(client, "Club")
    first = hadara(client, app, group, "Ana", "Ben")
    remember_all_coins(client, first)
    second = hadara(client, app, group, "Cy", "Di", "Eve")
    resp = client.post(f"/rules/hadara/rulings/{second.path.rsplit('/', 1)[-1]}", data={
        "csrf_token": second.csrf, "version": second.version, "once": "second-remainder",
        "ruling": "HAD-1", "reading": "remainder", "remember": "1"})
    assert resp.status_code == 303
    second.refresh()
    second.post("undo")
    return group


@pytest.fixture
def other(tmp_path):
    there = create_app({"TESTING": True, "SECRET_KEY": "k2", "CREATE_TABLES": True,
                        "DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite'}"})
    yield there
    there.extensions["db_engine"].dispose()


def test_the_group_file_brings_box_data_and_house_rules_to_another_server(client, app, other):
    group = club(client, app)
    exported = export_of(client, f"/group/{group}")
    kinds = {(b["category"], b["game"] is not None) for b in exported["box"]}
    assert kinds == {("setup card", True), ("house rule", True)}
    assert any(b["seq"] > 0 for b in exported["box"])  # a house rule names its step
    there = other.test_client()
    copy = import_file(there, exported).headers["Location"].rsplit("/", 1)[1]
    known, rules = offered(app, group)
    assert rules == {"HAD-1": "all-coins"} and any(k[0] == "setup card" for k in known)
    assert offered(other, copy) == (known, rules)
    assert preselected(there, f"/new/hadara?group={copy}") == "all-coins"
    assert "&#34;3A&#34;" in there.get(f"/new/hadara?group={copy}").get_data(as_text=True)
    with other.app_context():  # the step taken back is still not in force there
        assert sorted((b.category, b.in_force) for b in session().query(BoxSighting)
                      if b.category == "house rule") == [("house rule", False),
                                                         ("house rule", True)]
    again = export_of(there, f"/group/{copy}")
    assert [{k: v for k, v in b.items() if k != "game"} for b in again["box"]] == \
        [{k: v for k, v in b.items() if k != "game"} for b in exported["box"]]


def counts(app) -> tuple:
    with app.app_context():
        return tuple(session().query(m).count() for m in (Game, Group, Play, BoxSighting,
                                                          BoxData))


def _house(f):
    return next(b for b in f["box"] if b["category"] == "house rule")


def _card(f):
    return next(b for b in f["box"] if b["category"] == "setup card")


BAD_BOX = {
    "a value its game never showed": lambda f: _card(f)["value"].update(coins=99),
    "an unknown key": lambda f: _card(f).update(source="me"),
    "a missing key": lambda f: _card(f).pop("seq"),
    "a component no step carries": lambda f: _card(f).update(key="9Z"),
    "a game not in the file": lambda f: _card(f).update(game=987654),
    "a game named by true, not its number": lambda f: _card(f).update(game=True),
    "a step past the log": lambda f: _card(f).update(seq=10_000),
    "a step that carried something else": lambda f: _house(f).update(seq=0),
    "a reading the step did not switch": lambda f: _house(f)["value"].update(reading="x"),
    "a sourceless value that is no house rule": lambda f: _card(f).update(game=None),
    "a sourceless house rule of an unknown ruling": lambda f: _house(f).update(
        game=None, seq=0, key="HAD-99"),
    "a sourceless house rule with a list for a reading": lambda f: _house(f).update(
        game=None, seq=0, value={"reading": ["all-coins"]}),
    "an unknown game": lambda f: _card(f).update(slug="chess"),
    "another game's box data": lambda f: _card(f).update(slug="tradewarz"),
    "a category that is not a text": lambda f: _card(f).update(category=["setup card"]),
    "box data that is not a list": lambda f: f.update(box={"a": 1}),
    "a game set up in the future": lambda f: f["games"][0]["file"].update(
        created_at="2999-01-01T10:00:00"),
    "a game set up at no time": lambda f: f["games"][0]["file"].update(created_at=["x"]),
}


@pytest.mark.parametrize("what", list(BAD_BOX))
def test_a_group_files_box_data_is_read_strictly_and_a_refused_file_stores_nothing(
        client, app, what):
    group = new_group(client, "Club")
    remember_all_coins(client, hadara(client, app, group, "Ana", "Ben"))
    good = export_of(client, f"/group/{group}")
    bad = json.loads(json.dumps(good))
    BAD_BOX[what](bad)
    before = counts(app)
    page = import_file(client, bad, expect=422).get_data(as_text=True)
    assert "Not imported" in page and ("box" in page or "file" in page), what
    assert counts(app) == before
    import_file(client, good)  # the file as it was still imports


def test_a_group_file_carries_at_most_its_limit_of_box_data(client, app):
    """(A file that long is over the upload limit too; the reader refuses it on any path.)"""
    from companion.games.core import IllegalAction
    from companion.groups import file_box
    from companion.groups import files as group_file
    group = new_group(client, "Club")
    hadara(client, app, group, "Ana", "Ben")
    bad = export_of(client, f"/group/{group}")
    bad["box"] = [_card(bad)] * (file_box.BOX_LIMIT + 1)
    before = counts(app)
    with app.test_request_context(), pytest.raises(IllegalAction) as refused:
        group_file.import_group(bad)
    assert refused.value.field == "box" and "at most 20000" in refused.value.message
    assert counts(app) == before


def test_values_read_from_steps_conflicts_and_take_backs_come_out_the_same_in_a_copy(app,
                                                                                   other):
    """Box data from a card bought, a card bought then taken back (void), and two statue
    values that disagree (a conflict: shown, not offered) reads the same in the copy."""
    from companion import groups
    from companion.groups import files as group_file

    from .table import BLUE, to_statue_step
    from .table import hadara_with_box as new_game
    statue = {"player": 0, "statue": 2, "requirement": 1, "points": 3, "tile_track": "food",
              "tile_side": "up", "tile_value": 2}
    with app.test_request_context():
        group = groups.create_group("Friday")
        first, second = new_game(), new_game()
        for game in (first, second):
            groups.join_game(group, game)
        store.record(second.id, "buy", {**BLUE, "cost": 3})  # 1
        store.record(second.id, "void", {"targets": [1]})  # 2: that card is forgotten
        store.record(second.id, "buy", BLUE)  # 3
        to_statue_step(first)
        store.record(first.id, "statue", statue)
        store.record(first.id, "statue", {**statue, "player": 1, "requirement": 0})
        exported = json.loads(json.dumps(group_file.export_group(group)))
        token = group.token
    with other.test_request_context():
        copy = group_file.import_group(exported).token
    known = offered(app, token)
    assert offered(other, copy) == known
    cards = [k for k in known[0] if k[0] == "card"]
    assert [k[1] for k in cards] == ["I blue 2/0/0/1/0/1"]
    assert [k[3] for k in known[0] if k[0] == "statue"] == [[
        {"requirement": 1, "points": 3, "tile_value": 2},
        {"requirement": 0, "points": 3, "tile_value": 2}]]


def test_a_copy_of_a_group_shows_the_same_statistics_and_play_log(client, app, other):
    import re

    from .groups import TW_QUICK, add, finished_game, quick_play
    group = "/group/" + new_group(client, "Club")
    for name in ("Ana", "Ben", "Cy"):
        add(client, group, name)
    finished_game(client, app, group, ["Cy", "Ana"], [3, 1])
    finished_game(client, app, group, ["Ana", "Ben", "Cy"], [2, 2, 4])
    quick_play(client, group, **TW_QUICK)
    there = other.test_client()
    copy = import_file(there, export_of(client, group)).headers["Location"]

    def seen(c, link, page):  # the page without its links and ids (new in the copy)
        html = c.get(link + page).get_data(as_text=True)
        html = html.replace(link.rsplit("/", 1)[1], "LINK")
        return re.sub(r'(player-|play/|/g/)[\w-]+|name="csrf_token"[^>]*', "", html)

    for page in ("/stats", ""):
        mine, theirs = seen(client, group, page), seen(there, copy, page)
        assert mine == theirs and mine.count("<li") > 5, page


def test_a_group_file_larger_than_a_tap_may_be_imports_within_the_import_limit(client, app,
                                                                               other):
    """A group's file grows with its games: imports take up to IMPORT_MAX_BYTES, every other
    request stays within MAX_CONTENT_LENGTH."""
    import io

    from tests.table_helpers import csrf_of
    group = club(client, app)
    body = json.dumps(export_of(client, f"/group/{group}")).encode()
    big = body + b" " * (app.config["MAX_CONTENT_LENGTH"] + 1024)  # (still the same JSON)
    there = other.test_client()

    def send(data: bytes):
        return there.post("/group/import", data={"csrf_token": csrf_of(there),
                                                 "file": (io.BytesIO(data), "group.json")})

    assert send(big).status_code == 303
    other.config["IMPORT_MAX_BYTES"] = len(big) - 1
    before = counts(other)
    assert send(big).status_code == 413
    assert counts(other) == before
    # a tap of the same size is refused as before
    page = there.post("/new/hadara", data={"csrf_token": csrf_of(there), "pad": "x" * len(big)})
    assert page.status_code == 413
