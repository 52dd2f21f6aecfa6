"""Game nights in Chromium on a phone: a group is made from the home page, its players added,
two short TradeWarz games set up from the group by tapping its players in seat order (the store
records their steps: each house's golden Xadlas, then "Time is up"), and the statistics page is
checked against numbers this test works out itself, its charts included; a play's "Send to BG
Stats" link carries the play."""
from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.tables import tap_and_load

pytestmark = pytest.mark.browser

#: each game: the players tapped (clockwise from the first player) and their golden Xadlas
GAMES = [(["Ben", "Ana", "Cy"], [3, 1, 1]), (["Cy", "Ben", "Ana"], [2, 2, 4])]


def places(totals: list[int]) -> list[int]:
    """Competition places; these games tie on every tie-break too, so totals decide alone."""
    return [1 + sum(o > t for o in totals) for t in totals]


def counted(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def expected():
    """Per player: plays, wins, scores; the first player's wins; the winning scores."""
    people = {n: {"plays": 0, "wins": 0, "scores": []} for n in ("Ana", "Ben", "Cy")}
    first_wins, winning = 0, []
    for seated, golden in GAMES:
        for name, total, place in zip(seated, golden, places(golden), strict=True):
            people[name]["plays"] += 1
            people[name]["wins"] += place == 1
            people[name]["scores"].append(total)
        first_wins += places(golden)[0] == 1
        winning.append(max(golden))
    return people, first_wins, winning


def finish_with_the_store(live_server, page_url: str, golden: list[int]) -> None:
    from companion import store
    from companion.store.db import Game, session
    token = page_url.rstrip("/").rsplit("/", 1)[1]
    with live_server.app.app_context():
        game = session().query(Game).filter_by(play_token=token).one()
        for house, points in enumerate(golden):
            store.record(game.id, "correct", {"house": house, "what": "golden",
                                               "value": points})
        store.record(game.id, "time_up", {})


def test_two_game_nights_in_one_group_show_in_its_statistics_and_reach_bg_stats(
        open_context, live_server):
    page = open_context("phone").new_page()
    page.goto(live_server.url + "/")
    page.get_by_label("New group (a family, a club)").fill("Friday table")
    tap_and_load(page, page.get_by_role("button", name="Create the group"))
    expect(page.locator("h1")).to_have_text("Friday table")
    group_url = page.url
    for name in ("Ana", "Ben", "Cy"):
        page.locator("form[action$='/players'] input[name=name]").fill(name)
        tap_and_load(page, page.get_by_role("button", name="Add a player"))
    for seated, golden in GAMES:
        page.goto(group_url)
        card = page.locator(".card").filter(has=page.locator("h3", has_text="TradeWarz"))
        tap_and_load(page, card.get_by_role("link", name="Start a game"))
        for name in seated:  # tap the group's players in seat order
            tap_and_load(page, page.locator("a.seat-offer", has_text=name))
        for i, name in enumerate(seated):
            expect(page.locator(f"input[name='players-{i}-name']")).to_have_value(name)
        page.locator("select[name=end_mode]").select_option("time")
        tap_and_load(page, page.get_by_role("button", name="Start the game"))
        expect(page.locator("#game")).to_be_visible()
        finish_with_the_store(live_server, page.url, golden)

    page.goto(group_url + "/stats")
    people, first_wins, winning = expected()
    for name, numbers in people.items():
        section = page.locator(".stat-player", has=page.locator("h3", has_text=name))
        rate = round(100 * numbers["wins"] / numbers["plays"])
        expect(section.locator(".plays")).to_have_text(counted(numbers["plays"], "play"))
        expect(section.locator(".wins")).to_have_text(counted(numbers["wins"], "win"))
        expect(section.locator(".rate")).to_have_text(f"win rate {rate}%")
        scores = numbers["scores"]
        expect(section.locator(".per-game")).to_contain_text(
            f"average {sum(scores) / len(scores):.1f}, best {max(scores)}")
    game = page.locator("#game-tradewarz")
    expect(game.locator(".avg-win")).to_have_text(
        f"average winning score {sum(winning) / len(winning):.1f}")
    expect(game.locator(".first")).to_contain_text(f"won {first_wins} of {len(GAMES)} plays")
    # the win-rate chart: one bar per player, as long as the win rate (Ana and Ben equal)
    widths = {name: float(w) for name, w in zip(
        ("Ana", "Ben", "Cy"), page.locator("svg.chart rect.bar").evaluate_all(
            "bars => bars.map(b => b.getAttribute('width'))"), strict=True)}
    assert widths["Ana"] == widths["Ben"] > 0 == widths["Cy"]
    lines = page.locator("#game-tradewarz svg.chart polyline.series")
    expect(lines).to_have_count(3)
    for polyline in lines.all():
        assert len(polyline.get_attribute("points").split()) == 2  # two plays each
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # phone width
    shot(page, "phone-group-stats", doc=True)

    page.goto(group_url)
    tap_and_load(page, page.locator("#plays ~ ul a.row").first)  # the newest play
    href = page.locator("#bg-stats").get_attribute("href")
    parts = urlsplit(href)
    assert parts.netloc == "app.bgstatsapp.com" and parts.path == "/createPlay.html"
    data = json.loads(parse_qs(parts.query)["data"][0])
    seated, golden = GAMES[-1]
    assert data["game"]["name"] == "TradeWarz" and data["location"] == "Friday table"
    got = {p["name"]: (int(p["score"]), p["rank"], p["winner"], p["startPlayer"])
           for p in data["players"]}
    assert got == {name: (total, place, place == 1, i == 0) for i, (name, total, place)
                   in enumerate(zip(seated, golden, places(golden), strict=True))}
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", data["playDate"])
