"""TradeWarz through the forms, ruling T28 (the review's T4-5): a trading post tapped by a house
that has not just marched is refused with the rule named and nothing stored; right after its
March it is recorded with its silver Xadla."""
import re
from html import unescape

from .table import WebTable

HOUSES = [{"name": "Ochre", "colour": "yellow"}, {"name": "Rust", "colour": "red"},
          {"name": "Azure", "colour": "blue"}]


def seated(app, host, seat):
    phone = WebTable(app.test_client(), app, host.path)
    phone.post("seat", seat=seat)
    return phone


def test_a_post_from_rusts_phone_in_ochres_turn_without_a_march_is_refused_and_not_stored(
        client, app):
    host = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2")
    for first in ("gold", "wheat", "gold"):  # Ochre, Rust, Azure: Ochre's turn again
        host.do("resources", first=first)
    rust = seated(app, host, 1)
    resp = rust.do("hold_post", expect=422, house=1, post=2)
    said = " ".join(unescape(re.sub(r"<[^>]+>", " ", resp.get_data(as_text=True))).split())
    assert "a trading post is taken by the house whose soldier marches onto it: Rust has not " \
        "just marched" in said
    assert "Trading posts" in said and "T28" in said
    assert [r.kind for r in host.rows()] == ["resources"] * 3
    assert host.state().houses[1].posts == ()


def test_a_post_right_after_the_house_s_march_is_recorded_from_its_phone(client, app):
    host = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2")
    host.do("resources", first="gold")  # Ochre
    rust = seated(app, host, 1)
    rust.do("march")
    rust.do("hold_post", house=1, post=2)
    assert host.state().houses[1].posts == (2,)
    assert "Rust holds trading post 2 and its silver Xadla" in host.refresh()
