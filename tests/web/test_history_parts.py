"""The history a part at a time (issue 36): a game of 20,000 steps (the most a game file holds)
is shown newest first, at most 100 steps a part and well under 200 KB, with plain links to the
older and newer parts; "my steps" shows the seated player's steps only; a link to a step lands on
the part holding it, and a take-back or change from an old part comes back to it. The page reads
the words of the steps it shows only."""
from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from flask import Flask
from sqlalchemy import event

from companion import create_app
from tests.table_helpers import coin_corrections
from tests.web.table import CSRF, WebTable, upload_game

NAMES = ("Ana", "Ben", "Cy")
PLAYERS = [{"name": n, "initiative": i, "side": "A", "coins": 10, "income": 1, "military": 0,
            "culture": 0, "food": 3} for n, i in (("Ana", 2), ("Ben", 1), ("Cy", 3))]
LONG = 20_000  # gamefile.MAX_ENTRIES
PART, MAX_BYTES = 100, 200 * 1024
VOIDED = 150  # the long game's last step takes this one back


@dataclass
class Game:
    app: Flask
    path: str
    actions: list[dict]


def _new_app(folder) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test-key", "CREATE_TABLES": True,
                       "DATABASE_URL": f"sqlite:///{folder / 'test.sqlite'}",
                       "DRAWING_SHARED_DIR": str(folder / "drawings"),
                       "LIVE_SOCKETS_DIR": str(folder / "live")})


def imported(client, app: Flask, actions: list[dict]) -> str:
    """A game of Ana, Ben and Cy whose log is ``actions``, imported through POST /import: its
    path."""
    table = WebTable.create(client, app, "hadara", PLAYERS)
    exported = client.get(f"{table.path}/export.json").get_json()
    resp = upload_game(client, {**exported, "actions": actions})
    assert resp.status_code == 303, re.findall(r"Not imported[^<]*", resp.get_data(as_text=True))
    return resp.headers["Location"]


def on_the_long_game(test):
    """A test of the long game: left out of ``make test-fast`` (``slow``), and under ``pytest -n
    --dist loadgroup`` run on one worker with the module's others, so the game is built once
    (a module fixture is built once per worker that runs one of its tests)."""
    return pytest.mark.slow(pytest.mark.xdist_group("long_game")(test))


@pytest.fixture(scope="module")
def long_game(tmp_path_factory) -> Iterator[Game]:
    """20,000 steps: coin corrections, then an undo, its redo and a take-back of step 150."""
    app = _new_app(tmp_path_factory.mktemp("long"))
    last, at = LONG - 3, "2026-11-27T23:00:00"
    actions = coin_corrections(NAMES, last) + [
        {"seq": last + 1, "kind": "undo", "data": {"target": last}, "at": at},
        {"seq": last + 2, "kind": "redo", "data": {"target": last}, "at": at},
        {"seq": last + 3, "kind": "void", "data": {"targets": [VOIDED]}, "by": "Cy", "at": at}]
    yield Game(app, imported(app.test_client(), app, actions), actions)
    app.extensions["db_engine"].dispose()
    app.extensions["live"].close()


