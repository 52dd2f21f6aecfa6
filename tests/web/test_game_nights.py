"""Game nights (issue 21): a group, its players, its games and plays, statistics, files out and
in. Finished games are TradeWarz games in time mode: corrections set each house's golden Xadlas
(its score) and "Time is up" before anyone acts ends the game at once."""
from __future__ import annotations

import csv
import io
import json
import re
from urllib.parse import parse_qs, urlsplit

from companion.games.core.characters import refused_in
from companion.store.db import Game, GroupGame, GroupPlayer, Play, session
from tests.table_helpers import csrf_of
from tests.web.table import CSRF

from .groups import (
    OPTIONS,
    TW_QUICK,
    add,
    export_of,
    finished_game,
    import_file,
    player_ids,
    quick_play,
)
from .groups import group_made as new_group


def test_a_group_is_created_from_the_home_page_and_kept_on_the_phone(client):
    group = new_group(client, "Thursday club")
    token = group.rsplit("/", 1)[1]
    assert len(token) >= 22  # 128 random bits, URL-safe
    home = client.get("/").get_data(as_text=True)
    assert "Thursday club" in home and group in home
    assert client.get(group + "/qr.svg").mimetype == "image/svg+xml"
    assert client.get("/group/" + "x" * 22).status_code == 404


def test_players_are_added_renamed_retired_and_two_never_share_a_name(client, app):
    group = new_group(client)
    add(client, group, "Ana", "🟥")
    add(client, group, "Ben")
    refused = add(client, group, "ana", expect=422)
    assert "already has a player called ana" in refused.get_data(as_text=True)
    ids = player_ids(app, group)
    tok = csrf_of(client, group)
    client.post(group + "/players/rename", data={"player": ids["Ben"], "name": "Benedetta",
                                                 "mark": "◆", "csrf_token": tok})
    client.post(group + "/players/retire", data={"player": ids["Ana"], "retired": "1",
                                                 "csrf_token": tok})
    with app.app_context():
        rows = {p.id: p for p in session().query(GroupPlayer)}
    assert (rows[ids["Ben"]].name, rows[ids["Ben"]].mark) == ("Benedetta", "◆")
    assert rows[ids["Ana"]].retired
    token = group.rsplit("/", 1)[1]
    offered = client.get(f"/new/hadara?group={token}").get_data(as_text=True)
    assert "Benedetta" in offered and "seat-offer" in offered
    assert not re.search(r'seat-offer[^>]*>[^<]*Ana', offered)  # a retired player is not offered


def test_a_game_set_up_from_the_group_joins_it_with_its_players_in_seat_order(client, app):
    group = new_group(client)
    for name in ("Ana", "Ben", "Cy"):
        add(client, group, name)
    table = finished_game(client, app, group, ["Cy", "Ana", "Ben"], [0, 0, 0])
    ids = player_ids(app, group)
    with app.app_context():
        link = session().query(GroupGame).one()
        game = session().get(Game, link.game_id)
    assert link.seats == [ids["Cy"], ids["Ana"], ids["Ben"]]
    assert table.path.endswith(game.play_token)
    assert game.title in client.get(group).get_data(as_text=True)


def test_a_game_can_start_a_group_and_new_names_become_its_players(client, app):
    html = client.get("/new/tradewarz").get_data(as_text=True)
    data = {"csrf_token": CSRF.search(html).group(1), **OPTIONS, "new_group": "Cousins",
            "players-0-name": "Dora", "players-1-name": "Eli"}
    assert client.post("/new/tradewarz", data=data).status_code == 303
    with app.app_context():
        assert sorted(p.name for p in session().query(GroupPlayer)) == ["Dora", "Eli"]
        assert session().query(GroupGame).count() == 1
    assert "Cousins" in client.get("/").get_data(as_text=True)


