"""Games set up from a group at the same moment, on SQLite and PostgreSQL, through a real
threaded server: a setup is one transaction (the game, its seats in the group, the group's box
data), so a game is stored exactly when its setup is answered 303, and it is in the group."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select

from companion import create_app, groups
from companion.store.db import BoxData, Game, GroupGame, GroupPlayer, session
from companion.store.migrations import upgrade
from tests.table_helpers import CSRF, Phone, ThreadedServer

SETUPS = 40
#: an initiative card whose values the group has never seen: each setup is its first sighting
NEW_CARD = {"initiative": 7, "side": "A", "coins": 5, "income": 2, "military": 3, "culture": 1,
            "food": 2}


@pytest.fixture
def crowded_app(database_url):
    """The app on ``database_url`` (schema by the migrations), every setup running at once."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-key", "DATABASE_URL": database_url})
    upgrade(app)
    yield app
    app.extensions["db_engine"].dispose()


def setup_form() -> dict[str, str]:
    seats = [{**NEW_CARD, "name": "Ana"}, {**NEW_CARD, "initiative": 8, "name": "Ben"}]
    return {f"players-{i}-{k}": str(v) for i, seat in enumerate(seats)
            for k, v in seat.items()}


def test_games_set_up_from_a_group_at_once_are_stored_exactly_when_answered_and_in_the_group(
        crowded_app):
    with crowded_app.app_context():
        group = groups.create_group("Friday")
    url = f"/new/hadara?group={group.token}"
    with ThreadedServer(crowded_app) as server:
        phones = [Phone(server.base) for _ in range(SETUPS)]
        forms = []
        for phone in phones:
            status, body, _ = phone.get(url)
            assert status == 200
            forms.append({"csrf_token": CSRF.search(body.decode()).group(1), **setup_form()})
        start = threading.Barrier(SETUPS)

        def set_up(n: int) -> tuple[int, str]:
            start.wait(30)
            status, body, headers = phones[n].request("POST", url, forms[n])
            return status, headers.get("Location", "") if status == 303 else body[:300]

        with ThreadPoolExecutor(SETUPS) as pool:
            answers = list(pool.map(set_up, range(SETUPS)))
    assert [status for status, _ in answers] == [303] * SETUPS, answers
    with crowded_app.app_context():
        stored = {g.play_token: g.id for g in session().scalars(select(Game))}
        in_group = {gg.game_id: gg for gg in session().scalars(select(GroupGame))}
        players = list(session().scalars(select(GroupPlayer)))
        card = session().scalars(select(BoxData).where(BoxData.key == "7A")).all()
    answered = [where.rsplit("/", 1)[-1] for _, where in answers]
    assert sorted(answered) == sorted(stored)  # every game answered, and only those, stored
    assert set(in_group) == set(stored.values())
    assert all(gg.group_id == group.id for gg in in_group.values())
    # the group's Ana and Ben sit in every game: named once, however many tables named them
    assert sorted(p.name for p in players) == ["Ana", "Ben"]
    assert {tuple(gg.seats) for gg in in_group.values()} == {
        tuple(p.id for p in sorted(players, key=lambda p: p.name))}
    assert sorted((b.owner, b.value["coins"], b.conflict) for b in card) == [
        (f"group:{group.id}", NEW_CARD["coins"], None),
        ("server", NEW_CARD["coins"], None)]  # the server's box, once too
