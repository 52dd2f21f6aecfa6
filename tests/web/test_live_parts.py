"""A live update in parts (issue 46): the game page carries its parts' digests (``data-parts`` on
#game, web/parts.py); a phone that sends them back (``X-Parts``) gets only the parts whose drawing
changed, and its page with those parts in place is the page the server draws now."""
from __future__ import annotations

import re

import pytest

from companion import store
from companion.games import get_game
from companion.web import parts
from tests.table_helpers import sample_setup
from tests.web.table import WebTable

PARTS = re.compile(r' data-parts="([^"]*)"')
# What differs between two answers of the same drawing, and the version the script sets itself.
PER_ANSWER = re.compile(r'(name="(?:csrf_token|once|version)" value=")[^"]*"|'
                        r'(data-version=")\d+"')
#: each game's first step, taken back and given again (as bench/phone.py's tables)
FIRST_STEP = {"hadara": ("sell", {"player": 0}),
              "tradewarz": ("resources", {"player": 0, "first": "gold"}),
              "hexemonia": ("take", {"player": 0, "hexes": 2})}


def table_of(app, client, slug: str) -> WebTable:
    """A four-player game of ``slug`` with its first step taken, seen from a seated phone."""
    rules = get_game(slug)
    with app.app_context():
        game = store.create_game(rules, sample_setup(rules, 4))
        store.record(game.id, *FIRST_STEP[slug])
        token = game.play_token
    table = WebTable(client, app, f"/g/{token}")
    table.post("seat", seat=1)
    return table


def update(table: WebTable, have: str) -> dict:
    resp = table.client.get(f"{table.path}/parts", headers={parts.HEADER: have})
    assert resp.status_code == 200 and resp.is_json, resp.get_data(as_text=True)[:500]
    assert resp.headers["Cache-Control"] == "no-store"
    return resp.get_json()


def parts_of(page: str) -> dict[str, str]:
    """A page's parts by id (their drawing), as the server marks them."""
    marked = parts.marked(page, "M")
    return {m[1]: m[2] for m in re.finditer(r"M:part:([\w-]+):\w+;(.*?)M:end;", marked, re.S)}


def game_of(page: str) -> str:
    return page[page.index('<div id="game"'):page.rindex("</div>", 0, page.index("</main>")) + 6]


STAND_IN = re.compile(r'<(\w+) id="([\w-]+)" data-same></\1>')


def put_together(page: str, answer: dict) -> str:
    """The #game of ``answer`` with the parts of ``page`` in place of its stand-ins and the
    answer's version in every form (what static/app.js does)."""
    mine = parts_of(page)
    game = STAND_IN.sub(lambda m: mine[m[2]], answer["game"])
    return re.sub(r'(name="version" value=")\d+"', rf'\g<1>{answer["version"]}"', game)


def same(a: str, b: str) -> bool:
    return PER_ANSWER.sub(r"\1\2", a) == PER_ANSWER.sub(r"\1\2", b)


@pytest.mark.parametrize("slug", sorted(FIRST_STEP))
def test_an_undo_sends_only_the_parts_it_changed_and_they_make_the_new_page(app, client, slug):
    table = table_of(app, client, slug)
    before = table.page
    have = PARTS.search(before).group(1)
    assert len(parts_of(before)) >= 8 and \
        {"guide", "tools", "latest", "score-pad", "p0", "p3"} <= set(parts_of(before))
    table.post("undo")
    answer = update(table, have)
    left = {m[2] for m in STAND_IN.finditer(answer["game"])}
    assert {"p3", "share", "glance"} <= left and not {"guide", "tools", "latest"} & left
    assert len(answer["game"]) < len(game_of(table.page))
    assert same(put_together(before, answer), game_of(table.page))
    # nothing changed since: every part left out
    again = update(table, answer["parts"])
    assert {m[2] for m in STAND_IN.finditer(again["game"])} == set(parts_of(table.page))


def test_a_phone_that_sends_no_digests_gets_every_part(app, client):
    table = table_of(app, client, "hadara")
    answer = update(table, "")
    assert "data-same" not in answer["game"] and same(answer["game"], game_of(table.page))


