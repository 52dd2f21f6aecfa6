"""The box page speaks the reader's language (issue 49 item 5, Hadara phone review P3 'Box data
page'): every remembered value is said as the table knows the component (a setup card by its
initiative and side, an epoch card by its epoch, colour, cost and tracks, a statue space, a
medal's price, a house rule by its question and reading, a TradeWarz cost or season), not as
the stored keys ("card", "I blue 2/0/0/1/0/1", "epoch 1, colour blue, cost 2")."""
from __future__ import annotations

import re

import pytest

from companion import store
from companion.games import get_game
from companion.games.hadara import box as hadara_box
from companion.games.hexemonia.box import box_records as hexemonia_records
from companion.games.tradewarz import box as tradewarz_box

#: the stored names a reader of Italian or Chinese must not meet on the page
STORED_NAMES = {"setup", "card", "colony", "statue", "medal", "price", "requirement", "points",
                "tile_value", "colour", "cost", "epoch", "income", "military", "culture",
                "food", "coins", "choice", "plunder", "reading", "space", "costs", "seasons",
                "names", "order", "die", "lost", "season", "castle", "gold", "lumber",
                "mining", "red", "house", "rule", "remainder", "blue", "silver", "hex", "myth",
                "kind", "nature", "produces", "output", "shield", "gear", "political",
                "citizens", "hoplites", "none"}


def hadara_records() -> list[tuple[str, str, dict]]:
    """What a Hadara table teaches in epoch I, as the rules read it from its taps."""
    none = {"income": 0, "military": 0, "culture": 0, "food": 0}
    setup = {"players": [{**none, "name": "Ana", "initiative": 1, "coins": 5, "food": 2,
                          "income": 1},
                         {**none, "name": "Ben", "initiative": 2, "side": "B", "coins": 6}]}
    state = get_game("hadara").new_game(setup)
    taps = [("buy", {"colour": "blue", "cost": 2, "culture": 1, "points": 1}),
            ("colony", {"requirement": 3, "points": 5, "choice": "plunder", "coins": 2}),
            ("statue", {"statue": 2, "requirement": 4, "points": 3, "tile_value": 2}),
            ("medal", {"medal": "silver", "price": 4})]
    return [*hadara_box.records_of_setup(setup),
            *(r for kind, data in taps for r in hadara_box.records(state, kind, data)),
            ("house rule", "HAD-1", {"reading": "all-coins"})]


TRADEWARZ = [("costs", "castle", {"gold": 3, "lumber": 4, "mining": 4}),
             ("seasons", tradewarz_box.SEASON_NAMES,
              {"seasons": "Summer, Fall, Winter, Season 4, Spring"}),
             ("seasons", tradewarz_box.LOST_DIE, {"die": "red"})]


def box_table(client, slug: str, lang: str) -> str:
    """The words of the server's box table of ``slug`` as a reader of ``lang`` sees them."""
    page = client.get(f"/box/{slug}", headers={"Accept-Language": lang}).get_data(as_text=True)
    table = re.search(r'<table class="pad">.*?</table>', page, re.S)
    assert table, "the box page shows no table"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", table.group(0)))


def stored_names_in(words: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z_]{3,}", words)} & STORED_NAMES


#: a hex a table played, printed with a production, a shield and a cost (its name is the tile's)
HEXEMONIA = hexemonia_records("play_hex", {
    "name": "Porto nuovo", "kind": "polis", "nature": "political", "produces": "citizens",
    "output": 2, "shield": 1, "gear": "none", "cost_citizens": 1, "cost_hoplites": 0,
    "cost_gold": 2})


@pytest.mark.parametrize("slug, records", [("hadara", hadara_records()),
                                           ("tradewarz", TRADEWARZ),
                                           ("hexemonia", HEXEMONIA)])
@pytest.mark.parametrize("lang", ["it", "zh"])
def test_every_line_of_the_box_page_is_in_the_readers_language(app, client, slug, records,
                                                                lang):
    with app.app_context():
        store.load_box(store.SERVER_BOX, slug, records)
    words = box_table(client, slug, lang)
    assert stored_names_in(words) == set(), words
    if lang == "zh":  # in Latin letters only the rulings' ids and the names printed on tiles
        assert set(re.findall(r"[A-Za-z_]{2,}", words)) <= {"HAD", "Porto", "nuovo"}, words


def test_the_box_page_names_hadaras_components_as_the_table_knows_them(app, client):
    with app.app_context():
        store.load_box(store.SERVER_BOX, "hadara", hadara_records())
    words = box_table(client, "hadara", "en")
    for said in ("Setup card initiative 2, side B 6 coins · no track",
                 "Epoch card Epoch I Blue · cost 2 · culture 1 · 1 pts",
                 "Statue space 2 Culture 4 · 3 pts · tile space value 2",
                 "Medal price silver, epoch I 4 coins", "House rule HAD-1:",
                 "every coin held at the end of the game"):
        assert said in words, words


def test_a_value_a_game_does_not_know_is_shown_as_stored(app, client):
    with app.app_context():
        store.load_box(store.SERVER_BOX, "tradewarz", [("costs", "airship", {"gold": 9})])
    assert "costs airship gold 9" in box_table(client, "tradewarz", "it")
