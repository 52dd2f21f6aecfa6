"""Every TradeWarz route and refusal through the Flask client: status, stored rows, what the
page shows (board, end-of-Spring preview, battle calculator, quick pad, score API)."""
import re
from fractions import Fraction
from html import unescape

import pytest

from companion.games.tradewarz.spring import ORDERS
from tests.table_helpers import as_seen, csrf_of

from .table import WebTable, new_group, quick

HOUSES = [{"name": "Amber", "colour": "yellow"}, {"name": "Basalt", "colour": "red"},
          {"name": "Cedar", "colour": "blue"}]
OPTIONS = {"end_mode": "years", "years": "2", "alliances": "y",
           "cost_settlement": "1 lumber + 1 wheat",
           "cost_tech_economy": "1 gold + 1 lumber + 1 wheat"}
A, B, C = 0, 1, 2


def make(client, app, houses=HOUSES, **options):
    return WebTable.create(client, app, "tradewarz", houses, **{**OPTIONS, **options})


@pytest.fixture
def table(client, app):
    return make(client, app)


def count_games(app):
    from companion.store.db import Game, session
    with app.app_context():
        return session().query(Game).count()


def box_rows(app):
    from companion.store.db import BoxData, session
    with app.app_context():
        return {(b.category, b.key): b.value for b in session().query(BoxData)}


def dials(page, seat):
    """The four dials of house ``seat`` as the board shows them."""
    article = page[page.index(f'id="p{seat}"'):]
    return tuple(int(re.search(rf'class="num tw-{r}"><b>(\d+)</b>', article).group(1))
                 for r in ("gold", "lumber", "mining", "wheat"))


def setup_post(client, **override):
    data = {"csrf_token": csrf_of(client, "/new/tradewarz"), **OPTIONS}
    for i, p in enumerate(HOUSES):
        data.update({f"players-{i}-{k}": v for k, v in p.items()})
    data.update(override)
    return client.post("/new/tradewarz", data=data)


# ------------------------------------------------------------------------------- setup

def test_new_game_shows_every_house_with_dials_at_six_and_the_calendar(table):
    page = table.page
    assert table.path.startswith("/g/")
    for seat in (A, B, C):
        assert dials(page, seat) == (6, 6, 6, 6)
    assert "Year 1</b> of 2" in page and 'class="tw-turn-now">Amber' in page
    assert "Amber&#39;s action in Summer" in page or "Amber's action in Summer" in page
    assert "0 / 6" in page and "0 / 5" in page and "0 / 2" in page  # limits on the board
    assert "2 on the map, 8 in reserve" in page and "(cap 10)" in page


def said(page, cls):
    """The words of the first <p class="..."> of that class in ``page``, as a reader sees them
    (tags dropped, white space collapsed)."""
    body = re.search(rf'<p class="{cls}">(.*?)</p>', page, re.S).group(1)
    return " ".join(unescape(re.sub(r"<[^>]+>", "", body)).split())


@pytest.mark.parametrize("options, sentences", [
    ({"years": "1"}, "The game ends after 1 year. Alliances allowed."),
    ({"years": "3", "alliances": ""}, "The game ends after 3 years. Alliances not allowed."),
    ({"end_mode": "xadlas", "xadla_target": "7"},
     "The game ends when a house reaches 7 Xadlas (an alliance: ruling T13). Alliances allowed."),
    ({"end_mode": "time", "minutes": "90", "alliances": ""},
     "The game ends when 90 minutes have passed and the season in play is finished. "
     "Alliances not allowed."),
])
def test_board_says_how_the_game_ends_and_whether_alliances_count_as_two_sentences(
        client, app, options, sentences):
    page = make(client, app, **options).page
    assert said(page, "small") == sentences


COST_LABELS = {"settlement": "Cost of a settlement", "upgrade": "Cost of an upgrade",
               "village": "Cost of a village", "castle": "Cost of a castle",
               "road": "Cost of a road", "bridge": "Cost of a bridge",
               "tunnel": "Cost of a tunnel", "tech_economy": "Cost of an economy tech",
               "tech_engineering": "Cost of an engineering tech",
               "tech_military": "Cost of a military tech", "recruit": "Cost of a soldier",
               "university": "Cost of a university level"}


def test_setup_form_names_every_cost_with_the_article_its_item_takes(client):
    page = client.get("/new/tradewarz").get_data(as_text=True)
    shown = {name: label for label, name in re.findall(
        r'<span>([^<]*)</span><input type="text" name="cost_(\w+)"', page)}
    assert shown == COST_LABELS


