"""The page around the game (issue 22): a close of a step that someone has not done yet asks
once, naming who, without script too; a tap without script lands on the acting player's board;
the app can be installed (a web app manifest, icons, a favicon and a theme colour)."""
from __future__ import annotations

import json
import re
import struct
from html import unescape

from .table import WebTable, seat


def at_colony_step(client, app) -> WebTable:
    table = WebTable.create(client, app, "hadara",
                            [seat("Ana", 1, military=6), seat("Ben", 2, military=6)])
    for _ in range(5):
        table.do("sell", player=0)
        table.do("sell", player=1)
    table.do("next")  # phase A's cards: all five rounds done, nothing to confirm
    table.do("income")
    assert "phase A: Take a colony" in table.page
    return table


def test_closing_a_step_someone_has_not_done_asks_once_and_names_who(client, app):
    table = at_colony_step(client, app)
    assert "Not done yet: Ana, Ben." in table.page and 'name="anyway"' in table.page
    before = len(table.rows())
    resp = table.do("next", expect=422)
    page = unescape(resp.get_data(as_text=True))
    assert "Ana and Ben: no colony taken yet in this step. Close it anyway?" in page
    assert len(table.rows()) == before  # nothing stored
    # the refused page (no script) keeps the close open with its "Close it anyway" box
    assert re.search(r'<details class="panel close-step" open>', page)
    assert 'type="checkbox" name="anyway"' in page
    # Ana, first in turn, takes none: the question names only Ben
    table.do("no_colony", player=0)
    assert "Not done yet: Ben." in table.page
    resp = table.do("next", expect=422)
    assert "Ben: no colony taken yet" in unescape(resp.get_data(as_text=True))
    table.do("next", anyway="y")  # ticked, as the form's box sends it
    assert "phase A: Carve a statue" in table.page
    assert table.rows()[-1].kind == "next"


def test_the_open_close_panel_is_the_question_and_its_one_button_closes_anyway(client, app):
    """Opening "Close this step" asks (who has not acted yet); its button then closes anyway in
    one tap, without a box to tick first (issue 22: an epoch in fewer touches)."""
    from .table import form, post
    table = at_colony_step(client, app)
    page = unescape(table.page)
    assert "Not done yet: Ana, Ben." in page
    assert "Close “Take a colony” anyway</button>" in page
    action, hidden = form(table.page, "next")
    assert hidden["anyway"] == "y" and hidden["closing"] == "1A.colony"
    assert post(table, action, hidden).status_code == 303
    assert "phase A: Carve a statue" in table.refresh()


def test_a_step_everyone_has_done_closes_without_a_question(client, app):
    table = at_colony_step(client, app)
    table.do("colony", player=0, requirement=4, points=2, choice="plunder", coins=1)
    table.do("colony", player=1, requirement=4, points=2, choice="plunder", coins=1)
    assert "Not done yet" not in table.page and 'name="anyway"' not in table.page
    table.do("next")
    assert "phase A: Carve a statue" in table.page


def test_a_tap_without_script_lands_on_the_board_of_the_player_who_acted(client, app):
    table = WebTable.create(client, app, "hadara", [seat("Ana", 1), seat("Ben", 2)])
    resp = table.do("sell", player=1)
    assert resp.headers["Location"] == f"{table.path}#p1"
    assert 'id="p1"' in table.page


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_app_can_be_installed_with_a_manifest_icons_and_a_theme_colour(client):
    page = client.get("/").get_data(as_text=True)
    link = re.search(r'<link rel="manifest" href="([^"]+)">', page).group(1)
    assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}"', page)
    assert re.search(r'<link rel="icon" href="[^"]+\.svg"', page)
    resp = client.get(link)
    assert resp.status_code == 200 and resp.mimetype == "application/manifest+json"
    manifest = json.loads(resp.get_data(as_text=True))
    assert manifest["name"] == "Table companion" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = set()
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as got:
            assert got.status_code == 200, icon
            assert got.mimetype == icon["type"], icon
            if icon["type"] == "image/png":
                w, h = png_size(got.data)
                assert icon["sizes"] == f"{w}x{h}"
                sizes.add(w)
            else:
                assert b"<svg" in got.data
    assert {192, 512} <= sizes  # what an install prompt needs


