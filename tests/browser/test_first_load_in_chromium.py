"""What a phone's first load of a game page fetches (issue 15). The page weight `make bench`
reports (bench/measures.py) counts the page, what it links for loading and one icon, and lists
the manifest and the install icons apart: Chromium must fetch exactly the first and none of the
second, or the weight measures something no phone gets."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from bench import measures
from companion import store
from companion.games import get_game
from tests.table_helpers import sample_setup

pytestmark = pytest.mark.browser


def test_a_first_load_fetches_what_the_page_weight_counts_and_nothing_to_install(open_context,
                                                                                live_server):
    with live_server.app.app_context():
        game = store.create_game(get_game("hadara"), sample_setup(get_game("hadara"), 5))
    page = open_context("phone").new_page()
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(urlsplit(r.url).path))
    answer = page.goto(f"{live_server.url}/g/{game.play_token}", wait_until="networkidle")
    parser = measures._Resources()
    parser.feed(answer.text())
    counted = {urlsplit(u).path for u in parser.urls}
    assets = set(fetched) - {f"/g/{game.play_token}", f"/g/{game.play_token}/v"}
    assert assets == counted and len(counted) >= 3  # style sheet, script, icon
    assert parser.install and not {urlsplit(u).path for u in parser.install} & set(fetched)