@pytest.mark.parametrize("override, message", [
    ({"players-1-name": "amber"}, "two houses cannot share the name"),
    ({"players-1-name": "", "players-2-name": ""}, "TradeWarz needs 2 to 6 houses"),
    ({"cost_village": "2 lumber + 2 mining"}, "amounts 2 + 2 + 2"),
    ({"cost_castle": "4 bananas"}, "cannot read"),
    ({"season_names": "Spring, Fall, Winter, Dusk, Summer"},
     "starts with Summer and ends with Spring"),
    ({"years": "0"}, "between 1 and 50"),
])
def test_bad_setup_is_refused_naming_the_problem_and_nothing_is_stored(client, app, override,
                                                                        message):
    resp = setup_post(client, **override)
    assert resp.status_code == 422 and message in resp.get_data(as_text=True)
    assert count_games(app) == 0


def test_the_lost_seasons_die_from_the_box_needs_no_matching_ruling_select(client, app):
    t = make(client, app, fifth_season_die="red", season_names="Summer, Fall, Winter, Dusk, "
             "Spring")
    state = t.state()
    assert state.rulings["T18"] == "red" and state.season_names[3] == "Dusk"
    assert "unverified" not in t.page.split("tw-calendar")[1].split("</p>")[0]


def test_unverified_guesses_are_marked_on_the_board(table):
    calendar = table.page.split('class="tw-calendar"')[1].split("</p>")[0]
    assert "Season 4 <small class=\"tw-unverified\">(unverified — check your components)" in \
        calendar
    costs = table.page.split("tw-costs")[1].split("</details>")[0]
    assert re.search(r"bridge: 2 gold \+ 4 lumber \+ 2 mining <span class=\"tw-unverified\">"
                     r"\(unverified — check your components\)", costs)
    assert "village: <i>not entered: the action asks what was paid" in costs


def test_box_data_of_the_setup_is_remembered_and_prefills_the_groups_next_setup(client, app):
    group = new_group(client)
    make(client, app, cost_village="2 lumber + 2 mining + 2 wheat", fifth_season_die="red",
         season_names="Summer, Fall, Winter, Dusk, Spring", in_group=group)
    rows = box_rows(app)
    assert rows[("costs", "village")] == {"lumber": 2, "mining": 2, "wheat": 2}
    assert rows[("costs", "settlement")] == {"lumber": 1, "wheat": 1}
    assert rows[("seasons", "die of the lost season")] == {"die": "red"}
    assert ("costs", "bridge") not in rows  # the shipped guess is not box data
    page = client.get(f"/new/tradewarz?group={group}").get_data(as_text=True)
    assert re.search(r'name="cost_village"[^>]*value="2 lumber \+ 2 mining \+ 2 wheat"', page)
    assert re.search(r'name="season_names"[^>]*value="Summer, Fall, Winter, Dusk, Spring"', page)
    assert re.search(r'<option selected value="red">|<option value="red" selected', page)
    assert "Box data Family remembers" in page
    assert "village" in client.get(f"/group/{group}/box/tradewarz").get_data(as_text=True)
    elsewhere = client.get("/new/tradewarz").get_data(as_text=True)  # no group: the server's
    assert re.search(r'name="cost_village"[^>]*value="2 lumber', elsewhere)


def test_a_cost_paid_on_an_action_is_remembered_as_the_groups_box_data(client, app):
    group = new_group(client)
    t = make(client, app, in_group=group)
    assert "Build a village — cost not in the box data: enter what was paid" in t.page
    t.do("build", what="village", silo_wheat=2, pay_lumber=2, pay_mining=2, pay_wheat=2)
    assert t.state().houses[A].dials == (6, 4, 4, 4)
    assert box_rows(app)[("costs", "village")] == {"lumber": 2, "mining": 2, "wheat": 2}
    page = client.get(f"/new/tradewarz?group={group}").get_data(as_text=True)
    assert re.search(r'name="cost_village"[^>]*value="2 lumber \+ 2 mining \+ 2 wheat"', page)


def test_an_unknown_cost_without_a_payment_is_refused(table):
    resp = table.do("build", expect=422, what="village", silo_wheat=2)
    assert "printed on the components: enter it" in resp.get_data(as_text=True)
    assert table.rows() == []


def test_a_known_cost_hides_the_payment_and_is_taken_from_the_dials(table):
    assert "Build a settlement — pays 1 lumber + 1 wheat (box data)" in table.page
    table.do("build", what="settlement", silo_mining=1)  # no March yet: no distance (T27)
    house = table.state().houses[A]
    assert house.dials == (6, 5, 6, 5) and house.settlements == 1 and house.silos == (0, 1, 0)
    assert "1 / 6" in table.page


