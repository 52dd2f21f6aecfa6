"""Rate limits that hold however many processes serve (security review N8): the limits against
guessing and flooding count in the database every process shares, an IPv6 client's /64 is one
address, the tap limits stay in each process's memory (a tap gains no write), and the README
states the numbers the settings give."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy import select

from companion import create_app, store
from companion.db import RateCount
from companion.migrations import upgrade
from companion.serve import MAX_WORKERS
from companion.web.limit_counts import client_network
from companion.web.limits import IN_PROCESS, LIMITS
from tests.table_helpers import csrf_of

from .table import WebTable

ROOT = Path(__file__).resolve().parent.parent.parent
WRONG = "ZZZZZZZZ"


def process(database_url: str, **config):
    """One server process's app (limits on, as served) on ``database_url``."""
    return create_app({"SECRET_KEY": "a-secret-key-for-this-test-only",
                       "DATABASE_URL": database_url, "DRAWING_SHARED_DIR": "",
                       "LIVE_SOCKETS_DIR": "", **config})


@pytest.fixture
def processes(database_url):
    """Two processes of one server: two apps on one database (SQLite or PostgreSQL)."""
    apps = [process(database_url), process(database_url)]
    upgrade(apps[0])
    yield apps
    for app in apps:
        app.extensions["db_engine"].dispose()


def join(client, address: str, code: str = WRONG) -> int:
    return client.post("/join", data={"csrf_token": csrf_of(client), "code": code},
                       environ_base={"REMOTE_ADDR": address}).status_code


def counted(app) -> dict[str, int]:
    with app.app_context():
        return dict(store.session().execute(select(RateCount.key, RateCount.count)).all())


def test_an_ipv6_clients_64_is_one_address_and_an_ipv4_mapped_address_is_its_ipv4():
    assert client_network("2001:db8:1:2::1") == client_network("2001:db8:1:2:ab:cd:ef:9") \
        == "2001:db8:1:2::/64"
    assert client_network("2001:db8:1:3::1") != client_network("2001:db8:1:2::1")
    assert client_network("::ffff:192.0.2.7") == client_network("192.0.2.7") == "192.0.2.7"
    assert client_network("192.0.2.8") != client_network("192.0.2.7")


def test_join_tries_from_one_64_share_a_count_and_another_64_has_its_own(processes):
    client = processes[0].test_client()
    assert [join(client, f"2001:db8:1:2::{n:x}") for n in range(10)] == [404] * 10
    assert join(client, "2001:db8:1:2:ffff::1") == 429
    assert join(client, "2001:db8:1:3::1") == 404
    assert [join(client, "192.0.2.7") for _ in range(10)] == [404] * 10
    assert join(client, "::ffff:192.0.2.7") == 429


def test_join_tries_count_once_for_every_process_of_the_server(processes):
    first, second = (app.test_client() for app in processes)
    answers = [join(c, "192.0.2.1") for _ in range(5) for c in (first, second)]
    assert answers == [404] * 10
    assert join(first, "192.0.2.1") == 429 and join(second, "192.0.2.1") == 429
    assert join(second, "192.0.2.2") == 404  # another address still joins


def test_new_games_and_imports_count_once_for_every_process(database_url):
    apps = [process(database_url, RATELIMIT_NEW_GAME="2 per minute",
                    RATELIMIT_IMPORT="1 per minute") for _ in range(2)]
    upgrade(apps[0])
    first, second = (app.test_client() for app in apps)
    for client in (first, second):
        url = "/new/hadara"
        assert client.post(url, data={"csrf_token": csrf_of(client, url)}).status_code == 422
    assert second.post("/new/hadara", data={"csrf_token": csrf_of(second)}).status_code == 429
    form = {"csrf_token": csrf_of(first), "json": "[]"}
    assert first.post("/import", data=form).status_code == 422
    assert second.post("/import", data={**form, "csrf_token": csrf_of(second)}) \
        .status_code == 429
    for app in apps:
        app.extensions["db_engine"].dispose()


def test_a_flood_of_refused_tries_writes_nothing_more(processes):
    client = processes[0].test_client()
    for _ in range(11):
        join(client, "192.0.2.3")
    before = counted(processes[0])
    assert [join(client, "192.0.2.3") for _ in range(30)] == [429] * 30
    assert counted(processes[0]) == before  # this process refused them from memory


def test_taps_count_in_each_process_and_write_no_count(database_url):
    apps = [process(database_url, RATELIMIT_TAPS="2 per minute") for _ in range(2)]
    upgrade(apps[0])
    first, second = (app.test_client() for app in apps)
    table = WebTable.create(first, apps[0], "hadara", [
        {"name": n, "initiative": i + 1, "side": "A", "coins": 5, "income": 2, "military": 3,
         "culture": 1, "food": 2} for i, n in enumerate(("Ana", "Ben"))])
    tap = {"player": 0, "value": "coins", "delta": 1}
    table.do("correct", **tap)
    table.do("correct", **tap)
    table.do("correct", expect=429, **tap)
    other = WebTable(second, apps[1], table.path)  # the same phone, on another process
    other.do("correct", **tap)
    # (only the new game's two limits, a minute's and an hour's, were written)
    assert [key.rsplit("/", 4)[1] for key in counted(apps[0])] == ["ratelimit_new_game"] * 2
    for app in apps:
        app.extensions["db_engine"].dispose()


def _pair(limit: str) -> tuple[int, int]:
    minute, hour = (int(re.match(r"(\d+)", part).group(1)) for part in limit.split(";"))
    return minute, hour


def test_the_readme_states_the_limits_the_settings_give_with_the_default_server():
    text = (ROOT / "README.md").read_text()
    readme = " ".join(text.split())
    rows = {"RATELIMIT_JOIN": "`POST /join`", "RATELIMIT_NEW_GAME": "`POST /new/<game>`",
            "RATELIMIT_IMPORT": "`POST /import`", "RATELIMIT_TAPS": "taps:",
            "RATELIMIT_SCORE_API": "`POST /api/v1/<game>/score`"}
    for key, row in rows.items():
        minute, hour = _pair(LIMITS[key])
        line = next(ln for ln in text.splitlines() if ln.startswith(f"| {row}"))
        assert f"{minute:,} a minute, {hour:,} an hour" in line, (key, line)
    join_minute, join_hour = _pair(LIMITS["RATELIMIT_JOIN"])
    assert f"at most {join_minute} join tries a minute and {24 * join_hour:,} a day" in readme
    assert f"about {24 * join_hour:,} tries a day" in readme
    assert "at most 8" in readme and MAX_WORKERS == 8
    taps, taps_hour = _pair(LIMITS["RATELIMIT_TAPS"])
    score, score_hour = _pair(LIMITS["RATELIMIT_SCORE_API"])
    assert (f"at most {MAX_WORKERS} × {taps} = {MAX_WORKERS * taps:,} taps a minute and "
            f"{MAX_WORKERS * taps_hour:,} an hour ({MAX_WORKERS * score:,} and "
            f"{MAX_WORKERS * score_hour:,} score calls)") in readme
    assert set(IN_PROCESS) == {"RATELIMIT_TAPS", "RATELIMIT_SCORE_API"}
