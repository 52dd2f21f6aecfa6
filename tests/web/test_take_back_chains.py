"""Take-backs never break a game (issue 36; security review 2026-11-27 §2.1, §1.3): a take-back
names the steps it takes back by number and kind, not by their words, so a take-back of a
take-back, a thousand times over, leaves the game page, the history and the game's own export
working; words older versions stored nested thousands deep still draw; and a game file whose
take-backs would cost too much to check is refused by its limit before anything is replayed."""
from __future__ import annotations

import io
import json

from sqlalchemy import select, text

from companion.games import gamefile
from companion.games.core import GameRules
from companion.store.db import Game, session
from tests.table_helpers import csrf_of
from tests.web.table import WebTable

PLAYERS = [{"name": n, "initiative": i, "side": "A", "coins": 10, "income": 1, "military": 0,
            "culture": 0, "food": 3} for n, i in (("Ana", 2), ("Ben", 1))]
JSON = {"Accept": "application/json"}


def upload(client, body: bytes):
    return client.post("/import", data={"csrf_token": csrf_of(client),
                                        "file": (io.BytesIO(body), "g.json")},
                       content_type="multipart/form-data")


def chained_take_backs(client, app, steps: int) -> tuple[WebTable, WebTable]:
    """A game of one step, a correction; and a game whose step 1 is that correction and each
    step n + 1 takes back step n, up to step ``steps``: every take-back tapped in, as a table
    toggling a disputed step would (each answered before the next)."""
    table = WebTable.create(client, app, "hadara", PLAYERS)
    table.do("correct", player=0, value="coins", delta=3)  # step 1
    exported = client.get(f"{table.path}/export.json").get_json()
    made = upload(client, json.dumps(exported).encode())
    assert made.status_code == 303, made.get_data(as_text=True)[-2000:]
    chain = WebTable(client, app, made.headers["Location"])
    version = chain.version
    for seq in range(1, steps):
        resp = client.post(f"{chain.path}/void", headers=JSON, data={
            "csrf_token": chain.csrf, "version": version, "targets": str(seq)})
        assert resp.status_code == 200, (seq, resp.get_data(as_text=True)[:500])
        version = resp.get_json()["version"]
    assert version == steps
    return table, chain


def test_a_thousand_chained_take_backs_keep_page_history_and_export_working(client, app):
    first, table = chained_take_backs(client, app, 1001)
    corrected = first.state()
    page = table.refresh()
    assert "Took back #1,000 (a take-back)" in page
    assert table.state() == corrected  # an even number of take-backs: step 1 is back
    history = client.get(f"{table.path}/history")
    assert history.status_code == 200 and "Took back #1,000 (a take-back)" in history.get_data(
        as_text=True)
    oldest = client.get(f"{table.path}/history?around=2")  # (the part holding the chain's start)
    assert oldest.status_code == 200
    assert "Took back #1 (Correct a value)" in oldest.get_data(as_text=True)
    exported = client.get(f"{table.path}/export.json")
    assert exported.status_code == 200
    again = upload(client, exported.data)
    assert again.status_code == 303, again.get_data(as_text=True)[-2000:]
    copy = WebTable(client, app, again.headers["Location"])
    assert copy.state() == table.state() and copy.version == 1001


def deep_words(levels: int) -> str:
    """Words (as JSON) as older versions stored a chain of ``levels`` take-backs of take-backs,
    each quoting the words of the one it took back. Written out by hand: Python's own JSON
    encoder and parser recurse, and give up long before such depths."""
    words = json.dumps({"t": "Correction: {name}'s {value} {delta}",
                        "p": {"name": "Ana", "value": "coins", "delta": "+3"}})
    opening = "".join(f'{{"t": "Took back {{steps}}", "p": {{"steps": [{{"t": "#{{seq}} '
                      f'{{action}}", "p": {{"seq": {seq}, "action": '
                      for seq in range(levels, 0, -1))
    return opening + words + "}}]}}" * levels