# ---------------------------------------------------------------------- season actions

def test_resources_plus_two_moves_the_turn_and_is_logged_in_words(table):
    table.do("resources", first="gold")
    row = table.rows()[-1]
    assert row.kind == "resources" and "Amber: Resources +2" in row.text and "gold +2" in row.text
    assert dials(table.page, A) == (8, 6, 6, 6)
    assert 'class="tw-turn-now">Basalt' in table.page
    assert "resources 1/2" in table.page.split('id="p0"')[1].split("</table>")[0]


def test_dials_short_are_refused_naming_every_resource(table):
    resp = table.do("recruit", expect=422, count=3)
    html = resp.get_data(as_text=True)
    assert "Amber cannot pay for 3 soldiers at the capital gate: needs 9 lumber (has 6), " \
           "9 wheat (has 6)" in html and "TradeWarz rulebook, Recruit" in html
    assert table.rows() == []


def _university_round(table):
    table.do("build", what="university", tree="economy", level=1)   # Amber, Summer
    table.do("build", what="university", tree="economy", level=2)   # Basalt: 1+2 gold, mining
    table.do("resources", first="wheat")                            # Cedar


def test_a_tech_has_one_owner_the_second_buyer_is_refused(table):
    _university_round(table)
    table.do("buy_tech", tech="generate_tax")                        # Amber, Fall
    assert table.state().houses[A].techs == ("generate_tax",)
    assert table.state().houses[A].dials == (5 - 1, 5, 5, 5)         # university 1 + tech 1
    resp = table.do("buy_tech", expect=422, tech="generate_tax")    # Basalt
    assert "Generate tax already belongs to Amber: each tech exists once" in \
        resp.get_data(as_text=True)


def test_tech_prerequisites_university_level_and_a_lower_tech_first(table):
    _university_round(table)
    resp = table.do("buy_tech", expect=422, tech="improved_building")  # Amber, level 2
    assert "Amber&#39;s economy university is at level 1" in resp.get_data(as_text=True)
    table.do("resources", first="gold")                                 # Amber
    resp = table.do("buy_tech", expect=422, tech="improved_building")  # Basalt, university 2
    assert "Basalt needs a level 1 economy tech first" in resp.get_data(as_text=True)


def test_buy_tech_once_a_year_and_build_twice_a_year(client, app):
    t = make(client, app, houses=HOUSES[:2])
    t.do("build", what="university", tree="economy", level=1)  # Amber, Summer
    t.do("retreat")                                            # Basalt
    t.do("buy_tech", tech="generate_tax")                      # Amber, Fall
    t.do("retreat", expect=422)                                # Basalt: retreat once a year
    t.do("resources", first="gold")                            # Basalt
    resp = t.do("buy_tech", expect=422, tech="improved_farming")  # Amber, Winter
    assert "Amber has used buy tech 1 time this year; the limit is 1" in \
        resp.get_data(as_text=True)
    t.do("build", what="settlement", silo_wheat=1)             # Amber, Winter
    t.do("resources", first="gold")                            # Basalt
    resp = t.do("build", expect=422, what="settlement", silo_wheat=1)  # Amber, Season 4
    assert "Amber has used build 2 times this year; the limit is 2" in \
        resp.get_data(as_text=True)
    page = t.page.split('id="p0"')[1].split("</table>")[0]
    assert "build 0/2" in page and "buy tech 0/1" in page


def test_not_the_active_house_trade_and_no_turn_during_the_end_of_spring(client, app):
    t = make(client, app, houses=HOUSES[:2])
    resp = t.do("end_of_spring", expect=422)
    assert "comes after every house has acted in Spring" in resp.get_data(as_text=True)
    three = make(client, app)
    resp = three.do("trade", expect=422, house=B, partner=C, give_gold=1, get_wheat=1)
    assert "trades happen in the active house&#39;s turn, with Amber" in \
        resp.get_data(as_text=True)
    for kind in ("resources", "resources", "march", "march", "retreat"):  # five seasons
        t.do(kind, first="gold")  # Amber
        t.do(kind, first="gold")  # Basalt
    resp = t.do("resources", expect=422, first="gold")
    assert "no house has a turn now: the end of Spring is due" in resp.get_data(as_text=True)


# --------------------------------------------------------------- refusals of the layer

