"""Fix any mistake, whoever made it and whenever (issue 20): any step of the history can be taken
back (a void) or changed (an amendment) on its own, through Flask's own views, with every later
step checked again; each phone can take back its own seat's last step; a game file carrying
voids and amendments imports as strictly as taps."""
from __future__ import annotations

import io
import json
import re

import pytest

from companion import store
from companion.games import get_game
from companion.games.core import in_force
from tests.web.table import CSRF, WebTable

PLAYERS = [{"name": n, "initiative": i, "side": "A", "coins": 10, "income": 1, "military": 0,
            "culture": 0, "food": 3} for n, i in (("Ana", 2), ("Ben", 1), ("Cy", 3))]


@pytest.fixture
def table(client, app) -> WebTable:
    return WebTable.create(client, app, "hadara", PLAYERS)


def coins(table: WebTable) -> list[int]:
    return [p.coins for p in table.state().players]


def correct(table: WebTable, seat: int, delta: int, **kw):
    return table.do("correct", player=seat, value="coins", delta=delta, **kw)


def void(table: WebTable, *steps: int, expect: int = 303, version: int | None = None, **extra):
    resp = table.client.post(f"{table.path}/void", data={
        "csrf_token": table.csrf, "version": table.version if version is None else version,
        "targets": [str(s) for s in steps], **extra})
    assert resp.status_code == expect, resp.get_data(as_text=True)[:3000]
    table.refresh()
    return resp


def change_form(table: WebTable, seq: int) -> str:
    resp = table.client.get(f"{table.path}/change/{seq}")
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def amend(table: WebTable, seq: int, expect: int = 303, **values):
    page = change_form(table, seq)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    resp = table.client.post(f"{table.path}/change/{seq}", data={
        "csrf_token": CSRF.search(page).group(1), "version": version, **values})
    assert resp.status_code == expect, resp.get_data(as_text=True)[:3000]
    table.refresh()
    return resp


def upload(client, exported: dict):
    page = client.get("/").get_data(as_text=True)
    return client.post("/import", data={"csrf_token": CSRF.search(page).group(1),
                                        "file": (io.BytesIO(json.dumps(exported).encode()),
                                                 "g.json")},
                       content_type="multipart/form-data")


def history(table: WebTable) -> str:
    return table.client.get(f"{table.path}/history").get_data(as_text=True)


def test_taking_back_an_old_step_keeps_every_later_step_of_the_other_players(table):
    correct(table, 0, 3)   # #1 Ana's mistake
    correct(table, 1, 2)   # #2 Ben
    correct(table, 2, 1)   # #3 Cy
    assert coins(table) == [13, 12, 11]
    void(table, 1)
    assert coins(table) == [10, 12, 11]  # only Ana's step is gone
    rows = table.rows()
    assert [r.kind for r in rows] == ["correct"] * 3 + ["void"]  # nothing deleted
    assert rows[-1].data == {"targets": [1]}
    page = history(table)
    assert "taken back by #4" in page and "Took back" in page


def test_changing_an_old_step_records_the_amendment_and_keeps_the_original(table):
    correct(table, 0, 3)
    correct(table, 1, 2)
    correct(table, 2, 1)
    amend(table, 1, player="0", value="coins", delta="5")
    assert coins(table) == [15, 12, 11]
    rows = table.rows()
    assert rows[0].data["delta"] == 3  # the original stays in the log
    assert rows[-1].kind == "amend" and rows[-1].data == {
        "target": 1, "data": {"player": 0, "value": "coins", "delta": 5}}
    page = history(table)
    assert "changed by #4" in page and "Changed #1" in page


def test_voiding_an_amendment_gives_back_the_original_values(table):
    correct(table, 0, 3)
    correct(table, 1, 2)
    before = table.state()
    amend(table, 1, player="0", value="coins", delta="7")
    assert table.state() != before
    void(table, 3)  # the amendment
    assert table.state() == before


def test_a_take_back_that_breaks_a_later_step_changes_nothing_and_names_it(table):
    correct(table, 0, 5)    # #1 Ana 15
    correct(table, 1, 1)    # #2 Ben
    correct(table, 0, -13)  # #3 Ana 2: only possible because of #1
    before, rows = table.state(), len(table.rows())
    resp = void(table, 1, expect=422)
    page = resp.get_data(as_text=True)
    assert "step 3" in page and "coins cannot go below 0" in page
    assert table.state() == before and len(table.rows()) == rows  # nothing stored
    # the page offers to take back both together, and that holds
    offer = re.search(r'Take back all 2 steps', page)
    assert offer and page.count('name="targets" value="1"') >= 1 and \
        'name="targets" value="3"' in page
    void(table, 1, 3)
    assert coins(table) == [10, 11, 10]


