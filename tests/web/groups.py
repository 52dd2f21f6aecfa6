"""Game nights through the web layer: a group, its players, its finished games and plays, its
file out and in, its box data and house rules (shared by the web tests of groups)."""
from __future__ import annotations

import io
import json
import re

from companion.store.db import GroupPlayer, session
from tests.table_helpers import csrf_of

from .table import CSRF, WebTable, seat

OPTIONS = {"end_mode": "time", "years": "2", "alliances": "y",
           "cost_settlement": "1 lumber + 1 wheat", "cost_castle": "3 gold + 4 lumber + 4 mining",
           "cost_tech_economy": "1 gold + 1 lumber + 1 wheat"}


def group_made(client, name="Family") -> str:
    """A group made from the home page: its page's path (``/group/<token>``)."""
    resp = client.post("/group/new", data={"name": name, "csrf_token": csrf_of(client)})
    assert resp.status_code == 303
    return resp.headers["Location"]


def add(client, group: str, name: str, mark: str = "", expect: int = 303):
    resp = client.post(group + "/players", data={"name": name, "mark": mark,
                                                 "csrf_token": csrf_of(client, group)})
    assert resp.status_code == expect, resp.get_data(as_text=True)[:2000]
    return resp


def player_ids(app, group: str) -> dict[str, int]:
    with app.app_context():
        return {p.name: p.id for p in session().query(GroupPlayer)}


def finished_game(client, app, group: str, seated: list[str], golden: list[int]) -> WebTable:
    """A TradeWarz game of the group, seated from the group's players in the given order, each
    house's golden Xadlas set by a correction, ended by "Time is up"."""
    ids = player_ids(app, group)
    token = group.rsplit("/", 1)[1]
    seat = ",".join(str(ids[n]) for n in seated)
    url = f"/new/tradewarz?group={token}&seat={seat}"
    html = client.get(url).get_data(as_text=True)
    for i, name in enumerate(seated):  # the tapped players are on the form, in order
        assert f'name="players-{i}-name"' in html and f'value="{name}"' in html
    data = {"csrf_token": CSRF.search(html).group(1), **OPTIONS}
    for i, name in enumerate(seated):
        data.update({f"players-{i}-name": name, f"players-{i}-colour": ["red", "blue",
                                                                        "green", "yellow"][i]})
    resp = client.post(url, data=data)
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    table = WebTable(client, app, resp.headers["Location"])
    for house, points in enumerate(golden):
        if points:
            table.do("correct", house=house, what="golden", value=points)
    table.do("time_up")
    assert table.state().phase == "over"
    return table


def quick_play(client, group, slug="tradewarz", expect=303, **extra):
    token = group.rsplit("/", 1)[1]
    html = client.get(f"/group/{token}/quick/{slug}?players=2").get_data(as_text=True)
    data = {"csrf_token": CSRF.search(html).group(1), "date": "2026-11-01", "duration": "75",
            "first": "2", "note": "rainy evening", **extra}
    resp = client.post(f"/group/{token}/quick/{slug}", data=data)
    assert resp.status_code == expect, resp.get_data(as_text=True)[:3000]
    return resp


TW_QUICK = {"players-0-name": "Ana", "players-0-golden_xadlas": "3",
            "players-0-silver_xadlas": "1", "players-1-name": "Ben",
            "players-1-golden_xadlas": "2", "players-1-silver_xadlas": "2",
            "players-1-soldiers": "1"}


def export_of(client, group):
    resp = client.get(group + "/export.json")
    assert resp.status_code == 200
    return resp.get_json()


def import_file(client, payload, expect=303):
    resp = client.post("/group/import", data={
        "csrf_token": csrf_of(client), "file": (io.BytesIO(json.dumps(payload).encode()),
                                                "group.json")})
    assert resp.status_code == expect, resp.get_data(as_text=True)[:3000]
    return resp


def hadara_in_group(client, app, group="", *names, **options):
    """A Hadara game of ``names`` (Ana and Ben), set up from the group ``group`` (its token)."""
    names = names or ("Ana", "Ben")
    return WebTable.create(client, app, "hadara", [seat(n, i + 1) for i, n in enumerate(names)],
                           in_group=group, **options)


def remember_all_coins(client, table):
    """Switch HAD-1 to "all coins" in ``table`` and ask to keep it as a house rule."""
    resp = client.post(f"/rules/hadara/rulings/{table.path.rsplit('/', 1)[-1]}", data={
        "csrf_token": table.csrf, "version": table.version, "once": "x" + table.path[-8:],
        "ruling": "HAD-1", "reading": "all-coins", "remember": "1"})
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]


def preselected(client, url) -> str:
    """The reading of HAD-1 a setup page starts with."""
    html = client.get(url).get_data(as_text=True)
    select = re.search(r'<select[^>]*name="ruling_HAD-1".*?</select>', html, re.S).group(0)
    chosen = re.search(r'<option[^>]*selected[^>]*value="([^"]+)"|'
                       r'<option[^>]*value="([^"]+)"[^>]*selected', select)
    return (chosen.group(1) or chosen.group(2)) if chosen else "remainder"