def steps(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li [^>]*id="step-(\d+)"', page)]


def link(page: str, words: str) -> str | None:
    """The address of the page's (last) link that says ``words``."""
    found = re.findall(rf'<a [^>]*href="([^"]+)"[^>]*>\s*{re.escape(words)}\s*</a>', page)
    return html.unescape(found[-1]) if found else None


def get(client, url: str) -> str:
    resp = client.get(url)
    assert resp.status_code == 200, resp.status_code
    assert len(resp.data) < MAX_BYTES, len(resp.data)
    return resp.get_data(as_text=True)


def seated(game: Game, seat: int):
    """A phone that took seat ``seat``."""
    phone = game.app.test_client()
    page = phone.get(game.path).get_data(as_text=True)
    assert phone.post(f"{game.path}/seat", data={"csrf_token": CSRF.search(page).group(1),
                                                 "seat": seat}).status_code == 303
    return phone


@on_the_long_game
def test_the_history_of_20000_steps_shows_the_newest_100_newest_first_under_200_kb(long_game):
    page = get(long_game.app.test_client(), f"{long_game.path}/history")
    assert steps(page) == list(range(LONG, LONG - PART, -1))
    assert "Steps #20000 to #19901 of 20000" in page
    assert "export.json" in page  # the way to take everything at once
    assert link(page, "Newer steps") is None


@on_the_long_game
def test_older_steps_walk_back_part_by_part_and_newer_steps_come_back(long_game):
    client = long_game.app.test_client()
    page = get(client, f"{long_game.path}/history")
    seen = steps(page)
    for _ in range(3):
        older = get(client, link(page, "Older steps"))
        assert steps(older) == list(range(seen[-1] - 1, seen[-1] - 1 - PART, -1))  # no gap
        back = get(client, link(older, "Newer steps"))
        assert steps(back) == steps(page)
        page, seen = older, steps(older)
    first = get(client, f"{long_game.path}/history?before={PART + 1}")
    assert steps(first)[-1] == 1 and link(first, "Older steps") is None


@on_the_long_game
def test_my_steps_are_those_signed_by_the_seated_player_or_acting_for_them(long_game):
    ana = seated(long_game, 0)
    page = get(ana, f"{long_game.path}/history?view=mine")
    mine = [a["seq"] for a in long_game.actions
            if a.get("by") == "Ana" or a["data"].get("player") == 0]
    assert steps(page) == mine[::-1][:PART]
    # both kinds are there: Ana's own signature for Ben, and Ben's or nobody's step for Ana
    by = {a["seq"]: (a.get("by"), a["data"].get("player")) for a in long_game.actions}
    assert {by[s] for s in steps(page)} == {("Ana", 1), ("Ben", 0), ("", 0)}
    older = get(ana, link(page, "Older steps"))
    assert "view=mine" in link(page, "Older steps")
    assert steps(older) == mine[::-1][PART:2 * PART]


@on_the_long_game
def test_an_unseated_phone_asking_for_its_steps_is_told_why_and_offered_everyones(long_game):
    page = get(long_game.app.test_client(), f"{long_game.path}/history?view=mine")
    assert steps(page) == [] and "This phone has no seat in this game" in page
    assert link(page, "See everyone's steps") == f"{long_game.path}/history"


@on_the_long_game
def test_a_link_to_an_old_step_lands_on_the_part_holding_it(long_game):
    client = long_game.app.test_client()
    change = client.get(f"{long_game.path}/change/{VOIDED + 1}").get_data(as_text=True)
    back = link(change, "Back to the history")
    assert back.endswith(f"#step-{VOIDED + 1}")
    assert VOIDED + 1 in steps(get(client, back))
    # a step's fate links to the step that took it back, on its own part
    voided = get(client, f"{long_game.path}/history?around={VOIDED}")
    assert VOIDED in steps(voided) and len(steps(voided)) == PART
    taker = link(voided, f"taken back by #{LONG}")
    assert taker and LONG in steps(get(client, taker))


@on_the_long_game
def test_the_page_reads_the_words_of_the_steps_it_shows_only(long_game):
    said: list[str] = []
    engine = long_game.app.extensions["db_engine"]

    def ran(_conn, _cursor, statement, *_args) -> None:
        said.append(statement)

    client = long_game.app.test_client()
    client.get(f"{long_game.path}/history")  # (a first request reads the session's own)
    event.listen(engine, "before_cursor_execute", ran)
    try:
        get(client, f"{long_game.path}/history?around=5000")
    finally:
        event.remove(engine, "before_cursor_execute", ran)
    reads = [s for s in said if "FROM actions" in s]
    words = [s for s in reads if "actions.words" in s]
    assert words and all("LIMIT" in s for s in words)
    # the rest of the log is read for its kinds (and the targets of its take-backs) only
    unlimited = [s for s in reads if "LIMIT" not in s]
    assert all("actions.text" not in s and "actions.words" not in s for s in unlimited)
    assert all("actions.kind IN" in s for s in unlimited if "actions.data" in s)


@pytest.mark.parametrize("query", ["before=abc", "after=-3", "around=99999999999",
                                   "view=../x", "before=", "around=1e9"])
@on_the_long_game
def test_a_part_asked_for_with_nonsense_is_the_newest_part(long_game, query):
    page = get(long_game.app.test_client(), f"{long_game.path}/history?{query}")
    assert steps(page)[0] == LONG


def _form_of(page: str, seq: int) -> dict[str, str]:
    li = re.search(rf'<li [^>]*id="step-{seq}".*?</li>', page, re.S).group(0)
    form = re.search(r'<form method="post"[^>]*/void".*?</form>', li, re.S).group(0)
    return {**dict(re.findall(r'name="(\w+)" value="([^"]*)"', form))}


def test_a_take_back_or_change_from_an_old_part_comes_back_to_that_part(client, app):
    path = imported(client, app, coin_corrections(NAMES, 300))
    page = get(client, f"{path}/history?around=40")
    resp = client.post(f"{path}/void", data=_form_of(page, 40))
    assert resp.status_code == 303
    assert resp.headers["Location"].endswith(f"{path}/history?around=40#step-40")
    back = get(client, resp.headers["Location"])
    assert 40 in steps(back) and "taken back by #301" in back
    change = client.get(f"{path}/change/41").get_data(as_text=True)
    resp = client.post(f"{path}/change/41", data={
        "csrf_token": CSRF.search(change).group(1), "player": "1", "value": "coins",
        "delta": "2"})
    assert resp.status_code == 303
    assert resp.headers["Location"].endswith(f"{path}/history?around=41#step-41")
    assert "changed by #302" in get(client, resp.headers["Location"])


def test_my_steps_read_alike_on_sqlite_and_postgresql(db_app):
    host = WebTable.create(db_app.test_client(), db_app, "hadara", PLAYERS)
    ana = WebTable(db_app.test_client(), db_app, host.path)
    ana.post("seat", seat=0)
    host.do("correct", player=0, value="coins", delta=1)  # #1 for Ana, from the host's phone
    # Ana's phone asks before acting for another player: confirmed
    ana.do("correct", player=1, value="coins", delta=1, confirm_for=1)  # #2 Ana's, for Ben
    host.do("correct", player=2, value="coins", delta=1)  # #3 neither
    ana.do("correct", player=2, value="food", delta=1, confirm_for=2)  # #4 Ana's, for Cy
    page = get(ana.client, f"{host.path}/history?view=mine")
    assert steps(page) == [4, 2, 1]
    assert steps(get(ana.client, f"{host.path}/history")) == [4, 3, 2, 1]


def test_a_part_of_steps_with_long_words_holds_fewer_steps_and_stays_under_200_kb(client, app):
    """Words as long as a take-back of many steps names them (written straight to the log:
    no rule makes them this long on purpose)."""
    from companion.store.db import Action, Game, session, utcnow
    table = WebTable.create(client, app, "hadara", PLAYERS)
    with app.app_context():
        game = session().query(Game).filter_by(play_token=table.path.rsplit("/", 1)[-1]).one()
        session().add_all(Action(game_id=game.id, seq=n, kind="correct", by="Ana", at=utcnow(),
                                 data={"player": 0, "value": "coins", "delta": 0},
                                 text=f"#{n} " + "一" * 5000) for n in range(1, 301))
        game.version = 300
        session().commit()
    page = get(client, f"{table.path}/history")
    shown = steps(page)
    assert 10 < len(shown) < PART and shown == list(range(300, 300 - len(shown), -1))
    assert max(len(w) for w in re.findall(r"<span>(#\d+ 一+…?)</span>", page)) <= 2000
    older = get(client, link(page, "Older steps"))
    assert steps(older)[0] == shown[-1] - 1
