"""One game, every phone: joining (QR code, table page), play and watch links, this device's games
list, seats. Generic over every registered game (setups are built from the field specs)."""
from __future__ import annotations

import re

import pytest

from companion import store
from companion.games import GAMES, get_game
from companion.store.db import Action, Game
from tests.table_helpers import csrf_of, sample_setup
from tests.table_helpers import sample_game as new_game

ALL_GAMES = sorted(GAMES)


def a_ruling_switch(slug: str) -> dict:
    """A ruling switch to a non-default reading: an action every game has."""
    rules = get_game(slug)
    for rid, r in rules.rulings.items():
        others = [k for k in r.readings if k != r.default]
        if others:
            return {"ruling": rid, "reading": others[0]}
    pytest.skip(f"{slug} has no ruling with two readings")


def count_actions(app, game: Game) -> int:
    with app.app_context():
        return store.session().query(Action).filter_by(game_id=game.id).count()


# ---------------------------------------------------------------------------- joining

@pytest.mark.parametrize("slug", ALL_GAMES)
def test_qr_code_is_an_svg_drawn_by_the_server_for_the_play_link(client, app, slug):
    game = new_game(app, slug)
    # the game page leads to the table page, which shows the QR code (the game page itself
    # does not load it: every phone fetches the game page again at every change)
    page = client.get(f"/g/{game.play_token}").get_data(as_text=True)
    assert f'href="/g/{game.play_token}/table"' in page and "qr.svg" not in page
    page = client.get(f"/g/{game.play_token}/table").get_data(as_text=True)
    assert f'src="/g/{game.play_token}/qr.svg' in page
    resp = client.get(f"/g/{game.play_token}/qr.svg", base_url="http://192.0.2.7:5000")
    assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
    svg = resp.get_data(as_text=True)
    assert svg.startswith("<svg") and "viewBox" in svg and "<path" in svg
    # the same link drawn again by segno gives the very same picture
    import io

    import segno
    buf = io.BytesIO()
    segno.make(f"http://192.0.2.7:5000/g/{game.play_token}", error="m").save(
        buf, kind="svg", scale=1, border=4, omitsize=True, xmldecl=False,
        title="QR code of this game's link", dark="#000", light="#fff")
    assert svg == buf.getvalue().decode()


def test_qr_of_a_page_opened_on_localhost_carries_the_network_address(client, app, monkeypatch):
    from companion.web import device
    monkeypatch.setattr(device, "lan_address", lambda: "192.0.2.44")
    game = new_game(app, "hadara")
    page = client.get(f"/g/{game.play_token}/table", base_url="http://localhost:5000")
    assert f"http://192.0.2.44:5000/g/{game.play_token}" in page.get_data(as_text=True)


def test_a_server_listening_on_this_machine_alone_shares_no_network_address(
        client, app, monkeypatch, capsys):
    """Phone reviews P3: `make run HOST=127.0.0.1` printed, and its QR codes carried, a network
    address it did not listen on (a dead link); it says it is this machine's only."""
    from companion.serving import serve
    from companion.web import device
    monkeypatch.setattr(device, "lan_address", lambda: "192.0.2.44")
    app.config["LISTEN_HOST"] = "127.0.0.1"
    game = new_game(app, "hadara")
    page = client.get(f"/g/{game.play_token}/table", base_url="http://127.0.0.1:5440")
    html = page.get_data(as_text=True)
    assert f"http://127.0.0.1:5440/g/{game.play_token}" in html and "192.0.2.44" not in html
    serve.announce(5440, "127.0.0.1")
    said = capsys.readouterr().out
    assert "http://127.0.0.1:5440/" in said and "192.0.2.44" not in said
    assert "this machine only" in said and "HOST=0.0.0.0" in said
    assert serve.worker_settings(serve.parse_args(["--host", "127.0.0.1"]))[
        "FLASK_LISTEN_HOST"] == "127.0.0.1"


