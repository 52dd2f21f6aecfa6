"""The quick score pad (issue 22, review P10): the number of players is asked first and the pad
shows that many seats; a scored pad can be shared with the table by a read-only link that
carries its facts, scored again with the same checks as every other path."""
from __future__ import annotations

import re
from html import unescape

from companion.web import quickshare

from .table import quick_data

SHARED = re.compile(r'<a class="btn" href="([^"]+/quick/hadara/shared\?facts=[^"]+)">')
TOTAL = re.compile(r'<tr class="total"><th>Total</th>(.*?)</tr>', re.S)


def seat_rows(html: str) -> list[str]:
    return re.findall(r'name="players-(\d)-name"', html)


def test_the_pad_asks_how_many_players_first_and_shows_that_many_seats(client):
    first = client.get("/quick/hadara").get_data(as_text=True)
    assert "How many players?" in first and seat_rows(first) == []
    assert re.findall(r'href="/quick/hadara\?players=(\d)"', first) == ["2", "3", "4", "5"]
    three = client.get("/quick/hadara?players=3").get_data(as_text=True)
    assert seat_rows(three) == ["0", "1", "2"] and "(optional)" not in three
    assert 'aria-current="true" href="/quick/hadara?players=3"' in three
    # a number the game is not played with is asked again, never a pad of 9 seats
    assert seat_rows(client.get("/quick/hadara?players=9").get_data(as_text=True)) == []


def test_a_scored_pad_gives_a_read_only_link_another_phone_opens_with_the_same_pad(client, app):
    html = client.post("/quick/hadara", data=quick_data(client)).get_data(as_text=True)
    link = unescape(SHARED.search(html).group(1))
    assert TOTAL.search(html).group(1).count("<td>24</td>") == 1
    other = app.test_client()  # another phone: no session, no form
    shown = other.get(link[link.index("/quick/"):])
    page = shown.get_data(as_text=True)
    assert shown.status_code == 200
    assert TOTAL.search(page).group(1) == TOTAL.search(html).group(1)
    assert "Ana" in page and "Ben" in page
    assert '<form method="post"' not in page  # read-only
    qr = other.get(link[link.index("/quick/"):].replace("/shared?", "/shared.svg?"))
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"


def test_a_shared_link_is_scored_with_the_same_limits_and_a_damaged_one_is_refused(client):
    assert client.get("/quick/hadara/shared?facts=not-a-pad").status_code == 400
    assert client.get("/quick/hadara/shared").status_code == 400
    # a small link that would unpack into a huge request is refused before it is read
    huge = quickshare.pack({"players": ["x" * 200_000]})
    assert len(huge) < quickshare.LIMIT
    assert client.get(f"/quick/hadara/shared?facts={huge}").status_code == 400
    # facts the score API refuses are refused here too, with its words
    bad = quickshare.pack({"players": [{"name": "Ana", "coins": -3}, {"name": "Ben"}]})
    resp = client.get(f"/quick/hadara/shared?facts={bad}")
    assert resp.status_code == 422


def test_a_groups_pad_shows_as_many_seats_as_players_seated_or_chosen(client, app):
    from .groups import add, player_ids
    from .groups import group_made as new_group
    group = new_group(client)
    for name in ("Ana", "Ben", "Cy"):
        add(client, group, name)
    ids = player_ids(app, group)
    token = group.rsplit("/", 1)[1]
    asked = client.get(f"/group/{token}/quick/hadara").get_data(as_text=True)
    assert "How many players?" in asked and seat_rows(asked) == []
    seated = client.get(f"/group/{token}/quick/hadara?seat={ids['Cy']},{ids['Ana']}")
    assert seat_rows(seated.get_data(as_text=True)) == ["0", "1"]
    four = client.get(f"/group/{token}/quick/hadara?players=4&seat={ids['Cy']}")
    assert seat_rows(four.get_data(as_text=True)) == ["0", "1", "2", "3"]
