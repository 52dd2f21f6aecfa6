"""How the game went on the web: the story chart on the score pad, the table view and a group's
play; a finished game's card as SVG and PNG with nothing hidden on it; a group's ratings."""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from companion import store
from companion.games import get_game
from companion.store.db import Play, session
from companion.web.views import card
from tests.table_helpers import HEXEMONIA_SETUP, HEXEMONIA_TURNS
from tests.web.table import WebTable, new_group

HEX = get_game("hexemonia")
LAST = re.compile(r'<text class="last" data-player="(\d+)"[^>]*>(-?\d+)</text>')
STORY_ROWS = re.compile(r'<tr data-player="(\d+)"><th scope="row">([^<]*)</th>(.*?)</tr>')


def hexemonia_game(app, turns: int = len(HEXEMONIA_TURNS)):
    """The 3-player Hexemonia game of tests/table_helpers.py, its first ``turns`` turns played."""
    with app.app_context():
        game = store.create_game(HEX, HEXEMONIA_SETUP)
        for turn in HEXEMONIA_TURNS[:turns]:
            for kind, data in turn:
                store.record(game.id, kind, dict(data), by="")
        return game.play_token, game.watch_token


def story_numbers(html: str) -> dict[str, list[int]]:
    return {name: [int(v) for v in re.findall(r"<td>(-?\d+)</td>", cells)]
            for _, name, cells in STORY_ROWS.findall(html)}


def test_score_pad_tells_the_story_by_round_one_line_per_player(app, client):
    token, _ = hexemonia_game(app)
    html = client.get(f"/g/{token}/score").get_data(as_text=True)
    assert html.count('class="series"') == 3
    # by hand (tests/games/test_standings.py): start, end of round 1, the end
    assert story_numbers(html) == {"Ana": [1, 3, 6], "Ben": [1, 2, 1], "Cy": [1, 5, 5]}
    assert [int(v) for _, v in LAST.findall(html)] == [6, 1, 5]
    steps = client.get(f"/g/{token}/score?steps=1").get_data(as_text=True)
    assert len(story_numbers(steps)["Ana"]) == 25  # the setup and each of the 24 steps


def test_a_running_game_has_no_card_and_its_story_keeps_the_acropolis_hidden(app, client):
    token, watch = hexemonia_game(app, turns=3)  # the end of round 1: every Acropolis face down
    for suffix in ("card.svg", "card.png"):
        assert client.get(f"/g/{watch}/{suffix}").status_code == 404
    html = client.get(f"/g/{watch}/score").get_data(as_text=True)
    story = html[html.index('id="story"'):]
    # Athens's bonus (2 per Polis) would make Ana's 3 a 5
    assert story_numbers(story)["Ana"][-1] == 3
    for city in ("athens", "Athens", "sparta", "Sparta", "olympia", "Olympia"):
        assert city not in story
    assert 'id="share-card"' not in html