def test_a_server_listening_on_the_network_prints_its_address_and_its_qr_code(monkeypatch,
                                                                              capsys):
    from companion.serving import serve
    from companion.web import device
    monkeypatch.setattr(device, "lan_address", lambda: "192.0.2.44")
    serve.announce(5440, "0.0.0.0")
    said = capsys.readouterr().out
    assert "http://192.0.2.44:5440/" in said and "this machine only" not in said
    assert sum(1 for line in said.splitlines() if "█" in line or "▀" in line) > 10


def test_public_url_setting_wins_for_the_shared_link(client, app):
    app.config["PUBLIC_URL"] = "https://games.example.org/"
    game = new_game(app, "hadara")
    page = client.get(f"/g/{game.play_token}/table").get_data(as_text=True)
    assert f"https://games.example.org/g/{game.play_token}" in page


@pytest.mark.parametrize("slug", ALL_GAMES)
def test_table_page_shows_join_code_and_qr_and_the_code_opens_the_game(client, app, slug):
    game = new_game(app, slug)
    page = client.get(f"/g/{game.play_token}/table").get_data(as_text=True)
    assert game.join_code in page and f"/g/{game.play_token}/qr.svg" in page
    phone = app.test_client()
    resp = phone.post("/join", data={"csrf_token": csrf_of(phone), "code": game.join_code.lower()})
    assert resp.status_code == 303 and resp.headers["Location"].endswith(game.play_token)


@pytest.mark.parametrize("slug", ALL_GAMES)
def test_watch_link_never_reveals_the_play_link_or_the_join_code(client, app, slug):
    game = new_game(app, slug)
    for path in ("", "/table", "/history", "/score"):
        page = client.get(f"/g/{game.watch_token}{path}").get_data(as_text=True)
        assert game.play_token not in page and game.join_code not in page, path
    svg_link = client.get(f"/g/{game.watch_token}/table").get_data(as_text=True)
    assert f"/g/{game.watch_token}" in svg_link
    assert game.play_token not in client.get(f"/g/{game.watch_token}/export.json").get_data(
        as_text=True)


def test_links_carry_at_least_128_random_bits(app):
    games = [new_game(app, "hadara") for _ in range(20)]
    tokens = [t for g in games for t in (g.play_token, g.watch_token)]
    assert len(set(tokens)) == len(tokens)
    for t in tokens:  # URL-safe base64: 6 bits a character
        assert re.fullmatch(r"[A-Za-z0-9_-]+", t) and len(t) * 6 >= 128


# ------------------------------------------------------------------- play and watch links

def post_routes(app) -> list[str]:
    return sorted(r.rule for r in app.url_map.iter_rules()
                  if "POST" in r.methods and "<token>" in r.rule)


def fill(rule: str, token: str) -> str:
    path = rule.replace("<token>", token)
    path = re.sub(r"<any\(([^,)]+)[^>]*>", r"\1", path)  # the first of an any(...) choice
    path = re.sub(r"<int:[^>]+>", "1", path)  # a step's number
    return re.sub(r"<[^>]+>", "correct", path)  # any other part: a real action kind


def test_every_post_route_is_covered_here(app):
    """A new write route must be added to the refusal test below (it is found automatically)."""
    assert {"/g/<token>/do/<kind>", "/g/<token>/seat"} <= set(post_routes(app))


@pytest.mark.parametrize("slug", ALL_GAMES)
@pytest.mark.parametrize("as_json", [False, True])
def test_every_write_with_a_watch_link_is_refused_with_403_and_changes_nothing(
        client, app, slug, as_json):
    game = new_game(app, slug)
    token = csrf_of(client, f"/g/{game.play_token}")
    client.post(f"/g/{game.play_token}/do/ruling", data={"csrf_token": token, "version": "0",
                                                         **a_ruling_switch(slug)})
    before = count_actions(app, game)
    assert before == 1
    headers = {"Accept": "application/json"} if as_json else {}
    for rule in post_routes(app):
        for kind in (["ruling", "correct", "undo"] if "<kind>" in rule else [None]):
            path = fill(rule, game.watch_token)
            if kind:
                path = path.replace("/do/correct", f"/do/{kind}")
            resp = client.post(path, headers=headers, data={
                "csrf_token": token, "version": "1", "seat": "0", **a_ruling_switch(slug)})
            assert resp.status_code == 403, (path, resp.status_code)
            if as_json:
                assert resp.get_json()["errors"][0]["message"], path
    assert count_actions(app, game) == before
    with app.app_context():
        assert store.session().get(Game, game.id).version == before


