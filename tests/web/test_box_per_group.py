"""Box data and house rules belong to a group, or to a game without a group (issue 21, security
review M4): a table changes only its own group's (or its own game's), and a setup from a group
starts from that group's values and house rules. Printed values (never house rules) are also the
server's box (issue 49): offered to every other table under its own, marked as the server's."""
from __future__ import annotations

from companion import store
from companion.store import migrations
from companion.store.db import BoxData, BoxSighting

from .groups import hadara_in_group as hadara
from .groups import preselected, remember_all_coins
from .table import new_group

HEX = {"hexes": 2}


def seat(name, initiative, **kw):
    return {"name": name, "initiative": initiative, "side": "A", "coins": 5, "income": 2,
            "military": 3, "culture": 1, "food": 2, **kw}


def test_one_groups_house_rule_is_not_another_groups_default(client, app):
    ours, theirs = new_group(client, "Ours"), new_group(client, "Theirs")
    remember_all_coins(client, hadara(client, app, ours))
    assert preselected(client, f"/new/hadara?group={ours}") == "all-coins"
    assert preselected(client, f"/new/hadara?group={theirs}") == "remainder"
    assert hadara(client, app, theirs, "Cy", "Di").state().rulings["HAD-1"] == "remainder"


def test_a_game_without_a_group_cannot_change_any_groups_house_rules_or_a_new_games(client, app):
    group = new_group(client)
    remember_all_coins(client, hadara(client, app))  # a game of no group
    assert preselected(client, f"/new/hadara?group={group}") == "remainder"
    assert preselected(client, "/new/hadara") == "remainder"
    assert hadara(client, app).state().rulings["HAD-1"] == "remainder"


def test_a_game_without_a_group_keeps_its_own_house_rule_and_sees_it(client, app):
    lone = hadara(client, app)
    remember_all_coins(client, lone)
    token = lone.path.rsplit("/", 1)[-1]
    page = client.get(f"/rules/hadara/rulings?game={token}").get_data(as_text=True)
    assert "Our house rule for new games" in page
    assert "House rule" in client.get(lone.path + "/box").get_data(as_text=True)
    assert "House rule" not in client.get("/box/hadara").get_data(as_text=True)


def hexemonia(client, app, group=""):
    players = [{"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"}]
    from .table import HxTable
    return HxTable.create(client, app, "hexemonia", players, in_group=group,
                          **{"icon_3": 2, "icon_4": 29, "revolts": "y"})


def fills_from(client, app, group, name) -> bool:
    """Whether a new game (of ``group``, or of none) offers the hex ``name`` on its play form:
    listed among the known hexes and filled in by name."""
    table = hexemonia(client, app, group)
    table.act("take", **HEX)
    listed = name in table.asked("play_hex")
    resp = client.get(table.path + "/hexemonia/fill", query_string={"name": name})
    assert listed == (resp.status_code == 200), (listed, resp.status_code)
    return listed


def test_a_hex_named_at_one_groups_table_is_only_the_servers_on_another_groups_pages(client, app):
    ours, theirs = new_group(client, "Ours"), new_group(client, "Theirs")
    table = hexemonia(client, app, ours)
    table.act("take", **HEX)
    table.play("SERVER MOVED to evil.example", "fortification", "military", (0, 0, 0),
               shield=2)
    assert f"/group/{ours}/box/hexemonia" in client.get(f"/group/{ours}").get_data(as_text=True)
    page = client.get(f"/group/{ours}/box/hexemonia").get_data(as_text=True)
    assert "SERVER MOVED to evil.example</td>" in page  # the group's own: not marked
    assert fills_from(client, app, ours, "SERVER MOVED to evil.example")
    page = client.get(f"/group/{theirs}/box/hexemonia").get_data(as_text=True)
    assert "SERVER MOVED to evil.example <small class=\"muted\">(from this server)" in page
    with app.app_context():
        theirs_own = store.box_entries("hexemonia", f"group:{group_id(app, theirs)}")
        assert all(b.owner != f"group:{group_id(app, theirs)}" for b in theirs_own)


