"""Setup in a minute (issue 22): the setup form asks what the table decides; the values printed
on components sit together in one "Box values" section, filled from the box data a first game
taught, closed once every one is known and open while some are not (asked once, kept as not
verified)."""
from __future__ import annotations

import re

from .table import WebTable, new_group

CITIES = ("athens", "sparta", "olympia")


def _box_section(page: str) -> str:
    found = re.search(r'<details class="box-values" id="box-values"([^>]*)>(.*?)</details>', page,
                      re.S)
    assert found, "no box values section"
    return found.group(1) + found.group(2)


def _hexemonia(client, app, **options) -> WebTable:
    return WebTable.create(client, app, "hexemonia", [
        {"name": n, "city": c} for n, c in zip(("Ana", "Ben", "Cy"), CITIES)], **options)


def test_printed_values_are_kept_in_the_box_values_section_not_among_the_tables_choices(client):
    page = client.get("/new/tradewarz").get_data(as_text=True)
    section = _box_section(page)
    before, after = page.split('id="box-values"')
    for name in ("cost_settlement", "cost_tech_economy", "season_names"):
        assert f'name="{name}"' in section and f'name="{name}"' not in before
    assert 'name="end_mode"' in before and 'name="players-0-name"' in after  # the table's


def test_the_box_values_section_opens_while_a_value_is_unknown(client):
    section = _box_section(client.get("/new/hexemonia?players=2").get_data(as_text=True))
    assert section.startswith(" open")
    assert "not known yet" in section


def test_values_a_first_game_of_the_group_taught_fill_its_next_setup(client, app):
    group = new_group(client)
    _hexemonia(client, app, icon_3="10", icon_4="13", in_group=group)
    section = _box_section(client.get(f"/new/hexemonia?group={group}&players=2").get_data(
        as_text=True))
    assert re.search(r'name="icon_3" value="10"', section)
    assert re.search(r'name="icon_4" value="13"', section)



def test_hexemonia_city_values_a_first_game_read_off_the_tile_fill_its_next_setup(client, app):
    """A city tile's value the table typed once is box data: the group's next setup starts with
    it; a value left to "the usual one" is not made up into a known one (it stays to check)."""
    group = new_group(client)
    _hexemonia(client, app, icon_3="10", icon_4="13", sparta_bonus_kind="chora",
               sparta_bonus_points="3", in_group=group)
    section = _box_section(client.get(f"/new/hexemonia?group={group}&players=2").get_data(
        as_text=True))
    assert re.search(r'name="sparta_bonus_points" value="3"', section)
    kind = re.search(r'<select name="sparta_bonus_kind"[^>]*>(.*?)</select>', section, re.S)
    assert re.search(r'<option value="chora" selected>', kind.group(1))
    nature = re.search(r'<select name="sparta_nature"[^>]*>(.*?)</select>', section, re.S)
    assert re.search(r'<option value="" selected>', nature.group(1))  # never entered
    assert not re.search(r'name="athens_bonus_points" value="[1-9]', section)
