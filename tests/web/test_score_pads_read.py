"""Score pads that read on a phone (issue 39), for every game's pad: a line's explanations
open in a row of their own under it, every player's by name (the table keeps to the screen and
the lines' names stay in sight); a tie-break line lists only the players that tie-break
compared; a ruling is named with its words, never by its id alone."""
from __future__ import annotations

import html
import re

from tests.conftest import csrf_of


def words(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def tradewarz_tie(client):
    """Three houses tied on 1 Xadla: Dune has no golden one; Basalt and Cobalt have one each,
    and Basalt is stronger (the review's table)."""
    data = {"csrf_token": csrf_of(client, "/quick/tradewarz?players=3")}
    rows = [("Basalt", 1, 0, 5), ("Cobalt", 1, 0, 1), ("Dune", 0, 1, 4)]
    for i, (name, golden, silver, soldiers) in enumerate(rows):
        data.update({f"players-{i}-name": name, f"players-{i}-golden_xadlas": golden,
                     f"players-{i}-silver_xadlas": silver, f"players-{i}-soldiers": soldiers})
    resp = client.post("/quick/tradewarz", data=data)
    assert resp.status_code == 200, resp.get_data(as_text=True)[-2000:]
    return resp.get_data(as_text=True)


def test_a_tie_break_line_lists_only_the_players_that_tie_break_compared(client):
    page = tradewarz_tie(client)
    ranking = [words(li) for li in re.findall(r"<li><b class=\"place\">.*?</li>", page, re.S)]
    assert ranking == [
        "1 Basalt tie broken by total strength (Basalt 5 · Cobalt 1)",
        "2 Cobalt tie broken by total strength (Basalt 5 · Cobalt 1)",
        "3 Dune tie broken by golden Xadlas (Basalt 1 · Cobalt 1 · Dune 0)"]


def hadara_pad(client) -> str:
    data = {"csrf_token": csrf_of(client, "/quick/hadara?players=2"),
            "players-0-name": "Ana", "players-0-coins": 13, "players-0-colonies": "5, 7",
            "players-1-name": "Ben", "players-1-coins": 4}
    for i in (0, 1):
        data.update({f"players-{i}-tracks__{tr}": 0 for tr in ("income", "military", "culture",
                                                               "food")})
    resp = client.post("/quick/hadara", data=data)
    assert resp.status_code == 200, resp.get_data(as_text=True)[-2000:]
    return resp.get_data(as_text=True)


def test_a_lines_explanations_open_in_a_row_under_it_naming_each_player(client):
    pad = re.search(r'<table class="pad">.*?</table>', hadara_pad(client), re.S).group(0)
    rows = re.findall(r"<tr( class=\"why\")?>(.*?)</tr>", pad, re.S)
    lines = [words(r) for why, r in rows if not why]
    whys = [words(r) for why, r in rows if why]
    assert len(whys) == len(lines) - 1  # one under every line but the total
    colonies = next(w for w in whys if "5 + 7" in w)
    assert colonies.startswith("Ana ") and " Ben " in colonies
    assert re.search(r'<td colspan="3"><ul><li><b>Ana</b>', pad)  # across the whole table


def test_a_ruling_on_the_pad_is_named_with_its_words(client):
    pad = re.search(r'<table class="pad">.*?</table>', hadara_pad(client), re.S).group(0)
    links = [words(a) for a in re.findall(r'<a class="rule-link"[^>]*>.*?</a>', pad, re.S)]
    rulings = [a for a in links if re.match(r"HAD-\d", a)]
    assert rulings and all(": " in a for a in rulings), rulings
    assert "HAD-3: a set is one card each of yellow, red, blue, green and purple" in rulings


def test_a_lines_explanations_are_said_once_in_its_row_not_again_in_each_cell(client):
    pad = re.search(r'<table class="pad">.*?</table>', hadara_pad(client), re.S).group(0)
    cells = re.findall(r"<td><details>(.*?)</details>", pad, re.S)
    assert cells and all(re.fullmatch(r"<summary>[^<]*</summary>", c) for c in cells), cells
    assert words(pad).count("5 + 7") == 1  # Ana's colonies, in the colonies' row only
