"""Fix any mistake in a real browser at phone size (issue 20): Ana typed a value wrong three taps
ago, Ben and Cy have acted since; from the history she changes her step alone, in every game,
and Ben's and Cy's steps stay as they were. A take-back from the history works the same way."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion import store
from companion.games import get_game
from tests.browser.conftest import shot
from tests.browser.phone import Count
from tests.browser.tables import seated, tap_and_load
from tests.properties.tablegen import valid_setup

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cy")

#: per game: a correction for seat ``i`` with value ``v``, the field that holds ``v``, and what
#: the table sees of seat ``i`` in a state
STEPS = {
    "hadara": (lambda i, v: {"player": i, "value": "coins", "delta": v}, "delta",
               lambda state, i: state.players[i].coins),
    "tradewarz": (lambda i, v: {"house": i, "what": "soldiers", "value": v}, "value",
                  lambda state, i: state.houses[i].soldiers),
    "hexemonia": (lambda i, v: {"player": i, "what": "hand", "value": v}, "value",
                  lambda state, i: state.players[i].hand),
}


def new_game(live_server, slug: str):
    """A 3-player game where Ana, Ben and Cy each recorded one step (Ana's is #1)."""
    rules = get_game(slug)
    fields, _, _ = STEPS[slug]
    with live_server.app.app_context():
        game = store.create_game(rules, valid_setup(rules, 3, NAMES))
        for seat, value in enumerate((3, 2, 1)):
            store.record(game.id, "correct", fields(seat, value), by=NAMES[seat])
        return game.play_token, game.id


def state_of(live_server, game_id: int):
    from companion.store.db import Game
    with live_server.app.app_context():
        return store.state_of(store.session().get(Game, game_id))


@pytest.mark.parametrize("slug", sorted(STEPS))
def test_ana_changes_her_step_from_three_taps_ago_and_ben_and_cy_keep_theirs(
        open_context, live_server, slug):
    token, game_id = new_game(live_server, slug)
    _, field, seen = STEPS[slug]
    before = state_of(live_server, game_id)
    page = open_context("phone").new_page()
    page.goto(f"{live_server.url}/g/{token}/history")
    ana_step = page.locator("#step-1")
    expect(ana_step).to_contain_text("Ana")
    tap_and_load(page, ana_step.get_by_role("link", name="Change"))
    expect(page.locator("h1")).to_have_text("Change step #1")
    page.locator(f'[name="{field}"]').fill("4")
    shot(page, f"phone-{slug}-change-a-step", doc=slug == "hadara")
    tap_and_load(page, page.get_by_role("button", name="Save the change"))
    expect(page.locator("#step-1")).to_contain_text("changed by #4")
    expect(page.locator("#step-4")).to_contain_text("Changed #1")
    after = state_of(live_server, game_id)
    if slug == "hadara":  # a change by: Ana's +3 is now +4
        assert seen(after, 0) == seen(before, 0) + 1
    else:  # a new value: Ana's 3 is now 4
        assert (seen(before, 0), seen(after, 0)) == (3, 4)
    assert [seen(after, i) for i in (1, 2)] == [seen(before, i) for i in (1, 2)]


def test_ben_takes_back_anas_old_step_from_the_history_and_the_rest_stays(open_context,
                                                                          live_server):
    token, game_id = new_game(live_server, "hadara")
    before = state_of(live_server, game_id)
    page = open_context("phone").new_page()
    page.goto(f"{live_server.url}/g/{token}/history")
    tap_and_load(page, page.locator("#step-1").get_by_role("button", name="Take back"))
    expect(page.locator("#step-1")).to_contain_text("taken back by #4")
    after = state_of(live_server, game_id)
    assert [p.coins for p in after.players] == [before.players[0].coins - 3,
                                                *(p.coins for p in before.players[1:])]
    tap_and_load(page, page.locator("#step-1").get_by_role("button", name="Bring back"))
    assert state_of(live_server, game_id) == before


def test_ana_fixes_her_older_step_from_the_game_page_in_two_taps_at_360_px(open_context,
                                                                           live_server):
    """Her card two steps before her last: "Fix" on the game page opens its filled form, and
    the right cost's chip saves it and brings the game back."""
    rules = get_game("hadara")
    setup = {"players": [{"name": n, "initiative": i + 1, "side": "A", "coins": 10, "income": 1,
                          "military": 0, "culture": 0, "food": 3} for i, n in enumerate(NAMES)]}
    with live_server.app.app_context():
        game = store.create_game(rules, setup)
        for kind, data, by in (
                ("buy", {"player": 0, "colour": "yellow", "cost": 4, "round": 1}, "Ana"),  # #1
                ("sell", {"player": 1, "round": 1}, "Ben"), ("sell", {"player": 2, "round": 1},
                                                             "Cy"),
                ("sell", {"player": 0, "round": 2}, "Ana")):                             # #4
            store.record(game.id, kind, data, by=by)
        token, game_id = game.play_token, game.id
    before = state_of(live_server, game_id)
    ana = Count(seated(open_context("phone", viewport={"width": 360, "height": 780}),
                       f"{live_server.url}/g/{token}", 0))
    fix = ana.page.locator("#my-steps li").filter(has_text="#1 ").get_by_role("link")
    fix.scroll_into_view_if_needed()
    shot(ana.page, "phone-hadara-my-earlier-steps")
    ana.load(fix)                                                       # 1: its filled form
    expect(ana.page.locator("h1")).to_have_text("Change step #1")
    shot(ana.page, "phone-hadara-change-by-chip")
    ana.load(ana.page.get_by_role("button", name="Printed cost: 3"))   # 2: the right value
    expect(ana.page.locator("#game")).to_be_visible()
    assert (ana.touches, ana.keyboard) == (2, 0)
    after = state_of(live_server, game_id)
    assert after.players[0].coins == before.players[0].coins + 1
    assert after.players[0].cards[0].cost == 3
    assert [p.coins for p in after.players[1:]] == [p.coins for p in before.players[1:]]