def test_words_older_versions_stored_thousands_deep_still_draw(client, app):
    table = WebTable.create(client, app, "hadara", PLAYERS)
    table.do("correct", player=0, value="coins", delta=3)
    table.post("void", targets="1")
    table.post("void", targets="2")
    with app.app_context():  # steps 2 and 3 as an older version would have left them, deeper
        for seq, levels in ((2, 2000), (3, 150)):
            session().execute(text("UPDATE actions SET words = :words, text = :text WHERE seq = "
                                   ":seq"), {"words": deep_words(levels), "seq": seq,
                                             "text": "Took back #1 Took back " * 40})
        session().commit()
    table.do("correct", player=1, value="coins", delta=1)  # (pages are drawn afresh after it)
    for path in ("", "/history"):
        resp = client.get(table.path + path)
        assert resp.status_code == 200, resp.get_data(as_text=True)[-2000:]
        page = resp.get_data(as_text=True)
        assert "Took back #150 Took back #149" in page and "…" in page  # cut, 12 deep
        assert "Took back #1 Took back Took back #1" in page  # too deep to parse: its text
    exported = client.get(f"{table.path}/export.json")
    assert upload(client, exported.data).status_code == 303  # and its export imports again


def chained_file(entries: int) -> dict:
    """A game file of corrections, then take-backs each reaching back to a correction of the
    first half (the review's quadratic file)."""
    half = entries // 2
    actions = [{"seq": i + 1, "kind": "correct", "data": {"player": 0, "value": "coins",
                                                          "delta": 1},
                "by": "", "at": "2026-01-01T10:00:00"} for i in range(half)]
    actions += [{"seq": half + i + 1, "kind": "void", "data": {"targets": [i + 1]}, "by": "",
                 "at": "2026-01-01T10:00:00"} for i in range(entries - half)]
    return {"format": "table-companion-game/1", "game": "hadara",
            "setup": {"players": [dict(p) for p in PLAYERS]}, "actions": actions}


def test_a_file_over_the_replay_cost_limit_is_refused_by_name_before_any_replay(
        client, app, monkeypatch):
    applied = []
    real = GameRules.refold, GameRules.replay

    def counted(name, method):
        def spy(self, *args, **kwargs):
            applied.append(name)
            return method(self, *args, **kwargs)
        return spy

    for name, method in zip(("refold", "replay"), real, strict=True):
        monkeypatch.setattr(GameRules, name, counted(name, method))
    monkeypatch.setattr(gamefile.Ledger, "act", counted("act", gamefile.Ledger.act))
    costly = chained_file(3200)  # 1,600 take-backs reaching back ~1,600 steps each
    resp = upload(client, json.dumps(costly).encode())
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert "take-backs and changes reach back too far too often" in page
    assert f"{gamefile.MAX_REPLAYED:,}" in page or str(gamefile.MAX_REPLAYED) in page
    assert applied == []  # refused before a single step was replayed
    with app.app_context():
        assert session().scalar(select(Game.id)) is None
    cheap = chained_file(200)
    assert upload(client, json.dumps(cheap).encode()).status_code == 303
    assert "act" in applied  # (the spy sees a replay when there is one)


def test_a_stored_step_todays_rules_refuse_leaves_the_game_open(client, app):
    """A rule read more strictly since a step was recorded (a new version of the app): the step
    is left out of the fold, as a take-back would leave it, and every page still opens."""
    from companion.store.db import Action, utcnow
    table = WebTable.create(client, app, "hadara", PLAYERS)
    table.do("correct", player=0, value="coins", delta=3)  # step 1
    with app.app_context():
        game = session().query(Game).filter_by(play_token=table.path.rsplit("/", 1)[-1]).one()
        session().add(Action(game_id=game.id, seq=2, kind="correct", by="Ana", at=utcnow(),
                             data={"player": 0, "value": "coins", "delta": -1000},
                             text="Ana's coins -1000"))
        game.version = 2
        session().commit()
    app.extensions.pop("game_states", None)  # (as a restarted server: nothing folded yet)
    for path in ("", "/history", "/score", "/export.json", "/table"):
        assert client.get(table.path + path).status_code == 200, path
    table.do("correct", player=0, value="coins", delta=1)  # and the table plays on
    assert table.version == 3
