"""A first game of Hadara on phones, in Chromium (issue 39): a tap cannot skip a step (a button
that was not under the finger a moment ago does not take the tap); the screen stays on from the
first tap without anyone looking for a switch; a one-tap known card never sends what the typed
form held; and a fresh server's first game of three players costs each phone at most 30
touches and 3 keyboard entries in epoch I, 25 and 2 in epoch II, the table's duties included.
Colonies go in turn from the first player (H4-5): Ana, first in epoch I, takes none so that
Ben may take his, which costs her phone the 2 touches of "Take no colony" (its panel and its
button) on top of the 30: her budget in epoch I is 32. A phase B sale names its face-up card's
colour (H4-6) with one button a pile, so it still costs one touch."""
from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.phone import BROKEN_WORDS, Count, face_up_sale
from tests.browser.tables import HadaraTable, act, chip, close_button, seated, tap_and_load

pytestmark = pytest.mark.browser

#: a click where the finger was, dispatched the moment the game is drawn again: the live update
#: morphs #game in place (the same element, its version moved on), and a mutation observer's
#: turn comes once the drawing's script is done. It marks what was under the finger (landed)
#: and whether the click sent a form (late: "sent" or "not sent").
CLICK_AFTER_REDRAW = """([x, y]) => {
  const game = document.getElementById("game"), seen = game.dataset.version;
  new MutationObserver((_, watch) => {
    if (game.dataset.version === seen) { return; }
    watch.disconnect();
    const el = document.elementFromPoint(x, y);
    const target = el && el.closest("button, summary");
    let sent = false;
    const submitted = () => { sent = true; };
    document.addEventListener("submit", submitted, true);
    if (el) el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, clientX: x,
                                              clientY: y}));
    document.removeEventListener("submit", submitted, true);
    document.body.dataset.late = sent ? "sent" : "not sent";
    document.body.dataset.landed = target ? target.textContent.trim() : "(nothing)";
  }).observe(game, {attributes: true, attributeFilter: ["data-version"]});
}"""


def version(page: Page) -> str:
    return page.locator("#game").get_attribute("data-version")


def start_hadara(page: Page, base: str) -> None:
    """A two-player game started from its setup form, at its first step."""
    page.goto(base + "/new/hadara")
    HadaraTable().fill_setup(page)
    tap_and_load(page, page.get_by_role("button", name="Start the game"))
    expect(page.locator("#game")).to_be_visible()


def sell_all_rounds(page: Page) -> None:
    for _ in range(5):
        for seat in (0, 1):
            act(page, page.locator(f"#p{seat}").get_by_role("button", name="Sell a card"))


def test_a_button_that_takes_the_place_of_the_one_just_tapped_does_not_take_a_late_tap(
        open_context, live_server):
    page = open_context("phone").new_page()
    page.clock.install()  # (time flows as usual; fast_forward moves it on at once)
    start_hadara(page, live_server.url)
    HadaraTable().wheel(page, "yellow-blue-red-green-purple")  # (the epoch's first duty)
    sell_all_rounds(page)
    # the step is done: its close is one button at the top of the duties, where the next
    # duty's button takes its place
    button = page.locator(".steps form.close-step").get_by_role("button",
                                                                 name=re.compile("^Close “"))
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    spot = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
    page.evaluate(CLICK_AFTER_REDRAW, spot)
    before = version(page)
    button.tap()
    expect(page.locator(f'#game:not([data-version="{before}"])')).to_have_count(1)
    # (what sits there now: the close's place went to the next step's button)
    expect(page.locator("body")).to_have_attribute("data-landed", "Pay income to everyone")
    expect(page.locator("body")).to_have_attribute("data-late", "not sent")
    closed = version(page)
    expect(page.locator(".guide h1")).to_contain_text("Income")
    assert version(page) == closed  # the late tap paid nothing
    page.clock.fast_forward(1000)  # a moment later, the same spot takes a tap as usual
    act(page, page.locator(".steps").get_by_role("button", name="Pay income to everyone"))


def test_the_screen_stays_on_from_the_first_tap_and_the_switch_still_turns_it_off(
        open_context, live_server):
    page = open_context("phone").new_page()
    start_hadara(page, live_server.url)
    switch = page.locator("#awake button")
    expect(switch).to_have_attribute("aria-pressed", "false")
    page.locator(".guide").tap()  # any first tap on the page
    expect(switch).to_have_attribute("aria-pressed", "true")
    switch.tap()  # off, and it stays off for this phone
    expect(switch).to_have_attribute("aria-pressed", "false")
    page.reload()
    page.locator(".guide").tap()
    page.wait_for_timeout(300)  # (a lock asked for would be granted by now)
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "true")


