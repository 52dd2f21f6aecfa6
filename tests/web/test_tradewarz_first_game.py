"""A first TradeWarz game without a keyboard (issue 39), through the Flask client: the battle
calculator starts from the March, a whole card is one chip and the answer opens at the result;
a payment typed once is offered back as one tap until it is taken back; amounts, resources and
colours are chips; counted words in every language; the join code at the top while a seat is
free."""
import re
from html import unescape

import pytest

from tests.conftest import csrf_of

from .table import WebTable

HOUSES = [{"name": n} for n in ("Amber", "Basalt", "Cobalt", "Dune")]
A, B, C, D = range(4)


@pytest.fixture
def table(client, app):
    """A first game: no group, no box data typed at setup."""
    return WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="1")


def ticked(page: str, name: str) -> list[str]:
    """The values of the chips of ``name`` ticked on ``page``."""
    return re.findall(rf'name="{name}" value="([^"]*)" checked', page)


def chips(page: str, name: str) -> list[str]:
    return re.findall(rf'type=radio name="?{name}"? value="?([^" >]*)', page)


def calculator(table, query: str = "") -> str:
    resp = table.client.get(f"{table.path}/tradewarz/battle" + (f"?{query}" if query else ""))
    return resp.get_data(as_text=True)


# --------------------------------------------------------- the battle a March leads to

def test_the_calculator_starts_with_the_house_that_marched_against_the_house_it_marched_on(
        table):
    table.do("recruit", house=A)  # Amber: 3 soldiers; the capital supports 2 away from it
    table.do("march", house=B, target=A)
    assert "Battle: Basalt marched on Amber" in table.refresh()
    page = calculator(table)
    assert ticked(page, "attacker") == ["1"] and ticked(page, "defender") == ["0"]
    assert ticked(page, "attacker_soldiers") == ["2"] and ticked(page, "defender_soldiers") == ["2"]


def test_a_whole_card_chip_fills_strength_kills_and_blocks_and_the_battle_records_from_it(table):
    table.do("march", house=A, target=C)
    page = calculator(table, "attacker_card=4/1/1&defender_card=2/3/1")
    assert "Amber (attacker) wins" in page  # 2 + 4 against 2 + 2
    assert ticked(page, "attacker_card") == ["4/1/1"] and ticked(page, "defender_card_k") == ["3"]
    record = page[page.index("/do/battle"):].split("</form>")[0]
    sent = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', record))
    assert {k: sent[k] for k in ("attacker", "defender", "origin", "attacker_card_s",
                                 "defender_card_k")} == {
        "attacker": "0", "defender": "2", "origin": "march", "attacker_card_s": "4",
        "defender_card_k": "3"}
    table.do("battle", **{k: v for k, v in sent.items() if k not in ("csrf_token", "version")})
    assert len(table.state().houses[A].golden) == 1


def test_the_calculators_answer_opens_at_the_result_and_a_refusal_there_too(table):
    table.do("march", house=A, target=B)
    page = calculator(table)
    form = re.search(r'<form method="get" class="tw-calc" action="([^"]+)"', page).group(1)
    assert form.endswith("/tradewarz/battle#result")
    answered = calculator(table, "attacker_card=4/1/1&defender_card=2/3/1")
    assert answered.index('id="result"') > answered.index("Calculate")  # right under it
    refused = calculator(table, "attacker_card=4/1/1&defender_card=2/3/1&attacker_soldiers=4")
    assert re.search(r'<div class="alert" role="alert" id="result">', refused)


# --------------------------------------------------------- a cost typed once

OFFER = "Pay 1 lumber + 1 wheat, as paid before in this game"


def test_a_settlement_paid_by_hand_is_offered_back_and_one_tap_builds_and_pays_it(table):
    table.do("build", house=A, what="settlement", silo_wheat=1, pay_lumber=1, pay_wheat=1)
    page = table.asked("build.settlement")
    assert OFFER in unescape(page)
    button = re.search(r'<button class="btn" name="pick" value="([^"]+)">', page).group(1)
    table.do("build", house=B, what="settlement", silo_lumber=1, pick=unescape(button))
    assert table.state().houses[B].dials == (6, 5, 6, 5)


def test_a_build_paid_before_in_this_game_says_so_on_its_panel_not_cost_unknown(table):
    """Phone review P3: the settlement's panel said "cost not in the box data: enter what
    was paid" with a one-tap payment of the same cost inside it."""
    table.do("build", house=A, what="settlement", silo_wheat=1, pay_lumber=1, pay_wheat=1)
    page = unescape(table.asked("build.settlement"))
    assert "Build a settlement — pays as before in this game" in page
    assert "Build a settlement — cost not in the box data" not in page


def test_a_payment_taken_back_is_offered_no_more(table):
    table.do("build", house=A, what="settlement", silo_wheat=1, pay_lumber=1, pay_wheat=1)
    assert OFFER in unescape(table.asked("build.settlement"))
    table.post("undo")
    assert OFFER not in unescape(table.asked("build.settlement"))


# --------------------------------------------------------- chips instead of typing

def test_resources_and_the_houses_colours_are_chips(client, table):
    page = table.asked("resources")
    for name in ("first", "second"):
        assert chips(page, name)[:4] == ["gold", "lumber", "mining", "wheat"]
    setup = client.get("/new/tradewarz").get_data(as_text=True)
    assert chips(setup, "players-0-colour")[:2] == ["yellow", "red"]
    assert not re.search(r'<input type="text" name="players-0-colour"', setup)  # not typed


def test_payment_and_trade_chips_cover_the_printed_amounts(table):
    page = table.asked("build.settlement")
    build = page[page.index("Build a settlement"):]
    assert chips(build, "pay_gold")[:5] == ["0", "1", "2", "3", "4"]  # a castle prints a 4
    page = table.asked(f"trade.{A}")
    trade = page[page.index("/do/trade"):]
    assert chips(trade, "give_wheat")[:7] == [str(n) for n in range(7)]


def test_a_march_names_the_house_it_marches_on_with_a_chip(table):
    page = table.asked("march")
    march = page[page.index("/do/march", page.index('id="tw-turn"')):].split("</form>")[0]
    assert chips(march, "target") == ["0", "1", "2", "3"]


# --------------------------------------------------------- words

def test_no_tradewarz_words_count_with_a_bracketed_s(extracted):
    hacks = [m.id for m in extracted("tradewarz") if "(s)" in str(m.id)]
    assert hacks == []


@pytest.mark.parametrize("lang, one, many", [
    ("en", "1 trading post", "0 castles"), ("it", "1 emporio", "0 castelli"),
    ("zh", "1 个贸易站", "0 座城堡")])
def test_the_board_counts_castles_and_posts_in_the_readers_language(client, table, lang, one,
                                                                      many):
    table.do("march")
    table.do("hold_post", house=A, post=1)  # right after Amber's March (ruling T28)
    client.get(f"/lang/{lang}?next=/")
    line = re.search(r'<p class="tw-xadlas">(.*?)</p>', table.refresh(), re.S).group(1)
    said = " ".join(unescape(re.sub(r"<[^>]+>", "", line)).split())
    assert one in said and many in said and "(s)" not in said


# --------------------------------------------------------- the join code

def test_the_join_code_is_at_the_top_while_a_seat_is_free(app, table):
    page = table.page
    assert page.index('class="note join-now"') < page.index('class="tw-year')
    for seat in range(len(HOUSES)):
        phone = app.test_client()
        phone.get(table.path)
        phone.post(f"{table.path}/seat", data={"csrf_token": csrf_of(phone, table.path),
                                               "seat": seat})
    assert "join-now" not in table.refresh()