def test_every_finished_game_of_the_group_becomes_one_play(client, app):
    group = new_group(client)
    for name in ("Ana", "Ben"):
        add(client, group, name)
    finished_game(client, app, group, ["Ana", "Ben"], [2, 5])
    page = client.get(group).get_data(as_text=True)
    client.get(group)  # seen twice: still one play
    with app.app_context():
        plays = session().query(Play).all()
    assert len(plays) == 1
    seats = {s["name"]: s for s in plays[0].record["players"]}
    assert (seats["Ben"]["place"], seats["Ben"]["total"]) == (1, 5)
    assert (seats["Ana"]["place"], seats["Ana"]["total"]) == (2, 2)
    assert seats["Ana"]["first"] and not seats["Ben"]["first"]
    assert seats["Ana"]["seat"] == 1 and seats["Ben"]["decided_by"] == "total"
    assert sum(ln["points"] for ln in seats["Ben"]["lines"]) == 5
    assert plays[0].duration_min is not None and plays[0].source == "tracked"
    assert re.search(r"1\. Ben 5,\s*2\. Ana 2", page)
    play = client.get(f"{group}/play/{plays[0].id}").get_data(as_text=True)
    with app.app_context():
        token = session().query(Game).one().play_token
    assert f'href="/g/{token}/history"' in play  # the play leads to its game's history


def test_a_finished_games_score_page_leads_to_its_group_but_never_on_the_watch_link(client, app):
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    table = finished_game(client, app, group, ["Ana", "Ben"], [1, 0])
    score = client.get(table.path + "/score").get_data(as_text=True)
    assert f'href="{group}#plays"' in score
    with app.app_context():
        watch = session().query(Game).one().watch_token
    assert "/group/" not in client.get(f"/g/{watch}/score").get_data(as_text=True)


def test_a_play_follows_its_game_when_the_end_is_taken_back_and_played_again(client, app):
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    table = finished_game(client, app, group, ["Ana", "Ben"], [2, 1])
    client.get(group)
    with app.app_context():
        assert session().query(Play).count() == 1
    table.post("undo")  # "Time is up" taken back: the game goes on, so no play yet
    client.get(group)
    with app.app_context():
        assert session().query(Play).count() == 0
    table.do("correct", house=1, what="golden", value=5)
    table.do("time_up")
    client.get(group)
    with app.app_context():
        again = session().query(Play).one()
    assert {s["name"]: s["place"] for s in again.record["players"]} == {"Ben": 1, "Ana": 2}


def test_an_unfinished_game_is_not_a_play_yet(client, app):
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    token = group.rsplit("/", 1)[1]
    html = client.get(f"/new/tradewarz?group={token}").get_data(as_text=True)
    client.post(f"/new/tradewarz?group={token}", data={
        "csrf_token": CSRF.search(html).group(1), **OPTIONS, "players-0-name": "Ana",
        "players-1-name": "Ben"})
    client.get(group)
    with app.app_context():
        assert session().query(GroupGame).count() == 1 and session().query(Play).count() == 0


def test_a_play_the_app_did_not_track_is_logged_from_the_quick_pad_to_the_group(client, app):
    group = new_group(client)
    add(client, group, "Ana")
    resp = quick_play(client, group, **TW_QUICK)
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "rainy evening" in page and "75" in page
    tok = csrf_of(client, resp.headers["Location"])
    kept = client.post(resp.headers["Location"] + "/note", data={"note": "Ben won the toss",
                                                                 "csrf_token": tok})
    assert kept.status_code == 303
    assert "Ben won the toss" in client.get(resp.headers["Location"]).get_data(as_text=True)
    with app.app_context():
        play = session().query(Play).one()
        names = sorted(p.name for p in session().query(GroupPlayer))
    assert names == ["Ana", "Ben"]  # Ben was new to the group
    seats = {s["name"]: s for s in play.record["players"]}
    # 4 Xadlas each: the golden ones break the tie (TradeWarz ranking)
    assert seats["Ana"]["place"] == 1 and seats["Ana"]["decided_by"] == "golden_xadlas"
    assert seats["Ben"]["first"] and play.source == "quick"
    assert play.played_at.date().isoformat() == "2026-11-01" and play.note == "Ben won the toss"