def test_watch_link_shows_the_board_but_every_write_is_refused(client, app, table):
    from companion.store.db import Game, session
    with app.app_context():
        watch = session().query(Game).one().watch_token
    page = client.get(f"/g/{watch}").get_data(as_text=True)
    assert "Watching" in page and "/do/resources" not in page and "tw-dials" in page
    token = csrf_of(client, table.path)
    for path in ("do/resources", "do/end_of_spring", "undo"):
        resp = client.post(f"/g/{watch}/{path}", data={"csrf_token": token, "first": "gold"})
        assert resp.status_code == 403
    calc = client.get(f"/g/{watch}/tradewarz/battle?attacker=0&defender=1&site=field"
                      "&attacker_soldiers=1&attacker_card_s=2&attacker_card_k=0&attacker_card_b=0"
                      "&defender_soldiers=1&defender_card_s=1&defender_card_k=0"
                      "&defender_card_b=0")
    assert calc.status_code == 200 and "Amber (attacker) wins" in calc.get_data(as_text=True)
    assert "/do/battle" not in calc.get_data(as_text=True)
    assert "Apply the end of Spring" not in client.get(f"/g/{watch}/tradewarz/spring").get_data(
        as_text=True)
    assert table.rows() == []


def test_stale_page_is_refused_for_a_season_action_but_a_morale_card_applies(table):
    table.do("correct", house=B, what="morale", value=2)
    shown = table.version
    table.do("resources", first="gold")
    resp = table.do("resources", expect=409, version=shown, first="wheat")
    assert "changed since your page was loaded" in resp.get_data(as_text=True)
    assert [r.kind for r in table.rows()] == ["correct", "resources"]
    table.do("play_morale", version=shown, house=B)  # commutative: fine on top of newer ones
    assert table.state().houses[B].morale == 1


def test_undo_takes_back_the_action_and_the_turn_then_redo(table):
    table.do("resources", first="gold", second="wheat")
    assert "Undo: <small>Amber: Resources +2" in table.page
    table.post("undo")
    state = table.state()
    assert state.houses[A].dials == (6, 6, 6, 6) and state.turn == A
    assert [r.kind for r in table.rows()] == ["resources", "undo"]
    table.post("redo")
    assert table.state().houses[A].dials == (7, 6, 6, 7)


def test_malformed_action_is_refused_with_the_limit(table):
    resp = table.do("recruit", expect=422, count=99)
    assert "between 1 and 16" in resp.get_data(as_text=True)
    resp = table.do("resources", expect=422, first="silk")
    assert "Resource must be one of gold, lumber" in resp.get_data(as_text=True)
    assert table.rows() == []


def test_correction_is_logged_as_a_correction_and_a_dial_at_21_trades_at_once(table):
    table.do("correct", house=C, what="gold", value=21)
    row = table.rows()[-1]
    assert row.is_correction and "11 traded for a golden Xadla, dial now 10" in row.text
    assert dials(table.page, C)[0] == 10
    assert "1 × a dial reached 21" in table.page


# ---------------------------------------------------------------------- end of Spring

def play_year(t, actions):
    for kind, data in actions:
        t.do(kind, **data)


YEAR = [("resources", {"first": "gold"}), ("resources", {"first": "wheat"}),
        ("build", {"what": "settlement", "silo_lumber": 1}),
        ("march", {}), ("retreat", {}), ("resources", {"first": "mining", "second": "wheat"}),
        ("resources", {"first": "lumber"}), ("march", {}), ("march", {}),
        ("retreat", {}), ("march", {}), ("retreat", {}),
        ("march", {}), ("recruit", {"count": 1}), ("recruit", {"count": 1})]


def preview_numbers(html):
    """Per house: the dials and golden Xadlas the preview shows for after the end of Spring."""
    out = []
    for block in html.split('class="player tw-spring-house"')[1:]:
        nums = tuple(int(re.search(rf'class="tw-after-{r}">(\d+)<', block).group(1))
                     for r in ("gold", "lumber", "mining", "wheat"))
        out.append((nums, int(re.search(r'class="tw-after-golden">(\d+)<', block).group(1))))
    return out