def test_a_change_that_breaks_a_later_step_is_refused_with_the_step_named(table):
    correct(table, 0, 5)
    correct(table, 0, -13)
    resp = amend(table, 1, expect=422, player="0", value="coins", delta="1")
    assert "step 2" in resp.get_data(as_text=True)
    assert coins(table) == [2, 10, 10]


def play_two_rounds_and_a_half(table: WebTable) -> None:
    """Phase A of epoch I: Ana's cheap first card pays for her second; Ben and Cy only sell,
    and in round 3 Ben's card comes before Ana's."""
    table.do("buy", player="0", colour="yellow", cost="1", round="1")  # #1 Ana: 9 coins
    table.do("sell", player="1", round="1")                            # #2
    table.do("sell", player="2", round="1")                            # #3
    table.do("sell", player="1", round="2")                            # #4 (in between)
    table.do("buy", player="0", colour="red", cost="9", round="2")     # #5 Ana: 0 coins
    table.do("sell", player="2", round="2")                            # #6 (after)
    table.do("sell", player="1", round="3")                            # #7 (after)
    table.do("sell", player="0", round="3")                            # #8 (after)


def test_would_break_names_only_the_steps_the_change_makes_the_rules_refuse(table):
    play_two_rounds_and_a_half(table)
    before, rows = table.state(), len(table.rows())
    resp = amend(table, 1, expect=422, player="0", colour="yellow", cost="3", round="1")
    page = resp.get_data(as_text=True)
    named = re.findall(r"step (\d+) \(", page)
    # #5 cannot be paid any more; #4 and #6 still hold, and #7 stops only if #5 is left out
    assert named == ["5"], named
    assert table.state() == before and len(table.rows()) == rows
    # no take-back of #5 alone is offered: it would leave round 2 short and stop #7; #5 can be
    # changed in one tap from the refusal instead
    assert "Take back all" not in page
    assert f'href="{table.path}/change/5"' in page and "#7" in page
    json_answer = table.client.post(f"{table.path}/change/1", headers={
        "Accept": "application/json"}, data={"csrf_token": table.csrf, "version": table.version,
                                             "player": "0", "colour": "yellow", "cost": "3",
                                             "round": "1"})
    assert json_answer.status_code == 422
    assert json_answer.json["breaks"] == [5] and json_answer.json["following"] == [7]


def test_a_take_back_offered_with_a_refusal_takes_back_only_the_steps_that_break(table):
    correct(table, 0, 5)    # #1 Ana 15
    correct(table, 1, 1)    # #2 Ben (in between)
    correct(table, 0, -13)  # #3 Ana 2: only possible because of #1
    correct(table, 2, 4)    # #4 Cy (after)
    page = void(table, 1, expect=422).get_data(as_text=True)
    assert re.findall(r"step (\d+) \(", page) == ["3"]
    assert re.findall(r'name="targets" value="(\d+)"', page.split('id="refusal"')[1].split(
        "</div>")[0]) == ["1", "3"]
    void(table, 1, 3)
    assert coins(table) == [10, 11, 14]


def test_a_change_is_read_as_strictly_as_a_tap(table):
    correct(table, 0, 5)
    resp = amend(table, 1, expect=422, player="0", value="coins", delta="500")
    assert "Change by" in resp.get_data(as_text=True)
    assert coins(table) == [15, 10, 10] and len(table.rows()) == 1


def test_a_stale_page_may_take_back_a_step_nobody_touched_meanwhile(table):
    correct(table, 0, 3)
    old = table.version
    correct(table, 1, 2)  # another phone's unrelated step
    void(table, 1, version=old)
    assert coins(table) == [10, 12, 10]


def test_a_stale_page_cannot_take_back_a_step_changed_meanwhile(table):
    correct(table, 0, 3)
    old = table.version
    amend(table, 1, player="0", value="coins", delta="4")  # another phone fixed it first
    resp = void(table, 1, version=old, expect=409)
    assert "changed since your page" in resp.get_data(as_text=True)
    assert coins(table) == [14, 10, 10]