def test_games_list_shows_only_this_devices_games(app):
    ana, ben = app.test_client(), app.test_client()
    game_a, game_b, game_c = (new_game(app, s) for s in ("hadara", "hexemonia", "tradewarz"))
    ana.get(f"/g/{game_a.play_token}")
    ana.get(f"/g/{game_c.watch_token}")
    ben.get(f"/g/{game_b.play_token}")
    mine = ana.get("/").get_data(as_text=True)
    assert game_a.title in mine and game_c.title in mine and game_b.title not in mine
    assert game_a.play_token in mine and game_c.watch_token in mine
    assert game_c.play_token not in mine  # watching does not turn into playing
    theirs = ben.get("/").get_data(as_text=True)
    assert game_b.title in theirs and game_a.title not in theirs
    assert game_a.title not in app.test_client().get("/").get_data(as_text=True)


# ---------------------------------------------------------------------------------- seats

@pytest.mark.parametrize("slug", ALL_GAMES)
def test_a_seat_signs_this_phones_actions_with_the_players_name(app, slug):
    game = new_game(app, slug)
    names = get_game(slug).player_names(get_game(slug).new_game(sample_setup(get_game(slug))))
    phone, other = app.test_client(), app.test_client()
    token = csrf_of(phone, f"/g/{game.play_token}")
    assert phone.post(f"/g/{game.play_token}/seat",
                      data={"csrf_token": token, "seat": "1"}).status_code == 303
    assert phone.post(f"/g/{game.play_token}/do/ruling", data={
        "csrf_token": token, "version": "0", **a_ruling_switch(slug)}).status_code == 303
    other_token = csrf_of(other, f"/g/{game.play_token}")
    assert other.post(f"/g/{game.play_token}/undo",
                      data={"csrf_token": other_token, "version": "1"}).status_code == 303
    with app.app_context():
        rows = store.rows_of(store.session(), game.id)
    assert [(r.kind, r.by) for r in rows] == [("ruling", names[1]), ("undo", "")]
    history = phone.get(f"/g/{game.play_token}/history").get_data(as_text=True)
    assert names[1] in history and "someone" in history


def test_a_seat_puts_that_players_board_first(app):
    game = new_game(app, "hadara", players=4)
    phone = app.test_client()
    token = csrf_of(phone, f"/g/{game.play_token}")
    order = re.compile(r'<article class="player" id="p(\d)"')
    assert order.findall(phone.get(f"/g/{game.play_token}").get_data(as_text=True)) == \
        ["0", "1", "2", "3"]
    phone.post(f"/g/{game.play_token}/seat", data={"csrf_token": token, "seat": "2"})
    page = phone.get(f"/g/{game.play_token}").get_data(as_text=True)
    assert order.findall(page) == ["2", "0", "1", "3"]
    # (the action forms are drawn when a panel opens: the buy form picks the seat's player)
    buy = phone.get(f"/g/{game.play_token}?show=buy").get_data(as_text=True)
    assert '<option value="2" selected>' in buy
    # another phone keeps the table order; leaving the seat restores it
    assert order.findall(app.test_client().get(f"/g/{game.play_token}").get_data(
        as_text=True)) == ["0", "1", "2", "3"]
    phone.post(f"/g/{game.play_token}/seat", data={"csrf_token": token, "seat": ""})
    assert order.findall(phone.get(f"/g/{game.play_token}").get_data(as_text=True)) == \
        ["0", "1", "2", "3"]
