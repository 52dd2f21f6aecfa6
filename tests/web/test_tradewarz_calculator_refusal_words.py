"""The battle calculator says a refusal in the reader's language (issue 49 item 5, the
TradeWarz phone review: "Defender: soldiers is required" in English on the Chinese page,
p2_03): each problem is said through the catalogs, as the game page says a refused tap."""
from __future__ import annotations

import re
from html import unescape

import pytest

from .table import WebTable

HOUSES = [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"}]
#: the calculator asked without the defender's soldiers: its refusal, in each language
SAID = {"en": "Defender: soldiers is required", "it": "Difensore: soldati",
        "zh": "防守方：士兵：必填"}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_calculators_refusal_is_said_in_the_readers_language(client, app, lang):
    t = WebTable.create(client, app, "tradewarz", HOUSES, end_mode="years", years="2")
    client.get(f"/lang/{lang}")
    resp = client.get(f"{t.path}/tradewarz/battle?attacker=1&defender=0&attacker_soldiers=2"
                      "&attacker_card=4/1/1&defender_card=2/3/1&where=field")
    assert resp.status_code == 422
    alert = re.search(r'<div class="alert" role="alert" id="result">(.*?)</div>',
                      resp.get_data(as_text=True), re.S)
    said = " ".join(unescape(re.sub(r"<[^>]+>", " ", alert.group(1))).split())
    assert SAID[lang] in said, said
    if lang != "en":
        assert "is required" not in said and "Defender" not in said, said