def test_end_of_spring_preview_page_matches_what_applying_does(table):
    play_year(table, YEAR[:8])
    table.do("hold_post", house=B, post=1)  # right after Basalt's March in Winter (T28)
    table.do("hold_post", house=B, post=2)
    play_year(table, YEAR[8:])
    assert table.state().phase == "spring_end"
    assert "the end of Spring is due" in table.page and "Apply the end of Spring" in table.page
    page = table.client.get(table.path + "/tradewarz/spring").get_data(as_text=True)
    assert "ruling T5, reading <b>the whole gold formula first" in page
    assert page.index("Income: capital, buildings, silos, techs") < page.index(
        "Golden Xadla for two trading posts")
    assert '<li value="1"><b>Income: capital, buildings, silos, techs</b>: gold +3, lumber +2' \
        in page
    shown = preview_numbers(page)
    assert preview_numbers(table.page) == shown  # the board shows the same preview
    before = table.state()
    table.do("end_of_spring")
    after = table.state()
    assert [(h.dials, len(h.golden)) for h in after.houses] == shown
    # independently: capital 3 gold + 1 of each; Cedar's lumber silo; Basalt's two posts give
    # 2 gold (T6 formula) and a golden Xadla (T2)
    expect = [tuple(d + g for d, g in zip(h.dials, gain)) for h, gain in zip(
        before.houses, [(3, 1, 1, 1), (3 + 2, 1, 1, 1), (3, 2, 1, 1)])]
    assert [h.dials for h in after.houses] == expect
    assert [len(h.golden) for h in after.houses] == [0, 1, 0]
    assert after.year == 2 and after.houses[A].soldiers == before.houses[A].soldiers + 1
    assert "End of Spring for everyone" in table.rows()[-1].text


def ordered_lists(page):
    """Every <ol> of a page: (its class, [(the item's value or None, the item's text)])."""
    lists = []
    for cls, body in re.findall(r'<ol class="([^"]*)">(.*?)</ol>', page, re.S):
        items = re.findall(r'<li(?: value="(\d+)")?>(.*?)</li>', body, re.S)
        lists.append((cls, [(int(v) if v else None,
                             unescape(re.sub(r"<[^>]+>", "", text)).strip())
                            for v, text in items]))
    return lists


def test_end_of_spring_steps_are_numbered_once_by_the_list_even_when_a_step_says_two_things(
        table):
    # gold 20 + 3 and lumber 20 + 1 at the income: the 21 rule (step 3 of the formula order,
    # T5's default) trades two dials, so step 3 says two things and the next step is still 4
    play_year(table, YEAR)
    table.do("correct", house=A, what="gold", value=20)
    table.do("correct", house=A, what="lumber", value=20)
    steps = ORDERS[table.state().rulings["T5"]]
    for page in (table.client.get(table.path + "/tradewarz/spring").get_data(as_text=True),
                 table.page):
        spring = [(cls, items) for cls, items in ordered_lists(page) if cls.startswith("tw-")]
        assert [cls for cls, _ in spring] == ["tw-order"] + ["tw-steps"] * 3
        for cls, items in spring:
            for _, text in items:  # the number is the list's, never the text's too
                assert not re.match(r"\d+\.", text), (cls, text)
        assert len(spring[0][1]) == len(steps)
        amber = spring[1][1]
        assert [v for v, _ in amber] == [1, 2, 3, 3] + list(range(4, len(steps) + 1))
        assert amber[2][1].startswith("Dials at 21 trade 11 for a golden Xadla: Amber's gold "
                                      "reached 23")
        assert amber[3][1].startswith("Dials at 21 trade 11 for a golden Xadla: Amber's lumber "
                                      "reached 21")


@pytest.mark.parametrize("years, reason", [("1", "1 year played"), ("2", "2 years played")])
def test_a_game_over_by_years_says_year_or_years_as_the_number_asks(client, app, years,
                                                                     reason):
    table = make(client, app, years=years)
    for _ in range(int(years)):
        play_year(table, YEAR)
        table.do("end_of_spring")
    assert table.state().phase == "over"
    assert said(table.page, "small") == "The game ends after {}. Alliances allowed.".format(
        "1 year" if years == "1" else f"{years} years")
    over = " ".join(unescape(re.sub(r"<[^>]+>", "", table.page)).split())
    assert f"The game is over: {reason} (TradeWarz rulebook, Game duration)." in over


def test_end_of_spring_preview_before_it_is_due_says_so_and_offers_no_button(table):
    page = table.client.get(table.path + "/tradewarz/spring").get_data(as_text=True)
    assert "Not due yet" in page and "Apply the end of Spring" not in page


def test_tradewarz_pages_refuse_other_games_and_unknown_links(client, app):
    hadara = WebTable.create(client, app, "hadara", [
        {"name": n, "initiative": i, "side": "A", "coins": 5, "income": 2, "military": 3,
         "culture": 1, "food": 2} for i, n in ((1, "Ana"), (2, "Ben"))])
    assert client.get(hadara.path + "/tradewarz/spring").status_code == 404
    assert client.get("/g/nope/tradewarz/battle").status_code == 404


# ------------------------------------------------------------------------- countdown