def test_the_quick_pad_of_a_group_seats_its_players_by_taps_in_order(client, app):
    group = new_group(client)
    for name in ("Ana", "Ben", "Cy"):
        add(client, group, name)
    ids = player_ids(app, group)
    token = group.rsplit("/", 1)[1]
    page = client.get(f"/group/{token}/quick/hadara?seat={ids['Cy']},{ids['Ana']}").get_data(
        as_text=True)
    assert re.search(r'name="players-0-name"[^>]*value="Cy"', page)
    assert re.search(r'name="players-1-name"[^>]*value="Ana"', page)
    offers = re.findall(r'class="btn ghost seat-offer" href="([^"]+)">\s*(\w+)', page)
    assert [name for _, name in offers] == ["Ben"]  # the seated ones are no longer offered
    assert offers[0][0].endswith(f"seat={ids['Cy']},{ids['Ana']},{ids['Ben']}")


def test_a_quick_play_with_a_bad_date_or_first_player_is_refused_and_not_stored(client, app):
    group = new_group(client)
    quick_play(client, group, expect=422, **{**TW_QUICK, "date": "3026-01-01"})
    quick_play(client, group, expect=422, **{**TW_QUICK, "first": "3"})
    quick_play(client, group, expect=422, **{**TW_QUICK, "duration": "-5"})
    with app.app_context():
        assert session().query(Play).count() == 0


def test_send_to_bg_stats_is_a_plain_link_in_its_push_format(client, app):
    group = new_group(client, "Home")
    resp = quick_play(client, group, **TW_QUICK)
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    href = re.search(r'id="bg-stats" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    parts = urlsplit(href)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com",
                                                       "/createPlay.html")
    data = json.loads(parse_qs(parts.query)["data"][0])
    assert data["game"] == {"name": "TradeWarz", "highestWins": True, "noPoints": False,
                            "sourceGameId": "tradewarz"}
    assert data["playDate"].startswith("2026-11-01") and data["durationMin"] == 75
    assert data["location"] == "Home" and data["comments"] == "rainy evening"
    by_name = {p["name"]: p for p in data["players"]}
    assert by_name["Ana"]["rank"] == 1 and by_name["Ana"]["winner"] is True
    assert by_name["Ben"]["startPlayer"] is True and by_name["Ben"]["score"] == "4"
    assert all(p["sourcePlayerId"] for p in data["players"])


def test_plays_leave_as_csv_and_json_with_one_row_per_player(client, app):
    group = new_group(client)
    quick_play(client, group, **TW_QUICK)
    rows = list(csv.DictReader(io.StringIO(client.get(group + "/plays.csv").get_data(
        as_text=True))))
    assert [(r["player"], r["score"], r["place"]) for r in rows] == [("Ana", "4", "1"),
                                                                      ("Ben", "4", "2")]
    plays = client.get(group + "/plays.json").get_json()
    assert plays[0]["game"] == "tradewarz" and len(plays[0]["players"]) == 2


def test_each_file_of_a_group_downloads_under_a_name_of_its_own(client, app):
    """Phone review P3: "Plays as JSON" and "The whole group" both saved as
    group-<day>.json, the second over the first."""
    group = new_group(client)
    names = [re.search(r'filename="([^"]+)"', client.get(group + path).headers[
        "Content-Disposition"]).group(1) for path in ("/plays.json", "/plays.csv",
                                                      "/export.json")]
    assert len(set(names)) == 3, names
    assert all(n.startswith("group-") for n in names)


def test_merging_two_players_makes_their_plays_one_persons(client, app):
    group = new_group(client)
    quick_play(client, group, **TW_QUICK)
    add(client, group, "Benny")
    ids = player_ids(app, group)
    tok = csrf_of(client, group)
    resp = client.post(group + "/players/merge", data={"player": ids["Ben"],
                                                       "into": ids["Benny"], "csrf_token": tok})
    assert resp.status_code == 303
    with app.app_context():
        record = session().query(Play).one().record
    assert ids["Benny"] in [s["player"] for s in record["players"]]
    # Ana and Benny (once Ben) played together: they are two people
    refused = client.post(group + "/players/merge", data={"player": ids["Ana"],
                                                          "into": ids["Benny"],
                                                          "csrf_token": tok})
    assert refused.status_code == 422


