"""The castle question asks about this phone's own house (issue 49 item 5, TradeWarz phone
review P2-9 'Castle: 5 taps for 3 of 4 houses, because the house select defaults to the first
house'): on "Can I do this?" a seated phone finds its own house chosen, whichever seat it holds."""
from __future__ import annotations

import re

import pytest

from .table import WebTable, phone

HOUSES = [{"name": n, "colour": c} for n, c in (("Amber", "yellow"), ("Basalt", "red"),
                                                ("Cobalt", "blue"))]


def castle_form(page: str) -> str:
    """The castle question's form on the ask page."""
    i = page.index("Can this house build a castle this year?")
    return page[i:page.index("</form>", i)]


@pytest.mark.parametrize("seat", [1, 2])
def test_the_castle_question_starts_on_the_phones_own_house(client, app, seat):
    table = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2")
    mine = phone(app, table)
    mine.post("seat", seat=seat)
    form = castle_form(mine.client.get(f"{table.path}/ask").get_data(as_text=True))
    chosen = re.findall(r'<option value="(\d+)" selected>', form)
    assert chosen == [str(seat)], form[:1500]
