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


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    """Service workers allowed, as on a phone (conftest blocks them for most tests)."""
    return {**browser_context_args, "service_workers": "allow"}


def test_a_first_load_fetches_what_the_page_weight_counts_and_nothing_to_install(open_context,
                                                                                live_server):
    with live_server.app.app_context():
        game = store.create_game(get_game("hadara"), sample_setup(get_game("hadara"), 5))
    page = open_context("phone").new_page()
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(urlsplit(r.url).path))
    # (never "networkidle": the page always keeps a version check waiting on the server)
    answer = page.goto(f"{live_server.url}/g/{game.play_token}", wait_until="load")
    # once the page is shown, its script registers the worker (fetched by the browser itself)
    worker = page.evaluate("navigator.serviceWorker.ready.then(r => r.active.scriptURL)")
    page.wait_for_timeout(1000)  # (anything fetched late)
    parser = measures._Resources()
    parser.feed(answer.text())
    counted = {urlsplit(u).path for u in parser.urls}
    after = {urlsplit(u).path for u in parser.after}
    assets = set(fetched) - {f"/g/{game.play_token}", f"/g/{game.play_token}/v"}
    assert assets - after == counted and len(counted) >= 3  # style sheet, script, icon
    assert after == {urlsplit(worker).path} == {"/sw.js"}  # listed apart, as it comes after
    assert parser.install and not {urlsplit(u).path for u in parser.install} & set(fetched)
