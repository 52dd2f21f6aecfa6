"""Box data as sightings (issue 22, Hadara D9/D10): every value a table enters from a component
is kept with its source (game, log entry); only sightings still in force count, and sightings
that disagree are flagged, never silently overwritten."""
from __future__ import annotations

import re

import pytest

from companion import store
from companion.games import get_game
from tests.table_helpers import as_seen

from .table import BLUE, to_statue_step
from .table import hadara_with_box as new_game

HADARA = get_game("hadara")


def seat(name, initiative, **kw):
    return {"name": name, "initiative": initiative, "side": "A", "coins": 5, "income": 2,
            "military": 3, "culture": 1, "food": 2, **kw}


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        yield app


def known(category=None, *, of, **kw):
    """The box data ``of`` a game (its group's or its own) or of an owner ("group:1")."""
    rows = store.box_entries("hadara", of, **kw) if isinstance(of, str) else \
        store.game_box(of, **kw)
    return {(b.category, b.key): (b.value, b.conflict)
            for b in rows if category in (None, b.category)}


def one_group(*games):
    """The games put in one new group; its box data owner."""
    from companion import groups
    group = groups.create_group("Friday")
    for game in games:
        groups.join_game(group, game)
    return f"group:{group.id}"


def choose(game, reading, box):
    """A ruling switched in ``game``, keeping ``box`` with it (as "remember" does)."""
    store.record(game.id, "ruling", {"ruling": "HAD-1", "reading": reading}, box=box)


def test_a_bought_card_joins_the_box_and_an_undo_forgets_it_and_a_redo_brings_it_back(ctx):
    game = new_game()
    store.record(game.id, "buy", BLUE)
    cards = known("card", of=game)
    assert list(cards) == [("card", "I blue 2/0/0/1/0/1")]
    store.record(game.id, "undo", {})
    assert known("card", of=game) == {}
    store.record(game.id, "redo", {})
    assert known("card", of=game) == cards


def test_a_card_whose_buy_is_taken_back_later_is_forgotten_and_comes_back_with_it(ctx):
    game = new_game()
    store.record(game.id, "buy", BLUE)  # 1
    store.record(game.id, "sell", {"player": 1, "round": 1})  # 2: Ben's step stays
    cards = known("card", of=game)
    store.record(game.id, "void", {"targets": [1]})  # 3: the buy taken back on its own
    assert known("card", of=game) == {}
    store.record(game.id, "void", {"targets": [3]})  # the take-back taken back
    assert known("card", of=game) == cards


def test_an_undone_statue_value_does_not_overwrite_the_value_in_force(ctx):
    game = new_game()
    to_statue_step(game)
    statue = {"player": 0, "statue": 2, "requirement": 1, "points": 3, "tile_track": "food",
              "tile_side": "up", "tile_value": 2}
    store.record(game.id, "statue", statue)
    store.record(game.id, "statue", {**statue, "player": 1, "requirement": 0})
    assert known("statue", with_conflicts=True, of=game)[("statue", "space 2")][1] == [
        {"requirement": 1, "points": 3, "tile_value": 2},
        {"requirement": 0, "points": 3, "tile_value": 2}]
    store.record(game.id, "undo", {})  # the mistaken 0 is taken back: the 1 stands, agreed
    assert known("statue", of=game) == {("statue", "space 2"): (
        {"requirement": 1, "points": 3, "tile_value": 2}, None)}


def test_sightings_that_disagree_within_a_group_are_flagged_and_not_offered_as_known(ctx):
    owner = one_group(new_game(seat("Ana", 1), seat("Ben", 2)),
                      new_game(seat("Cy", 1, coins=6), seat("Di", 3)))
    flagged = known("setup card", with_conflicts=True, of=owner)[("setup card", "1A")]
    assert [v["coins"] for v in flagged[1]] == [5, 6]
    assert ("setup card", "1A") not in known("setup card", of=owner)  # not offered
    assert known("setup card", of=owner)[("setup card", "3A")][1] is None


def test_sightings_that_agree_within_a_group_are_one_known_value(ctx):
    owner = one_group(new_game(seat("Ana", 1), seat("Ben", 2)),
                      new_game(seat("Cy", 1), seat("Di", 2)))
    assert known("setup card", of=owner)[("setup card", "1A")] == (
        {"coins": 5, "income": 2, "military": 3, "culture": 1, "food": 2}, None)


