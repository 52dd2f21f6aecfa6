"""The history a part at a time in a real browser at phone size (issue 36): Ana's phone, seated,
opens the history of a long game: everyone's newest steps first, then only hers ("My steps"),
and older parts by tapping the plain link at the bottom."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from companion import store
from companion.games import get_game
from tests.browser.conftest import shot
from tests.browser.tables import tap_and_load
from tests.properties.tablegen import valid_setup
from tests.table_helpers import coin_corrections

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cy")
STEPS, PART = 250, 100


def long_game(live_server) -> tuple[str, list[dict]]:
    """A game of 250 coin corrections, made by the store's import: its play link and log."""
    rules = get_game("hadara")
    actions = coin_corrections(NAMES, STEPS)
    with live_server.app.app_context():
        game = store.create_game(rules, valid_setup(rules, 3, NAMES))
        copy = store.import_game({**store.export_game(game), "actions": actions})
        return copy.play_token, actions


def shown(page: Page) -> list[int]:
    ids = page.locator("ol.history > li[id]").evaluate_all("els => els.map(e => e.id)")
    return [int(i.removeprefix("step-")) for i in ids]


def test_anas_phone_shows_everyone_then_her_steps_and_taps_back_to_older_parts(open_context,
                                                                              live_server):
    token, actions = long_game(live_server)
    mine = [a["seq"] for a in reversed(actions)
            if a["by"] == "Ana" or a["data"]["player"] == 0]
    page = open_context("phone").new_page()
    page.goto(f"{live_server.url}/g/{token}")
    tap_and_load(page, page.locator("#seat-prompt").get_by_role("button", name="Ana"))
    page.goto(f"{live_server.url}/g/{token}/history")
    assert shown(page) == list(range(STEPS, STEPS - PART, -1))
    expect(page.locator("#views").get_by_role("link", name="Everyone")).to_have_attribute(
        "aria-current", "page")
    shot(page, "phone-history-everyone")

    tap_and_load(page, page.locator("#views").get_by_role("link", name="My steps"))
    expect(page.locator("#part")).to_contain_text("Steps signed by Ana or for Ana.")
    assert shown(page) == mine[:PART]
    tap_and_load(page, page.locator("#parts").get_by_role("link", name="Older steps"))
    assert shown(page) == mine[PART:2 * PART]
    shot(page, "phone-history-my-older-steps")

    tap_and_load(page, page.locator("#views").get_by_role("link", name="Everyone"))
    tap_and_load(page, page.locator("#parts").get_by_role("link", name="Older steps"))
    assert shown(page) == list(range(STEPS - PART, STEPS - 2 * PART, -1))
    tap_and_load(page, page.locator("#parts").get_by_role("link", name="Older steps"))
    assert shown(page) == list(range(STEPS - 2 * PART, 0, -1))
    expect(page.locator("#parts").get_by_role("link", name="Older steps")).to_have_count(0)
    tap_and_load(page, page.locator("#parts").get_by_role("link", name="Newer steps"))
    assert shown(page) == list(range(STEPS - PART, STEPS - 2 * PART, -1))
