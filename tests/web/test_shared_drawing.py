"""The game page drawn once for the whole table (issue 15, point 3; issue 47): a page is drawn once
per game, version, language, kind of link and panels asked, and shared by every seat;
each phone still gets its own CSRF token, a fresh one-time key per form, its own board first, its
own player preselected, the question before acting for another player, and only its own hidden
information. A refused form is drawn afresh with its values. Taps are plain form posts."""
from __future__ import annotations

import re
import threading
from html import unescape

from flask import template_rendered

from companion.web.drawing import page_drawn
from tests.web.table import CITIES, WebTable, form, made, to_colony_step
from tests.web.table import hadara_of_three as hadara

CSRF = re.compile(r'name="csrf_token" value="([^"]*)"')
ONCE = re.compile(r'name="once" value="([^"]*)"')
BOARDS = re.compile(r'<article class="player" id="p(\d+)"')


def seated(app, table: WebTable, seat: int | None) -> WebTable:
    """Another phone at the table (its own cookies), sitting at ``seat``."""
    phone = WebTable(app.test_client(), app, table.path)
    if seat is not None:
        phone.post("seat", seat=seat)
    return phone


def drawn(app, reads) -> int:
    """How many game pages were drawn while ``reads()`` ran."""
    pages: list = []
    with page_drawn.connected_to(lambda _, key: pages.append(key), app):
        reads()
    return len(pages)


def test_a_new_version_is_drawn_once_for_every_seat_and_its_forms_send_that_version(client,
                                                                                     app):
    host = hadara(client, app)
    phones = [seated(app, host, s) for s in range(3)]
    # a new version nobody has seen (the tap's answer is not followed): Ana's coins
    assert host.client.post(f"{host.path}/do/correct", data={
        "csrf_token": host.csrf, "version": host.version, "player": 0, "value": "coins",
        "delta": 1}).status_code == 303
    # (Hadara hides nothing: which player a form picks and where a tap goes are each phone's
    # own, filled into its answer)
    assert drawn(app, lambda: [p.refresh() for p in phones]) == 1
    assert all(p.version == host.version + 1 for p in phones)
    assert drawn(app, lambda: [p.refresh() for p in phones]) == 0  # all shared now
    for phone in phones:
        assert set(re.findall(r'name="version" value="(\d+)"', phone.page)) == \
            {str(host.version + 1)}


def test_phones_asking_for_a_new_version_at_the_same_moment_share_one_drawing(client, app):
    """A change reaches every phone at once (the held check), so they all ask for the new page
    together: one of them draws each shared part, the others wait for it and take it."""
    host = hadara(client, app)
    phones = [seated(app, host, s % 3) for s in range(6)]  # six phones, three seats
    assert host.client.post(f"{host.path}/do/correct", data={
        "csrf_token": host.csrf, "version": host.version, "player": 0, "value": "coins",
        "delta": 1}).status_code == 303
    start = threading.Barrier(len(phones))

    def read(phone):
        start.wait()
        phone.refresh()

    def together():
        threads = [threading.Thread(target=read, args=(p,)) for p in phones]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    assert drawn(app, together) == 1
    assert all(p.version == host.version + 1 for p in phones)

def test_each_phone_gets_only_its_own_csrf_token_and_a_fresh_key_for_every_form(client, app):
    host = hadara(client, app)
    ana, ben = seated(app, host, 0), seated(app, host, 1)
    pages = [ana.refresh(), ben.refresh()]
    tokens = [set(CSRF.findall(page)) for page in pages]
    assert all(len(t) == 1 for t in tokens) and tokens[0] != tokens[1]
    keys = [k for page in pages for k in ONCE.findall(page)]
    assert len(keys) > 10 and len(set(keys)) == len(keys)
    mark = app.extensions["drawings"].mark
    assert not any(mark in page for page in pages)
    ben.do("correct", player=1, value="coins", delta=1)  # each token works on its own phone
    ana.do("correct", player=0, value="coins", delta=1)


def test_each_seat_sees_its_own_board_first_its_player_picked_and_asks_for_another(client, app):
    host = hadara(client, app)
    phones = {seat: seated(app, host, seat) for seat in (None, 0, 1, 2)}
    for seat, phone in phones.items():
        page = phone.refresh()
        assert BOARDS.findall(page)[0] == str(0 if seat is None else seat)
        asked = phone.asked("correct")  # (the panel's form, drawn on asking)
        picked = re.search(r'name="player" required>.*?</select>',
                           asked[asked.index("/do/correct"):], re.S).group()
        assert re.findall(r'<option value="(\d*)" selected>', picked) == [
            "" if seat is None else str(seat)]
    to_colony_step(host)
    host.do("next", anyway="1")
    host.do("next", anyway="1")  # phase B: Ben's turn to buy or sell, on his own board
    for seat, phone in phones.items():  # Ben's sell form: asked first on another seat's phone
        action, _ = form(re.search(r'id="p1".*?</article>', phone.refresh(), re.S).group(), "sell")
        assert action.endswith("/confirm/sell") == (seat in (0, 2)), seat


def test_a_hidden_acropolis_reaches_only_its_owner_when_phones_share_a_version(app):
    game = made(app, "hexemonia", {"fate": 12, "players": CITIES})
    table = WebTable(app.test_client(), app, f"/g/{game.play_token}")
    phones = [seated(app, table, s) for s in range(3)]
    for _ in range(2):  # the second round reads what the first one drew
        for seat, phone in enumerate(phones):
            page = phone.refresh()
            for other, word in enumerate(("Athens", "Sparta")):
                assert (word in page) == (other == seat), (seat, word)


