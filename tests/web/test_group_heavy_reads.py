"""The heavy reads of a group (its statistics and files out) are worked out once per version of
the group and kept, a change of the group draws them again, the group page shows its plays and
games a page at a time, the heavy reads are limited per address, and a group file's games share
one replay budget (issue 45)."""
from __future__ import annotations

import contextlib
import copy
import re
import threading

import pytest
from sqlalchemy import event

from companion import create_app
from companion.games import gamefile
from companion.store.db import Game, Group, GroupPlayer, Play, session
from tests.table_helpers import csrf_of

from .groups import (
    TW_QUICK,
    add,
    export_of,
    finished_game,
    hadara_in_group,
    import_file,
    quick_play,
)
from .groups import group_made as new_group
from .table import CSRF, WebTable, seat

READS = ["/stats", "/export.json", "/plays.json", "/plays.csv"]


class Statements:
    """The SQL statements the app's database runs, as the database sees them."""

    def __init__(self, app) -> None:
        self.seen: list[str] = []
        event.listen(app.extensions["db_engine"], "before_cursor_execute", self._seen)

    def _seen(self, conn, cursor, statement, *args) -> None:
        self.seen.append(statement)

    def reading(self, table: str) -> list[str]:
        return [s for s in self.seen if re.search(rf"\bFROM {table}\b", s)]


def group_with_a_game_and_a_play(client, app) -> str:
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    finished_game(client, app, group, ["Ana", "Ben"], [2, 1])
    quick_play(client, group, **TW_QUICK)
    return group


@pytest.mark.parametrize("read", READS)
def test_a_heavy_read_asked_twice_at_one_version_reads_the_plays_and_logs_once(client, app, read):
    group = group_with_a_game_and_a_play(client, app)
    first = client.get(group + read)
    seen = Statements(app)
    again = client.get(group + read)
    assert first.status_code == again.status_code == 200
    assert again.data == first.data
    assert seen.reading("plays") == [] and seen.reading("actions") == []


@pytest.mark.parametrize("read", READS)
def test_a_new_play_changes_every_heavy_read_of_its_group(client, app, read):
    group = group_with_a_game_and_a_play(client, app)
    before = client.get(group + read).get_data(as_text=True)
    quick_play(client, group, **{**TW_QUICK, "players-1-name": "Cy"})
    after = client.get(group + read).get_data(as_text=True)
    assert "Cy" not in before and "Cy" in after


def test_the_kept_statistics_page_is_each_readers_language_and_head_to_head(client, app):
    group = group_with_a_game_and_a_play(client, app)
    with app.app_context():
        ids = sorted(p.id for p in session().query(GroupPlayer))
    english = client.get(group + "/stats").get_data(as_text=True)
    client.get("/lang/it")
    italian = client.get(group + "/stats").get_data(as_text=True)
    versus = client.get(group + "/stats", query_string={"a": ids[0], "b": ids[1]})
    assert "<title>Statistics" in english and "<title>Statistiche" in italian
    assert 'class="list small versus"' in versus.get_data(as_text=True)
    assert 'class="list small versus"' not in italian


def test_a_note_a_rename_and_a_tap_on_a_group_game_each_change_the_groups_file(client, app):
    group = group_with_a_game_and_a_play(client, app)
    token = group.rsplit("/", 1)[1]
    with app.app_context():
        play_id = session().query(Play).filter_by(source="quick").one().id
    export_of(client, group)
    client.post(f"{group}/play/{play_id}/note",
                data={"note": "a stormy night", "csrf_token": csrf_of(client, group)})
    assert [p["note"] for p in export_of(client, group)["plays"]
            if p["source"] == "quick"] == ["a stormy night"]
    with app.app_context():
        ana = session().query(GroupPlayer).filter_by(name="Ana").one().id
    client.post(group + "/players/rename", data={"player": ana, "name": "Anna",
                                                  "csrf_token": csrf_of(client, group)})
    assert "Anna" in {p["name"] for p in export_of(client, group)["players"]}
    table = hadara_in_group(client, app, token)
    steps = len(export_of(client, group)["games"][-1]["file"]["actions"])
    table.do("correct", player=0, value="coins", delta=1)
    assert len(export_of(client, group)["games"][-1]["file"]["actions"]) == steps + 1


def test_a_games_export_asked_twice_at_one_version_reads_its_log_once_and_a_tap_changes_it(
        client, app):
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    first = client.get(table.path + "/export.json")
    seen = Statements(app)
    again = client.get(table.path + "/export.json")
    assert again.data == first.data and seen.reading("actions") == []
    table.do("correct", player=0, value="coins", delta=1)
    after = client.get(table.path + "/export.json").get_json()
    assert len(after["actions"]) == len(first.get_json()["actions"]) + 1


# ------------------------------------------------------------------------------- paging

