"""A whole TradeWarz year tapped through in Chromium, on a phone and on a tablet: the seasons'
actions on the board (each building where its house's Marches reach: ruling T27), a battle
checked in the calculator and recorded from it, the end of Spring read on its preview and
applied, then the score pad and the score API against the test's own count."""
from __future__ import annotations

import pytest

from tests.browser.conftest import shot
from tests.browser.phone import agrees, final_score, start_game
from tests.browser.tables import TradeWarzTable

pytestmark = pytest.mark.browser
#: the screens committed under docs/screenshots (UPDATE_DOC_SCREENSHOTS=1)
DOC_SHOTS = {"tablet-board", "phone-spring-preview"}


@pytest.mark.parametrize("kind", ["phone", "tablet"])
def test_a_tradewarz_year_tapped_through_ends_on_the_counted_score(open_context, live_server,
                                                                    kind):
    page = open_context(kind).new_page()
    table = TradeWarzTable()
    start_game(page, live_server.url, table)
    table.play_to_end(page, lambda p, name: shot(p, f"{kind}-tradewarz-{name}",
                                                 doc=f"{kind}-{name}" in DOC_SHOTS))
    agrees(final_score(page), table.expected())
    places = [t.strip() for t in page.locator(".ranking li").all_inner_texts()]
    for place, (line, name) in enumerate(zip(places, table.ranking()), start=1):
        assert line.startswith(f"{place} {name}"), (places, table.ranking())
    table.api_agrees(page)  # the score API, sent the same count, ranks it the same way
    shot(page, f"{kind}-tradewarz-final-score")