def test_time_limit_shows_the_end_time_and_loads_the_countdown_script(client, app):
    t = make(client, app, end_mode="time", minutes="90")
    from companion.store.db import Game, session
    with app.app_context():
        start = session().query(Game).one().created_at
    from datetime import timedelta
    end = start + timedelta(minutes=90)
    assert f'datetime="{end.strftime("%Y-%m-%dT%H:%M:%SZ")}" data-tw-end>' \
           f'{end.strftime("%H:%M")} UTC</time>' in t.page
    assert "/static/tradewarz.js" in t.page
    resp = client.get("/static/tradewarz.js")
    assert resp.status_code == 200 and b"data-tw-end" in resp.data
    resp.close()
    t.do("resources", first="gold")
    t.do("time_up")
    assert "time is up" in t.page.split("tw-clock")[1].split("</p>")[0]


def test_a_year_based_game_shows_no_clock(table):
    assert "data-tw-end" not in table.page and "time_up" not in table.page


# ------------------------------------------------------------------ battle calculator

def calc(t, **args):
    query = "&".join(f"{k}={v}" for k, v in args.items())
    return t.client.get(f"{t.path}/tradewarz/battle?{query}")


BATTLE = dict(attacker=A, defender=B, site="field", attacker_soldiers=2, attacker_card_s=4,
              attacker_card_k=1, attacker_card_b=1, defender_soldiers=2, defender_card_s=3,
              defender_card_k=3, defender_card_b=0)


def test_battle_calculator_shows_every_source_the_winner_and_casualties(table):
    table.do("correct", house=A, what="morale", value=1)
    resp = calc(table, **{**BATTLE, "attacker_morale_cards": 1, "attacker_morale_b": 1})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Amber (attacker) wins" in html
    side = as_seen(html).split('id="side-attacker"')[1].split("</article>")[0]
    assert "<th>soldiers</th><td>2</td>" in side and "<th>battle card</th><td>4</td><td>1</td>" \
        "<td>1</td>" in side and "<th>morale cards</th><td>0</td><td>0</td><td>1</td>" in side
    # attacker 2 + 4 = 6 beats 2 + 3 = 5; losses: 3 kills - 2 blocks = 1, and 1 - 0 = 1
    assert re.search(r'tw-strength">6<.*tw-kills">1<.*tw-blocks">2<', side, re.S)
    assert '<b class="tw-losses">1</b>' in side
    assert table.rows()[-1].kind == "correct"  # the calculator recorded nothing
    assert 'action="' + table.path + '/do/battle"' in html


def test_battle_tie_goes_to_the_defender_under_t3(table):
    html = calc(table, **{**BATTLE, "defender_card_s": 4}).get_data(as_text=True)
    assert "Basalt (defender) wins" in html and "tied at 6: the defender wins (ruling T3)" in html


def test_battle_calculator_refuses_an_impossible_battle_naming_the_rule(table):
    resp = calc(table, **{**BATTLE, "site": "castle"})
    assert resp.status_code == 422 and "Basalt holds no castle" in resp.get_data(as_text=True)
    resp = calc(table, **{**BATTLE, "attacker_soldiers": 3})
    assert resp.status_code == 422 and "Amber has 2 soldiers on the map, not 3" in \
        resp.get_data(as_text=True)


def test_battle_calculator_odds_come_from_my_recorded_deck_only(table):
    table.do("record_deck", house=A, cards="4/1/1, 4/1/1, 4/1/1, 4/1/1, 4/1/1, 1/0/0")
    args = {**BATTLE, "attacker_soldiers": 1, "defender_soldiers": 1, "defender_card_k": 0}
    assert "tw-odds" not in calc(table, **args).get_data(as_text=True)  # no seat: no odds
    table.post("seat", seat=A)
    html = calc(table, **args).get_data(as_text=True)
    # the weak card is played in 5 of the 30 burn-then-play orders: 1 + 1 = 2 < 1 + 3
    chance = 1 - Fraction(5, 30)
    assert f"attacker wins <b>{round(chance * 100)}%</b>" in html
    assert f"{chance.numerator}/{chance.denominator} for the attacker" in html


def test_battle_recorded_from_the_calculator_gives_the_winner_a_golden_xadla(table):
    table.do("march")  # Amber marches in its turn: its army meets Basalt's
    html = calc(table, **BATTLE).get_data(as_text=True)
    hidden = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">',
                             html.split("tw-apply")[1]))
    hidden.pop("csrf_token")
    table.do("battle", **{**hidden, "version": hidden["version"]})
    state = table.state()
    # Amber: 3 kills against 1 block loses 2 of 2; Basalt: 1 kill against 0 blocks loses 1
    assert state.houses[A].golden == ("battle",) and state.houses[A].soldiers == 0
    assert state.houses[A].reserve == 10
    assert state.houses[B].soldiers == 1 and state.houses[B].reserve == 9
    assert "1 × battle won" in table.page


