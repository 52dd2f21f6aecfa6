"""A whole game of Hexemonia tapped through in Chromium, on a phone and on a tablet: hexes and
Myths played from the board's forms, production, a political check with revolts read in its
preview, a war worked out in the attack calculator, the last round, then the score pad against
the test's own count."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.tables import HexemoniaTable, tap_and_load
from tests.browser.test_tables_in_chromium import score_pad, start_game

pytestmark = pytest.mark.browser
#: the screens committed under docs/screenshots (UPDATE_DOC_SCREENSHOTS=1)
DOC_SHOTS = {"tablet-war", "phone-final-score"}


@pytest.mark.parametrize("kind", ["phone", "tablet"])
def test_a_hexemonia_game_tapped_through_ends_on_the_counted_score(open_context, live_server,
                                                                   kind):
    page = open_context(kind).new_page()
    table = HexemoniaTable()
    start_game(page, live_server.url, table)
    table.play_to_end(page, lambda p, name: shot(p, f"{kind}-hexemonia-{name}",
                                                 doc=f"{kind}-{name}" in DOC_SHOTS))
    tap_and_load(page, page.locator("header.bar").get_by_role("link", name="Score"))
    expect(page.locator("h1")).to_have_text("Final score")
    pad = score_pad(page)
    expected = table.expected()
    for name, lines in expected.items():
        for label, points in lines.items():
            assert pad[name][label] == points, (name, label, pad[name])
        assert pad[name]["Total"] == sum(lines.values()), (name, pad[name])
    best = max(expected, key=lambda n: sum(expected[n].values()))
    expect(page.locator(".ranking li").first).to_contain_text(best)
    shot(page, f"{kind}-hexemonia-final-score", doc=f"{kind}-final-score" in DOC_SHOTS)
