"""The quick pad and the score API take the same tables: a value one path scores, the other
scores too (found by the reachable-tables walk: a live game's corrections took an income track
to 102, which the API scored and the quick pad refused)."""
import re

import pytest

from .table import quick_data


@pytest.mark.parametrize("field, value", [("players-0-tracks__income", 102),
                                          ("players-0-coins", 1200),
                                          ("players-0-cards__red__points", 320)])
def test_the_quick_pad_scores_a_hadara_value_the_score_api_scores(client, field, value):
    data = quick_data(client, **{field: value})
    quick = client.post("/quick/hadara", data=data)
    assert quick.status_code == 200, quick.get_data(as_text=True)[-1500:]
    key = field.split("-", 2)[2].split("__")
    ana = {"name": "Ana", "coins": 13, "tracks": {"income": 0, "military": 0, "culture": 7,
                                                   "food": 2},
           "cards": {"red": {"count": 2, "points": 6}}, "colonies": [5, 7],
           "silver_medals": ["culture"]}
    if key[0] == "coins":
        ana["coins"] = value
    elif key[0] == "tracks":
        ana["tracks"][key[1]] = value
    else:
        ana["cards"]["red"]["points"] = value
    api = client.post("/api/v1/hadara/score", json={"players": [ana, {"name": "Ben",
                                                                      "coins": 4}]})
    assert api.status_code == 200, api.get_json()
    total = re.search(r'<tr class="total"><th>Total</th><td>([\d,]+)</td>',
                      quick.get_data(as_text=True)).group(1)
    assert int(total.replace(",", "")) == api.get_json()["players"][0]["total"]