# --------------------------------------------------------------------------- quick pad


def test_quick_score_pad_ranks_with_the_tie_breaks(client):
    resp = quick(client)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert '<tr class="total"><th>Total</th><td>5</td><td>5</td><td>3</td>' in html
    # Amber and Basalt tie on 5; Basalt has more golden Xadlas
    assert re.search(r'<b class="place">1</b> Basalt\s*<small>tie broken by golden Xadlas', html)
    assert re.search(r'<b class="place">3</b> Cedar\s*<small>by total', html)


def test_quick_score_pad_refuses_a_missing_name_naming_the_field(client):
    resp = quick(client, **{"players-0-name": "", "players-1-name": "", "players-2-name": ""})
    assert resp.status_code == 422 and "players must be a list of 2 to 6 houses" in \
        resp.get_data(as_text=True)


# --------------------------------------------------------------------------------- API

def player(name, golden, silver, soldiers=0, tech=0, s=0, v=0, c=0, far=0):
    return {"name": name, "golden_xadlas": golden, "silver_xadlas": silver, "soldiers": soldiers,
            "tech_strength": tech, "settlements": s, "villages": v, "castles": c,
            "farthest_build": far}


def test_score_api_answers_the_documented_contract(client):
    body = {"players": [player("Amber", 3, 2), player("Basalt", 4, 1), player("Cedar", 2, 0)]}
    resp = client.post("/api/v1/tradewarz/score", json=body)
    out = resp.get_json()
    assert resp.status_code == 200 and out["game"] == "tradewarz"
    assert [p["name"] for p in out["players"]] == ["Amber", "Basalt", "Cedar"]
    assert [p["total"] for p in out["players"]] == [5, 5, 2]
    assert [ln["id"] for ln in out["players"][0]["lines"]] == ["golden_xadlas", "silver_xadlas"]
    assert set(out["players"][0]["lines"][0]) == {"id", "label", "points", "detail", "rule"}
    assert out["ranking"] == [{"place": 1, "names": ["Basalt"], "decided_by": "golden_xadlas"},
                              {"place": 2, "names": ["Amber"], "decided_by": "golden_xadlas"},
                              {"place": 3, "names": ["Cedar"], "decided_by": "total"}]
    assert set(out["rulings"]) == {f"T{i}" for i in range(1, 29)}


@pytest.mark.parametrize("a, b, decided", [
    (player("A", 3, 1, soldiers=5, tech=2), player("B", 3, 1, soldiers=6), "strength"),
    (player("A", 3, 1, 4, s=2, v=2), player("B", 3, 1, 4, s=1, v=1, c=1), "empire"),
    (player("A", 3, 1, 4, s=2, far=7), player("B", 3, 1, 4, s=2, far=3), "farthest_build"),
    (player("A", 3, 1, 4, s=2, far=3), player("B", 3, 1, 4, s=2, far=3), "shared"),
])
def test_score_api_tie_breaks_in_order(client, a, b, decided):
    out = client.post("/api/v1/tradewarz/score", json={"players": [a, b]}).get_json()
    first = out["ranking"][0]
    assert first["decided_by"] == decided
    if decided == "shared":
        assert first == {"place": 1, "names": ["A", "B"], "decided_by": "shared"}
    else:
        strength = {"strength": lambda p: p["soldiers"] + p["tech_strength"],
                    "empire": lambda p: p["settlements"] + 2 * p["villages"] + 4 * p["castles"],
                    "farthest_build": lambda p: p["farthest_build"]}[decided]
        winner = max((a, b), key=strength)
        assert first["names"] == [winner["name"]]


def test_score_api_lists_every_problem_with_400(client):
    resp = client.post("/api/v1/tradewarz/score", json={
        "players": [{"golden_xadlas": -1}, {"name": "B", "castles": "x"}],
        "rulings": {"T3": "coin-flip"}})
    fields = {e["field"] for e in resp.get_json()["errors"]}
    assert resp.status_code == 400
    assert {"players[0].name", "players[0].golden_xadlas", "players[1].castles",
            "rulings.T3"} <= fields


def test_score_api_unknown_game_is_404_naming_the_valid_ones(client):
    resp = client.post("/api/v1/tradewars/score", json={"players": []})
    assert resp.status_code == 404 and "tradewarz" in resp.get_json()["errors"][0]["message"]


