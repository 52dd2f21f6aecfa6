"""A live update touches only what changed (issue 46): a part that comes or goes above the others
(TradeWarz's turn panel on the phone of the house whose turn it is) takes none of the parts after
it out of the page to put it back, which had every one of them laid out, styled and its words
shaped again on each update; and the white space the script leaves out of the game for the morph
(beside a block: the templates' line breaks) draws nothing, on every game's page."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import act, seated

pytestmark = pytest.mark.browser

#: on the watching phone: every element with an id that an update took out of #game (its id
#: noted), whether or not it was put back
WATCH_REMOVALS = """g => { window.takenOut = [];
  new MutationObserver(ms => ms.forEach(m => m.removedNodes.forEach(n => {
    if (n.nodeType === 1) { window.takenOut.push(n.id || n.tagName);
      n.querySelectorAll('[id]').forEach(e => window.takenOut.push(e.id)); } })))
  .observe(g, {childList: true, subtree: true}); }"""


def game_of(live_server, slug: str, steps: list[tuple[str, dict]] = ()) -> str:
    """A 4-player game of ``slug`` (its sample setup) with these steps recorded; its address."""
    from companion import store
    from companion.games import get_game
    from tests.table_helpers import sample_setup
    rules = get_game(slug)
    with live_server.app.test_request_context():
        game = store.create_game(rules, sample_setup(rules, 4))
        for kind, data in steps:
            store.record(game.id, kind, data)
        return f"{live_server.url}/g/{game.play_token}"


def shown(page: Page, other: Page) -> None:
    expect(page.locator("#game")).to_have_attribute(
        "data-version", other.locator("#game").get_attribute("data-version"))


def test_a_turn_panel_coming_and_going_above_the_boards_takes_no_part_out_of_the_page(
        open_context, live_server):
    link = game_of(live_server, "tradewarz", [("resources", {"player": 0, "first": "gold"})])
    basalt = seated(open_context("phone"), link, 1)  # its turn: its own panel at the top
    table = open_context("phone").new_page()
    table.goto(link)
    expect(basalt.locator("#tw-todo")).to_be_visible()
    basalt.locator("#game").evaluate(WATCH_REMOVALS)
    for tap, todo in (("undo", 0), ("redo", 1), ("undo", 0)):
        act(table, table.locator(f"#game form[action$='/{tap}'] button"))
        shown(basalt, table)
        expect(basalt.locator("#tw-todo")).to_have_count(todo)
        taken = basalt.evaluate("window.takenOut.splice(0)")
        assert not [i for i in taken if i in ("tw-year", "tw-turn", "box-costs", "p0", "p1",
                                              "p2", "p3", "latest", "score-pad")], taken


@pytest.mark.parametrize("slug", ["hadara", "tradewarz", "hexemonia"])
def test_the_white_space_left_out_for_the_morph_draws_nothing(open_context, live_server, slug):
    link = game_of(live_server, slug)
    drawn = []
    for script in (False, True):
        page = open_context("phone", java_script_enabled=script).new_page()
        page.goto(link)
        drawn.append(page.locator("#game").evaluate("""g => {
          const at = g.getBoundingClientRect();
          const drawn = Array.from(g.querySelectorAll('*')).filter(e => e.getClientRects().length);
          return [g.innerText, g.childNodes.length, drawn.map(e => {
            const r = e.getBoundingClientRect();
            return [e.tagName, r.left - at.left, r.top - at.top, r.width, r.height].join(' ');
          })]; }"""))
    (text, nodes, boxes), (text_js, nodes_js, boxes_js) = drawn
    assert nodes_js < nodes  # (the white space is out of the page with the script)
    assert text_js == text
    assert boxes_js == boxes
