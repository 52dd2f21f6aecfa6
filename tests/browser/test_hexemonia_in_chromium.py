"""A whole game of Hexemonia tapped through in Chromium, on a phone and on a tablet: hexes and
Myths played from the board's forms, production, a political check with revolts read in its
preview, a war worked out in the attack calculator, the last round, then the score pad against
the test's own count. Then the calculator's own Attack button: recorded, the phone shows the
board (no refusal); refused, it keeps the calculator and says why."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.phone import agrees, final_score, start_game
from tests.browser.tables import HexemoniaTable, HexemoniaTwoPlayerTable
from tests.web.table import war_table

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
    expected = table.expected()
    agrees(final_score(page), expected)
    best = max(expected, key=lambda n: sum(expected[n].values()))
    expect(page.locator(".ranking li").first).to_contain_text(best)
    shot(page, f"{kind}-hexemonia-final-score", doc=f"{kind}-final-score" in DOC_SHOTS)


def test_a_two_player_base_game_without_revolts_ends_with_the_philosopher_worth_3(
        open_context, live_server):
    page = open_context("phone").new_page()
    table = HexemoniaTwoPlayerTable()
    start_game(page, live_server.url, table)
    table.play_to_end(page)
    expected = table.expected()
    assert expected["Ana"]["Philosopher"] == 3 and expected["Ben"]["Philosopher"] == 0
    agrees(final_score(page), expected)
    expect(page.locator(".ranking li").first).to_contain_text("Ana")


# -------------------------------------------------- the attack calculator's own Attack button

def _calculator(open_context, live_server, pay_from: str):
    """Ana's phone on the attack calculator, worked out for Ben's Pascolo (shield 1 from the
    Falange touching it: 4 units win), the game set up through the Flask client (the same
    table as the Flask tests' calculator)."""
    table = war_table(live_server.app.test_client(), live_server.app)
    page = open_context("phone").new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    query = urlencode({"opponent": 1, "target": "Pascolo", "adjacent": "Falange",
                       "pay_from": pay_from})
    page.goto(f"{table.path}/hexemonia/attack-preview?{query}")
    return table, page, dialogs


def _tap_attack(page) -> str | None:
    """The Attack button under the calculator's result (its form filled by the calculator)."""
    form = page.locator('#hx-war form[action$="/do/attack"]')
    expect(form.locator('[name="pay_from"]')).not_to_have_value("")
    before = page.locator("#game").get_attribute("data-version")
    form.get_by_role("button", name="Attack").tap()
    return before


def test_an_attack_recorded_from_the_calculator_shows_the_board_not_a_refusal(open_context,
                                                                             live_server):
    table, page, dialogs = _calculator(open_context, live_server, "Acropolis: 2h")
    expect(page.locator("#hx-calc-result")).to_contain_text("the attack succeeds")
    before = _tap_attack(page)
    expect(page.locator(f'#game:not([data-version="{before}"])')).to_have_count(1)
    # the game's own page, as a phone without script is redirected to: the calculator's
    # question (Ben's Pascolo) no longer stands once Ana holds it
    expect(page.locator("#game .alert, #not-recorded")).to_have_count(0)
    expect(page).to_have_url(live_server.url + table.path)
    expect(page.locator(".history li").first).to_contain_text("Pascolo")
    expect(page.locator("#p0")).to_contain_text("Pascolo")
    expect(page.locator("#p1")).not_to_contain_text("Pascolo")
    assert dialogs == []
    assert [r.kind for r in table.rows()].count("attack") == 1


def test_an_attack_refused_from_the_calculator_keeps_the_calculator_and_says_why(open_context,
                                                                              live_server):
    table, page, dialogs = _calculator(open_context, live_server, "Acropolis: 1h 1c")
    expect(page.locator("#hx-calc-result")).to_contain_text("the attack fails")
    _tap_attack(page)
    alert = page.locator("#not-recorded")
    expect(alert).to_contain_text("Not recorded.")
    expect(alert).to_contain_text("3 units do not beat 1 + 2 × shield 1 (Falange): at least 4 "
                                  "are needed")
    assert "/hexemonia/attack-preview?" in page.url
    expect(page.locator("#hx-calc-result")).to_contain_text("the attack fails")
    assert dialogs == []
    assert [r.kind for r in table.rows()].count("attack") == 0