def test_statistics_page_shows_each_players_numbers_and_server_drawn_charts(client, app):
    group = new_group(client)
    for name in ("Ana", "Ben", "Cy"):
        add(client, group, name)
    finished_game(client, app, group, ["Ana", "Ben", "Cy"], [4, 4, 1])  # Ana and Ben tie
    finished_game(client, app, group, ["Ben", "Cy", "Ana"], [6, 2, 3])
    ids = player_ids(app, group)
    page = client.get(group + "/stats").get_data(as_text=True)
    assert page.count("<script") == 1 and page.count("<svg") >= 2  # only the app's own script

    def section(name):
        return re.search(rf'id="player-{ids[name]}">(.*?)</section>', page, re.S).group(1)

    ana, ben, cy = section("Ana"), section("Ben"), section("Cy")
    # the first game's tie stands (same Xadlas, same golden, same everything): both won
    assert "2 plays" in ben and "2 wins" in ben and "win rate 100%" in ben
    assert ">1 win<" in ana and "win rate 50%" in ana and "average 3.5, best 4" in ana
    assert "0 wins" in cy and "Beaten most often by Ana (2 times)" in cy
    assert "Beats Cy most often (2 times)" in ben
    game = re.search(r'id="game-tradewarz">(.*?)</section>', page, re.S).group(1)
    assert "average winning score 5.0" in game  # (4 + 6) / 2
    assert "The first player won 2 of 2 plays" in game
    assert re.search(r"<li>6 Ben", game)
    assert "Ana: 4, 3" in game and "Ben: 4, 6" in game  # scores in the order played
    # the chart's bars are as long as the win rates: Ben's twice Ana's
    widths = [float(w) for w in re.findall(r'class="bar" x="\d+" y="[\d.]+" width="([\d.]+)"',
                                            page)]
    assert len(widths) == 3 and widths[1] == 2 * widths[0] and widths[2] == 0


def test_one_groups_link_never_opens_another_groups_play(client, app):
    first, second = new_group(client, "One"), new_group(client, "Two")
    resp = quick_play(client, first, **TW_QUICK)
    play_id = resp.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"{second}/play/{play_id}").status_code == 404
    assert client.get(f"{first}/play/{play_id}").status_code == 200


def test_a_whole_group_imports_into_another_server_with_the_same_result(client, app, tmp_path):
    from companion import create_app
    group = new_group(client, "Club")
    for name in ("Ana", "Ben", "Cy"):
        add(client, group, name)
    finished_game(client, app, group, ["Cy", "Ana"], [3, 1])
    quick_play(client, group, **TW_QUICK)
    ids = player_ids(app, group)
    client.post(group + "/players/retire", data={"player": ids["Cy"], "retired": "1",
                                                 "csrf_token": csrf_of(client, group)})
    exported = export_of(client, group)
    other = create_app({"TESTING": True, "SECRET_KEY": "k2", "CREATE_TABLES": True,
                        "DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite'}"})
    there = other.test_client()
    resp = import_file(there, exported)
    again = export_of(there, resp.headers["Location"])

    def same(data):  # ids and times of the copy are new; everything else is the same
        names = {p["id"]: p["name"] for p in data["players"]}
        return (data["name"], [(p["name"], p["mark"], p["retired"]) for p in data["players"]],
                [(p["slug"], p["date"], p["duration_min"], p["note"], p["source"],
                  [{**s, "player": names[s["player"]]} for s in p["record"]["players"]],
                  p["record"]["rulings"]) for p in data["plays"]],
                [[a["kind"] for a in g["file"]["actions"]] for g in data["games"]],
                [[names[s] for s in g["seats"]] for g in data["games"]])

    assert same(again) == same(exported)
    assert there.get(resp.headers["Location"] + "/stats").get_data(as_text=True).count(
        "<svg") >= 2
    other.extensions["db_engine"].dispose()