def test_a_hex_named_at_a_game_without_a_group_is_its_own_and_the_servers(client, app):
    group = new_group(client)
    lone = hexemonia(client, app)
    lone.act("take", **HEX)
    lone.play("Mura nuove", "fortification", "military", (0, 0, 0), shield=2)
    assert "Mura nuove" in client.get(lone.path + "/box").get_data(as_text=True)
    assert "Mura nuove <small" in client.get(f"/group/{group}/box/hexemonia").get_data(
        as_text=True)
    assert fills_from(client, app, "", "Mura nuove")
    assert fills_from(client, app, group, "Mura nuove")


def test_setting_up_from_a_group_offers_its_setup_values_and_the_servers(client, app):
    ours, theirs = new_group(client, "Ours"), new_group(client, "Theirs")
    hadara(client, app, ours, "Ana", "Ben")  # setup cards 1A and 2A seen by this group
    html = client.get(f"/new/hadara?group={ours}").get_data(as_text=True)
    assert "&#34;1A&#34;" in html and "Box data Ours remembers" in html
    html = client.get(f"/new/hadara?group={theirs}").get_data(as_text=True)
    assert "&#34;1A&#34;" in html  # the server's, under the group's own (none)


def test_a_game_joining_a_group_brings_its_setups_box_data_to_the_group(client, app):
    group = new_group(client)
    table = hadara(client, app, group)
    with app.app_context():
        game = store.find_game(table.path.rsplit("/", 1)[-1])[0]
        owners = {b.owner for b in store.game_box(game)}
    assert owners == {f"group:{group_id(app, group)}"}


def group_id(app, token):
    from companion import groups
    with app.app_context():
        return groups.find_group(token).id


# --------------------------------------------------------------------------- the migration

def test_the_migration_gives_each_sighting_to_its_games_group_or_game_and_keeps_the_rest_legacy(
        database_url):
    from sqlalchemy import text

    from companion import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "DATABASE_URL": database_url})
    migrations.upgrade(app, "0008_groups")
    now = "'2026-11-01 10:00:00'"
    with app.extensions["db_engine"].begin() as conn:
        for gid in (1, 2):
            conn.execute(text(
                "INSERT INTO games (id, slug, play_token, watch_token, join_code, title, setup, "
                f"version, created_at, updated_at) VALUES ({gid}, 'hadara', 'p{gid}', 'w{gid}', "
                f"'J{gid}', 't', '{{}}', 0, {now}, {now})"))
        conn.execute(text(f"INSERT INTO groups (id, token, name, created_at) VALUES "
                          f"(7, 'tok', 'Club', {now})"))
        conn.execute(text("INSERT INTO group_games (game_id, group_id, seats) VALUES "
                          "(1, 7, '[]')"))
        for game, key, value in (("1", "space 1", 2), ("2", "space 2", 3),
                                 ("NULL", "space 3", 4)):
            conn.execute(text(
                "INSERT INTO box_sightings (slug, category, key, value, game_id, seq, in_force, "
                f"at) VALUES ('hadara', 'statue', '{key}', '{{\"points\": {value}}}', {game}, 0, "
                f"TRUE, {now})"))
            conn.execute(text(
                "INSERT INTO box_data (slug, category, key, value, updated_at) VALUES "
                f"('hadara', 'statue', '{key}', '{{\"points\": {value}}}', {now})"))
    migrations.upgrade(app)
    with app.app_context():
        rows = store.session().query(BoxData).filter(BoxData.owner != "server").all()
        assert sorted((b.owner, b.key, b.value["points"], b.conflict) for b in rows) == [
            ("game:2", "space 2", 3, None), ("group:7", "space 1", 2, None),
            ("legacy", "space 3", 4, None)]
        assert {s.owner for s in store.session().query(BoxSighting)} == {
            "group:7", "game:2", "legacy"}
        club = [(b.key, b.owner) for b in store.box_entries("hadara", "group:7")]
        # its own, the legacy value under it, then the server's (migration 0013)
        assert club == [("space 1", "group:7"), ("space 3", "legacy"), ("space 2", "server")]
    app.extensions["db_engine"].dispose()
