"""Concurrent phones against a real server (a threaded werkzeug server in this process, or gunicorn
with two worker processes) on SQLite in WAL mode and on PostgreSQL: taps that add up are never
lost, conflicting ones are refused cleanly."""
from __future__ import annotations

import contextlib
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion import store
from companion.games import get_game
from tests.table_helpers import Gunicorn, Phone, ThreadedServer, sample_game, sample_setup

PHONES = 8
TAPS = 240


@contextlib.contextmanager
def serving(kind: str, app, database_url: str):
    if kind == "werkzeug":
        with ThreadedServer(app) as server:
            yield server.base
    else:
        with Gunicorn(database_url, workers=2) as server:
            yield server.base


def current(app, game):
    with app.app_context():
        fresh = store.session().get(type(game), game.id)
        return fresh, store.state_of(fresh), store.rows_of(store.session(), game.id)


@pytest.mark.parametrize("server", ["werkzeug", "gunicorn"])
def test_hundreds_of_concurrent_plus_ones_all_count(db_app, database_url, server):
    game = sample_game(db_app)
    _, before, _ = current(db_app, game)
    with serving(server, db_app, database_url) as base:
        phones = [Phone(base) for _ in range(PHONES)]
        for phone in phones:
            phone.open_game(game.play_token)

        def tap(i: int) -> tuple[int, dict]:
            # every page showed version 0: a +1 still makes sense on top of the others
            return phones[i % PHONES].act(game.play_token, "correct", {
                "player": "0", "value": "coins", "delta": "1"}, version=0)

        with ThreadPoolExecutor(PHONES) as pool:
            answers = list(pool.map(tap, range(TAPS)))
    assert [status for status, _ in answers] == [200] * TAPS
    assert sorted(body["version"] for _, body in answers) == list(range(1, TAPS + 1))
    fresh, after, rows = current(db_app, game)
    assert after.players[0].coins == before.players[0].coins + TAPS
    assert fresh.version == TAPS and [r.seq for r in rows] == list(range(1, TAPS + 1))
    assert all(r.kind == "correct" and r.is_correction for r in rows)


@pytest.mark.parametrize("server", ["werkzeug", "gunicorn"])
def test_conflicting_taps_sent_from_the_same_page_one_wins_the_other_is_refused(
        db_app, database_url, server):
    game = sample_game(db_app)
    rules = get_game("hadara")
    rid, choices = next((rid, list(r.readings)) for rid, r in rules.rulings.items()
                        if len(r.readings) > 1)
    rounds = 12
    with serving(server, db_app, database_url) as base:
        ana, ben = Phone(base), Phone(base)
        ana.open_game(game.play_token)
        ben.open_game(game.play_token)
        for n in range(rounds):
            version = ana.version(game.play_token)
            start = threading.Barrier(2)
            # two readings of the same ruling: only one can be the game's
            sent = {"ana": {"ruling": rid, "reading": choices[n % len(choices)]},
                    "ben": {"ruling": rid, "reading": choices[(n + 1) % len(choices)]}}
            answers = {}

            # this round's barrier, answers and version bound now (the threads end in the round)
            def send(who, phone, start=start, answers=answers, sent=sent, version=version):
                start.wait()
                answers[who] = phone.act(game.play_token, "ruling", sent[who], version=version)

            threads = [threading.Thread(target=send, args=p)
                       for p in (("ana", ana), ("ben", ben))]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            statuses = sorted(status for status, _ in answers.values())
            assert statuses == [200, 409], answers
            winner = next(w for w, (s, _) in answers.items() if s == 200)
            loser = "ben" if winner == "ana" else "ana"
            refusal = answers[loser][1]
            assert refusal["ok"] is False and refusal["version"] == version + 1
            assert "changed since your page was loaded" in refusal["error"]
            assert answers[winner][1]["text"] in refusal["error"]  # says what changed
            fresh, state, rows = current(db_app, game)
            assert fresh.version == version + 1 and len(rows) == version + 1
            assert rows[-1].data == sent[winner]
            assert state.rulings[sent[winner]["ruling"]] == sent[winner]["reading"]


@pytest.mark.parametrize("server", ["werkzeug", "gunicorn"])
def test_phones_taking_back_different_old_steps_at_once_all_count(db_app, database_url, server):
    game = sample_game(db_app)
    _, before, _ = current(db_app, game)
    with db_app.app_context():
        for _ in range(2 * PHONES):  # steps 1..16: +1 coin each for the first player
            store.record(game.id, "correct", {"player": 0, "value": "coins", "delta": 1})
    with serving(server, db_app, database_url) as base:
        phones = [Phone(base) for _ in range(PHONES)]
        for phone in phones:
            phone.open_game(game.play_token)

        def take_back(i: int) -> tuple[int, dict]:
            # every page showed the same version; each phone takes back its own old step
            return phones[i].act(game.play_token, "void", {"targets": str(2 * i + 1)},
                                 version=2 * PHONES, path=f"/g/{game.play_token}/void")

        with ThreadPoolExecutor(PHONES) as pool:
            answers = list(pool.map(take_back, range(PHONES)))
    assert [status for status, _ in answers] == [200] * PHONES, answers
    fresh, after, rows = current(db_app, game)
    assert after.players[0].coins == before.players[0].coins + PHONES
    assert [r.kind for r in rows].count("void") == PHONES and fresh.version == 3 * PHONES
    assert sorted(r.data["targets"][0] for r in rows if r.kind == "void") == \
        list(range(1, 2 * PHONES, 2))


@pytest.mark.parametrize("server", ["werkzeug", "gunicorn"])
def test_two_phones_taking_back_the_same_step_at_once_record_it_once(
        db_app, database_url, server):
    game = sample_game(db_app)
    with db_app.app_context():
        for _ in range(3):
            store.record(game.id, "correct", {"player": 1, "value": "coins", "delta": 2})
    with serving(server, db_app, database_url) as base:
        phones = [Phone(base), Phone(base)]
        for phone in phones:
            phone.open_game(game.play_token)
        start = threading.Barrier(2)

        def take_back(phone: Phone) -> tuple[int, dict]:
            start.wait()
            return phone.act(game.play_token, "void", {"targets": "2"}, version=3,
                             path=f"/g/{game.play_token}/void")

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(take_back, phones))
    statuses = sorted(status for status, _ in answers)
    assert statuses[0] == 200 and statuses[1] in (409, 422), answers
    _, state, rows = current(db_app, game)
    assert [r.kind for r in rows] == ["correct"] * 3 + ["void"]
    assert state.players[1].coins == sample_setup(get_game("hadara"))["players"][1]["coins"] + 4
