"""TradeWarz's action panels carry their form on asking (issue 46): the page every phone reloads
at each change carries the state and the one-tap buttons, each panel's summary and its link
(?show=<kind>, a house's own panel by its number: ?show=trade.2), never a house's full form;
the form asked for is drawn and records; without script the link, the post and its redirect
work; a refused tap is drawn again with its form."""
import re
from html import unescape

import pytest

from .table import WebTable

HOUSES = [{"name": n} for n in ("Amber", "Basalt", "Cobalt", "Dune")]
OPTIONS = {"end_mode": "years", "years": "2", "alliances": "y",
           "cost_settlement": "1 lumber + 1 wheat"}
A, B, C, D = range(4)
#: the actions drawn in a panel (a form with fields to fill), not as a one-tap button
PANELS = {"resources", "recruit", "build", "march", "buy_tech", "battle", "correct_post",
          "correct_cost", "hold_post", "leave_post", "trade", "raid", "cancel_battle",
          "form_alliance", "record_deck", "caravan_area", "correct", "correct_tech",
          "correct_capital", "correct_alliance"}
FORM = re.compile(r'<form method="post" action="[^"]*/(?:do|confirm)/(\w+)"[^>]*>(.*?)</form>',
                  re.S)
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)">')
BROWSER = {"Sec-Fetch-Mode": "navigate"}  # (a form a browser posts as a page, no script)


def forms(page: str) -> list[tuple[str, dict[str, str], str]]:
    """Every action form on a page: its kind, its hidden values and its body."""
    return [(kind, dict(HIDDEN.findall(body)), body) for kind, body in FORM.findall(page)]


def filled(page: str) -> list[tuple[str, dict[str, str], str]]:
    """The action forms with a field to fill (not only buttons: the one-tap choices of the
    turn at the top of the board on its house's phone)."""
    return [f for f in forms(page)
            if re.search(r'<(?:select|textarea)|<input (?!type="hidden")', f[2])]


@pytest.fixture
def table(client, app):
    return WebTable.create(client, app, "tradewarz", HOUSES, **OPTIONS)


def seated(app, table: WebTable, seat: int) -> WebTable:
    phone = WebTable(app.test_client(), app, table.path)
    phone.post("seat", seat=seat)
    return phone


def test_the_reloaded_page_carries_no_houses_action_form_only_one_tap_buttons_and_links(
        app, table):
    table.do("resources", first="gold")  # (Basalt's turn: a phone seated at Cobalt's)
    cobalt = seated(app, table, C)
    on_page = forms(cobalt.page)
    assert on_page and not {kind for kind, _, _ in on_page} & PANELS
    for kind, _, body in on_page:  # a button: nothing to fill but what it sends
        assert not re.search(r'<(?:select|textarea)|<input (?!type="hidden")', body), kind
    for house in range(4):  # every house's panel is there, as its link
        for kind in ("trade", "hold_post", "correct"):
            assert f'href="{table.path}?show={kind}.{house}#p{house}"' in cobalt.page
            assert f'data-more="{table.path}?show={kind}.{house}"' in cobalt.page
    for part in ("resources", "build.settlement", "march", "battle"):
        assert f"?show={part}" in cobalt.page


def test_asked_for_a_houses_panel_the_page_carries_that_form_alone_and_a_tap_through_it_records(
        app, table):
    amber = seated(app, table, A)
    page = amber.asked(f"trade.{A}")
    trades = [hidden["house"] for kind, hidden, _ in forms(page) if kind == "trade"]
    assert trades == [str(A)]  # not Basalt's, Cobalt's or Dune's
    assert not {kind for kind, _, _ in filled(page)} & (PANELS - {"trade"})
    hidden = next(h for kind, h, _ in forms(page) if kind == "trade")
    resp = amber.client.post(f"{table.path}/do/trade", data={
        **hidden, "partner": B, "give_gold": 1, "get_wheat": 1})
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    assert table.state().houses[A].dials == (5, 6, 6, 7)
    assert [r.kind for r in table.rows()] == ["trade"]


def test_several_panels_asked_at_once_carry_each_its_form(app, table):
    amber = seated(app, table, A)
    resp = amber.client.get(f"{table.path}?show=build.settlement&show=hold_post.{B}")
    drawn = {(kind, hidden.get("what", hidden.get("house"))) for kind, hidden, _ in
             filled(resp.get_data(as_text=True))}
    assert drawn == {("build", "settlement"), ("hold_post", str(B))}


def test_without_script_the_panels_link_its_post_and_the_redirect_record_the_tap(app, table):
    table.do("march")  # Amber's: a post is taken right after its March (ruling T28)
    amber = seated(app, table, A)
    link = re.search(rf'<a href="([^"]*\?show=hold_post\.{A}#p{A})">', amber.page).group(1)
    page = amber.client.get(unescape(link).split("#")[0]).get_data(as_text=True)
    assert re.search(r'<details class="panel" open>\s*<summary class="btn ghost">'
                     r"Take a trading post</summary>", page)
    hidden = next(h for kind, h, _ in forms(page) if kind == "hold_post")
    resp = amber.client.post(f"{table.path}/do/hold_post", data={**hidden, "post": 3},
                             headers=BROWSER)
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"#p{A}")
    after = amber.client.get(resp.headers["Location"].split("#")[0]).get_data(as_text=True)
    assert table.state().houses[A].posts == (3,)
    assert "Amber holds trading post 3" in after  # (Latest)
    assert "hold_post" not in {kind for kind, _, _ in forms(after)}  # closed again


def test_a_refused_tap_without_script_draws_its_houses_form_again_with_the_refusal(app, table):
    basalt = seated(app, table, B)
    hidden = next(h for kind, h, _ in forms(basalt.asked(f"trade.{B}")) if kind == "trade")
    resp = basalt.client.post(f"{table.path}/do/trade", headers=BROWSER, data={
        **hidden, "partner": C, "give_gold": 1, "get_wheat": 1})  # Amber's turn, not Basalt's
    assert resp.status_code == 303 and table.rows() == []
    page = basalt.client.get(resp.headers["Location"]).get_data(as_text=True)
    assert 'role="alert"' in page and "trades happen in the active house" in unescape(page)
    trades = [(h["house"], body) for kind, h, body in forms(page) if kind == "trade"]
    assert [house for house, _ in trades] == [str(B)]  # the refused house's form; the others'
    assert re.search(rf'name="?partner"? value="?{C}"? checked', trades[0][1])  # as it was sent
    assert f"?show=trade.{A}" in page and f"?show=trade.{C}" in page