def test_the_same_take_back_sent_twice_is_recorded_once(table):
    correct(table, 0, 3)
    correct(table, 1, 2)
    void(table, 1, once="tap-once-12345")
    void(table, 1, once="tap-once-12345")
    assert [r.kind for r in table.rows()].count("void") == 1
    assert coins(table) == [10, 12, 10]


def test_a_step_already_taken_back_or_unknown_cannot_be_taken_back(table):
    correct(table, 0, 3)
    void(table, 1)
    assert "already taken back" in void(table, 1, expect=422).get_data(as_text=True)
    assert "no step 9" in void(table, 9, expect=422).get_data(as_text=True)
    assert "between 1 and" in void(table, expect=422).get_data(as_text=True)


def test_bringing_back_a_taken_back_step_is_a_take_back_of_the_take_back(table):
    correct(table, 0, 3)
    void(table, 1)
    assert "Bring back" in history(table)
    void(table, 2)
    assert coins(table) == [13, 10, 10]


def test_undo_takes_back_a_void_like_any_step_and_redo_brings_it_again(table):
    correct(table, 0, 3)
    void(table, 1)
    table.post("undo")
    assert coins(table) == [13, 10, 10]
    table.post("redo")
    assert coins(table) == [10, 10, 10]


def test_each_phone_offers_to_take_back_its_own_seats_last_step(table, app):
    ana = WebTable(app.test_client(), app, table.path)
    ana.post("seat", seat=0)
    correct(ana, 0, 3)     # #1 Ana's, signed by her phone
    correct(table, 1, 2)   # #2 from the unseated host's phone
    ana.refresh()
    mine = re.search(r'action="[^"]*/void"\s+class="tools mine">(.*?)</form>', ana.page, re.S)
    assert mine and 'name="targets" value="1"' in mine.group(1)
    assert "Take back my last" not in table.page  # an unseated phone has no "mine"
    void(ana, 1)
    assert coins(ana) == [10, 12, 10]


def test_a_phones_game_page_offers_its_seats_earlier_steps_in_force_to_fix(table, app):
    ana = WebTable(app.test_client(), app, table.path)
    ana.post("seat", seat=0)
    for delta in (1, 2, 3, 4):
        correct(ana, 0, delta)  # #1..#4 Ana's
    correct(table, 1, 2)        # #5 Ben's, from the host's phone
    correct(table, 0, 5)        # #6 for Ana, from the host's phone: hers too
    void(ana, 3)                # #7: Ana's #3 taken back
    ana.refresh()
    earlier = re.search(r'<nav class="mine earlier".*?</nav>', ana.page, re.S).group(0)
    # her newest signed (#4) has its own button; then #6, for her, #2 and #1: never #3, taken
    # back, nor #5, Ben's
    fixes = re.findall(r'/change/(\d+)\?back=game', earlier)
    assert fixes == ["6", "2", "1"], fixes
    assert "?view=mine" in earlier
    assert 'id="my-steps"' not in table.page  # an unseated phone has no own steps


def test_a_chip_on_a_change_page_saves_its_value_and_goes_back_to_the_game(table, app):
    table.do("buy", player="0", colour="yellow", cost="4", round="1")  # #1: printed 3, in truth
    table.do("sell", player="1", round="1")                            # #2
    page = table.client.get(f"{table.path}/change/1?back=game").get_data(as_text=True)
    chip = re.search(r'<button class="chip[^"]*" name=pick value="cost=3"', page)
    assert chip, "the change page offers each value of a number with chips as a sending chip"
    assert 'class="chip on" name=pick value="cost=4"' in page  # the value it has now
    # Enter in a box sends the form as typed: its own button comes before every chip
    assert page.index("Save the change</button>") < page.index("name=pick")
    resp = table.client.post(f"{table.path}/change/1?back=game", data={
        "csrf_token": CSRF.search(page).group(1),
        "version": re.search(r'name="version" value="(\d+)"', page).group(1),
        "player": "0", "colour": "yellow", "cost": "4", "round": "1", "pick": "cost=3"})
    assert resp.status_code == 303 and resp.headers["Location"].endswith(table.path)
    table.refresh()
    assert coins(table)[0] == 10 - 3 and table.rows()[-1].data["data"]["cost"] == 3