def test_a_house_rule_is_a_choice_the_newest_stands_without_a_conflict(ctx):
    game = new_game()
    choose(game, "all-coins", [("house rule", "HAD-1", {"reading": "all-coins"})])
    choose(game, "remainder", [("house rule", "HAD-1", {"reading": "remainder"})])
    assert known("house rule", of=game) == {
        ("house rule", "HAD-1"): ({"reading": "remainder"}, None)}


def test_each_sighting_keeps_its_game_and_log_entry(ctx):
    from sqlalchemy import select

    from companion.store.db import BoxSighting
    game = new_game()
    store.record(game.id, "buy", BLUE)
    rows = store.session().execute(select(BoxSighting.category, BoxSighting.game_id,
                                          BoxSighting.seq)).all()
    assert sorted(rows) == [("card", game.id, 1), ("setup card", game.id, 0),
                            ("setup card", game.id, 0)]


def test_the_box_page_shows_a_conflict_as_one_value_or_another(client, app):
    with app.test_request_context():
        first = new_game(seat("Ana", 1), seat("Ben", 2))
        one_group(first, new_game(seat("Cy", 1, coins=6), seat("Di", 3)))
        token = first.play_token
    page = as_seen(client.get(f"/g/{token}/box").get_data(as_text=True))
    row = re.search(r"<td>initiative 1, side A</td><td>(.*?)</td>", page, re.S).group(1)
    assert re.fullmatch(r"<b>conflicting:</b> 5 coins · [^<]* or 6 coins · [^<]*", row), row


def test_remembered_medal_prices_of_the_epoch_are_offered_as_one_tap_choices(ctx):
    from companion.web.extras.hadara import known as offered
    game = new_game()
    choose(game, "remainder", [("medal price", "silver epoch I", {"price": 3}),
                               ("medal price", "gold epoch II", {"price": 9})])
    remembered = store.game_box_values(game)
    assert [(str(c["words"]), c["pick"]) for c in offered("medal", 1, remembered)] == [
        ("silver medal · 3 coins", "medal=silver&price=3")]
    assert [c["pick"] for c in offered("medal", 2, remembered)] == ["medal=gold&price=9"]


def test_values_kept_before_sightings_are_carried_over_by_the_migration(tmp_path):
    from sqlalchemy import text

    from companion import create_app
    from companion.store import migrations
    app = create_app({"TESTING": True, "SECRET_KEY": "k",
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'old.sqlite'}"})
    migrations.upgrade(app, "0006_seat_holders")
    with app.extensions["db_engine"].begin() as conn:
        conn.execute(text("INSERT INTO box_data (slug, category, key, value, updated_at) VALUES "
                          "('hadara', 'statue', 'space 1', '{\"points\": 2}', "
                          "'2026-11-01 10:00:00')"))
    migrations.upgrade(app)
    with app.test_request_context():
        assert known("statue", of="legacy") == {("statue", "space 1"): ({"points": 2}, None)}
        game = new_game()  # a new table's sighting of another component settles beside it
        assert ("statue", "space 1") in known(of=game)
    with app.extensions["db_engine"].connect() as conn:
        assert conn.execute(text("SELECT game_id, seq, in_force FROM box_sightings "
                                 "WHERE category = 'statue'")).all() == [(None, 0, 1)]
    app.extensions["db_engine"].dispose()


def test_box_data_follows_the_whole_fold_of_undo_and_redo_not_only_the_last_entry(ctx):
    game = new_game()
    store.record(game.id, "buy", BLUE)
    store.record(game.id, "buy", {**BLUE, "player": 1, "cost": 3})
    store.record(game.id, "undo", {})
    store.record(game.id, "undo", {})
    assert known("card", of=game) == {}
    store.record(game.id, "redo", {})  # the first card is back, the second still undone
    assert list(known("card", of=game)) == [("card", "I blue 2/0/0/1/0/1")]
    store.record(game.id, "sell", {"player": 1})  # a new action: the second cannot come back
    assert list(known("card", of=game)) == [("card", "I blue 2/0/0/1/0/1")]