def imported_group(client, app, plays: int) -> str:
    """A group of ``plays`` quick plays (each a copy of one), imported as a file."""
    group = new_group(client)
    add(client, group, "Ana")
    add(client, group, "Ben")
    quick_play(client, group, **TW_QUICK)
    made = export_of(client, group)
    made["plays"] = [{**made["plays"][0], "note": f"play {i}",
                      "date": f"2026-{1 + i // 28 % 12:02d}-{1 + i % 28:02d}T20:00:00"}
                     for i in range(plays)]
    location = import_file(client, made).headers["Location"]
    return location


def play_links(html: str) -> list[str]:
    return re.findall(r'href="/group/[\w-]+/play/(\d+)"', html)


def test_the_group_page_shows_its_plays_a_page_at_a_time_with_plain_links(client, app):
    from companion.web.views.groups import PER_PAGE
    group = imported_group(client, app, 2 * PER_PAGE + 5)
    first = client.get(group).get_data(as_text=True)
    assert len(play_links(first)) == PER_PAGE
    older = re.search(r'<a[^>]*rel="next"[^>]*href="([^"]+)"', first)
    assert older and 'rel="prev"' not in first
    second = client.get(older.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert len(play_links(second)) == PER_PAGE
    assert not set(play_links(first)) & set(play_links(second))
    assert 'rel="prev"' in second
    last_link = re.search(r'<a[^>]*rel="next"[^>]*href="([^"]+)"', second).group(1)
    last = client.get(last_link.replace("&amp;", "&")).get_data(as_text=True)
    assert len(play_links(last)) == 5 and 'rel="next"' not in last
    with app.app_context():
        ids = {str(p.id) for p in session().query(Play).filter(Play.note.like("play %"))}
    assert set(play_links(first) + play_links(second) + play_links(last)) == ids


@pytest.mark.parametrize("asked", ["0", "-1", "abc", "99999", "1e3", "\uff12", "9" * 40, ""])
def test_any_page_number_asked_shows_a_page_of_plays_never_an_error(client, app, asked):
    from companion.web.views.groups import PER_PAGE
    group = imported_group(client, app, PER_PAGE + 1)
    resp = client.get(group, query_string={"plays": asked})
    assert resp.status_code == 200
    assert 1 <= len(play_links(resp.get_data(as_text=True))) <= PER_PAGE


def test_the_group_page_shows_its_games_a_page_at_a_time(client, app, monkeypatch):
    from companion.web.views import groups as pages
    monkeypatch.setattr(pages, "PER_PAGE", 1)
    group = new_group(client)
    token = group.rsplit("/", 1)[1]
    tables = [hadara_in_group(client, app, token) for _ in range(2)]
    games = [t.path for t in tables]
    first = client.get(group).get_data(as_text=True)
    shown = [g for g in games if f'href="{g}"' in first]
    older = re.search(r'<a[^>]*rel="next"[^>]*href="([^"]*games=2[^"]*)"', first)
    second = client.get(older.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert len(shown) == 1 and [g for g in games if f'href="{g}"' in second] == \
        [g for g in games if g not in shown]


def test_the_group_page_offers_each_player_once_to_merge_not_once_per_other_player(client):
    group = new_group(client)
    names = ["Ana", "Ben", "Cy", "Dora", "Eve", "Fred"]
    for name in names:
        add(client, group, name)
    page = client.get(group).get_data(as_text=True)
    merge = re.findall(r'<form[^>]*players/merge.*?</form>', page, re.S)
    assert len(merge) == 1 and merge[0].count("<option") == 2 * len(names)
    assert page.count("<option") == 2 * len(names)


# ----------------------------------------------------------------------- replay budget

def costly_game_file(client, app, pairs: int) -> dict:
    """A Hadara game's file: ``pairs`` coin corrections, then a take-back of each (each
    reaching back further, as in the review's file)."""
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    table.do("correct", player=0, value="coins", delta=1)
    made = client.get(table.path + "/export.json").get_json()
    tap = made["actions"][0]
    tap.pop("words", None)
    made["actions"] = [{**copy.deepcopy(tap), "seq": i + 1, "text": ""} for i in range(pairs)]
    made["actions"] += [{"seq": pairs + j + 1, "kind": "void", "data": {"targets": [j + 1]},
                         "by": "", "at": tap["at"], "text": "", "rule": "",
                         "is_correction": False} for j in range(pairs)]
    return made


def group_file(game: dict, copies: int) -> dict:
    players = [{"id": i + 1, "name": n, "mark": "", "retired": False, "merged_into": None}
               for i, n in enumerate(["Ana", "Ben"])]
    return {"format": "companion-group/1", "name": "Costly", "players": players, "plays": [],
            "games": [{"id": k + 1, "seats": [1, 2], "file": game} for k in range(copies)]}


def test_a_group_files_games_share_one_replay_budget_and_a_refusal_names_it(client, app,
                                                                             monkeypatch):
    game = costly_game_file(client, app, 20)
    _, replayed = gamefile.work(game["actions"])
    monkeypatch.setattr(gamefile, "MAX_REPLAYED", replayed + replayed // 2)
    import_file(client, group_file(game, 1))  # one such game fits the budget
    with app.app_context():
        before = (session().query(Game).count(), session().query(Group).count())
    resp = import_file(client, group_file(game, 2), expect=422)
    said, limit = resp.get_data(as_text=True), replayed + replayed // 2
    assert "Not imported" in said and "group file" in said
    assert f"{limit:,}" in said or str(limit) in said
    with app.app_context():
        assert (session().query(Game).count(), session().query(Group).count()) == before


# --------------------------------------------------------------------------- rate limits

def test_heavy_reads_from_one_address_are_limited_and_answered_429_saying_why(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "CREATE_TABLES": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.sqlite'}",
                      "RATELIMIT_ENABLED": True, "RATELIMIT_GROUP_STATS": "2 per minute",
                      "RATELIMIT_EXPORTS": "3 per minute"})
    client = app.test_client()
    group = group_with_a_game_and_a_play(client, app)
    stats = [client.get(group + "/stats").status_code for _ in range(3)]
    files = [client.get(group + path).status_code for path in READS[1:]]
    game = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    refused = client.get(game.path + "/export.json")
    assert stats == [200, 200, 429] and files == [200, 200, 200] and refused.status_code == 429
    assert "Too many requests" in refused.get_data(as_text=True)
    assert int(refused.headers["Retry-After"]) > 0
    assert client.get(group).status_code == 200  # the paged group page is not a heavy read
    assert CSRF.search(client.get(game.path).get_data(as_text=True))
    app.extensions["db_engine"].dispose()


# ------------------------------------------------------------------- one drawing at a time

def test_requests_asking_for_a_key_being_drawn_wait_for_that_drawing_and_give_their_place():
    from companion.groups.kept import Kept
    stepped_aside = []

    @contextlib.contextmanager
    def aside():
        stepped_aside.append(threading.current_thread().name)
        yield

    kept = Kept(aside=aside)
    started, finish, drawn = threading.Event(), threading.Event(), []

    def draw():
        drawn.append(1)
        started.set()
        finish.wait(10)
        return b"the file"

    got = []
    first = threading.Thread(target=lambda: got.append(kept.file(("f", 1, 1), draw)))
    first.start()
    started.wait(10)
    others = [threading.Thread(target=lambda: got.append(kept.file(("f", 1, 1), draw)),
                               name=f"other-{i}") for i in range(3)]
    for t in others:
        t.start()
    while len(stepped_aside) < 3:
        threading.Event().wait(0.01)
    finish.set()
    for t in (first, *others):
        t.join(10)
    assert got == [b"the file"] * 4 and len(drawn) == 1
    assert sorted(stepped_aside) == ["other-0", "other-1", "other-2"]


def test_a_value_larger_than_the_cache_is_answered_and_not_kept():
    from companion.groups.kept import Kept
    kept, drawn = Kept(files_bytes=4), []
    for _ in range(2):
        assert kept.file(("f", 1, 1), lambda: drawn.append(1) or b"too large") == b"too large"
    assert len(drawn) == 2


def test_the_benchs_big_group_is_a_group_file_this_server_imports(client, app):
    from bench.heavy_reads import big_group
    resp = client.post("/group/import", data={"csrf_token": csrf_of(client),
                                              "json": big_group(plays=40, players=12).decode()})
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    with app.app_context():
        assert session().query(Play).count() == 40
    assert client.get(resp.headers["Location"] + "/stats").status_code == 200


def test_a_process_draws_one_heavy_value_at_a_time_and_the_next_waits_without_its_place():
    from companion.groups.kept import Kept
    stepped_aside, order = [], []

    @contextlib.contextmanager
    def aside():
        stepped_aside.append(threading.current_thread().name)
        yield

    kept = Kept(aside=aside)
    started, finish = threading.Event(), threading.Event()

    def slow():
        order.append("statistics begun")
        started.set()
        finish.wait(10)
        order.append("statistics done")
        return {"numbers": 1}

    def quick():
        order.append("file drawn")
        return b"file"

    first = threading.Thread(target=kept.stats, args=(("stats", 1, 1), slow))
    first.start()
    started.wait(10)
    second = threading.Thread(target=kept.file, args=(("export", 2, 1), quick), name="second")
    second.start()
    while not stepped_aside:
        threading.Event().wait(0.01)
    finish.set()
    for t in (first, second):
        t.join(10)
    assert order == ["statistics begun", "statistics done", "file drawn"]
    assert stepped_aside == ["second"]