# ------------------------------------------------------------------ a first game, counted

NAMES = ("Ana", "Ben", "Cy")
START = dict(coins=15, income=2, military=1, culture=1, food=5)


def new_game(page: Page, url: str, size: dict) -> tuple[str, Count]:
    """The first game of a fresh table, set up on Ana's phone by chips (counted apart)."""
    page.goto(url + "/new/hadara")
    setup = Count(page)
    form = page.locator("form.setup")
    for i, name in enumerate(NAMES):
        setup.type(form.locator(f'[name="players-{i}-name"]'), name)
        setup.chips(form, **{f"players-{i}-initiative": i + 1},
                    **{f"players-{i}-{k}": v for k, v in START.items()})
    setup.touches += 1
    tap_and_load(page, page.get_by_role("button", name="Start the game"))
    expect(page.locator("#game")).to_have_count(1)
    return page.url, setup


def panel(page: Page, scope: str, label: str) -> Locator:
    return page.locator(f"{scope} details.panel").filter(
        has=page.locator(":scope > summary", has_text=re.compile("^" + re.escape(label))))


def seen(phones: dict[str, Count]) -> None:
    """Every phone shows the newest version (the live update, without a reload)."""
    newest = max(int(version(c.page)) for c in phones.values())
    for c in phones.values():
        expect(c.page.locator(f'#game[data-version="{newest}"]')).to_have_count(1)


def close_step(count: Count) -> None:
    count.send(close_button(count.page, count.open))


def income(count: Count) -> None:
    count.send(count.page.locator(".steps").get_by_role("button",
                                                        name="Pay income to everyone"))


def set_wheel(count: Count, seats: tuple[str, ...], decks: str = "") -> None:
    """Each player's icon by name, and the decks' order once a game (one chip a deck)."""
    wheel = count.open(panel(count.page, ".steps", "Set the wheel"))
    if wheel.locator("form.along").count():  # (these icons moved on the disc: named each)
        count.open(wheel.locator("details.other").first)
    for n, colour in enumerate(seats, start=1):
        count.tap(chip(wheel, f"seat{n}", colour))
    for n, colour in enumerate(decks.split("-")[1:] if decks else (), start=2):
        count.tap(chip(wheel, f"decks.{n}", colour))
    count.send(wheel.get_by_role("button", name="Set the wheel"))


def buy_new(count: Count, **values: Any) -> None:
    """A card not seen before: its colour chosen by the wheel; its printed values as chips."""
    buy = count.open(panel(count.page, "#actions", "Buy a card"))
    expect(buy.locator("form")).to_have_count(1)  # (fetched as the panel opens)
    other = buy.locator("details.other")
    if other.count():
        count.open(other)
    count.chips(buy, **values)
    count.send(buy.get_by_role("button", name="Buy a card", exact=True))


def buy_known(count: Count, words: str) -> None:
    buy = count.open(panel(count.page, "#actions", "Buy a card"))
    count.send(buy.get_by_role("button", name=words))


def sell(count: Count, seat: int) -> None:
    count.send(count.page.locator(f"#p{seat}").get_by_role("button", name="Sell a card"))


def sell_face_up(count: Count, seat: int) -> None:
    """Phase B: the sale names the colour of the face-up card taken (H4-6), one button a pile
    that still holds one; the player takes from the first such pile."""
    count.send(face_up_sale(count.page, seat))


def take_no_colony(count: Count) -> None:
    """Colonies go in turn from the first player (H4-5): a player who takes none says so (its
    panel, then its button), and the turn goes on."""
    none = count.open(panel(count.page, "#actions", "Take no colony"))
    count.send(none.get_by_role("button", name="Take no colony", exact=True))


EPOCH_I = {  # round: {seat: the card bought (else sold)}, the wheel at yellow-red-blue-...
    1: {0: dict(cost=4, culture=2, points=2), 1: dict(cost=3, military=1, points=1),
        2: dict(cost=3, income=1, points=1)},
    2: {0: dict(cost=2, food=1, points=1)}}
EPOCH_II = {1: {0: dict(cost=10, points=4), 1: dict(cost=9, food=2, points=3),
                2: dict(cost=8, income=2, points=2)}}


