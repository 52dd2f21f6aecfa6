"""TradeWarz issue 38 on the pages: the battle of a time game's last March is still offered and
scored, the occupier's move away is offered only after its move, and ruling T21's reading that
charges a university's first level is on the rulings page in each language."""
import re
from html import unescape

import pytest

from .table import WebTable

HOUSES = [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"}]
A, B = 0, 1


def text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


BATTLE = {"attacker": B, "defender": A, "site": "field", "origin": "march",
          "attacker_soldiers": "2", "attacker_card_s": "4", "attacker_card_k": "1",
          "attacker_card_b": "1", "defender_soldiers": "2", "defender_card_s": "1",
          "defender_card_k": "0", "defender_card_b": "0"}


def test_a_time_game_s_last_march_still_records_its_battle_on_the_page(client, app):
    table = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="time", minutes="90")
    table.do("resources", first="gold")
    table.do("time_up")
    table.do("march")  # Basalt's, the season's last action: the game is over
    page = text(table.page)
    assert "The game is over" in page and "Basalt marched. Where did the army stop?" in page
    assert "?show=battle" in table.page and f"{table.path}/do/battle" in table.asked("battle")
    table.do("battle", **BATTLE)
    assert table.state().houses[B].golden == ("battle",)
    pad = text(client.get(table.path + "/score").get_data(as_text=True))
    assert re.search(r"1 Basalt", pad)
    table.do("trade", expect=422, house=A, partner=B, give_gold="1", get_wheat="1")
    assert table.state().houses[A].dials == (8, 6, 6, 6)  # nothing stored


def test_the_occupier_s_move_away_is_offered_only_after_that_move(client, app):
    table = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2")
    table.do("correct_capital", house=A, holder=B)
    assert "Basalt left the capital" not in table.page
    table.do("occupier_left", expect=422, house=A)  # no move by Basalt yet
    assert table.state().houses[A].capital_held_by == B
    table.do("resources", first="gold")
    table.do("retreat")  # Basalt's
    assert "Basalt left the capital" in table.page
    table.do("occupier_left", house=A, origin="retreat")
    assert table.state().houses[A].capital_held_by is None


@pytest.mark.parametrize("lang, said", [
    ("en", "a university's first level is built, not upgraded, and pays in full"),
    ("it", "il primo livello di un'università si costruisce, non si potenzia"),
    ("zh", "大学的第一级是建造而非升级"),
])
def test_ruling_t21_offers_a_reading_that_charges_a_university_s_first_level(client, lang,
                                                                             said):
    page = client.get("/rules/tradewarz/rulings", headers={"Accept-Language": lang})
    body = text(page.get_data(as_text=True))
    assert page.status_code == 200 and said in body