def test_the_manifest_speaks_the_readers_language(client):
    client.get("/lang/it")
    manifest = json.loads(client.get("/manifest.webmanifest").get_data(as_text=True))
    assert manifest["name"] != "Table companion" and manifest["name"]


def test_favicon_is_found_where_browsers_look_for_it(client):
    resp = client.get("/favicon.ico")
    assert resp.status_code in (301, 302, 308)
    with client.get(resp.headers["Location"]) as icon:
        assert icon.status_code == 200 and png_size(icon.data) == (192, 192)


def test_still_to_act_names_the_players_in_turn_order(client, app):
    # Ben has the lowest initiative: he goes first in epoch I, then Cy, then Ana (clockwise)
    table = WebTable.create(client, app, "hadara",
                            [seat("Ana", 5), seat("Ben", 2), seat("Cy", 9)])
    page = unescape(table.page)
    order = re.search(r"Order: ([^.]+)\.", page).group(1)
    waiting = re.search(r"Still to act this round: ([^.]+)\.", page).group(1)
    assert order == "Ben, Cy, and Ana" and waiting == order
    table.do("sell", player=2)  # Cy has acted
    assert "Still to act this round: Ben and Ana." in unescape(table.page)
    for _ in range(4):
        for player in (0, 1, 2):
            table.do("sell", player=player)
    refused = unescape(table.do("next", expect=422).get_data(as_text=True))
    assert "waiting for Ben and Ana)" in refused


def test_history_numbers_have_room_for_four_digits():
    """An ordered list's numbers sit in its left padding: "1000." needs about 3 em at the
    page's size (the review saw "13." for 113 with 1.4 em)."""
    from pathlib import Path
    css = (Path(__file__).resolve().parents[2] / "static" / "app.css").read_text()
    padding = re.search(r"\.history\{padding-left:([\d.]+)em\}", css)
    assert padding and float(padding.group(1)) >= 3


NAVIGATE = {"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
ALERT = '<div class="alert" role="alert"><b>Not recorded.</b>'


def test_a_refused_form_post_without_script_redirects_so_a_reload_never_posts_again(client,
                                                                                     app):
    table = at_colony_step(client, app)
    before = len(table.rows())
    resp = client.post(f"{table.path}/do/colony", headers=NAVIGATE, data={
        "csrf_token": table.csrf, "version": table.version, "player": 0, "requirement": 9,
        "points": 5, "choice": "plunder", "coins": 2})
    assert resp.status_code == 303 and resp.headers["Location"] == table.path
    shown = unescape(client.get(resp.headers["Location"]).get_data(as_text=True))
    assert ALERT in shown and "military is 6; this colony needs 9" in shown
    assert "name=requirement value=9 checked" in shown  # the refused form keeps what was sent
    # a reload is a plain GET of the game: the game, no message, nothing recorded
    again = unescape(client.get(table.path).get_data(as_text=True))
    assert ALERT not in again and len(table.rows()) == before
    # the close that asks first goes the same way
    resp = client.post(f"{table.path}/do/next", headers=NAVIGATE, data={
        "csrf_token": table.csrf, "version": table.version, "closing": "1A.colony"})
    assert resp.status_code == 303
    shown = unescape(client.get(table.path).get_data(as_text=True))
    assert "no colony taken yet in this step. Close it anyway?" in shown
    assert '<details class="panel close-step" open>' in shown


def test_a_refusal_kept_for_one_game_is_not_shown_on_another(client, app):
    table = at_colony_step(client, app)
    other = WebTable.create(client, app, "hadara", [seat("Cy", 1), seat("Di", 2)])
    client.post(f"{table.path}/do/next", headers=NAVIGATE, data={
        "csrf_token": table.csrf, "version": table.version})
    assert ALERT not in client.get(other.path).get_data(as_text=True)
    assert ALERT not in client.get(table.path).get_data(as_text=True)