def test_a_language_switch_shows_the_shared_page_in_the_new_language(client, app):
    host = hadara(client, app)
    assert "Score so far" in host.page
    host.client.get("/lang/it?next=/")
    page = unescape(host.refresh())
    assert "Score so far" not in page and "Punteggio finora" in page


def test_a_watch_link_never_gets_the_play_links_drawing(client, app):
    host = hadara(client, app)
    watch = re.search(r'href="(/g/[^"]+)">Watch link', host.page).group(1)
    page = client.get(watch).get_data(as_text=True)
    assert "Watching: this link shows" in page
    assert "csrf_token" not in page and 'name="once"' not in page and "/do/" not in page


def test_a_new_version_is_drawn_anew_and_shows_the_change(client, app):
    host = hadara(client, app)
    ben = seated(app, host, 1)
    before = ben.version
    assert drawn(app, lambda: host.do("correct", player=1, value="coins", delta=3)) == 1
    assert ben.refresh() and ben.version == before + 1
    assert all(v == str(ben.version) for v in re.findall(r'name="version" value="(\d+)"',
                                                         ben.page))
    assert re.search(r'id="p1".*?<b>13</b><span>coins', ben.page, re.S)


def test_a_refused_form_is_drawn_afresh_with_its_values_and_not_shared(client, app):
    host = hadara(client, app)
    ben = seated(app, host, 1)
    tap = {"player": 1, "value": "coins", "delta": -77}
    # the refusal is the first page of a new version: it must neither use nor leave a drawing
    assert host.client.post(f"{host.path}/do/correct", data={
        "csrf_token": host.csrf, "version": host.version, "player": 0, "value": "coins",
        "delta": 1}).status_code == 303
    refused: list = []
    pages = drawn(app, lambda: refused.append(ben.client.post(f"{ben.path}/do/correct", data={
        "csrf_token": ben.csrf, "version": ben.version + 1, **tap})))
    assert pages == 0 and refused[0].status_code == 422
    page = refused[0].get_data(as_text=True)
    assert 'role="alert"' in page and 'value="-77"' in page
    assert drawn(app, ben.refresh) == 1 and 'role="alert"' not in ben.page and "-77" not in ben.page


def unseen(host: WebTable) -> None:
    """A tap whose new version no phone has seen yet (its answer is not followed)."""
    assert host.client.post(f"{host.path}/do/correct", data={
        "csrf_token": host.csrf, "version": host.version, "player": 0, "value": "coins",
        "delta": 1}).status_code == 303


def _second_process(app):
    """Another server process: its own app (its own memory) on the same database and secret,
    as `make run` starts them."""
    from companion import create_app
    return create_app({"TESTING": True, "SECRET_KEY": app.config["SECRET_KEY"],
                       "DATABASE_URL": app.config["DATABASE_URL"]})


def test_a_process_that_has_not_drawn_a_version_draws_it_once_itself(client, app):
    """Drawings are kept in each process's memory: another process draws the version's page
    once for its own phones."""
    host = hadara(client, app)
    other = _second_process(app)
    there = [seated(other, WebTable(other.test_client(), other, host.path), s) for s in (1, 2)]
    here = seated(app, host, 2)
    unseen(host)
    assert drawn(app, here.refresh) == 1
    assert drawn(other, there[0].refresh) == 1
    assert drawn(other, there[1].refresh) == 0  # (taken: drawn there once)
    assert there[0].version == here.version == host.version + 1
    assert BOARDS.findall(there[0].page)[0] == "1" and BOARDS.findall(here.page)[0] == "2"
    there[0].do("correct", player=1, value="coins", delta=1)  # its own token works there


def games_drawn(app, reads) -> int:
    """How often the game page's template was drawn while ``reads()`` ran."""
    count = []
    with template_rendered.connected_to(
            lambda _, template, context: count.append(template.name == "game.html"), app):
        reads()
    return sum(count)


def test_phones_asking_for_the_same_panels_form_share_one_drawing_each_with_its_own_keys(
        client, app):
    host = hadara(client, app)
    phones = [seated(app, host, s) for s in range(3)]
    pages: list[str] = []
    assert games_drawn(app, lambda: pages.extend(p.asked("buy") for p in phones)) == 1
    assert all('action="' in page and "/do/buy" in page for page in pages)
    assert len({CSRF.search(page).group(1) for page in pages}) == 3
    keys = [k for page in pages for k in ONCE.findall(page)]
    assert len(set(keys)) == len(keys)
    assert [BOARDS.findall(page)[0] for page in pages] == ["0", "1", "2"]  # its own board first
    # other forms asked for, or more than forms (a fix), or a kind the game has not: drawn apart
    for ask, drawings in (("show=buy&show=colony", 1), ("show=buy&fix=1", 2),
                          ("show=nonsense", 2)):
        assert games_drawn(app, lambda ask=ask: [p.client.get(f"{p.path}?{ask}")
                                                 for p in phones[:2]]) == drawings, ask


def test_phones_asking_for_the_same_houses_panel_share_one_drawing_and_another_kind_does_not(
        client, app):
    host = WebTable.create(client, app, "tradewarz", [{"name": n} for n in ("Amber", "Basalt")],
                           end_mode="years", years="1")
    phones = [seated(app, host, None) for _ in range(2)]  # (TradeWarz is drawn per seat)
    pages: list[str] = []
    assert games_drawn(app, lambda: pages.extend(p.asked("trade.1") for p in phones)) == 1
    assert all(re.findall(r'/do/trade"[^>]*>.*?name="house" value="(\d)"', page, re.S) == ["1"]
               for page in pages)
    for ask, drawings in (("show=trade.1&show=trade.0", 1), ("show=nonsense.1", 2),
                          ("show=trade.1.0", 2)):
        assert games_drawn(app, lambda ask=ask: [p.client.get(f"{p.path}?{ask}")
                                                 for p in phones]) == drawings, ask