def test_a_group_file_is_read_strictly_and_a_refused_one_stores_nothing(client, app):
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    finished_game(client, app, group, ["Ana", "Ben"], [2, 1])
    quick_play(client, group, **TW_QUICK)
    good = export_of(client, group)
    with app.app_context():
        before = (session().query(Game).count(), session().query(Play).count())
    bad_files = []
    for change in (
        lambda f: f["players"][0].update(name=""),
        lambda f: f["players"][0].update(extra=1),
        lambda f: f["plays"][0]["record"]["players"][0].update(total=999),
        lambda f: f["plays"][0]["record"]["players"][0].update(player=12345),
        lambda f: f["plays"][0].update(date="2999-01-01"),
        lambda f: f["plays"][0]["record"].update(rulings={"T99": "x"}),
        lambda f: f["games"][0]["file"]["actions"][0]["data"].update(value=100),  # a bad tap
        lambda f: f.update(format="companion-group/9"),
    ):
        bad = json.loads(json.dumps(good))
        change(bad)
        bad_files.append(bad)
    for bad in bad_files:
        resp = import_file(client, bad, expect=422)
        assert "Not imported" in resp.get_data(as_text=True)
    with app.app_context():
        assert (session().query(Game).count(), session().query(Play).count()) == before


def test_making_groups_and_changing_players_share_the_rate_limits_of_games_and_taps(tmp_path):
    from companion import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "CREATE_TABLES": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.sqlite'}",
                      "RATELIMIT_ENABLED": True, "RATELIMIT_NEW_GAME": "2 per minute",
                      "RATELIMIT_TAPS": "2 per minute"})
    client = app.test_client()
    tok = csrf_of(client)
    made = [client.post("/group/new", data={"name": f"G{i}", "csrf_token": tok}).status_code
            for i in range(3)]
    assert made == [303, 303, 429]
    group = client.get("/").get_data(as_text=True)
    link = re.search(r'href="(/group/[\w-]{20,})"', group).group(1)
    added = [client.post(link + "/players", data={"name": f"P{i}", "csrf_token": tok})
             .status_code for i in range(3)]
    assert added == [303, 303, 429]
    app.extensions["db_engine"].dispose()


HOSTILE = ["", " ", "x" * 5000, "a\x00b", "\x1b[31m", "²", "٣", "-1", "0", "9" * 30, "<b>",
           "'; drop table groups; --", "1e3", "null"]


def test_hostile_input_to_every_group_form_is_refused_cleanly_and_stores_nothing_bad(client,
                                                                                     app):
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    tok = csrf_of(client, group)
    token = group.rsplit("/", 1)[1]
    posts = [(group + "/players", "name"), (group + "/players", "mark"),
             (group + "/players/rename", "player"), (group + "/players/rename", "name"),
             (group + "/players/retire", "player"), (group + "/players/merge", "into"),
             (group + "/players/merge", "player"), (group + "/play/1/note", "note"),
             (group + f"/play/{'9' * 30}/note", "note"), ("/group/new", "name")]
    ids = player_ids(app, group)
    for path, name in posts:
        for value in HOSTILE:
            data = {"csrf_token": tok, "player": str(ids["Ana"]), "into": str(ids["Ben"]),
                    "name": "Cleo", "mark": "", "note": "", name: value}
            resp = client.post(path, data=data)
            assert resp.status_code < 500, (path, name, value, resp.status_code)
            with app.app_context():
                names = [p.name for p in session().query(GroupPlayer)]
            assert all(n.isprintable() and 0 < len(n) <= 40 for n in names), (path, value)
    for value in HOSTILE:
        assert client.get(f"/new/hadara?group={token}&seat={value},{value}").status_code == 200
        assert client.get(f"/group/{value or 'x'}").status_code in (404, 308)
        refused = 400 if refused_in(value) else 422  # (a control character: where it enters)
        quick_play(client, group, expect=refused, **{**TW_QUICK, "first": value})
        quick_play(client, group, expect=refused, **{**TW_QUICK, "date": value})
    assert client.get(f"{group}/play/{'9' * 30}").status_code == 404