def page_form(page, kind, **hidden):
    """The form of ``kind`` on a page whose hidden fields have these values: its action and
    every field name it sends (issue 20: corrections are drawn as ordinary action forms)."""
    for form in re.findall(r'<form method="post" action="([^"]*)"[^>]*>(.*?)</form>', page,
                           re.S):
        action, body = form
        if not action.endswith(f"/do/{kind}"):
            continue
        values = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body))
        if all(values.get(k) == str(v) for k, v in hidden.items()):
            return action, set(re.findall(r'name="([^"]+)"', body))
    raise AssertionError(f"no {kind} form with {hidden}")


def test_a_capital_occupier_is_corrected_from_the_house_s_form_and_logged_as_a_correction(
        table):
    action, names = page_form(table.asked(f"correct_capital.{A}"), "correct_capital", house=A)
    assert {"house", "holder"} <= names
    resp = table.client.post(action, data={"csrf_token": table.csrf, "version": table.version,
                                           "house": A, "holder": B})
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    table.refresh()
    assert table.state().houses[A].capital_held_by == B
    assert "capital held by Basalt" in table.page
    row = table.rows()[-1]
    assert row.kind == "correct_capital" and row.is_correction
    assert "Amber&#39;s capital: held by nobody before, by Basalt now" in table.page or \
        "Amber's capital: held by nobody before, by Basalt now" in table.page
    assert "Basalt left the capital" not in table.page  # offered once Basalt moves away
    table.do("resources", first="gold")
    table.do("march")  # Basalt's
    page_form(table.page, "occupier_left", house=A, origin="march")
    for kind in ("correct_tech", "correct_alliance"):
        page_form(table.asked(f"{kind}.{A}"), kind, house=A)
    page_form(table.asked("correct_post"), "correct_post")


def test_the_score_pad_of_a_target_game_crowns_the_house_that_reached_it_first(client, app):
    table = make(client, app, end_mode="xadlas", xadla_target="3")
    table.do("correct", house=B, what="golden", value=2)  # Basalt 2, below the target
    table.do("correct_alliance", house=A, change="make", partner=C)
    table.do("correct", house=A, what="golden", value=5)  # ahead, but playing for the
    table.do("correct", house=C, what="golden", value=2)  # alliance: 5 + 2 < 2 x 3 + 2
    table.do("resources", first="gold")  # Amber
    table.do("march")  # Basalt marches onto post 1 (ruling T28)
    table.do("hold_post", house=B, post=1)  # Basalt's third Xadla: the target
    state = table.state()
    assert state.phase == "over" and state.won == (B,)
    pad = table.client.get(table.path + "/score").get_data(as_text=True)
    first = re.search(r'<ol class="ranking">\s*<li><b class="place">1</b> ([^<]*)<small>'
                      r'(.*?)</small>', pad, re.S)
    assert first.group(1).strip() == "Basalt"
    assert "first to reach the Xadla target" in first.group(2)


# -------------------------------------------------------- known tech costs: one tap (issue 22)

def _tech_choices(page):
    """The one-tap tech choices of the Buy a tech panel: (button value, words)."""
    return re.findall(r'<button class="btn ghost" name="pick" value="(tech=\w+)"\s*formnovalidate>'
                      r"([^<]+)</button>", unescape(page))


def test_a_tech_the_house_may_buy_at_a_known_cost_is_one_tap_and_the_others_stay_typed(table):
    """Buy Tech: with the economy cost in the box data, each economy tech the house may buy now
    is a button naming it and what it pays (level x the tree's cost); a tap records it. Techs it
    may not buy yet, and trees whose cost is unknown, stay in the typed form's list."""
    assert _tech_choices(table.asked("buy_tech")) == []  # no university: nothing it may buy
    _university_round(table)
    page = table.asked("buy_tech")
    choices = dict(_tech_choices(page))
    assert choices == {f"tech={x}": f"{name} (economy 1) · 1 gold + 1 lumber + 1 wheat"
                       for x, name in (("higher_productivity", "Higher productivity"),
                                       ("generate_tax", "Generate tax"),
                                       ("improved_farming", "Improved farming"),
                                       ("increased_fertility", "Increased fertility"))}
    assert '<option value="improved_building">' in page  # the typed list keeps every tech
    assert "A tech not in the list" in page
    table.do("buy_tech", house=A, pick="tech=generate_tax")
    assert table.state().houses[A].techs == ("generate_tax",)
    assert table.state().houses[A].dials == (5 - 1, 5, 5, 5)


def test_a_tree_whose_cost_is_not_in_the_box_data_offers_no_one_tap_tech(client, app):
    t = make(client, app, cost_tech_economy="")
    _university_round(t)
    page = t.asked("buy_tech")
    assert _tech_choices(page) == []
    assert re.search(r'name="?pay_gold\b', page)  # what was paid is asked instead