def phase_a(phones: list[Count], plan: dict) -> None:
    for rnd in range(1, 6):
        for seat, count in enumerate(phones):
            if seat in plan.get(rnd, {}):
                buy_new(count, **plan[rnd][seat])
            else:
                sell(count, seat)
        seen(dict(enumerate(phones)))


def phase_b(phones: list[Count], first: int, known: dict[int, str]) -> None:
    """Five face-up cards each, in turn from the first player: a known card bought by some."""
    for pick in range(15):
        seat = (first + pick) % 3
        count = phones[seat]
        seen(dict(enumerate(phones)))
        if pick < 3 and seat in known:
            buy_known(count, known[seat])
        else:
            sell_face_up(count, seat)
    seen(dict(enumerate(phones)))


#: the width this game is played at (the newcomer driver plays a first game at 360 px,
#: test_hadara_newcomer_in_chromium.py)
SIZE = {"width": 390, "height": 844}


def test_a_first_game_of_three_costs_each_phone_at_most_32_touches_in_epoch_i_and_25_in_epoch_ii(
        open_context, live_server):
    size = SIZE
    host = open_context("phone", viewport=size).new_page()
    link, setup = new_game(host, live_server.url, size)
    host.close()  # (the players take their seats on their own phones: this one is done)
    phones = [Count(seated(open_context("phone", viewport=size), link, seat), paced=True)
              for seat in range(3)]
    for c in phones:
        c.page.clock.install()  # (time flows as usual; a tap moves it on a moment first)
    ana, ben, cy = phones

    # epoch I: Ana is first and sets the wheel; the table's duties go round the table
    set_wheel(ana, ("blue", "red", "yellow"), "yellow-red-blue-green-purple")
    phase_a(phones, EPOCH_I)
    close_step(ben)
    income(ben)
    # colonies go in turn from the first player (H4-5): Ana takes none, so Ben may take his
    seen(dict(enumerate(phones)))
    take_no_colony(ana)
    seen(dict(enumerate(phones)))
    colony = ben.open(panel(ben.page, "#actions", "Take a colony"))
    ben.chips(colony, requirement=1, points=3, choice="plunder", coins=2)
    ben.send(colony.get_by_role("button", name="Take a colony", exact=True))
    seen(dict(enumerate(phones)))  # (a close names the version its page shows: Ben's colony)
    close_step(ana)
    statue = cy.open(panel(cy.page, "#actions", "Carve a statue"))
    cy.chips(statue, statue=1, requirement=1, points=3, tile_track="culture", tile_value=1)
    cy.send(statue.get_by_role("button", name="Carve a statue", exact=True))
    close_step(cy)
    seen(dict(enumerate(phones)))
    expect(ana.page.locator(".guide h1")).to_contain_text("phase B")
    phase_b(phones, 0, {0: "Red · cost 3 · military 1 · 1 pts"})
    close_step(ben)
    income(ben)
    for count in (ben, cy, cy, cy):  # colony, statue, feeding, medals
        seen(dict(enumerate(phones)))
        close_step(count)
    seen(dict(enumerate(phones)))
    expect(ana.page.locator(".guide h1")).to_contain_text("Epoch II")
    epoch_i = [(c.touches, c.keyboard) for c in phones]

    # epoch II: Ben is first (second-lowest initiative); the decks' order is known
    for c in phones:
        c.touches = c.keyboard = 0
    set_wheel(ben, ("purple", "green", "yellow"))
    phase_a(phones, EPOCH_II)
    close_step(ben)
    income(ben)
    for count in (ana, ana):  # colony, statue
        seen(dict(enumerate(phones)))
        close_step(count)
    phase_b(phones, 1, {})
    close_step(ana)
    income(ana)
    for count in (cy, cy, cy, cy):
        seen(dict(enumerate(phones)))
        close_step(count)
    seen(dict(enumerate(phones)))
    expect(ana.page.locator(".guide h1")).to_contain_text("Epoch III")
    epoch_ii = [(c.touches, c.keyboard) for c in phones]

    print(f"\n{size['width']} px: setup {setup.touches} touches, {setup.keyboard} typed; "
          f"epoch I {epoch_i}; epoch II {epoch_ii}")
    assert setup.keyboard == 3, setup.keyboard  # the names only: every value is a chip
    # 30 a phone; Ana's 2 more are the "Take no colony" that lets Ben take his in turn (H4-5)
    assert all(t <= budget and k <= 3 for (t, k), budget in zip(epoch_i, (30 + 2, 30, 30))), \
        epoch_i
    assert all(t <= 25 and k <= 2 for t, k in epoch_ii), epoch_ii
    cards = ana.page.locator("#p0 .cards")
    expect(cards).to_contain_text("4 cards, 8 pts")  # blue 2, green 1, red 1, purple 4


