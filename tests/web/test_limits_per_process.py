"""Where the rate limits count: in Flask-Limiter's own storage, by default each process's
memory (a limit counted across the requests one process serves, whichever phone sends them;
another process counts its own), the storage a setting, an IPv6 client's /64 as one address;
and the README states the numbers the settings give with the default server."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import create_app
from companion.serving.serve import MAX_WORKERS
from companion.store.migrations import upgrade
from companion.web.limits import LIMITS, client_network
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


def test_a_limit_counts_every_request_a_process_serves_from_one_address_whichever_phone_sends_it(
        processes):
    phones = [processes[0].test_client() for _ in range(5)]  # five phones behind one router
    assert [join(phone, "192.0.2.1") for _ in range(2) for phone in phones] == [404] * 10
    assert [join(phone, "192.0.2.1") for phone in phones] == [429] * 5
    assert join(phones[0], "192.0.2.2") == 404  # another address still joins


def test_each_process_counts_its_own_limits_in_its_memory(processes):
    first, second = (app.test_client() for app in processes)
    assert [join(first, "192.0.2.1") for _ in range(11)] == [404] * 10 + [429]
    assert [join(second, "192.0.2.1") for _ in range(11)] == [404] * 10 + [429]


def test_taps_new_games_and_imports_count_in_each_process_too(database_url):
    apps = [process(database_url, RATELIMIT_TAPS="2 per minute", RATELIMIT_NEW_GAME="2 per minute",
                    RATELIMIT_IMPORT="1 per minute") for _ in range(2)]
    upgrade(apps[0])
    first, second = (app.test_client() for app in apps)
    table = WebTable.create(first, apps[0], "hadara", [
        {"name": n, "initiative": i + 1, "side": "A", "coins": 5, "income": 2, "military": 3,
         "culture": 1, "food": 2} for i, n in enumerate(("Ana", "Ben"))])
    tap = {"player": 0, "value": "coins", "delta": 1}
    table.do("correct", **tap)
    table.do("correct", **tap)
    table.do("correct", expect=429, **tap)
    WebTable(second, apps[1], table.path).do("correct", **tap)  # the same phone, another process
    url = "/new/hadara"
    assert first.post(url, data={"csrf_token": csrf_of(first, url)}).status_code == 422
    assert first.post(url, data={"csrf_token": csrf_of(first, url)}).status_code == 429
    assert second.post(url, data={"csrf_token": csrf_of(second, url)}).status_code == 422
    for client in (first, second):
        form = {"csrf_token": csrf_of(client), "json": "[]"}
        assert client.post("/import", data=form).status_code == 422
        assert client.post("/import", data=form).status_code == 429
    for app in apps:
        app.extensions["db_engine"].dispose()


def test_the_storage_is_the_rate_limit_storage_setting(tmp_path):
    """RATELIMIT_STORAGE_URI is Flask-Limiter's own: a storage it does not know is refused at
    start, naming the setting's value, rather than counting somewhere else."""
    url = f"sqlite:///{tmp_path / 'storage.sqlite'}"
    assert process(url, CREATE_TABLES=True).config["RATELIMIT_STORAGE_URI"] == "memory://"
    with pytest.raises(Exception, match="nosuchstore"):
        process(url, CREATE_TABLES=True, RATELIMIT_STORAGE_URI="nosuchstore://here")


def _pair(limit: str) -> tuple[int, int]:
    minute, hour = (int(re.match(r"(\d+)", part).group(1)) for part in limit.split(";"))
    return minute, hour


def _recipe(zone: str) -> tuple[int, int]:
    """The nginx recipe's requests a minute and burst for ``zone``."""
    recipe = (ROOT / "deploy" / "nginx.conf").read_text()
    rate = int(re.search(rf"zone={zone}:\S+\s+rate=(\d+)r/m;", recipe).group(1))
    burst = int(re.search(rf"limit_req zone={zone} burst=(\d+) nodelay;", recipe).group(1))
    return rate, burst


def test_the_readme_states_the_limits_the_settings_give_with_the_default_server():
    text = (ROOT / "README.md").read_text()
    readme = " ".join(text.split())
    rows = {"RATELIMIT_JOIN": "`POST /join`", "RATELIMIT_NEW_GAME": "`POST /new/<game>`",
            "RATELIMIT_IMPORT": "`POST /import`", "RATELIMIT_TAPS": "taps:",
            "RATELIMIT_SCORE_API": "`POST /api/v1/<game>/score`", "RATELIMIT_EXPORTS": "exports:",
            "RATELIMIT_GROUP_STATS": "a group's statistics"}
    for key, row in rows.items():
        minute, hour = _pair(LIMITS[key])
        line = next(ln for ln in text.splitlines() if ln.startswith(f"| {row}"))
        assert f"{minute:,} a minute, {hour:,} an hour" in line, (key, line)
    assert MAX_WORKERS == 8 and "at most 8)" in readme
    join_minute, join_hour = _pair(LIMITS["RATELIMIT_JOIN"])
    taps, taps_hour = _pair(LIMITS["RATELIMIT_TAPS"])
    assert (f"at most 8 × {join_minute} = {8 * join_minute} join tries a minute and "
            f"{8 * 24 * join_hour:,} a day, 8 × {taps} = {8 * taps:,} taps a minute") in readme
    rate, burst = _recipe("joins")
    # (nginx lets through the first request and a burst more at once)
    assert f"{burst + 1} join tries at once, then {rate} a minute" in readme
    assert f"at most {burst + 1 + 24 * 60 * rate:,} a day" in readme
