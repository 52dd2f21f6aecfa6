"""A Hexemonia city's hex table in Chinese at 360 px (phone review P3, p2_15): each cell's words
stay whole ("已激活" on one line, not one character a line), the table scrolls in its own box
and the page itself never scrolls sideways."""
from __future__ import annotations

import pytest

from companion import store
from companion.games import get_game
from tests.table_helpers import HEXEMONIA_SETUP, HEXEMONIA_TURNS

pytestmark = pytest.mark.browser
NARROW = {"viewport": {"width": 360, "height": 780}}


def test_a_hex_tables_words_stay_whole_in_chinese_at_360_px(open_context, live_server):
    with live_server.app.app_context():
        game = store.create_game(get_game("hexemonia"), HEXEMONIA_SETUP)
        for turn in HEXEMONIA_TURNS:
            for kind, data in turn:
                store.record(game.id, kind, dict(data), by="")
        token = game.play_token
    page = open_context("phone", **NARROW).new_page()
    page.goto(f"{live_server.url}/lang/zh?next=/g/{token}")  # (the footer's 中文)
    assert page.locator("html").get_attribute("lang") == "zh"
    state = page.locator(".hx-city td .hx-on, .hx-city td .hx-off").first
    box = state.bounding_box()
    line = page.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)",
                         state.element_handle())
    assert box["height"] < 1.5 * line, f"{state.inner_text()!r} takes {box['height']} px"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