def test_statistics_count_how_often_each_ruling_is_read_each_way(client, app):
    group = new_group(client)
    readings = ["at-least-12", "above-12", "above-12"]
    for reading in readings:
        quick_play(client, group, **TW_QUICK, ruling_T1=reading)
    page = client.get(group + "/stats").get_data(as_text=True)
    counted = re.search(r"<li>T1: (.*?)</li>", page, re.S).group(1)
    said = dict(re.findall(r'data-reading="([\w-]+)">[^<]+</span>\s*× (\d+)', counted))
    assert said == {r: str(readings.count(r)) for r in readings}
    assert re.search(r'<li>T10: <span data-reading="xadla-only">[^<]+</span>\s*× 3</li>', page)
    client.get("/lang/it")  # each reading in the reader's words
    assert "ogni quadrante a 12 o più" in client.get(group + "/stats").get_data(as_text=True)


def test_every_group_page_speaks_italian_and_chinese(client, app):
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    finished_game(client, app, group, ["Ana", "Ben"], [2, 1])
    play = quick_play(client, group, **TW_QUICK).headers["Location"]
    token = group.rsplit("/", 1)[1]
    pages = [group, group + "/stats", play, group + "/quick/hadara",
             f"/new/tradewarz?group={token}", "/"]
    for lang, words in (("it", ["Giocatori", "Statistiche", "Invia a BG Stats",
                                "Registra una giocata di Hadara", "Giocatori di",
                                "I tuoi gruppi"]),
                        ("zh", ["玩家", "胜率", "发送到 BG Stats", "记录一局 Hadara", "的玩家",
                                "你的小组"])):
        client.get(f"/lang/{lang}")
        for path, word in zip(pages, words, strict=True):
            resp = client.get(path)
            assert resp.status_code == 200 and word in resp.get_data(as_text=True), (lang, path)
    stats = client.get(group + "/stats").get_data(as_text=True)
    assert "2 局" in stats  # a plural word in Chinese


def test_a_game_still_hiding_a_players_information_is_left_out_of_the_group_file(client, app):
    from companion import groups, store
    from companion.games import get_game
    from companion.store.db import Group
    from tests.table_helpers import sample_setup
    group = new_group(client)
    rules = get_game("hexemonia")
    with app.test_request_context():
        kept = session().query(Group).one()
        game = store.create_game(rules, sample_setup(rules, 3))
        groups.join_game(kept, game)
        assert rules.secrets(game.setup, [], store.state_of(game))  # the Acropolis is hidden
    exported = export_of(client, group)
    assert exported["games"] == [] and exported["left_out_games"] == 1
    assert [p["name"] for p in exported["players"]] == ["P1", "P2", "P3"]
    import_file(client, exported)


def test_a_game_night_on_each_database_with_the_schema_the_migrations_make(db_app):
    """SQLite and PostgreSQL, tables made by Alembic (revision 0008_groups): a group, a finished
    game, a quick play, a merge, the statistics and the group file out and back in."""
    client = db_app.test_client()
    group = new_group(client)
    for name in ("Ana", "Ben", "Bea"):
        add(client, group, name)
    finished_game(client, db_app, group, ["Ana", "Ben"], [1, 2])
    quick_play(client, group, **TW_QUICK)
    ids = player_ids(db_app, group)
    assert client.post(group + "/players/merge", data={
        "player": ids["Bea"], "into": ids["Ana"],
        "csrf_token": csrf_of(client, group)}).status_code == 303
    stats = client.get(group + "/stats").get_data(as_text=True)
    ana = re.search(rf'id="player-{ids["Ana"]}">(.*?)</section>', stats, re.S).group(1)
    assert ">2 plays<" in ana and ">1 win<" in ana
    exported = export_of(client, group)
    copy = import_file(client, exported).headers["Location"]

    def plays(data):
        return [(p["slug"], p["date"], [(x["name"], x["total"], x["place"])
                                         for x in p["record"]["players"]])
                for p in data["plays"]]

    assert len(exported["plays"]) == 2 and plays(export_of(client, copy)) == plays(exported)
