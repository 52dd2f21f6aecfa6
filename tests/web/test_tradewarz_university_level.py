"""A TradeWarz university's level starts where a table most likely is (issue 49 item 5,
TradeWarz phone review P2-1 'the university level to reach defaults to 0'): a house's
universities start at 0 and rise one level at a time (rules digest, University, level n), so
a build form's level starts at 1 and a university built without naming a level is level 1."""
from __future__ import annotations

import re

from .table import WebTable

HOUSES = [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"}]
OPTIONS = {"end_mode": "years", "years": "2", "cost_settlement": "1 lumber + 1 wheat"}


def test_the_build_forms_university_level_starts_at_the_first_level(client, app):
    table = WebTable.create(client, app, "tradewarz", HOUSES, **OPTIONS)
    page = table.asked("build.university")
    checked = set(re.findall(r"name=level value=(\d+) checked", page))
    assert checked == {"1"}, checked


def test_a_university_built_without_naming_its_level_is_built_at_level_1(client, app):
    table = WebTable.create(client, app, "tradewarz", HOUSES, **OPTIONS)
    table.do("build", what="university", tree="economy")
    assert table.state().houses[0].universities[0] == 1
    assert table.rows()[-1].data["level"] == 1