# ------------------------------------------------------------------ words at 360 px

def test_at_360_px_no_word_breaks_inside_and_header_links_are_24_px_wide_in_every_language(
        open_context, live_server):
    page = open_context("phone", viewport={"width": 360, "height": 780}).new_page()
    start_hadara(page, live_server.url)
    game = page.url
    for lang in ("en", "it", "zh"):
        page.goto(f"{live_server.url}/lang/{lang}?next=" + game.replace(live_server.url, ""))
        # every form open: its labels, chips and buttons
        page.evaluate("document.querySelectorAll('main details').forEach(d => d.open = true)")
        assert page.evaluate(BROKEN_WORDS) == [], lang
        widths = page.locator("header.bar a").evaluate_all(
            "links => links.map(a => a.getBoundingClientRect().width)")
        assert min(widths) >= 24, (lang, widths)


def test_a_deck_named_at_one_place_of_the_wheel_is_not_offered_at_a_later_one(
        open_context, live_server):
    page = open_context("phone").new_page()
    start_hadara(page, live_server.url)
    wheel = panel(page, ".steps", "Set the wheel")
    if not wheel.evaluate("d => d.open"):
        wheel.locator(":scope > summary").tap()
    chip(wheel, "decks.2", "red").tap()
    for n in (3, 4, 5):
        expect(chip(wheel, f"decks.{n}", "red")).to_be_hidden()
        expect(chip(wheel, f"decks.{n}", "blue")).to_be_visible()
    chip(wheel, "decks.3", "blue").tap()
    expect(chip(wheel, "decks.2", "blue")).to_be_visible()  # (an earlier place keeps it)
    for n in (4, 5):
        expect(chip(wheel, f"decks.{n}", "blue")).to_be_hidden()
        expect(chip(wheel, f"decks.{n}", "green")).to_be_visible()


def test_a_score_cells_points_open_the_lines_explanations_in_the_row_under_it(
        open_context, live_server):
    page = open_context("phone").new_page()
    start_hadara(page, live_server.url)
    line = page.locator("table.pad tbody tr:not(.why)").filter(has_text="Coins")
    why = line.locator("xpath=following-sibling::tr[1]")
    expect(why).to_have_class("why")
    expect(why).to_be_hidden()
    line.locator("td summary").first.tap()
    expect(why).to_be_visible()
    expect(why).to_contain_text("left over")
    expect(line.locator("td").first).not_to_contain_text("left over")
    assert why.locator("li").count() == line.locator("td").count()  # every player's, by name


def test_an_action_panels_form_is_fetched_as_it_opens_beside_those_open_and_left_out_after_its_tap(
        open_context, live_server):
    page = open_context("phone").new_page()
    start_hadara(page, live_server.url)
    plain = page.url
    buy = panel(page, "#actions", "Buy a card")
    expect(buy.locator("form")).to_have_count(0)  # (the page every phone reloads)
    expect(buy).to_have_attribute("data-more", re.compile(r"\?show=buy$"))
    buy.locator(":scope > summary").tap()
    form = buy.locator("form")
    expect(form).to_have_count(1)  # fetched as the panel opened, the panel still open
    assert buy.evaluate("d => d.open") and page.url == plain + "?show=buy"
    correct = panel(page, "#game", "Correct a value")
    correct.locator(":scope > summary").tap()  # a second panel: both keep their forms
    expect(correct.locator("form")).to_have_count(1)
    expect(form).to_have_count(1)
    assert buy.evaluate("d => d.open") and page.url == plain + "?show=correct&show=buy"
    correct.locator(":scope > summary").tap()  # closed again: only the buy panel is open
    form.locator('[name="player"]').select_option("0")
    chip(form, "colour", "red").tap()
    chip(form, "cost", 3).tap()
    act(page, form.get_by_role("button", name="Buy a card", exact=True))
    expect(page.locator("#p0 .cards")).to_contain_text("1 card")
    expect(panel(page, "#actions", "Buy a card").locator("form")).to_have_count(0)
    assert page.url == plain