def test_a_finished_games_card_is_an_svg_and_a_png_with_its_ranking(app, client):
    token, watch = hexemonia_game(app)
    svg = client.get(f"/g/{watch}/card.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    root = ET.fromstring(svg.data)  # well-formed
    texts = list(root.iter("{http://www.w3.org/2000/svg}text"))
    ranking = [[t.text for t in texts if t.get("class") == c] for c in ("place", "name", "total")]
    assert list(zip(*ranking, strict=True)) == [
        ("1.", "Ana", "6"), ("2.", "Cy", "5"), ("3.", "Ben", "1")]
    text = svg.get_data(as_text=True)
    assert "Hexemonia" in text and text.count('class="series"') == 3
    for hidden in ("athens", "sparta", "olympia", "Acropolis", "hoplite", "<script", "href"):
        assert hidden not in text
    png = client.get(f"/g/{token}/card.png")
    assert png.status_code == 200 and png.mimetype == "image/png"
    image = Image.open(io.BytesIO(png.data))
    image.verify()
    assert image.format == "PNG" and image.size[0] == 1080
    page = client.get(f"/g/{token}/score").get_data(as_text=True)
    assert f'href="/g/{token}/card.png" download' in page


def test_table_view_shows_the_story_and_follows_each_step(app, client):
    token, _ = hexemonia_game(app, turns=3)
    before = story_numbers(client.get(f"/g/{token}/board-view").get_data(as_text=True))
    assert before["Ana"][-1] == 3
    with app.app_context():
        game = store.find_game(token)[0]
        for kind, data in HEXEMONIA_TURNS[3]:  # Ana's war takes Ben's Pasture
            store.record(game.id, kind, dict(data), by="")
    after = story_numbers(client.get(f"/g/{token}/board-view").get_data(as_text=True))
    assert (after["Ana"][-1], after["Ben"][-1]) == (4, 1)


# ----------------------------------------------------------------------- a group's ratings

OPTIONS = {"end_mode": "time", "years": "2", "alliances": "y",
           "cost_settlement": "1 lumber + 1 wheat", "cost_castle": "3 gold + 4 lumber + 4 mining",
           "cost_tech_economy": "1 gold + 1 lumber + 1 wheat"}
NAMES = ["Ana", "Ben", "Cy"]


def group_game(client, app, group: str, golden: list[int]) -> WebTable:
    """A TradeWarz game of the group, each house's golden Xadlas set by a correction, ended."""
    players = [{"name": n, "colour": c} for n, c in zip(NAMES, ("red", "blue", "green"),
                                                        strict=True)]
    table = WebTable.create(client, app, "tradewarz", players, in_group=group, **OPTIONS)
    for house, points in enumerate(golden):
        if points:
            table.do("correct", house=house, what="golden", value=points)
    table.do("time_up")
    return table


def rated(page: str) -> list[tuple[str, float]]:
    section = re.search(r'class="list small ratings">(.*?)</ol>', page, re.S).group(1)
    return [(name, float(mu)) for name, mu in
            re.findall(r'<li data-player="\d+">([^:<]+):\s*<b class="rating">([\d.-]+)</b>',
                       section)]


@pytest.mark.parametrize("lang, word", [("en", "Ratings"), ("it", "Valutazioni"),
                                        ("zh", "评分")])
def test_group_statistics_rate_the_players_and_a_correction_changes_the_ratings(
        app, client, lang, word):
    group = new_group(client)
    group_game(client, app, group, [2, 1, 0])
    group_game(client, app, group, [1, 1, 0])  # Ana and Ben share first place
    last = group_game(client, app, group, [2, 1, 0])
    client.get(f"/lang/{lang}")
    page = client.get(f"/group/{group}/stats").get_data(as_text=True)
    assert f"<h4>{word}</h4>" in page
    before = rated(page)
    assert [n for n, _ in before] == NAMES  # Ana never placed below Ben; Cy always last
    last.do("correct", house=2, what="golden", value=5)  # after the end: Cy won the last play
    with app.app_context():
        assert session().query(Play).count() == 3
    after = dict(rated(client.get(f"/group/{group}/stats").get_data(as_text=True)))
    assert after["Cy"] > dict(before)["Cy"] and after["Ana"] < dict(before)["Ana"]


def test_head_to_head_of_two_players_counts_who_placed_above(app, client):
    group = new_group(client)
    group_game(client, app, group, [2, 1, 0])
    group_game(client, app, group, [1, 1, 0])
    page = client.get(f"/group/{group}/stats").get_data(as_text=True)
    ids = dict(re.findall(r'<option value="(\d+)"[^>]*>(\w+)</option>', page)[:3])
    ana, ben = (next(i for i, n in ids.items() if n == name) for name in ("Ana", "Ben"))
    page = client.get(f"/group/{group}/stats?a={ana}&b={ben}").get_data(as_text=True)
    assert "Ana and Ben played together 2 times" in page
    assert "Ana placed above 1 times" in page or "Ana placed above once" in page
    assert "Ben placed above 0 times" in page and "a shared place once" in page
    assert client.get(f"/group/{group}/stats?a=x&b=99999999999999").status_code == 200


def test_a_groups_play_of_a_tracked_game_tells_its_story_and_offers_its_card(app, client):
    group = new_group(client)
    group_game(client, app, group, [2, 1, 0])
    page = client.get(f"/group/{group}").get_data(as_text=True)
    play = re.search(rf'href="(/group/{group}/play/\d+)"', page).group(1)
    html = client.get(play).get_data(as_text=True)
    assert html.count('class="series"') == 3
    assert [int(v) for _, v in LAST.findall(html)] == [2, 1, 0]
    card = re.search(r'src="(/g/[\w-]+/card\.svg)"', html).group(1)
    assert client.get(card).status_code == 200


def drawn_alone(char: str, family: str) -> bytes:
    """The pixels of ``char`` drawn alone in ``family``, as the card's PNG draws its text."""
    import cairosvg
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
           '<rect width="40" height="40" fill="#ffffff"/><text x="4" y="32" font-size="30" '
           f'font-family="{family}">{char}</text></svg>')
    return Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode()))).tobytes()