def test_a_part_the_phone_leaves_out_comes_drawn_afresh_with_new_one_time_keys(app, client):
    """The script leaves out the part holding the form it just sent: its one-time key is used."""
    table = table_of(app, client, "hexemonia")
    have = PARTS.search(table.page).group(1)
    answer = update(table, " ".join(p for p in have.split(" ") if not p.startswith("tools:")))
    assert {m[2] for m in STAND_IN.finditer(answer["game"])} == set(parts_of(table.page)) - \
        {"tools"}
    old, new = (re.findall(r'name="once" value="([^"]+)"', parts_of(page)["tools"])
                for page in (table.page, answer["game"]))
    assert old and new and not set(old) & set(new)


def test_a_page_asked_with_more_than_panels_comes_whole(app, client):
    table = table_of(app, client, "hadara")
    resp = client.get(f"{table.path}/parts?fix=1", headers={parts.HEADER: ""})
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    assert 'id="game"' in resp.get_data(as_text=True)


def test_a_page_whose_game_the_scan_cannot_close_has_no_parts():
    page = '<main><div id="game"><section id="a"><p>one</section>'
    assert parts.marked(page, "M") == page
    whole = '<div id="game" data-version="3"><p id="a">one<p id="b">two</div>'
    assert parts.marked(whole, "M") == ('M:game;<div id="game" data-version="3"M:parts;>'
                                         'M:part:a:p;<p id="a">oneM:end;M:part:b:p;<p id="b">'
                                         'twoM:end;</div>M:gameend;')


def test_a_tap_sent_with_its_pages_parts_is_answered_with_the_parts_it_changed(app, client):
    """The page's script sends a tap with the parts its page shows: the answer carries what the
    tap changed (one request instead of the tap and a page); other clients' answers do not."""
    table = table_of(app, client, "tradewarz")
    before = table.page
    have = PARTS.search(before).group(1)
    resp = client.post(f"{table.path}/undo", data={"csrf_token": table.csrf,
                                                   "version": table.version},
                       headers={"Accept": "application/json", parts.HEADER: have})
    assert resp.status_code == 200 and resp.json["ok"] is True
    page = resp.json["page"]
    assert page["version"] == resp.json["version"] == table.version + 1
    assert "p3" in {m[2] for m in STAND_IN.finditer(page["game"])}
    table.refresh()
    assert same(put_together(before, page), game_of(table.page))
    plain = client.post(f"{table.path}/redo", data={"csrf_token": table.csrf,
                                                    "version": table.version},
                        headers={"Accept": "application/json"})
    assert plain.status_code == 200 and "page" not in plain.json


def test_parts_come_with_the_sessions_token_for_the_forms_the_phone_keeps(app, client):
    """The parts a phone keeps carry the security token they were drawn with; a phone whose
    session was lost (and begun again) is given its new one with the parts, and a tap sent with
    it is recorded."""
    table = table_of(app, client, "hexemonia")
    have = PARTS.search(table.page).group(1)
    client.delete_cookie("session")
    answer = update(table, have)
    assert {"guide", "tools"} <= {m[2] for m in STAND_IN.finditer(answer["game"])}

    def undo(token: str):
        return client.post(f"{table.path}/undo", headers={"Accept": "application/json"},
                           data={"csrf_token": token, "version": answer["version"]})
    assert undo(table.csrf).status_code == 400  # the token the kept parts came with
    resp = undo(answer["csrf"])
    assert resp.status_code == 200 and resp.json["ok"] is True


def test_a_taps_parts_are_drawn_after_its_commit_with_the_write_lock_let_go(app, client):
    """The parts a tap is answered with are drawn after its write (``store.tap``) committed:
    while they are drawn another phone's tap can take the database's write lock at once."""
    import sqlite3

    from companion.web.drawing import page_drawn
    table = table_of(app, client, "hadara")
    have = PARTS.search(table.page).group(1)
    path = app.extensions["db_engine"].url.database
    free: list[bool] = []
    app.extensions["drawings"].pages.clear()  # (any drawing during the tap is drawn, and seen)

    def drawn(sender, key=None):
        other = sqlite3.connect(path, timeout=0, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")  # (a writer's lock, refused at once if held)
            other.execute("ROLLBACK")
            free.append(True)
        except sqlite3.OperationalError:
            free.append(False)
        finally:
            other.close()
    with page_drawn.connected_to(drawn, app):
        resp = client.post(f"{table.path}/undo", data={"csrf_token": table.csrf,
                                                       "version": table.version},
                           headers={"Accept": "application/json", parts.HEADER: have})
    assert resp.status_code == 200 and resp.json["page"]["version"] == table.version + 1
    assert free == [True]  # drawn once, the tap's write already committed (its lock let go)
