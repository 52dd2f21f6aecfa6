"""Hexemonia's action panels carry their form on asking (issue 46): the page every phone reloads
at each change carries the state and the one-tap buttons, each panel's summary and its link
(?show=<kind>, a player's own correction by their number: ?show=correct.2), never a full form;
the form asked for is drawn and records; without script the link, the post and its redirect
work; a refused tap is drawn again with its form."""
import re
from html import unescape

import pytest

from .table import PLAY_DEFAULTS, HxTable

PLAYERS = [{"name": "Ana", "city": "athens"}, {"name": "Ben", "city": "sparta"},
           {"name": "Cy", "city": "delphi"}, {"name": "Dora", "city": "delos"}]
#: the actions drawn in a panel (a form with fields to fill), not as a one-tap button
PANELS = {"discard", "play_hex", "play_myth", "strategy", "special", "attack", "correct",
          "correct_add_hex", "correct_hex", "correct_add_myth", "correct_myth"}
FORM = re.compile(r'<form method="post" action="[^"]*/(?:do|confirm)/(\w+)"[^>]*>(.*?)</form>',
                  re.S)
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)">')
BROWSER = {"Sec-Fetch-Mode": "navigate"}  # (a form a browser posts as a page, no script)
PASCOLO = {**PLAY_DEFAULTS, "name": "Pascolo", "kind": "chora", "nature": "economic",
           "cost_citizens": 1, "cost_hoplites": 0, "cost_gold": 0}


def forms(page: str) -> list[tuple[str, dict[str, str], str]]:
    """Every action form on a page: its kind, its hidden values and its body."""
    return [(kind, dict(HIDDEN.findall(body)), body) for kind, body in FORM.findall(page)]


@pytest.fixture
def table(client, app):
    t = HxTable.create(client, app, "hexemonia", PLAYERS, icon_3=2, icon_4=29, revolts="y")
    t.act("take", hexes=1, resource="hoplites")  # Ana's phase A: B and C are open to her
    return t


def seated(app, table: HxTable, seat: int) -> HxTable:
    phone = HxTable(app.test_client(), app, table.path)
    phone.post("seat", seat=seat)
    return phone


def test_the_reloaded_page_carries_no_players_action_form_only_one_tap_buttons_and_links(
        app, table):
    for seat in (0, 2):  # the player whose turn it is, and another
        page = seated(app, table, seat).page
        on_page = forms(page)
        assert on_page and not {kind for kind, _, _ in on_page} & PANELS, seat
        for kind, _, body in on_page:  # a button: nothing to fill but what it sends
            assert not re.search(r'<(?:select|textarea)|<input (?!type="hidden")', body), kind
        assert 'class="hx-calc"' not in page and 'class="hx-known"' not in page
        for player in range(4):
            assert f'href="{table.path}?show=correct.{player}#p{player}"' in page
        for kind in ("play_hex", "play_myth", "strategy", "attack", "correct_add_hex"):
            assert f'data-more="{table.path}?show={kind}"' in page, kind


def test_asked_for_a_panel_the_page_carries_its_form_and_a_tap_through_it_records(app, table):
    ana = seated(app, table, 0)
    page = ana.asked("play_hex")
    assert [k for k, _, _ in forms(page) if k in PANELS] == ["play_hex"]
    assert 'class="hx-known"' in page  # the known hexes it fills from, with it
    hidden = next(h for kind, h, _ in forms(page) if kind == "play_hex")
    resp = ana.client.post(f"{table.path}/do/play_hex", data={**hidden, **PASCOLO})
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    assert table.state().players[0].find("Pascolo") is not None


def test_a_players_correction_is_drawn_for_that_player_alone(app, table):
    page = seated(app, table, 0).asked("correct.2")
    assert [h["player"] for kind, h, _ in forms(page) if kind == "correct"] == ["2"]


def test_without_script_the_panels_link_its_post_and_the_redirect_record_the_tap(app, table):
    ana = seated(app, table, 0)
    link = re.search(r'<a href="([^"]*\?show=strategy#hx-strategy)">', ana.page).group(1)
    page = ana.client.get(unescape(link).split("#")[0]).get_data(as_text=True)
    assert '<details class="panel hx-strategy" id="hx-strategy" open>' in page
    hidden = next(h for kind, h, _ in forms(page) if kind == "strategy")
    resp = ana.client.post(f"{table.path}/do/strategy", headers=BROWSER, data={
        **hidden, "swaps.2": "Acropolis: c"})  # her new hoplite becomes 2 citizens
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    after = ana.client.get(resp.headers["Location"].split("#")[0]).get_data(as_text=True)
    assert table.rows()[-1].kind == "strategy"
    assert "strategy" not in {kind for kind, _, _ in forms(after)}  # closed again


def test_a_refused_tap_without_script_draws_its_form_again_with_the_refusal(app, table):
    ana = seated(app, table, 0)
    hidden = next(h for kind, h, _ in forms(ana.asked("strategy")) if kind == "strategy")
    before = len(table.rows())
    resp = ana.client.post(f"{table.path}/do/strategy", headers=BROWSER, data={
        **hidden, "moves.1": "Acropolis", "moves.3": "1c"})  # no destination
    assert resp.status_code == 303 and len(table.rows()) == before
    page = ana.client.get(resp.headers["Location"]).get_data(as_text=True)
    assert 'role="alert"' in page
    assert [k for k, _, _ in forms(page) if k in PANELS] == ["strategy"]
    assert '<details class="panel hx-strategy" id="hx-strategy" open>' in page
