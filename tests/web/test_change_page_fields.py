"""The history's "change" of a step asks only what a player chose (issue 49 item 5, the Hadara
phone review's P3 "Change page: it shows a raw Round field"): a value the game's page fills in
by itself (Hadara's round of a phase A card, a check of what the page showed) is sent hidden
with the value recorded, in every language, and a change made there keeps it."""
from __future__ import annotations

import re

import pytest

from tests.web.table import CSRF, hadara_of_three

#: the round field's label in each language (translations/hadara)
ROUND = {"en": "Round", "it": "Giro", "zh": "轮次"}


def main_of(page: str) -> str:
    return page[page.index("<main"):page.index("</main>")]


def labels(page: str) -> list[str]:
    return re.findall(r'class="fld"><span>([^<]*)</span>', main_of(page))


@pytest.mark.parametrize("lang", sorted(ROUND))
def test_the_change_page_never_asks_the_round_the_game_page_filled_in(client, app, lang):
    table = hadara_of_three(client, app)
    table.do("buy", player=1, colour="red", cost=3, points=1, round=1)
    client.get(f"/lang/{lang}")
    page = client.get(f"{table.path}/change/1").get_data(as_text=True)
    assert ROUND[lang] not in labels(page), labels(page)
    assert len(labels(page)) > 5  # (the step's own fields are there: colour, cost, tracks...)
    assert '<input type="hidden" name="round" value="1">' in main_of(page)


def test_a_change_keeps_the_round_recorded_after_the_round_moved_on(client, app):
    table = hadara_of_three(client, app)
    table.do("buy", player=1, colour="red", cost=3, points=1, round=1)
    for seat in (0, 2):
        table.do("sell", player=seat, round=1)
    assert table.state().round == 2
    page = client.get(f"{table.path}/change/1").get_data(as_text=True)
    hidden = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">',
                             main_of(page)))
    resp = client.post(f"{table.path}/change/1", data={
        **hidden, "csrf_token": CSRF.search(page).group(1), "player": 1, "colour": "red",
        "cost": 3, "points": 1, "pick": "cost=4"})
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    amended = table.rows()[-1]
    assert amended.data["data"]["round"] == 1 and amended.data["data"]["cost"] == 4