def test_a_chinese_cards_png_draws_every_character_on_it_with_a_glyph_not_a_box(app, client):
    token, _ = hexemonia_game(app)
    client.get("/lang/zh?next=/")
    svg = client.get(f"/g/{token}/card.svg").get_data(as_text=True)
    family = ET.fromstring(svg).get("font-family")
    chars = set(card.CJK.findall(svg))
    assert len(chars) > 4  # (the card's words are Chinese)
    box = drawn_alone("\U0010fffd", family)  # a character no face has: the missing glyph
    assert [c for c in sorted(chars) if drawn_alone(c, family) == box] == []
    # (the check sees a box: the Latin face alone draws none of them)
    assert all(drawn_alone(c, "DejaVu Sans") == drawn_alone("\U0010fffd", "DejaVu Sans")
               for c in sorted(chars)[:3])
    assert client.get(f"/g/{token}/card.png").status_code == 200


def test_without_a_chinese_face_a_card_with_chinese_on_it_is_offered_as_svg_not_boxes(
        app, client, tmp_path, monkeypatch):
    monkeypatch.setattr(card, "FONT_FOLDERS", (str(tmp_path),))
    card.cjk_face.cache_clear()
    try:
        token, _ = hexemonia_game(app)
        assert client.get(f"/g/{token}/card.png").status_code == 200  # (English: no CJK)
        client.get("/lang/zh?next=/")
        png = client.get(f"/g/{token}/card.png")
        assert png.status_code == 503 and "SVG" in png.get_data(as_text=True)
        assert client.get(f"/g/{token}/card.svg").status_code == 200
    finally:
        card.cjk_face.cache_clear()


def test_the_story_chart_draws_each_house_in_the_colour_chosen_at_setup(app, client):
    """Phone review P3: Amber (yellow) was drawn blue, Cobalt (blue) green, Dune (green)
    purple; a house's line is its own colour, a player without one the palette's."""
    from companion.web.charts import PALETTE
    from companion.web.story import HOUSE_COLOURS
    table = WebTable.create(client, app, "tradewarz", [
        {"name": "Amber", "colour": "yellow"}, {"name": "Basalt"},
        {"name": "Cobalt", "colour": "blue"}], end_mode="years", years="2")
    page = client.get(f"{table.path}/score").get_data(as_text=True)
    drawn = dict(re.findall(r'<polyline class="series" data-player="(\d)" points="[^"]*" '
                            r'fill="none" stroke="([^"]+)"', page))
    assert drawn == {"0": HOUSE_COLOURS["yellow"], "1": PALETTE[1], "2": HOUSE_COLOURS["blue"]}


def test_the_cards_chart_draws_each_player_in_the_colour_chosen_at_setup(app, client):
    from companion.web.charts import PALETTE
    from companion.web.story import HOUSE_COLOURS
    with app.app_context():
        game = store.create_game(HEX, {**HEXEMONIA_SETUP, "players": [
            {**p, "colour": c} for p, c in zip(HEXEMONIA_SETUP["players"], ("red", "", "green"))]})
        for turn in HEXEMONIA_TURNS:
            for kind, data in turn:
                store.record(game.id, kind, dict(data), by="")
        token = game.watch_token
    svg = client.get(f"/g/{token}/card.svg").get_data(as_text=True)
    drawn = dict(re.findall(r'<polyline class="series" data-player="(\d)" points="[^"]*" '
                            r'fill="none" stroke="([^"]+)"', svg))
    assert drawn == {"0": HOUSE_COLOURS["red"], "1": PALETTE[1], "2": HOUSE_COLOURS["green"]}