def test_a_watch_link_cannot_take_back_or_change_a_step(table, client):
    correct(table, 0, 3)
    with table.app.app_context():
        game, _ = store.find_game(table.path.rsplit("/", 1)[-1])
        watch = game.watch_token
    assert client.post(f"/g/{watch}/void", data={"csrf_token": table.csrf,
                                                 "targets": "1"}).status_code == 403
    assert client.get(f"/g/{watch}/change/1").status_code == 403
    assert "Take back" not in client.get(f"/g/{watch}/history").get_data(as_text=True)


def test_a_game_file_with_voids_and_amendments_imports_to_the_same_state(table, client):
    correct(table, 0, 3)
    correct(table, 1, 2)
    amend(table, 1, player="0", value="coins", delta="6")
    void(table, 2)
    exported = client.get(f"{table.path}/export.json").get_json()
    resp = upload(client, exported)
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    copy = WebTable(client, table.app, resp.headers["Location"])
    assert copy.state() == table.state() and coins(copy) == [16, 10, 10]


def test_a_game_file_whose_void_breaks_a_later_step_is_refused(table, client):
    correct(table, 0, 5)
    correct(table, 0, -13)
    exported = client.get(f"{table.path}/export.json").get_json()
    exported["actions"].append({**exported["actions"][-1], "seq": 3, "kind": "void",
                                "data": {"targets": [1]}})
    resp = upload(client, exported)
    assert resp.status_code == 422
    assert "would no longer hold" in resp.get_data(as_text=True)


def test_the_state_after_a_void_is_the_fold_of_a_log_that_never_had_the_step(table):
    correct(table, 0, 3)
    correct(table, 1, 2)
    correct(table, 2, 1)
    void(table, 2)
    with table.app.app_context():
        rows = table.rows()
        entries = store.entries_of(rows)
        kept = [e for e in entries if e.seq not in (2, 4)]
        game = table.state()
        assert get_game("hadara").fold(_setup(table), kept) == game
        assert [e.seq for e in in_force(entries)] == [1, 3]


def _setup(table: WebTable):
    from companion.store.db import Game, session
    token = table.path.rsplit("/", 1)[-1]
    return session().query(Game).filter_by(play_token=token).one().setup


def test_take_back_my_last_in_turn_takes_the_next_players_step_that_needs_it_in_one_tap(app):
    """Phone review P2: on a phase B step "Take back my last" was always refused (the next
    player's step, in turn after it, no longer holds alone); the button names that step and
    takes it back too, in one tap, as a table would undo both."""
    from tests.web.table import hadara_of_three, phone, to_colony_step
    host = hadara_of_three(app.test_client(), app)
    to_colony_step(host)
    host.do("next", closing="1A.colony", anyway="1")
    host.do("next", closing="1A.statue", anyway="1")
    ben = phone(app, host)
    ben.post("seat", seat=1)
    ben.do("sell", player=1, colour="red")   # Ben first in phase B (lowest initiative)
    host.do("sell", player=2, colour="blue")  # then Chen's, in turn after Ben's
    ben_sale, chen_sale = len(host.rows()) - 1, len(host.rows())
    ben.refresh()
    mine = re.search(r'action="[^"]*/void"\s+class="tools mine">(.*?)</form>', ben.page, re.S)
    assert f'name="targets" value="{ben_sale},{chen_sale}"' in mine.group(1)
    assert f"the step after it that needs it (#{chen_sale})" in mine.group(1)
    before = host.state()
    ben.post("void", targets=f"{ben_sale},{chen_sale}", back="game")
    assert "Ben&#39;s turn to take a card" in ben.page
    assert [p.coins for p in ben.state().players] == [
        p.coins - 2 if i in (1, 2) else p.coins for i, p in enumerate(before.players)]


def test_the_history_labels_a_take_back_in_the_reader_language(table):
    """Phone reviews P3: every take-back and change was labelled "History" in Italian and
    Chinese."""
    correct(table, 0, 3)
    void(table, 1)
    for lang, word in (("it", "Cronologia"), ("zh", "历史")):
        page = table.client.get(f"{table.path}/history",
                                headers={"Accept-Language": lang}).get_data(as_text=True)
        step = re.search(r'id="step-2".*?</small>', page, re.S).group(0)
        assert f"· {word}</small>" in step and "History" not in step, step
